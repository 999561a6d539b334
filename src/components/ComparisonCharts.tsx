// UI: the comparison charts of a run’s results, policy by policy and size by size.

import { useDeferredValue, useMemo, useState } from 'react';
import { useApp } from '../state/store';
import { selectBaseline, selectCost } from '../state/selectors';
import { selectChartResults, useChartResults } from '../state/chartResults';
import { createLineChart } from '../charts/lineChart';
import { createBarChart } from '../charts/barChart';
import {
  MAX_BAR_SIZES,
  cacheRuns,
  gaugeCount,
  gaugeLines,
  normalisedCost,
  readsAndWritebacks,
  sizeCurves,
  sizesOf,
} from '../charts/derive';
import { isLatencyModel } from '../state/experimentSlice';
import { ChartPanel } from './ChartPanel';
import { MAX_LINES } from './HitRatioPanel';
import { SizePicker, pickedSize } from './SizePicker';

const CURVE = 'Hit ratio against cache size';
const RW = 'Page reads and write-backs per policy';
const COST = 'Weighted cost relative to the baseline';
const GAUGES = 'Policy gauges over the run';

/** The comparison charts beyond the hit ratio over the run. */
export function ComparisonCharts() {
  // Deferred: React draws the charts in slices it can interrupt, never in the table's frame.
  const all = useDeferredValue(useChartResults(selectChartResults));
  // What the cache did: one row per run, whatever the flash configurations behind it.
  const results = useMemo(() => cacheRuns(all), [all]);
  const baseline = useApp(selectBaseline);
  const cost = useApp(selectCost);
  const [miss, setMiss] = useState(false);
  const sizes = useMemo(() => sizesOf(results), [results]);
  const [pickedRw, setPickedRw] = useState<number | null>(null);
  const size = pickedSize(pickedRw, sizes);
  // Gauges are sampled only in small caches: the sizes that have them.
  const gaugeSizes = useMemo(() => sizesOf(results.filter((r) => r.gauges && r.gauges.names.length > 0)), [results]);
  const [pickedGauge, setPickedGauge] = useState<number | null>(null);
  const gaugeSize = pickedSize(pickedGauge, gaugeSizes);
  const labels = useMemo(() => {
    const m = new Map<number, string>();
    for (const r of results) if (!m.has(r.spec)) m.set(r.spec, r.label);
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
  // Gauges of every run while they fit; beyond, those of one cache size.
  const gaugeTotal = useMemo(() => gaugeCount(results), [results]);
  const manyGauges = gaugeTotal > MAX_LINES;
  const gauges = useMemo(
    () => ({ series: gaugeLines(manyGauges ? results.filter((r) => r.job.frames === gaugeSize) : results) }),
    [results, manyGauges, gaugeSize],
  );
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
        <SizePicker label="Cache size of the reads and write-backs chart" sizes={sizes} value={size} onChange={setPickedRw} />
      </ChartPanel>
      <ChartPanel
        title={COST}
        create={(n) => createBarChart(n, { title: COST, yLabel: 'cost ÷ baseline’s', yFormat: '.3~f' })}
        data={norm}
        hidden={none || labels.length < 2}
      >
        {sizes.length > MAX_BAR_SIZES && (
          <span className="hint">
            {MAX_BAR_SIZES} of {sizes.length} sizes, spread over the range
          </span>
        )}
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
        hidden={gaugeTotal === 0}
      >
        {manyGauges && (
          <SizePicker label="Cache size of the policy gauges" sizes={gaugeSizes} value={gaugeSize} onChange={setPickedGauge} />
        )}
        <span className="hint">CLOCK-Pro’s cold allocation, CRAW’s area sizes</span>
      </ChartPanel>
    </>
  );
}
