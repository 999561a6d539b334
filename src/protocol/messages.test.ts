import { describe, expect, it } from 'vitest';
import { DEFAULT_LOAD } from '../link/defaults';
import { checkToWorker, isFromWorker, transferablesOf, transferablesTo, type FromWorker, type TraceParts } from './messages';

describe('worker protocol', () => {
  const result: FromWorker = {
    type: 'result',
    id: 1,
    index: 0,
    job: { policy: 'lru', frames: 10, params: {} },
    metrics: { requests: 2, hits: 1, misses: 1, hit_ratio: 0.5, reads: 1, writebacks: 0, flushed: 0, cost: 1 },
    bucketSize: 1,
    bucketHits: new Uint32Array([0, 1]),
    warmup: 0,
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

  it('a run carries the warm-up (as typed, for the core to read) and the interval; a result says how many requests warmed up', () => {
    const options = { cost: { read: 1, write: 1 }, buckets: 200, flush: false, record_stream: false, collapse_repeats: false };
    const run = (extra: object) => ({ type: 'run', id: 1, jobs: [], options: { ...options, ...extra } });
    for (const ok of [{}, { warmup: '10%', interval: 100 }, { warmup: 5000 }]) expect(checkToWorker(run(ok)).ok).toBe(true);
    expect(checkToWorker(run({ warmup: true })).ok).toBe(false);
    expect(checkToWorker(run({ interval: '100' })).ok).toBe(false);
    const { warmup: _, ...without } = result as Extract<FromWorker, { type: 'result' }>;
    expect(isFromWorker(without)).toBe(false);
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

  it("moves a trace's parts, keys and times included, from the worker that shares them to the one that loads them", () => {
    const parts: TraceParts = {
      reqs: new Uint32Array([0, 1, 2 ** 31]),
      ids: new BigUint64Array([7n, 2n ** 40n]),
      devices: false,
      keys: { bytes: new TextEncoder().encode('ab'), ends: new Uint32Array([1, 2]) },
      times: new Float64Array([0, 1, 2]),
    };
    const buffers = [parts.reqs, parts.ids, parts.keys!.bytes, parts.keys!.ends, parts.times!].map((a) => a.buffer);
    const shared: FromWorker = { type: 'shared', id: 4, parts };
    expect(isFromWorker(shared)).toBe(true);
    expect(transferablesOf(shared)).toEqual(buffers);
    const file = new File(['7\n'], 't.txt');
    const settings = DEFAULT_LOAD;
    const load = checkToWorker({ type: 'load', id: 5, source: { kind: 'file', file, settings }, parts });
    expect(load.ok).toBe(true);
    if (load.ok) expect(transferablesTo(load.msg)).toEqual(buffers);
    expect(transferablesTo({ type: 'share', id: 6 })).toEqual([]);
    // Ids as plain numbers would lose precision above 2^53: only a BigUint64Array is accepted.
    expect(isFromWorker({ type: 'shared', id: 4, parts: { ...parts, ids: [7, 2 ** 40] } })).toBe(false);
    expect(isFromWorker({ type: 'shared', id: 4, parts: { ...parts, keys: { bytes: parts.keys!.bytes } } })).toBe(false);
  });
});
