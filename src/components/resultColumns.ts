// UI: the result columns, shared by the table and the CSV/JSON exports so that
// what is downloaded is what is shown.
import type { Metrics } from '../core/types';
import type { RunResultView } from '../state/runSlice';
import { resolvedParams, type Provenance } from '../state/provenance';
import { fmtInt, fmtNum, fmtPct } from './format';
import { hitPoints } from '../charts/hitRatioChart';

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

/** Columns of the flash model, shown when the experiment has flash configurations. */
export interface FlashCol {
  key: string;
  label: string;
  get: (r: RunResultView) => number | undefined;
  fmt: (x: number) => string;
  better: 'high' | 'low';
}

const fl = (k: keyof NonNullable<RunResultView['flash']>['metrics']) => (r: RunResultView) => {
  const v = r.flash?.metrics[k];
  return typeof v === 'number' ? v : undefined;
};

export const FLASH_COLUMNS: FlashCol[] = [
  { key: 'waf', label: 'Write amplification', get: fl('waf'), fmt: (x) => x.toFixed(3), better: 'low' },
  { key: 'erases', label: 'Erases', get: fl('erases'), fmt: fmtInt, better: 'low' },
  { key: 'copied', label: 'Copied pages', get: fl('copied'), fmt: fmtInt, better: 'low' },
  { key: 'erase_stddev', label: 'Wear deviation (erases)', get: fl('erase_stddev'), fmt: (x) => x.toFixed(2), better: 'low' },
  {
    key: 'time_us',
    label: 'Flash I/O time (ms)',
    get: (r) => (r.flash ? r.flash.metrics.time_us / 1000 : undefined),
    fmt: fmtNum,
    better: 'low',
  },
  { key: 'block_util_mean', label: 'Block utilisation', get: fl('block_util_mean'), fmt: (x) => fmtPct(x, 1), better: 'high' },
];

const valueOf = (r: RunResultView, c: Col | FlashCol): number | undefined => ('get' in c ? c.get(r) : r.metrics[c.key]);

/** Each column's best value among runs of the same cache size: frames → column key → value. */
export type BestValues = Map<number, Map<string, number>>;

/**
 * The best value of every column at every size, in one pass over the results (a column has none at a
 * size with fewer than two values, or where every run ties).
 */
export const bestValues = (results: RunResultView[], cols: (Col | FlashCol)[]): BestValues => new BestTracker(cols).of(results);

/**
 * Best values kept up as rows arrive: each row is counted once, however often the table is drawn
 * (a table of 25,000 rows is drawn many times a second while they arrive). Given rows it has not
 * counted, or a table that is not the one it counted, it counts again from the start.
 */
export class BestTracker {
  private seen = new WeakSet<RunResultView>();
  private acc = new Map<number, { n: number; lo: number; hi: number }[]>();
  private count = 0;
  private readonly ranged: (Col | FlashCol)[];
  private readonly get: ((r: RunResultView) => number | undefined)[];

  constructor(cols: (Col | FlashCol)[]) {
    this.ranged = cols.filter((c) => c.better);
    this.get = this.ranged.map((c) => ('get' in c ? c.get : (r: RunResultView) => r.metrics[c.key]));
  }

  of(results: RunResultView[]): BestValues {
    this.add(results);
    // Rows counted that are no longer shown (another run): start again.
    if (this.count !== results.length) {
      this.seen = new WeakSet();
      this.acc = new Map();
      this.count = 0;
      this.add(results);
    }
    const best: BestValues = new Map();
    for (const [frames, row] of this.acc) {
      const m = new Map<string, number>();
      this.ranged.forEach((c, i) => {
        const a = row[i];
        if (a.n >= 2 && a.hi !== a.lo) m.set(c.key, c.better === 'high' ? a.hi : a.lo);
      });
      best.set(frames, m);
    }
    return best;
  }

  private add(results: RunResultView[]): void {
    for (const r of results) {
      if (this.seen.has(r)) continue;
      this.seen.add(r);
      this.count++;
      let row = this.acc.get(r.job.frames);
      if (!row) this.acc.set(r.job.frames, (row = this.ranged.map(() => ({ n: 0, lo: Infinity, hi: -Infinity }))));
      for (let i = 0; i < this.get.length; i++) {
        const v = this.get[i](r);
        if (v === undefined) continue;
        const a = row[i];
        a.n++;
        if (v < a.lo) a.lo = v;
        if (v > a.hi) a.hi = v;
      }
    }
  }
}

/** Whether a result holds its column's best value among runs of its size (`best` from `bestValues`). */
export function isBestIn(best: BestValues, r: RunResultView, c: Col | FlashCol): boolean {
  const b = best.get(r.job.frames)?.get(c.key);
  return b !== undefined && valueOf(r, c) === b;
}

/** Whether a result holds the best value of a column among runs of the same cache size. */
export const isBest = (results: RunResultView[], r: RunResultView, c: Col | FlashCol): boolean => isBestIn(bestValues(results, [c]), r, c);

export const hasFlash = (results: RunResultView[]): boolean => results.some((r) => r.flash !== undefined);

export const csvCell = (v: string | number): string => {
  const s = String(v);
  // Quote anything a spreadsheet would split or interpret as a formula.
  return /[",\n\r]/.test(s) || /^[=+\-@]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** The table as CSV; every row also says how it was made (core, options, trace hash, whole configuration). */
export function resultsCsv(results: RunResultView[], p: Provenance): string {
  const flash = hasFlash(results) ? FLASH_COLUMNS : [];
  const head = [
    'policy',
    'policy_id',
    'params',
    'source',
    'frames',
    'requests',
    ...COLUMNS.map((c) => c.key),
    ...flash.map((c) => `flash_${c.key}`),
    'core',
    'collapse_repeats',
    // The requests served first and not counted, and the requests per interval (empty: none).
    'warmup_requests',
    'interval',
    'trace_sha256',
  ];
  const rows = results.map((r) => [
    r.label,
    r.job.policy,
    JSON.stringify(resolvedParams(r.job.policy, r.job.params)),
    p.sources[r.job.policy] ?? '',
    r.job.frames,
    r.metrics.requests,
    ...COLUMNS.map((c) => r.metrics[c.key]),
    ...flash.map((c) => (r.flash?.metrics[c.key as keyof NonNullable<RunResultView['flash']>['metrics']] as number | undefined) ?? ''),
    p.core,
    String(p.options.collapse_repeats),
    r.warmup ?? 0,
    r.interval ?? '',
    p.trace_sha256 ?? '',
  ]);
  return [head, ...rows].map((row) => row.map(csvCell).join(',')).join('\n') + '\n';
}

/** A run's intervals as the runner's JSON gives them: requests per interval, hits and hit ratio of each (the last may be shorter). */
export function intervalsOf(r: RunResultView): { size: number; hits: number[]; hit_ratio: number[] } {
  const series = { label: r.label, colour: '', bucketSize: r.bucketSize, bucketHits: r.bucketHits, requests: r.metrics.requests };
  return { size: r.bucketSize, hits: [...r.bucketHits], hit_ratio: hitPoints(series, 'interval').map((p) => p[1]) };
}

export function resultsJson(results: RunResultView[], p: Provenance, extra: Record<string, unknown>): string {
  return (
    JSON.stringify(
      {
        ...p,
        ...extra,
        results: results.map((r) => ({
          policy: r.label,
          policy_id: r.job.policy,
          params: resolvedParams(r.job.policy, r.job.params),
          ...(p.sources[r.job.policy] ? { source: p.sources[r.job.policy] } : {}),
          frames: r.job.frames,
          ...r.metrics,
          ...(r.interval !== undefined ? { intervals: intervalsOf(r) } : {}),
          ...(r.flash ? { flash: { ...r.flash.metrics, erase_counts: [...r.flash.eraseCounts] } } : {}),
        })),
      },
      null,
      2,
    ) + '\n'
  );
}
