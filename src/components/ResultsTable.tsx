import { useApp } from '../state/store';
import { selectResults } from '../state/selectors';
import { policyLabel } from '../core/policies';
import type { Metrics } from '../core/types';
import { fmtInt, fmtNum, fmtPct } from './format';

type Col = { key: keyof Metrics; label: string; fmt: (x: number) => string; better: 'high' | 'low' | null };

const COLUMNS: Col[] = [
  { key: 'hits', label: 'Hits', fmt: fmtInt, better: 'high' },
  { key: 'misses', label: 'Misses', fmt: fmtInt, better: 'low' },
  { key: 'hit_ratio', label: 'Hit ratio', fmt: (x) => fmtPct(x), better: 'high' },
  { key: 'reads', label: 'Page reads', fmt: fmtInt, better: 'low' },
  { key: 'writebacks', label: 'Write-backs', fmt: fmtInt, better: 'low' },
  { key: 'cost', label: 'Weighted cost', fmt: fmtNum, better: 'low' },
];

export function ResultsTable() {
  const results = useApp(selectResults);
  if (results.length === 0) return null;
  // Best per column among runs of the same cache size.
  const best = (r: (typeof results)[number], c: Col) => {
    if (!c.better || results.length < 2) return false;
    const peers = results.filter((o) => o.job.frames === r.job.frames).map((o) => o.metrics[c.key]);
    if (peers.length < 2) return false;
    const target = c.better === 'high' ? Math.max(...peers) : Math.min(...peers);
    return r.metrics[c.key] === target;
  };
  return (
    <section aria-label="Results table">
      <h2>Results</h2>
      <table className="results">
        <caption>Each row is one policy at one cache size; ★ marks the best value among runs of the same size.</caption>
        <thead>
          <tr>
            <th scope="col">Policy</th>
            <th scope="col">Frames</th>
            <th scope="col">Requests</th>
            {COLUMNS.map((c) => (
              <th scope="col" key={c.key}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {results.map((r) => (
            <tr key={`${r.job.policy}-${r.job.frames}`}>
              <th scope="row">{policyLabel(r.job.policy)}</th>
              <td>{fmtInt(r.job.frames)}</td>
              <td>{fmtInt(r.metrics.requests)}</td>
              {COLUMNS.map((c) => (
                <td key={c.key} className={best(r, c) ? 'best' : undefined}>
                  {c.fmt(r.metrics[c.key])}
                  {best(r, c) ? ' ★' : ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
