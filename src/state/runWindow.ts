// UI: the run options warm-up and interval as the experiment holds them, and as a run and a link carry them.

/** The warm-up and interval a run was made with, as the experiment gave them. */
export interface RanWith {
  /** As typed (`10000`, `10%`); empty: none. */
  warmup: string;
  interval: number | null;
}

/** The run options `warmup` and `interval` when set, as the worker and a link take them. */
export function runWindow(w: RanWith): { warmup?: string; interval?: number } {
  const warmup = w.warmup.trim();
  return { ...(warmup ? { warmup } : {}), ...(w.interval !== null ? { interval: w.interval } : {}) };
}
