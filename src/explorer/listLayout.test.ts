import { describe, expect, it } from 'vitest';
import { cellAt, cellFromPoint, listLayout } from './listLayout';

describe('list layout', () => {
  it('gives a short list big cells, one entry each', () => {
    const l = listLayout(10, 600, 120);
    expect(l.per).toBe(1);
    expect(l.cell).toBe(30);
    expect(l.rows).toBe(1);
  });

  it('fits a few thousand entries without aggregating when cells stay legible', () => {
    const l = listLayout(2000, 800, 200);
    expect(l.per).toBe(1);
    expect(l.cells).toBe(2000);
    expect(l.height).toBeLessThanOrEqual(200);
  });

  it('aggregates runs of entries when even the smallest cells do not fit', () => {
    const l = listLayout(100_000, 600, 120);
    expect(l.per).toBeGreaterThan(1);
    expect(l.cells * l.per).toBeGreaterThanOrEqual(100_000);
    expect(l.height).toBeLessThanOrEqual(120);
  });

  it('maps cells to points and back', () => {
    const l = listLayout(50, 300, 100);
    for (const c of [0, 7, 49]) {
      const [x, y] = cellAt(c, l);
      expect(cellFromPoint(x + 1, y + 1, l)).toBe(c);
    }
    expect(cellFromPoint(-1, 0, l)).toBeNull();
    expect(cellFromPoint(299, l.height - 1, l)).toBeNull();
  });
});
