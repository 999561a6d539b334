import { useMemo, useState } from 'react';
import { useApp } from '../state/store';
import { selectResults } from '../state/selectors';
import { colourOf } from '../core/palette';
import { createHitRatioChart, type HitMode, type HitSeries } from '../charts/hitRatioChart';
import { sizesOf } from '../charts/derive';
import { ChartPanel } from './ChartPanel';

// One colour per policy; one dash pattern per cache size.
const DASHES = [undefined, '8 4', '2 3', '12 3 2 3'];
const TITLE = 'Hit ratio over the run';

export function HitRatioPanel() {
  const results = useApp(selectResults);
  const [mode, setMode] = useState<HitMode>('cumulative');
  const series: HitSeries[] = useMemo(() => {
    const sizes = sizesOf(results);
    return results.map((r) => ({
      label: `${r.label} · ${r.job.frames}`,
      colour: colourOf(r.spec),
      dash: DASHES[sizes.indexOf(r.job.frames) % DASHES.length],
      bucketSize: r.bucketSize,
      bucketHits: r.bucketHits,
      requests: r.metrics.requests,
    }));
  }, [results]);
  const data = useMemo(() => ({ series, mode }), [series, mode]);

  return (
    <ChartPanel title={TITLE} create={(node) => createHitRatioChart(node, { title: TITLE })} data={data} hidden={results.length === 0}>
      <label className="inline">
        <input type="checkbox" checked={mode === 'interval'} onChange={(e) => setMode(e.target.checked ? 'interval' : 'cumulative')} />
        Per interval instead of cumulative
      </label>
    </ChartPanel>
  );
}
