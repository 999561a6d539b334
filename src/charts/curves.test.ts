import { describe, expect, it } from 'vitest';
import { curveHow, curveSeries, curvesCsv } from './curves';
import type { LabelledCurve } from '../state/curveStore';
import type { Provenance } from '../state/provenance';

const c = (over: Partial<LabelledCurve>): LabelledCurve => ({
  policy: 'lru',
  method: 'stack',
  frames: [10, 100],
  missRatio: Float64Array.from([0.8, 0.3]),
  rate: [1, 1],
  error: Float64Array.from([0, 0]),
  samples: 1,
  exact: true,
  label: 'LRU',
  spec: 0,
  ...over,
});

describe('miss-ratio curve panel', () => {
  it('dashes and names sampled curves, and says how each was computed', () => {
    const sampled = c({
      policy: 'clock',
      method: 'sampled',
      exact: false,
      rate: [0.5, 0.02],
      error: Float64Array.from([0.01, 0.0125]),
      samples: 4,
      label: 'CLOCK',
      spec: 1,
    });
    const [a, b] = curveSeries([c({}), sampled]);
    expect(a).toMatchObject({
      label: 'LRU',
      dash: undefined,
      points: [
        [10, 0.8],
        [100, 0.3],
      ],
    });
    expect(b).toMatchObject({ label: 'CLOCK (sampled)', dash: '6 3' });
    // The error estimate is drawn as a band around a sampled curve, and none around an exact one.
    expect(a.band).toBeUndefined();
    expect(b.band!.map(([f, lo, hi]) => [f, lo.toFixed(4), hi.toFixed(4)])).toEqual([
      [10, '0.7900', '0.8100'],
      [100, '0.2875', '0.3125'],
    ]);
    expect(curveHow(c({}))).toContain('one pass');
    expect(curveHow(sampled)).toBe(
      'sampled: mean of 4 miniature caches on 2 % (large caches) to 50 % (small caches) of the pages each; error estimate up to ± 1.25 pp (95 %, over 4 samples)',
    );
    expect(curveHow({ ...sampled, samples: 1, error: Float64Array.from([NaN, NaN]) })).toContain('no error estimate with one sample');
    expect(curveHow(c({ method: 'exact_only' }))).toContain('exact only');
    expect(curveHow(c({ method: 'sampled' }))).toContain('fewer pages than the sample');
  });
  it('exports one CSV row per point with its method, error estimate, rate and provenance', () => {
    const p = { core: '0.1.0', options: { collapse_repeats: false }, trace_sha256: 'ab' } as unknown as Provenance;
    const sampled = c({ method: 'sampled', exact: false, rate: [0.5, 1], error: Float64Array.from([0.02, 0]), samples: 4 });
    const csv = curvesCsv([c({}), sampled], p)
      .trim()
      .split('\n');
    expect(csv[0]).toBe('policy,policy_id,method,frames,miss_ratio,error,sample_rate,samples,core,collapse_repeats,trace_sha256');
    expect(csv.slice(1)).toEqual([
      'LRU,lru,stack,10,0.8,0,1,1,0.1.0,false,ab',
      'LRU,lru,stack,100,0.3,0,1,1,0.1.0,false,ab',
      'LRU,lru,sampled,10,0.8,0.02,0.5,4,0.1.0,false,ab',
      'LRU,lru,sampled,100,0.3,0,1,1,0.1.0,false,ab',
    ]);
  });
});
