// UI: the hit-ratio-over-time panel, one line per (policy, frames).

import { useDeferredValue, useMemo, useState } from 'react';
import { selectChartResults, useChartResults } from '../state/chartResults';
import { colourOf } from '../core/palette';
import { createHitRatioChart, type HitMode, type HitSeries } from '../charts/hitRatioChart';
import { cacheRuns, sizesOf } from '../charts/derive';
import { ChartPanel } from './ChartPanel';
import { SizePicker, pickedSize } from './SizePicker';
import { chartCaption, runWindowOf, xAxisLabel } from './warmupNote';

// One colour per policy; one dash pattern per cache size.
const DASHES = [undefined, '8 4', '2 3', '12 3 2 3'];
const TITLE = 'Hit ratio over the run';
/** Lines drawn at most: with more runs the chart shows one cache size at a time. */
export const MAX_LINES = 32;

export function HitRatioPanel() {
  // Deferred: React draws the charts in slices it can interrupt, never in the table's frame.
  const all = useDeferredValue(useChartResults(selectChartResults));
  const results = useMemo(() => cacheRuns(all), [all]);
  const sizes = useMemo(() => sizesOf(results), [results]);
  const many = results.length > MAX_LINES;
  const [picked, setPicked] = useState<number | null>(null);
  const size = pickedSize(picked, sizes);
  const span = useMemo(() => runWindowOf(results), [results]);
  // With intervals the chart shows each interval's hit ratio unless asked for the running one.
  const [pickedMode, setMode] = useState<HitMode | null>(null);
  const mode: HitMode = pickedMode ?? (span?.interval != null ? 'interval' : 'cumulative');
  const series: HitSeries[] = useMemo(
    () =>
      (many ? results.filter((r) => r.job.frames === size) : results).map((r) => ({
        label: `${r.label} · ${r.job.frames}`,
        colour: colourOf(r.spec),
        dash: DASHES[sizes.indexOf(r.job.frames) % DASHES.length],
        bucketSize: r.bucketSize,
        bucketHits: r.bucketHits,
        requests: r.metrics.requests,
      })),
    [results, sizes, many, size],
  );
  const data = useMemo(() => ({ series, mode, xLabel: xAxisLabel(span) }), [series, mode, span]);

  return (
    <ChartPanel
      title={TITLE}
      create={(node) => createHitRatioChart(node, { title: TITLE })}
      data={data}
      hidden={results.length === 0}
      caption={chartCaption(span)}
    >
      {many && <SizePicker label="Cache size of the hit ratio over the run" sizes={sizes} value={size} onChange={setPicked} />}
      <label className="inline">
        <input type="checkbox" checked={mode === 'interval'} onChange={(e) => setMode(e.target.checked ? 'interval' : 'cumulative')} />
        Per interval instead of cumulative
      </label>
    </ChartPanel>
  );
}
