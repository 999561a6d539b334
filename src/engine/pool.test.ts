import { describe, expect, it } from 'vitest';
import { mergeCurves } from './pool';
import type { CurveResult } from '../protocol/messages';

const curve = (missRatio: number[]): CurveResult => ({
  policy: 'clock',
  method: 'sampled',
  frames: [1, 2, 3],
  missRatio: Float64Array.from(missRatio),
  rate: [1, 1, 1],
  error: Float64Array.from(missRatio, (m) => (Number.isNaN(m) ? NaN : m / 10)),
  samples: 4,
  exact: true,
});

describe('mergeCurves', () => {
  it('takes each point from the worker that computed it', () => {
    const merged = mergeCurves([[curve([0.9, NaN, NaN])], [curve([NaN, 0.5, NaN])], [curve([NaN, NaN, 0.2])]]);
    expect([...merged[0].missRatio]).toEqual([0.9, 0.5, 0.2]);
    expect([...merged[0].error].map((e) => e.toFixed(2))).toEqual(['0.09', '0.05', '0.02']);
  });
  it('leaves a point nobody computed as NaN', () => {
    expect(Number.isNaN(mergeCurves([[curve([0.9, NaN, 0.1])]])[0].missRatio[1])).toBe(true);
  });
});
