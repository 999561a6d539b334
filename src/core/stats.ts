// UI: summaries across seeds: the mean and a 95 % Student-t confidence interval.

/** t(0.975, df) for df = 1..30; beyond, the series below (within 0.001 of the table). */
const T975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086,
  2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

/** The 97.5 % quantile of Student's t with `df` degrees of freedom. */
export function t975(df: number): number {
  if (df < 1) return NaN;
  if (df <= 30) return T975[Math.round(df) - 1];
  // Cornish–Fisher expansion about the normal quantile.
  const z = 1.959964;
  const g1 = (z ** 3 + z) / 4;
  const g2 = (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96;
  return z + g1 / df + g2 / df ** 2;
}

export interface Summary {
  mean: number;
  /** Half-width of the 95 % interval (NaN with one sample). */
  half: number;
  n: number;
}

export function summarise(xs: readonly number[]): Summary {
  const n = xs.length;
  const mean = xs.reduce((s, x) => s + x, 0) / Math.max(1, n);
  if (n < 2) return { mean: n ? mean : NaN, half: NaN, n };
  const variance = xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1);
  return { mean, half: (t975(n - 1) * Math.sqrt(variance)) / Math.sqrt(n), n };
}
