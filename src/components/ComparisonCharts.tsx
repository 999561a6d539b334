import { useMemo, useState } from 'react';
import { useApp } from '../state/store';
import { selectBaseline, selectCost, selectResults } from '../state/selectors';
import { createLineChart } from '../charts/lineChart';
import { createBarChart } from '../charts/barChart';
import { cachedOnly, gaugeLines, normalisedCost, readsAndWritebacks, sizeCurves, sizesOf } from '../charts/derive';
import { isLatencyModel } from '../state/experimentSlice';
import { ChartPanel } from './ChartPanel';

const CURVE = 'Hit ratio against cache size';
const RW = 'Page reads and write-backs per policy';
const COST = 'Weighted cost relative to the baseline';
const GAUGES = 'Policy gauges over the run';

/** The comparison charts beyond the hit ratio over the run. */
export function ComparisonCharts() {
  const all = useApp(selectResults);
  const results = useMemo(() => cachedOnly(all), [all]);
  const baseline = useApp(selectBaseline);
  const cost = useApp(selectCost);
  const [miss, setMiss] = useState(false);
  const sizes = useMemo(() => sizesOf(results), [results]);
  const [pickedSize, setPickedSize] = useState<number | null>(null);
  const size = pickedSize !== null && sizes.includes(pickedSize) ? pickedSize : (sizes[sizes.length - 1] ?? 0);
  const labels = useMemo(() => {
    const m = new Map<number, string>();
    for (const r of results) m.set(r.spec, r.label);
    return [...m].sort((a, b) => a[0] - b[0]);
  }, [results]);
  // Flash presets have costs in microseconds: the cost is then the I/O time.
  const timed = isLatencyModel(cost);

  const curve = useMemo(
    () => ({ series: sizeCurves(results, miss ? 'miss' : 'hit'), yLabel: miss ? 'miss ratio' : 'hit ratio' }),
    [results, miss],
  );
  const rw = useMemo(() => readsAndWritebacks(results, size), [results, size]);
  const norm = useMemo(
    () => ({ ...normalisedCost(results, baseline), yLabel: timed ? 'I/O time ÷ baseline’s' : 'weighted cost ÷ baseline’s' }),
    [results, baseline, timed],
  );
  const gauges = useMemo(() => ({ series: gaugeLines(results) }), [results]);
  const none = results.length === 0;

  return (
    <>
      <ChartPanel
        title={CURVE}
        create={(n) =>
          createLineChart(n, { title: CURVE, xLabel: 'cache size (frames)', yLabel: 'hit ratio', yFormat: '%', unitY: true, logXFrom: 10 })
        }
        data={curve}
        hidden={none || sizes.length < 2}
      >
        <label className="inline">
          <input type="checkbox" checked={miss} onChange={(e) => setMiss(e.target.checked)} />
          Miss ratio
        </label>
      </ChartPanel>
      <ChartPanel title={RW} create={(n) => createBarChart(n, { title: RW, yLabel: 'pages', yFormat: ',d' })} data={rw} hidden={none}>
        <label className="inline">
          At
          <select
            aria-label="Cache size of the reads and write-backs chart"
            value={size}
            onChange={(e) => setPickedSize(Number(e.target.value))}
          >
            {sizes.map((f) => (
              <option key={f} value={f}>
                {f.toLocaleString('en-US')} frames
              </option>
            ))}
          </select>
        </label>
      </ChartPanel>
      <ChartPanel
        title={COST}
        create={(n) => createBarChart(n, { title: COST, yLabel: 'cost ÷ baseline’s', yFormat: '.3~f' })}
        data={norm}
        hidden={none || labels.length < 2}
      >
        <label className="inline">
          Baseline
          <select aria-label="Baseline policy" value={baseline} onChange={(e) => useApp.getState().setBaseline(Number(e.target.value))}>
            {labels.map(([spec, label]) => (
              <option key={spec} value={spec}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </ChartPanel>
      <ChartPanel
        title={GAUGES}
        create={(n) => createLineChart(n, { title: GAUGES, xLabel: 'requests served', yLabel: 'frames', markers: false })}
        data={gauges}
        hidden={gauges.series.length === 0}
      >
        <span className="hint">CLOCK-Pro’s cold allocation, CRAW’s area sizes</span>
      </ChartPanel>
    </>
  );
}
