import { describe, expect, it } from 'vitest';
import { summarise, t975 } from './stats';

describe('summaries across seeds', () => {
  it('uses Student-t quantiles: the table, then a series that meets it', () => {
    expect(t975(2)).toBe(4.303);
    expect(t975(30)).toBe(2.042);
    expect(t975(40)).toBeCloseTo(2.021, 3);
    expect(t975(120)).toBeCloseTo(1.98, 3);
  });
  it('gives the mean and the 95 % half-width', () => {
    // Three samples 1, 2, 3: mean 2, sd 1, half-width 4.303 / √3.
    const s = summarise([1, 2, 3]);
    expect(s).toEqual({ mean: 2, half: 4.303 / Math.sqrt(3), n: 3 });
    expect(summarise([5]).half).toBeNaN();
    expect(summarise([5]).mean).toBe(5);
    expect(summarise([0.5, 0.5]).half).toBe(0);
  });
});
