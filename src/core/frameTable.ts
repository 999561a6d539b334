// Both threads: the textbook frame table: one row per frame, one column per request, faults
// marked. A new page takes the frame its victim left (or the first free one),
// as on the blackboard; built from the core's events, pages as the trace names them.

import * as v from 'valibot';
import type { AnyEvent } from './explore';

/** The table as the worker sends it (protocol/explore.ts checks it with this schema). */
export const FrameTableSchema = v.object({
  /** The page each request asked for. */
  requests: v.array(v.string()),
  /** `frames[f][t]`: the page in frame f after request t (null: empty). */
  frames: v.array(v.array(v.nullable(v.string()))),
  faults: v.array(v.boolean()),
});

export type FrameTable = v.InferOutput<typeof FrameTableSchema>;

/** Frame tables are drawn for runs this short, with caches this small. */
export const TABLE_REQUESTS = 64;
export const TABLE_FRAMES = 16;

export function frameTable(capacity: number, steps: { page: string; hit: boolean; events: AnyEvent[] }[]): FrameTable {
  const now: (string | null)[] = Array.from({ length: capacity }, () => null);
  const frames: (string | null)[][] = now.map(() => []);
  const faults: boolean[] = [];
  for (const s of steps) {
    if (!s.hit) {
      for (const e of s.events) if (e.kind === 'evict') now[now.indexOf(e.page)] = null;
      const inserted = s.events.some((e) => e.kind === 'insert' && e.page === s.page) || !now.includes(s.page);
      if (inserted && !now.includes(s.page)) {
        const free = now.indexOf(null);
        if (free >= 0) now[free] = s.page;
      }
    }
    faults.push(!s.hit);
    now.forEach((p, f) => frames[f].push(p));
  }
  return { requests: steps.map((s) => s.page), frames, faults };
}

/** The table as CSV: a header of requests, a row per frame, a last row marking faults. */
export function frameTableCsv(t: FrameTable): string {
  const rows = [
    ['frame', ...t.requests],
    ...t.frames.map((row, f) => [`frame ${f + 1}`, ...row.map((p) => p ?? '')]),
    ['fault', ...t.faults.map((x) => (x ? 'F' : ''))],
  ];
  return rows.map((r) => r.join(',')).join('\n') + '\n';
}
