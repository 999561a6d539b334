import { describe, expect, it } from 'vitest';
import { resultsCsv, resultsJson } from './resultColumns';
import type { RunResultView } from '../state/runSlice';
import type { Provenance } from '../state/provenance';

const r = (label: string, frames: number, hits: number): RunResultView => ({
  job: { policy: 'dac', frames, params: { regions: 4 } },
  spec: 0,
  label,
  metrics: { requests: 10, hits, misses: 10 - hits, hit_ratio: hits / 10, reads: 10 - hits, writebacks: 2, flushed: 0, cost: 12 - hits },
  bucketSize: 10,
  bucketHits: new Uint32Array([hits]),
});

const p: Provenance = {
  core: '9.9.9',
  options: { collapse_repeats: true, flush: false, cost: { read: 1, write: 1 } },
  trace_sha256: 'ab'.repeat(32),
  sources: { mine: `sha256:${'cd'.repeat(32)}` },
};

describe('result exports', () => {
  it('CSV has a header, one line per run, its provenance, and quotes what needs quoting', () => {
    const csv = resultsCsv([r('DAC (regions=4)', 100, 7), r('=cmd', 200, 8)], p);
    const lines = csv.trim().split('\n');
    expect(lines[0]).toBe(
      'policy,policy_id,params,source,frames,requests,hits,misses,hit_ratio,reads,writebacks,flushed,cost,core,collapse_repeats,warmup_requests,interval,trace_sha256',
    );
    expect(lines[1]).toBe(`DAC (regions=4),dac,"{""regions"":4}",,100,10,7,3,0.7,3,2,0,5,9.9.9,true,0,,${'ab'.repeat(32)}`);
    expect(lines[2].startsWith('"=cmd",')).toBe(true);
    expect(lines).toHaveLength(3);
  });
  it('JSON carries the provenance, the experiment and every parameter of each run, defaults included', () => {
    const lirs: RunResultView = { ...r('LIRS', 5, 1), job: { policy: 'lirs', frames: 5, params: { hir_fraction: 0.02 } } };
    const j = JSON.parse(resultsJson([r('A', 5, 1), lirs], p, { link: 'x' }));
    expect(j).toMatchObject({ link: 'x', core: '9.9.9', options: { collapse_repeats: true }, trace_sha256: 'ab'.repeat(32) });
    expect(j.results[0]).toMatchObject({ policy: 'A', frames: 5, hits: 1, cost: 11 });
    expect(j.results[1].params).toMatchObject({ hir_fraction: 0.02, reading: 'tables' });
    expect(j.results[0].source).toBeUndefined();
  });
  it('a warm-up and intervals are in both: the CSV’s columns, the JSON’s options and each run’s intervals, as the runner writes them', () => {
    // 10 requests counted after a warm-up of 5, in intervals of 4 (the last one 2 long).
    const warm: RunResultView = { ...r('LRU', 5, 6), warmup: 5, interval: 4, bucketSize: 4, bucketHits: new Uint32Array([1, 4, 1]) };
    const csv = resultsCsv([warm], p).split('\n');
    const head = csv[0].split(',');
    const row = csv[1].split(',');
    expect([row[head.indexOf('warmup_requests')], row[head.indexOf('interval')], row[head.indexOf('requests')]]).toEqual(['5', '4', '10']);
    const withOptions: Provenance = { ...p, options: { ...p.options, warmup: '5', warmup_requests: 5, interval: 4 } };
    const j = JSON.parse(resultsJson([warm, r('B', 5, 1)], withOptions, {}));
    expect(j.options).toMatchObject({ warmup: '5', warmup_requests: 5, interval: 4 });
    expect(j.results[0].intervals).toEqual({ size: 4, hits: [1, 4, 1], hit_ratio: [0.25, 1, 0.5] });
    expect(j.results[1].intervals).toBeUndefined();
  });
  it('a row of a policy the user wrote names its source by its SHA-256, as the runner does', () => {
    const mine: RunResultView = { ...r('mine', 5, 1), job: { policy: 'mine', frames: 5, params: {} } };
    expect(resultsCsv([mine], p).split('\n')[1]).toContain(`,{},sha256:${'cd'.repeat(32)},5,`);
    expect(JSON.parse(resultsJson([mine], p, {})).results[0].source).toBe(`sha256:${'cd'.repeat(32)}`);
  });
});

describe('best per column', () => {
  it('stars the best among runs of the same size, and nothing when all tie', async () => {
    const { isBest, COLUMNS } = await import('./resultColumns');
    const hits = COLUMNS.find((c) => c.key === 'hits')!;
    const wb = COLUMNS.find((c) => c.key === 'writebacks')!;
    const rs = [r('A', 10, 3), r('B', 10, 5), r('C', 20, 1)];
    expect(rs.map((x) => isBest(rs, x, hits))).toEqual([false, true, false]);
    expect(rs.map((x) => isBest(rs, x, wb))).toEqual([false, false, false]);
  });
});

describe('best values in one pass', () => {
  it('give every row the stars isBest gives it, at 2,000 rows in linear time', async () => {
    const { bestValues, isBest, isBestIn, COLUMNS } = await import('./resultColumns');
    const rs = Array.from({ length: 2000 }, (_, i) => r(`P${i % 20}`, 1 + (i % 100), (i * 7) % 11));
    const best = bestValues(rs, COLUMNS);
    for (const x of rs.slice(0, 200)) for (const c of COLUMNS) expect(isBestIn(best, x, c)).toBe(isBest(rs, x, c));
    // A size with one run has no best.
    const alone = [r('A', 10, 3), r('B', 20, 5)];
    expect(bestValues(alone, COLUMNS).get(10)?.size).toBe(0);
  });
});
