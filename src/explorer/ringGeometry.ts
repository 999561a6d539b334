// Where slot i of an n-slot ring sits, and which slot a point falls on. Slot 0
// is at twelve o'clock, slots go clockwise.

export interface RingLayout {
  cx: number;
  cy: number;
  inner: number;
  outer: number;
}

export function ringLayout(width: number, height: number): RingLayout {
  const r = Math.min(width, height) / 2 - 28;
  return { cx: width / 2, cy: height / 2, outer: r, inner: r * 0.72 };
}

export const slotAngle = (i: number, n: number): number => -Math.PI / 2 + ((i + 0.5) * 2 * Math.PI) / n;
export const slotStart = (i: number, n: number): number => -Math.PI / 2 + (i * 2 * Math.PI) / n;

/** The slot under (x, y), or null off the ring. */
export function slotAt(x: number, y: number, n: number, l: RingLayout): number | null {
  const dx = x - l.cx;
  const dy = y - l.cy;
  const d = Math.hypot(dx, dy);
  if (n === 0 || d < l.inner - 4 || d > l.outer + 4) return null;
  let a = Math.atan2(dy, dx) + Math.PI / 2;
  if (a < 0) a += 2 * Math.PI;
  return Math.min(n - 1, Math.floor((a / (2 * Math.PI)) * n));
}

/**
 * A hand's drawn position between two readings: hands sweep forward, so it
 * goes the forward way round (from → to, wrapping) as t runs 0 → 1.
 */
export function sweep(from: number, to: number, n: number, t: number): number {
  if (n === 0) return 0;
  const ahead = (((to - from) % n) + n) % n;
  return (from + ahead * Math.min(1, Math.max(0, t))) % n;
}
