// UI: the flash charts — write amplification, block use and erases under each flash configuration.

import { useDeferredValue, useMemo, useState } from 'react';
import { selectChartResults, useChartResults } from '../state/chartResults';
import { createBarChart } from '../charts/barChart';
import { createHeatChart } from '../charts/heatChart';
import {
  MAX_BAR_GROUPS,
  MAX_BAR_SIZES,
  blockUtilisation,
  eraseHistogram,
  flashConfigs,
  onFlashConfig,
  seriesCount,
  sizesOf,
  writeAmplification,
} from '../charts/derive';
import { colourOf } from '../core/palette';
import { ChartPanel } from './ChartPanel';
import { SizePicker, pickedSize } from './SizePicker';

const WAF = 'Write amplification';
const UTIL = 'Block utilisation of write-backs';
const HIST = 'Erase-count distribution';
const HEAT = 'Erases per block';

/** Charts of the flash model behind the cache; shown when the experiment has flash configurations. */
export function FlashCharts() {
  // Deferred: React draws the charts in slices it can interrupt, never in the table's frame.
  const all = useDeferredValue(useChartResults(selectChartResults));
  const flashed = useMemo(() => all.filter((r) => r.flash), [all]);
  // Every policy on every configuration side by side while that stays readable; beyond, one configuration at a time.
  const configs = useMemo(() => flashConfigs(flashed), [flashed]);
  const oneAtATime = configs.length > 1 && seriesCount(flashed) > MAX_BAR_GROUPS;
  const [pickedConfig, setPickedConfig] = useState(0);
  const config = Math.min(pickedConfig, configs.length - 1);
  const results = useMemo(() => (oneAtATime ? onFlashConfig(flashed, config) : flashed), [flashed, oneAtATime, config]);
  const sizes = useMemo(() => sizesOf(results), [results]);
  const [picked, setPicked] = useState<number | null>(null);
  const size = pickedSize(picked, sizes);
  // The erase charts' runs: those at the chosen size and the no-cache baselines (a list of every run
  // would hold tens of thousands of entries).
  const runs = useMemo(() => results.filter((r) => r.job.frames === size || r.job.frames === 0), [results, size]);
  const [pickedRun, setPickedRun] = useState(0);
  const run = runs[Math.min(pickedRun, runs.length - 1)];

  const waf = useMemo(() => writeAmplification(results), [results]);
  const util = useMemo(() => ({ ...blockUtilisation(results, size), yLabel: 'share of write runs' }), [results, size]);
  const hist = useMemo(
    () => (run?.flash ? eraseHistogram(run.flash.eraseCounts, colourOf(run.spec)) : { categories: [], series: [] }),
    [run],
  );
  const heat = useMemo(() => ({ counts: run?.flash?.eraseCounts ?? new Uint32Array() }), [run]);
  const none = results.length === 0;

  const runPicker = (
    <>
      {sizes.length > 1 && <SizePicker label="Cache size of the erase charts" sizes={sizes} value={size} onChange={setPicked} />}
      <label className="inline">
        Run
        <select
          aria-label={`Run shown in the erase charts`}
          value={Math.min(pickedRun, runs.length - 1)}
          onChange={(e) => setPickedRun(Number(e.target.value))}
        >
          {runs.map((r, i) => (
            <option key={i} value={i}>
              {r.job.frames === 0 ? r.label : `${r.label} · ${r.job.frames}`}
            </option>
          ))}
        </select>
      </label>
    </>
  );

  return (
    <>
      <ChartPanel
        title={WAF}
        create={(n) => createBarChart(n, { title: WAF, yLabel: 'flash writes ÷ host writes', yFormat: '.3~f' })}
        data={waf}
        hidden={none}
      >
        {oneAtATime && (
          <label className="inline">
            Flash configuration
            <select
              aria-label="Flash configuration of the flash charts"
              value={config}
              onChange={(e) => setPickedConfig(Number(e.target.value))}
            >
              {configs.map((name, i) => (
                <option key={i} value={i}>
                  {name}
                </option>
              ))}
            </select>
          </label>
        )}
        {sizes.length > MAX_BAR_SIZES && (
          <span className="hint">
            {MAX_BAR_SIZES} of {sizes.length} sizes, spread over the range
          </span>
        )}
      </ChartPanel>
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
        <SizePicker label="Cache size of the block utilisation chart" sizes={sizes} value={size} onChange={setPicked} />
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
