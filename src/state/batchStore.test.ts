import { describe, expect, it } from 'vitest';
import { parseSeeds, rowsOf } from './batchStore';
import type { BatchCell } from '../engine/client';
import type { Metrics } from '../core/types';

const m = (hit_ratio: number): Metrics => ({
  requests: 100,
  hits: hit_ratio * 100,
  misses: 100 - hit_ratio * 100,
  hit_ratio,
  reads: 0,
  writebacks: 0,
  flushed: 0,
  cost: 0,
});
const cell = (frames: number[], ratios: number[]): BatchCell => ({ metrics: ratios.map(m), frames, requests: 100, distinct: 50 });

describe('batches', () => {
  it('reads seeds: whole numbers, each once, with a message for anything else', () => {
    expect(parseSeeds('1, 2 3,2')).toEqual({ seeds: [1, 2, 3] });
    expect(parseSeeds('')).toEqual({ seeds: [] });
    expect(parseSeeds('1, -2')).toEqual({ error: 'Seeds: “-2” is not a whole number ≥ 0.' });
  });
  it('groups by trace and summarises each policy and size across seeds', () => {
    // Trace 0 at three seeds, trace 1 once; one policy, two sizes.
    const cells = [{ trace: 0 }, { trace: 0 }, { trace: 0 }, { trace: 1 }];
    const results = [cell([10, 20], [0.1, 0.5]), cell([11, 20], [0.2, 0.5]), cell([10, 20], [0.3, 0.5]), cell([5, 9], [0.4, 0.6])];
    const rows = rowsOf(cells, results, ['A', 'B'], [{ index: 0, label: 'LRU' }]);
    expect(rows.map((r) => [r.traceLabel, r.frames, r.hit.n])).toEqual([
      ['A', [10, 11, 10], 3],
      ['A', [20, 20, 20], 3],
      ['B', [5], 1],
      ['B', [9], 1],
    ]);
    expect(rows[0].hit.mean).toBeCloseTo(0.2, 12);
    expect(rows[0].hit.half).toBeCloseTo((4.303 * 0.1) / Math.sqrt(3), 12);
    expect(rows[1].hit.half).toBe(0);
    expect(rows[2].hit.half).toBeNaN();
  });
});
