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
 * A hand's drawn position, in turns (0..1 clockwise from twelve o'clock),
 * between two readings: hands only sweep forward, so it goes the forward way
 * round, wrapping, as t runs 0 → 1.
 */
export function sweepTurn(from: number, to: number, t: number): number {
  const ahead = (((to - from) % 1) + 1) % 1;
  return (from + ahead * Math.min(1, Math.max(0, t))) % 1;
}

export const mod = (a: number, n: number): number => (n <= 0 ? 0 : ((a % n) + n) % n);

interface PagedRing {
  slots: { page: string | null }[];
}

/**
 * How far to turn the drawing so that pages stay where they were drawn.
 * Some rings are stored from a hand onward (CLOCK-Pro from HAND_hot, TS-CLOCK
 * from the t-hand): there the hand always reads slot 0 and the pages shift
 * instead. Following a few anchor pages from the old reading to the new one
 * gives the turn that keeps them still, so the hand is seen to sweep. Rings
 * with fixed slots (CLOCK) keep a turn of 0.
 */
export function nextRotation(prev: PagedRing | null, next: PagedRing, offset: number): number {
  const n = next.slots.length;
  if (!prev || n === 0) return 0;
  const index = new Map<string, number>();
  next.slots.forEach((s, i) => {
    if (s.page !== null) index.set(s.page, i);
  });
  const m = prev.slots.length;
  for (const j of [m >> 1, m >> 2, (3 * m) >> 2, m - 1, 0]) {
    const p = prev.slots[j]?.page;
    const k = p === null || p === undefined ? undefined : index.get(p);
    if (k !== undefined) return mod(j + offset - k, n);
  }
  return mod(offset, n);
}
