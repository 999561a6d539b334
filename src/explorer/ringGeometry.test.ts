import { describe, expect, it } from 'vitest';
import { anchorRotation, ringLayout, slotAngle, slotAt, slotIn, sweepTurn } from './ringGeometry';

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
    expect(sweepTurn(0.8, 0.2, 0.5)).toBeCloseTo(0);
    expect(sweepTurn(0.8, 0.2, 0.75)).toBeCloseTo(0.1);
    expect(sweepTurn(0.2, 0.8, 0.5)).toBeCloseTo(0.5);
    expect(sweepTurn(0.3, 0.3, 0.7)).toBeCloseTo(0.3);
  });
});

describe('anchorRotation', () => {
  const ring = (pages: (number | null)[]) => ({
    size: pages.length,
    slots: pages.map((page) => ({ page: page === null ? null : String(page) })),
  });

  it('draws the smallest page at the top, whatever the hand position the ring is read from', () => {
    // The same clock read from two hand positions: page 1 lands on the top either way.
    expect(anchorRotation(ring([1, 2, 3, 4, 5, 6]))).toBe(0);
    expect(anchorRotation(ring([3, 4, 5, 6, 1, 2]))).toBe(2);
    expect((4 + anchorRotation(ring([3, 4, 5, 6, 1, 2]))) % 6).toBe(0);
  });

  it('compares page numbers as numbers, skips empty slots, and leaves an empty ring alone', () => {
    expect(anchorRotation(ring([null, 10, 9, 100]))).toBe(2);
    expect(anchorRotation(ring([null, null]))).toBe(0);
  });
});

describe('slotIn', () => {
  it('reads the slots past the listed ones as empty frames', () => {
    const ring = { size: 1_000_000, slots: [{ page: '7', status: '', bits: 1, dirty: true, resident: true }] };
    expect(slotIn(ring, 0).page).toBe('7');
    expect(slotIn(ring, 1)).toEqual({ page: null, status: '', bits: 0, dirty: false, resident: false });
    expect(slotIn(ring, 999_999).page).toBeNull();
  });
});
