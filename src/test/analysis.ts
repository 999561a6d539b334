// Tests (Node): a small trace analysis in the core's shape, for the chart snapshots; its
// numbers are made up, not computed.

import type { AnalysisShown } from '../core/schemas';

export const ANALYSIS: AnalysisShown = {
  requests: 1000,
  distinct: 120,
  writes: 250,
  one_hit_pages: 30,
  one_hit_share: 0.25,
  popularity: {
    points: [
      [1, 200],
      [2, 110],
      [3, 70],
      [5, 40],
      [10, 22],
      [20, 11],
      [50, 4],
      [120, 1],
    ],
    alpha: 0.95,
    r2: 0.991,
    fit_scale: 205,
    fit_ranks: 21,
    top_page: '4096',
    top_count: 200,
  },
  stack_distance: { counts: [100, 80, 120, 200, 300, 80] },
  cold: 120,
  reuse_time: { counts: [90, 70, 110, 180, 280, 120, 30] },
  runs: { counts: [600, 120, 30, 4] },
  sequential_share: 0.31,
  window: 250,
  windows: { distinct: [60, 55, 70, 40], one_hit_share: [0.5, 0.42, 0.61, 0.3], write_share: [0.2, 0.25, 0.3, 0.25] },
};
