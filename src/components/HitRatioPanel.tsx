import { useEffect, useMemo, useRef, useState } from 'react';
import { useApp } from '../state/store';
import { selectResults } from '../state/selectors';
import { policyLabel } from '../core/policies';
import { colourOf } from '../core/palette';
import { createHitRatioChart, type HitMode, type HitSeries } from '../charts/hitRatioChart';

// One colour per policy; one dash pattern per cache size.
const DASHES = [undefined, '8 4', '2 3', '12 3 2 3'];

type ChartHandle = ReturnType<typeof createHitRatioChart>;

export function HitRatioPanel() {
  const results = useApp(selectResults);
  const [mode, setMode] = useState<HitMode>('cumulative');
  const node = useRef<HTMLDivElement>(null);
  const chart = useRef<ChartHandle | null>(null);

  useEffect(() => {
    chart.current = createHitRatioChart(node.current!, { title: 'Hit ratio over the run' });
    return () => {
      chart.current?.destroy();
      chart.current = null;
    };
  }, []);

  const series: HitSeries[] = useMemo(() => {
    const policyIds = [...new Set(results.map((r) => r.job.policy))];
    const frameSizes = [...new Set(results.map((r) => r.job.frames))].sort((a, b) => a - b);
    return results.map((r) => ({
        label: `${policyLabel(r.job.policy)} · ${r.job.frames}`,
        colour: colourOf(policyIds.indexOf(r.job.policy)),
        dash: DASHES[frameSizes.indexOf(r.job.frames) % DASHES.length],
        bucketSize: r.bucketSize,
        bucketHits: r.bucketHits,
        requests: r.metrics.requests,
      }));
  }, [results]);

  useEffect(() => {
    chart.current?.update({ series, mode });
  }, [series, mode]);

  return (
    <section aria-label="Hit ratio chart" className="chart-panel" hidden={results.length === 0}>
      <h2>Hit ratio over the run</h2>
      <label className="inline">
        <input type="checkbox" checked={mode === 'interval'} onChange={(e) => setMode(e.target.checked ? 'interval' : 'cumulative')} />
        Per interval instead of cumulative
      </label>
      <div ref={node} />
    </section>
  );
}
