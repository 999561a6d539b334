import { describe, expect, it } from 'vitest';
import { ringLayout, slotAngle, slotAt, sweep } from './ringGeometry';

describe('ring geometry', () => {
  const l = ringLayout(400, 400);
  const mid = (l.inner + l.outer) / 2;
  const pointOf = (i: number, n: number) => [l.cx + mid * Math.cos(slotAngle(i, n)), l.cy + mid * Math.sin(slotAngle(i, n))];

  it('finds every slot back from its drawn position', () => {
    for (const n of [1, 7, 64, 2000]) {
      for (const i of [0, Math.floor(n / 3), n - 1]) {
        const [x, y] = pointOf(i, n);
        expect(slotAt(x, y, n, l)).toBe(i);
      }
    }
  });

  it('puts slot 0 at the top and goes clockwise', () => {
    const [x0, y0] = pointOf(0, 4);
    const [x1] = pointOf(1, 4);
    expect(y0).toBeLessThan(l.cy);
    expect(x1).toBeGreaterThan(l.cx);
    expect(x0).toBeGreaterThan(l.cx - 1e-9);
  });

  it('ignores points off the ring', () => {
    expect(slotAt(l.cx, l.cy, 10, l)).toBeNull();
    expect(slotAt(0, 0, 10, l)).toBeNull();
  });

  it('sweeps forward, wrapping round the end', () => {
    expect(sweep(8, 2, 10, 0.5)).toBe(0);
    expect(sweep(8, 2, 10, 0.75)).toBe(1);
    expect(sweep(2, 8, 10, 0.5)).toBe(5);
    expect(sweep(3, 3, 10, 0.7)).toBe(3);
    expect(sweep(9, 1, 10, 1)).toBe(1);
  });
});
