import { describe, expect, it } from 'vitest';
import { isFromWorker, transferablesOf, type FromWorker } from './messages';

describe('worker protocol', () => {
  const result: FromWorker = {
    type: 'result',
    id: 1,
    index: 0,
    job: { policy: 'lru', frames: 10, params: {} },
    metrics: { requests: 2, hits: 1, misses: 1, hit_ratio: 0.5, reads: 1, writebacks: 0, flushed: 0, cost: 1 },
    bucketSize: 1,
    bucketHits: new Uint32Array([0, 1]),
  };

  it('accepts each well-formed message kind', () => {
    expect(isFromWorker(result)).toBe(true);
    expect(isFromWorker({ type: 'ready', version: '0' })).toBe(true);
    expect(isFromWorker({ type: 'progress', id: 3, phase: 'run', done: 1, total: 2, label: '' })).toBe(true);
    expect(isFromWorker({ type: 'error', id: null, message: 'boom' })).toBe(true);
  });

  it('rejects foreign or malformed messages', () => {
    expect(isFromWorker(null)).toBe(false);
    expect(isFromWorker('result')).toBe(false);
    expect(isFromWorker({ type: 'result', id: 1, bucketHits: [0, 1] })).toBe(false);
    expect(isFromWorker({ type: 'loaded' })).toBe(false);
    expect(isFromWorker({ type: 'explode', id: 1 })).toBe(false);
  });

  it('transfers the bucket array of results and nothing else', () => {
    expect(transferablesOf(result)).toEqual([(result as { bucketHits: Uint32Array }).bucketHits.buffer]);
    expect(transferablesOf({ type: 'done', id: 1 })).toEqual([]);
  });

  it('transfers gauge samples and after-cache streams too', () => {
    const values = new Float64Array([1, 2]);
    const withGauges = { ...result, gauges: { names: ['m_c'], every: 5, values } } as FromWorker;
    expect(transferablesOf(withGauges)).toEqual([(result as { bucketHits: Uint32Array }).bucketHits.buffer, values.buffer]);
    const text = new TextEncoder().encode('# h\n7 W\n');
    const streamed: FromWorker = { type: 'streamed', id: 2, text, requests: 1 };
    expect(isFromWorker(streamed)).toBe(true);
    expect(transferablesOf(streamed)).toEqual([text.buffer]);
    expect(isFromWorker({ type: 'streamed', id: 2, text: '7 W', requests: 1 })).toBe(false);
  });
});
