import { describe, expect, it } from 'vitest';
import { chartCaption, runWindowOf, warmupSentence, xAxisLabel } from './warmupNote';
import type { RunResultView } from '../state/runSlice';

const run = (extra: Partial<RunResultView>): RunResultView => ({
  job: { policy: 'lru', frames: 10, params: {} },
  spec: 0,
  label: 'LRU',
  metrics: { requests: 90_000, hits: 9, misses: 89_991, hit_ratio: 0.0001, reads: 89_991, writebacks: 0, flushed: 0, cost: 89_991 },
  bucketSize: 450,
  bucketHits: new Uint32Array(200),
  ...extra,
});

describe('the words for a warm-up and intervals', () => {
  it('say how many requests were warm-up, and what share of the trace', () => {
    const w = runWindowOf([run({ warmup: 10_000 })]);
    expect(w).toEqual({ warmup: 10_000, requests: 100_000, interval: null, points: 200 });
    expect(warmupSentence(w)).toBe(
      'The first 10,000 requests (10 %) were warm-up, not counted: every figure counts the 90,000 after them.',
    );
    expect(warmupSentence(runWindowOf([run({ warmup: 1, metrics: { ...run({}).metrics, requests: 7 } })]))).toContain(
      'The first 1 request (12.5 %)',
    );
    expect(xAxisLabel(w)).toBe('requests after the warm-up');
    expect(chartCaption(w)).toBe('The x axis counts requests after the warm-up (the first 10,000 requests, not counted).');
  });

  it('say nothing without a warm-up or intervals', () => {
    const w = runWindowOf([run({})]);
    expect([warmupSentence(w), chartCaption(w), xAxisLabel(w)]).toEqual([null, null, 'requests served']);
    expect(runWindowOf([])).toBeNull();
  });

  it('give one point per interval, counted from the core’s buckets', () => {
    const w = runWindowOf([run({ warmup: 10_000, interval: 1000, bucketSize: 1000, bucketHits: new Uint32Array(90) })]);
    expect(chartCaption(w)).toBe(
      'One point per interval of 1,000 requests after the warm-up (the first 10,000 requests, not counted): 90 intervals, the last one shorter when the requests do not divide evenly.',
    );
    const one = runWindowOf([run({ interval: 100_000, bucketSize: 100_000, bucketHits: new Uint32Array(1) })]);
    expect(chartCaption(one)).toMatch(/^One point per interval of 100,000 requests: 1 interval,/);
  });
});
