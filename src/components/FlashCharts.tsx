import { useMemo, useState } from 'react';
import { useApp } from '../state/store';
import { selectResults } from '../state/selectors';
import { createBarChart } from '../charts/barChart';
import { createHeatChart } from '../charts/heatChart';
import { blockUtilisation, eraseHistogram, sizeName, sizesOf, writeAmplification } from '../charts/derive';
import { colourOf } from '../core/palette';
import { ChartPanel } from './ChartPanel';

const WAF = 'Write amplification';
const UTIL = 'Block utilisation of write-backs';
const HIST = 'Erase-count distribution';
const HEAT = 'Erases per block';

/** Charts of the flash model behind the cache; shown when the experiment has flash configurations. */
export function FlashCharts() {
  const all = useApp(selectResults);
  const results = useMemo(() => all.filter((r) => r.flash), [all]);
  const sizes = useMemo(() => sizesOf(results), [results]);
  const [pickedSize, setPickedSize] = useState<number | null>(null);
  const size = pickedSize !== null && sizes.includes(pickedSize) ? pickedSize : (sizes[sizes.length - 1] ?? 0);
  const [pickedRun, setPickedRun] = useState(0);
  const run = results[Math.min(pickedRun, results.length - 1)];

  const waf = useMemo(() => writeAmplification(results), [results]);
  const util = useMemo(() => ({ ...blockUtilisation(results, size), yLabel: 'share of write runs' }), [results, size]);
  const hist = useMemo(
    () => (run?.flash ? eraseHistogram(run.flash.eraseCounts, colourOf(run.spec)) : { categories: [], series: [] }),
    [run],
  );
  const heat = useMemo(() => ({ counts: run?.flash?.eraseCounts ?? new Uint32Array() }), [run]);
  const none = results.length === 0;

  const runPicker = (
    <label className="inline">
      Run
      <select
        aria-label={`Run shown in the erase charts`}
        value={Math.min(pickedRun, results.length - 1)}
        onChange={(e) => setPickedRun(Number(e.target.value))}
      >
        {results.map((r, i) => (
          <option key={i} value={i}>
            {r.job.frames === 0 ? r.label : `${r.label} · ${r.job.frames}`}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <>
      <ChartPanel
        title={WAF}
        create={(n) => createBarChart(n, { title: WAF, yLabel: 'flash writes ÷ host writes', yFormat: '.3~f' })}
        data={waf}
        hidden={none}
      />
      <ChartPanel
        title={UTIL}
        create={(n) =>
          createBarChart(n, {
            title: UTIL,
            yLabel: 'share of write runs',
            xLabel: 'pages of its block a write run touched',
            yFormat: '.1%',
          })
        }
        data={util}
        hidden={none}
      >
        <label className="inline">
          At
          <select
            aria-label="Cache size of the block utilisation chart"
            value={size}
            onChange={(e) => setPickedSize(Number(e.target.value))}
          >
            {sizes.map((f) => (
              <option key={f} value={f}>
                {sizeName(f)}
              </option>
            ))}
          </select>
        </label>
      </ChartPanel>
      <ChartPanel
        title={HIST}
        create={(n) => createBarChart(n, { title: HIST, yLabel: 'blocks', xLabel: 'erases during the run', yFormat: ',d' })}
        data={hist}
        hidden={none}
      >
        {runPicker}
      </ChartPanel>
      <ChartPanel title={HEAT} create={(n) => createHeatChart(n, { title: HEAT })} data={heat} hidden={none} />
    </>
  );
}
