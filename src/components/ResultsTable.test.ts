import { describe, expect, it } from 'vitest';
import { VIRTUAL_FROM, windowOf } from './ResultsTable';

describe('the results table window', () => {
  it('draws a short table whole', () => {
    expect(windowOf(VIRTUAL_FROM, { top: 5000, height: 600 }, 30)).toEqual({ first: 0, last: VIRTUAL_FROM });
  });
  it('draws the rows in view and a few around them', () => {
    expect(windowOf(25_000, { top: 0, height: 600 }, 30, 10)).toEqual({ first: 0, last: 30 });
    expect(windowOf(25_000, { top: 3000, height: 600 }, 30, 10)).toEqual({ first: 90, last: 130 });
  });
  it('ends at the last row, whatever the scroll', () => {
    expect(windowOf(25_000, { top: 10_000_000, height: 600 }, 30, 10)).toEqual({ first: 25_000, last: 25_000 });
    expect(windowOf(25_000, { top: 25_000 * 30 - 600, height: 600 }, 30, 10)).toEqual({ first: 24_970, last: 25_000 });
  });
});
