import { describe, expect, it } from 'vitest';
import {
  blockUtilisation,
  cacheRuns,
  cachedOnly,
  spreadSizes,
  eraseHistogram,
  sizeName,
  gaugeLines,
  normalisedCost,
  readsAndWritebacks,
  sizeCurves,
  writeAmplification,
} from './derive';
import type { RunResultView } from '../state/runSlice';

const run = (spec: number, label: string, frames: number, hits: number, cost: number, writebacks = 1): RunResultView => ({
  job: { policy: label.toLowerCase(), frames, params: {} },
  spec,
  label,
  metrics: { requests: 100, hits, misses: 100 - hits, hit_ratio: hits / 100, reads: 100 - hits, writebacks, flushed: 0, cost },
  bucketSize: 100,
  bucketHits: new Uint32Array([hits]),
});

const results = [run(0, 'LRU', 100, 50, 60), run(0, 'LRU', 10, 20, 90), run(1, 'OPT', 10, 30, 45), run(1, 'OPT', 100, 70, 30, 5)];

describe('chart series', () => {
  it('size curves are sorted by size, one per policy, hit or miss', () => {
    const hit = sizeCurves(results, 'hit');
    expect(hit.map((s) => s.label)).toEqual(['LRU', 'OPT']);
    expect(hit[0].points).toEqual([
      [10, 0.2],
      [100, 0.5],
    ]);
    expect(sizeCurves(results, 'miss')[1].points[1]).toEqual([100, 1 - 0.7]);
    expect(hit[0].colour).not.toBe(hit[1].colour);
  });
  it('reads and write-backs at one size', () => {
    const d = readsAndWritebacks(results, 100);
    expect(d.categories).toEqual(['LRU', 'OPT']);
    expect(d.series[0].values).toEqual([50, 30]);
    expect(d.series[1].values).toEqual([1, 5]);
  });
  it('cost normalised to the baseline at each size', () => {
    const d = normalisedCost(results, 0);
    expect(d.series.map((s) => s.label)).toEqual(['10 frames', '100 frames']);
    expect(d.series[0].values).toEqual([1, 0.5]);
    expect(d.series[1].values).toEqual([1, 0.5]);
    expect(d.reference).toBe(1);
  });
  it('gauges become one line per run and gauge, the last row at the end of the run', () => {
    const r = {
      ...run(0, 'CLOCK-Pro', 10, 1, 1),
      gauges: { names: ['cold target', 'hot'], every: 40, values: new Float64Array([1, 9, 2, 8, 3, 7]) },
    };
    const lines = gaugeLines([r, results[0]]);
    expect(lines.map((l) => l.label)).toEqual(['CLOCK-Pro · 10 · cold target', 'CLOCK-Pro · 10 · hot']);
    expect(lines[0].points).toEqual([
      [40, 1],
      [80, 2],
      [100, 3],
    ]);
    expect(lines[1].points.map((p) => p[1])).toEqual([9, 8, 7]);
  });
});

describe('flash series', () => {
  const flashRun = (spec: number, label: string, frames: number, waf: number, util: number[]): RunResultView => ({
    ...run(spec, label, frames, 10, 10),
    flash: { metrics: { waf, block_util: util } as never, eraseCounts: new Uint32Array([0, 1, 1, 5, 49]) },
  });
  it('write amplification per series and size, with the no-amplification line', () => {
    const d = writeAmplification([flashRun(0, 'LRU', 10, 1.5, []), flashRun(1, 'CRAW', 10, 1.2, []), run(2, 'X', 10, 1, 1)]);
    expect(d.categories).toEqual(['LRU', 'CRAW']);
    expect(d.series[0].values).toEqual([1.5, 1.2]);
    expect(d.reference).toBe(1);
  });
  it('erase histogram bins every block once', () => {
    const d = eraseHistogram(new Uint32Array([0, 1, 1, 5, 49]), '#000', 10);
    expect(d.series[0].values.reduce((a, b) => a + b, 0)).toBe(5);
    expect(d.categories[0]).toBe('0–4');
    expect(d.series[0].values[0]).toBe(3);
    expect(d.series[0].values[d.series[0].values.length - 1]).toBe(1);
    expect(eraseHistogram(new Uint32Array([0, 2, 2]), '#000').categories).toEqual(['0', '1', '2']);
  });
  it('block utilisation shares by eighths of a block', () => {
    // 8 pages per block: 3 runs of 1 page (12.5%), 1 run of 8 pages (100%).
    const d = blockUtilisation([flashRun(0, 'TS', 10, 1, [0, 3, 0, 0, 0, 0, 0, 0, 1])], 10);
    expect(d.series[0].values[0]).toBeCloseTo(0.75);
    expect(d.series[0].values[7]).toBeCloseTo(0.25);
    expect(d.categories[7]).toBe('87.5–100%');
  });
});

describe('the no-cache flash baseline', () => {
  it('is left out of the cache charts and named in size pickers', () => {
    const mk = (policy: string, frames: number) => ({ job: { policy, frames, params: {} } }) as unknown as RunResultView;
    const rows = [mk('lru', 100), mk('no-cache', 0), mk('opt', 100)];
    expect(cachedOnly(rows).map((r) => r.job.policy)).toEqual(['lru', 'opt']);
    expect(sizeName(0)).toBe('no cache');
    expect(sizeName(1000)).toBe('1,000 frames');
  });
});

describe('many results', () => {
  it('spread sizes keep the first and the last, evenly between', () => {
    const sizes = Array.from({ length: 120 }, (_, i) => i + 1);
    const picked = spreadSizes(sizes, 8);
    expect(picked).toHaveLength(8);
    expect(picked[0]).toBe(1);
    expect(picked[7]).toBe(120);
    expect(spreadSizes([1, 2, 3], 8)).toEqual([1, 2, 3]);
  });
  it('one cache run per row of the cache charts, under the policy’s own label, whatever the flash configurations', () => {
    const onFlash = (fi: number): RunResultView => ({
      ...run(3 * 8 + fi, `LRU · flash ${fi}`, 10, 5, 5),
      flash: { metrics: { waf: 1 } as never, eraseCounts: new Uint32Array() },
      flashIndex: fi,
      cacheLabel: 'LRU',
    });
    const rows = [onFlash(0), onFlash(1), onFlash(2), run(0, 'OPT', 10, 7, 3)];
    const runs = cacheRuns(rows);
    expect(runs.map((r) => r.label)).toEqual(['LRU', 'OPT']);
    // The same objects each time, so charts keyed on them see no change.
    expect(cacheRuns(rows)[0]).toBe(runs[0]);
    expect(runs[1]).toBe(rows[3]);
  });
  it('the cost chart at 26 policies × 120 sizes: eight sizes, every policy, computed in linear time', () => {
    const rows = Array.from({ length: 26 * 120 }, (_, i) => run(i % 26, `P${i % 26}`, 1 + Math.floor(i / 26), 10, 1 + (i % 26)));
    const t0 = performance.now();
    const d = normalisedCost(rows, 0);
    expect(performance.now() - t0).toBeLessThan(500);
    expect(d.categories).toHaveLength(26);
    expect(d.series.map((s) => s.label)).toHaveLength(8);
    expect(d.series[0].values[1]).toBe(2);
    expect(sizeCurves(rows, 'hit')).toHaveLength(26);
    expect(sizeCurves(rows, 'hit')[0].points).toHaveLength(120);
  });
});
