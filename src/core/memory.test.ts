import { describe, expect, it } from 'vitest';
import { BYTES_PER_REQUEST, poolSize } from './memory';

describe('poolSize', () => {
  it('takes one worker per core when the trace is small', () => {
    expect(poolSize(8, 1000, 1 << 30)).toBe(8);
  });
  it('takes no more workers than the budget holds copies of the trace', () => {
    const requests = 100_000_000;
    expect(poolSize(8, requests, 3 * requests * BYTES_PER_REQUEST)).toBe(3);
  });
  it('keeps one worker however large the trace or odd the core count', () => {
    expect(poolSize(4, 1e12, 1 << 30)).toBe(1);
    expect(poolSize(NaN, 10, 1 << 30)).toBe(1);
  });
});
