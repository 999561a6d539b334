// UI: where slot i of an n-slot ring sits, and which slot a point falls on. Slot 0
// is at twelve o'clock, slots go clockwise.

export interface RingLayout {
  cx: number;
  cy: number;
  inner: number;
  outer: number;
}

/** `margin`: room outside the ring for page numbers (more for the stage's larger labels). */
export function ringLayout(width: number, height: number, margin = 28): RingLayout {
  const r = Math.min(width, height) / 2 - margin;
  return { cx: width / 2, cy: height / 2, outer: r, inner: r * 0.72 };
}

/** An empty frame, as the core lists one. */
export const EMPTY_SLOT = { page: null, status: '', bits: 0, dirty: false, resident: false } as const;

/**
 * Slot i of a ring of `ring.size` slots: the core lists a ring only as far as it is filled (a
 * CLOCK of a million frames holding ten pages lists ten), so the slots past the list are empty.
 */
export function slotIn<S>(ring: { slots: S[] }, i: number): S | typeof EMPTY_SLOT {
  return i < ring.slots.length ? ring.slots[i] : EMPTY_SLOT;
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
  size: number;
  slots: { page: string | null }[];
}

/**
 * How far to turn the drawing of a ring the core reads from a hand onward
 * (CLOCK-Pro from HAND_hot, TS-CLOCK from the t-hand): the page with the
 * smallest number is drawn at twelve o'clock, so pages keep their places while
 * the hands move round, and one state always gives one picture however it was
 * reached. Rings with fixed frames (CLOCK) are not turned.
 */
export function anchorRotation(ring: PagedRing): number {
  const n = ring.size;
  let best = -1;
  ring.slots.forEach((s, i) => {
    const b = best < 0 ? null : ring.slots[best].page;
    if (s.page !== null && (b === null || s.page.localeCompare(b, 'en', { numeric: true }) < 0)) best = i;
  });
  return best < 0 ? 0 : mod(-best, n);
}

/**
 * Whether every slot's label fits beside its neighbours: the arc a slot spans at radius `r`
 * must hold the widest label (`w`) and its height (`h`), whichever lies along the ring.
 */
export const labelsFit = (n: number, r: number, w: number, h: number): boolean => n > 0 && (2 * Math.PI * r) / n >= Math.max(w, h) + 2;

/** How far from the ring's centre a label of `w` × `h` sits at angle `a`, clear of radius `r` by `pad`. */
export const labelRadius = (r: number, a: number, w: number, h: number, pad: number): number =>
  r + pad + Math.abs(Math.cos(a)) * (w / 2) + Math.abs(Math.sin(a)) * (h / 2);
