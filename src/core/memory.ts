// Both threads: what a trace costs in memory, for the budgets of the worker and the pool.

/** Bytes a trace costs the core at most, per request (measured: 4.5–6.8). */
export const BYTES_PER_REQUEST = 8;

/**
 * Workers for a pool: one per core, as many as the budget holds copies of the
 * trace (every worker keeps its own), and at least the one that is there.
 */
export function poolSize(cores: number, requests: number, budget: number): number {
  const copies = Math.floor(budget / Math.max(1, requests * BYTES_PER_REQUEST));
  return Math.max(1, Math.min(Math.floor(cores) || 1, copies));
}
