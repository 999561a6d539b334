// UI: the loaded trace’s summary and its reuse-distance histogram.

import { useEffect, useRef } from 'react';
import { useApp } from '../state/store';
import { selectTrace } from '../state/selectors';
import { createReuseChart } from '../charts/reuseChart';
import { fmtInt, fmtPct } from './format';
import { CATALOG } from '../core/catalog';

function fmtBytes(n: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let i = 0;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i++;
  }
  return `${i === 0 ? n : n.toFixed(1)} ${units[i]}`;
}

export function TraceSummaryView() {
  const t = useApp(selectTrace);
  if (!t) return <p className="placeholder">Generate a workload or load a trace to begin.</p>;
  const reads = t.requests - t.writes;
  return (
    <section aria-label="Trace summary" className="summary">
      <h2>Trace</h2>
      <dl>
        <dt>Source</dt>
        <dd>{t.source}</dd>
        {t.format && (
          <>
            <dt>Format</dt>
            <dd>
              {CATALOG.formats.find((f) => f.id === t.format)?.label ?? t.format}
              {t.detected ? ' (detected; choose another under Format if this is wrong)' : ''}
            </dd>
          </>
        )}
        <dt>Requests</dt>
        <dd>{fmtInt(t.requests)}</dd>
        <dt>Reads / writes</dt>
        <dd>
          {fmtInt(reads)} / {fmtInt(t.writes)} ({fmtPct(t.requests ? t.writes / t.requests : 0)} writes)
        </dd>
        <dt>Distinct pages</dt>
        <dd>{fmtInt(t.distinct)}</dd>
        <dt>Footprint</dt>
        <dd>{t.pageSize ? `${fmtBytes(t.distinct * t.pageSize)} at ${fmtInt(t.pageSize)} B per page` : '—'}</dd>
        {t.coreBytes !== undefined && t.requests > 0 && (
          <>
            <dt>Core memory</dt>
            <dd>
              {fmtBytes(t.coreBytes)} ({(t.coreBytes / t.requests).toFixed(1)} B per request)
            </dd>
          </>
        )}
        {t.skipped ? (
          <>
            <dt>Skipped lines</dt>
            <dd>
              {fmtInt(t.skipped)}
              {t.skipReasons && t.skipReasons.length > 0 && (
                <ul className="skips">
                  {t.skipReasons.slice(0, 5).map(([line, why]) => (
                    <li key={line}>
                      line {line}: {why}
                    </li>
                  ))}
                </ul>
              )}
            </dd>
          </>
        ) : null}
      </dl>
      {t.notes && t.notes.length > 0 && (
        <ul className="load-notes" aria-label="How the trace was read">
          {t.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
      {t.reuse ? (
        <ReuseHistogram reuse={t.reuse} cold={t.cold ?? 0} />
      ) : (
        <p className="hint">Reuse histogram skipped for traces over 20 M requests.</p>
      )}
    </section>
  );
}

function ReuseHistogram({ reuse, cold }: { reuse: number[]; cold: number }) {
  const node = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof createReuseChart> | null>(null);
  useEffect(() => {
    chart.current = createReuseChart(node.current!);
    return () => {
      chart.current?.destroy();
      chart.current = null;
    };
  }, []);
  useEffect(() => chart.current?.update({ reuse, cold }), [reuse, cold]);
  return (
    <details className="reuse" open>
      <summary>Reuse distance histogram</summary>
      <p className="hint">An LRU cache of C frames hits exactly the requests whose reuse distance is at most C.</p>
      <div ref={node} />
    </details>
  );
}
