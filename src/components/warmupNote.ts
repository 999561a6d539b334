// UI: what the results say about a run's warm-up and intervals, in words — the table's note, the
// chart's caption and the CSV's note say the same. Pure, so it is tested without a browser.

import type { RunResultView } from '../state/runSlice';
import { fmtInt } from './format';

/** The warm-up and interval of a run's results (every result of a run has the same), and the trace's length. */
export interface RunWindow {
  /** Requests served first and not counted. */
  warmup: number;
  /** Requests of the trace: the warm-up and those counted. */
  requests: number;
  /** Requests per interval, when the run asked for intervals. */
  interval: number | null;
  /** Points of the hit series (the core's buckets: intervals when asked for). */
  points: number;
}

export function runWindowOf(results: RunResultView[]): RunWindow | null {
  const r = results[0];
  if (!r) return null;
  const warmup = r.warmup ?? 0;
  return { warmup, requests: warmup + r.metrics.requests, interval: r.interval ?? null, points: r.bucketHits.length };
}

/** A share in percent with at most one decimal (10 %, 12.5 %). */
const share = (part: number, whole: number): string => `${whole > 0 ? Number(((100 * part) / whole).toFixed(1)) : 0} %`;

/** “The first 10,000 requests (10 %) were warm-up, not counted.”, or null without a warm-up. */
export function warmupSentence(w: RunWindow | null): string | null {
  if (!w || w.warmup === 0) return null;
  const what = w.warmup === 1 ? 'request' : 'requests';
  return `The first ${fmtInt(w.warmup)} ${what} (${share(w.warmup, w.requests)}) were warm-up, not counted: every figure counts the ${fmtInt(w.requests - w.warmup)} after them.`;
}

/** The hit-ratio chart's caption: what a point is and where the x axis starts; null when there is nothing to say. */
export function chartCaption(w: RunWindow | null): string | null {
  if (!w || (w.warmup === 0 && w.interval === null)) return null;
  const after = w.warmup > 0 ? ` after the warm-up (the first ${fmtInt(w.warmup)} requests, not counted)` : '';
  if (w.interval === null) return `The x axis counts requests${after}.`;
  const n = w.points;
  return `One point per interval of ${fmtInt(w.interval)} requests${after}: ${fmtInt(n)} ${n === 1 ? 'interval' : 'intervals'}, the last one shorter when the requests do not divide evenly.`;
}

/** The x axis's label: requests after the warm-up when there is one. */
export const xAxisLabel = (w: RunWindow | null): string => (w && w.warmup > 0 ? 'requests after the warm-up' : 'requests served');
