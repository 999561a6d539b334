// Both threads: how a pool divides a request's jobs among its workers. Every
// worker computes the same division from the same jobs, so none needs to be told its list.

/**
 * The bin (0..count) of each job, largest jobs first, each to the least
 * loaded bin (ties: the lower bin). `work[i]` is job i's size.
 */
export function divideJobs(work: readonly number[], count: number): number[] {
  const order = work.map((w, i) => [w, i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  const load = new Array<number>(Math.max(1, count)).fill(0);
  const bin = new Array<number>(work.length).fill(0);
  for (const [w, i] of order) {
    let best = 0;
    for (let b = 1; b < load.length; b++) if (load[b] < load[best]) best = b;
    bin[i] = best;
    load[best] += w;
  }
  return bin;
}
