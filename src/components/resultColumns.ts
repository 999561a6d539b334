// The result columns, shared by the table and the CSV/JSON exports so that
// what is downloaded is what is shown.
import type { Metrics } from '../core/types';
import type { RunResultView } from '../state/runSlice';
import { fmtInt, fmtNum, fmtPct } from './format';

export type Col = { key: keyof Metrics; label: string; fmt: (x: number) => string; better: 'high' | 'low' | null };

export const COLUMNS: Col[] = [
  { key: 'hits', label: 'Hits', fmt: fmtInt, better: 'high' },
  { key: 'misses', label: 'Misses', fmt: fmtInt, better: 'low' },
  { key: 'hit_ratio', label: 'Hit ratio', fmt: (x) => fmtPct(x), better: 'high' },
  { key: 'reads', label: 'Page reads', fmt: fmtInt, better: 'low' },
  { key: 'writebacks', label: 'Write-backs', fmt: fmtInt, better: 'low' },
  { key: 'flushed', label: 'Flushed', fmt: fmtInt, better: null },
  { key: 'cost', label: 'Weighted cost', fmt: fmtNum, better: 'low' },
];

/** Whether a result holds the best value of a column among runs of the same cache size. */
export function isBest(results: RunResultView[], r: RunResultView, c: Col): boolean {
  if (!c.better) return false;
  const peers = results.filter((o) => o.job.frames === r.job.frames).map((o) => o.metrics[c.key]);
  if (peers.length < 2) return false;
  const hi = Math.max(...peers);
  const lo = Math.min(...peers);
  // When every run ties there is no best to point at.
  if (hi === lo) return false;
  return r.metrics[c.key] === (c.better === 'high' ? hi : lo);
}

const csvCell = (v: string | number): string => {
  const s = String(v);
  // Quote anything a spreadsheet would split or interpret as a formula.
  return /[",\n\r]/.test(s) || /^[=+\-@]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export function resultsCsv(results: RunResultView[]): string {
  const head = ['policy', 'policy_id', 'params', 'frames', 'requests', ...COLUMNS.map((c) => c.key)];
  const rows = results.map((r) => [r.label, r.job.policy, JSON.stringify(r.job.params), r.job.frames, r.metrics.requests, ...COLUMNS.map((c) => r.metrics[c.key])]);
  return [head, ...rows].map((row) => row.map(csvCell).join(',')).join('\n') + '\n';
}

export function resultsJson(results: RunResultView[], extra: Record<string, unknown>): string {
  return (
    JSON.stringify(
      { ...extra, results: results.map((r) => ({ policy: r.label, policy_id: r.job.policy, params: r.job.params, frames: r.job.frames, ...r.metrics })) },
      null,
      2,
    ) + '\n'
  );
}

/** The after-cache stream as a plain trace: one `page R|W` per line. */
export function streamTrace(pages: Float64Array, writes: Uint8Array, header: string): string {
  const lines: string[] = [`# ${header.replace(/[\r\n]/g, ' ')}`];
  for (let i = 0; i < pages.length; i++) lines.push(`${pages[i]} ${writes[i] ? 'W' : 'R'}`);
  return lines.join('\n') + '\n';
}
