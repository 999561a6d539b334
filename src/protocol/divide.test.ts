import { describe, expect, it } from 'vitest';
import { divideJobs } from './divide';

describe('divideJobs', () => {
  it('gives every job one bin and balances the load', () => {
    const work = [10, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 9];
    const bin = divideJobs(work, 2);
    const load = [0, 0];
    work.forEach((w, i) => (load[bin[i]] += w));
    expect(Math.abs(load[0] - load[1])).toBeLessThanOrEqual(1);
    expect(bin[0]).not.toBe(bin[11]);
  });
  it('is the same division whoever computes it, and one bin takes all', () => {
    const work = [3, 3, 3, 2, 2];
    expect(divideJobs(work, 3)).toEqual(divideJobs([...work], 3));
    expect(divideJobs(work, 1)).toEqual([0, 0, 0, 0, 0]);
  });
});
