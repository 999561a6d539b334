// UI: large rings painted pixel by pixel: a map from each pixel to its angle and
// band is built once per size (slot counts change every step, e.g. CLOCK-Pro's
// test pages); each frame only turns angles into slots and looks colours up.
// Thousands of anti-aliased wedges are far slower to rasterise than this.

import type { RingLayout } from './ringGeometry';

export const BAND_MAIN = 1;
export const BAND_BITS = 2;
export const BAND_DIRTY = 3;

export interface RingMap {
  width: number;
  /** Fraction of the turn (clockwise from twelve o'clock) of each pixel, -1 off the ring. */
  frac: Float32Array;
  band: Uint8Array;
  /** Position across the reference-bit band, 0 (inner edge) to 1. */
  depth: Float32Array;
}

/** `layout` in pixels of the map (multiply CSS sizes by the device pixel ratio first). */
export function buildRingMap(width: number, l: RingLayout): RingMap {
  const size = width * width;
  const frac = new Float32Array(size).fill(-1);
  const band = new Uint8Array(size);
  const depth = new Float32Array(size);
  const bitEdge = l.inner + (l.outer - l.inner) * 0.3;
  const dirtyOuter = l.outer + 5 * (width / (2 * (l.outer + 28)));
  for (let y = 0; y < width; y++) {
    for (let x = 0; x < width; x++) {
      const dx = x + 0.5 - l.cx;
      const dy = y + 0.5 - l.cy;
      const r = Math.hypot(dx, dy);
      if (r < l.inner || r > dirtyOuter) continue;
      let a = Math.atan2(dy, dx) + Math.PI / 2;
      if (a < 0) a += 2 * Math.PI;
      const i = y * width + x;
      frac[i] = Math.min(a / (2 * Math.PI), 0.9999999);
      if (r < bitEdge) {
        band[i] = BAND_BITS;
        depth[i] = (r - l.inner) / (bitEdge - l.inner);
      } else band[i] = r <= l.outer ? BAND_MAIN : BAND_DIRTY;
    }
  }
  return { width, frac, band, depth };
}

/**
 * The listed slots of a ring, by slot number (the ring lists only its first slots; the rest
 * are empty frames, painted `empty`: a million-frame ring holding ten pages costs ten entries).
 */
export interface SlotPaint {
  /** RGB per listed slot (3 bytes each). */
  rgb: Uint8Array;
  /** Reference-bit fill per listed slot, 0..1. */
  bits: Float32Array;
  dirty: Uint8Array;
  /** RGB of an empty frame past the listed slots. */
  empty: readonly [number, number, number];
  /** Slot i is drawn at position (i + offset) mod n. */
  offset: number;
  /** RGB of the bits and dirty bands: the page's ink (the theme's text colour). */
  ink?: readonly [number, number, number];
}

const INK_RGB = [27, 31, 36] as const;

/** Writes RGBA pixels; pixels outside the ring are left transparent. */
export function paintRing(px: Uint8ClampedArray, m: RingMap, n: number, p: SlotPaint): void {
  px.fill(0);
  const ink = p.ink ?? INK_RGB;
  for (let i = 0; i < m.frac.length; i++) {
    const f = m.frac[i];
    if (f < 0) continue;
    const d = Math.min(n - 1, (f * n) | 0);
    const s = (((d - p.offset) % n) + n) % n;
    const o = i * 4;
    const b = m.band[i];
    if (s >= p.bits.length) {
      if (b !== BAND_MAIN) continue;
      px[o] = p.empty[0];
      px[o + 1] = p.empty[1];
      px[o + 2] = p.empty[2];
    } else if (b === BAND_DIRTY) {
      if (!p.dirty[s]) continue;
      px[o] = ink[0];
      px[o + 1] = ink[1];
      px[o + 2] = ink[2];
    } else if (b === BAND_BITS && m.depth[i] < p.bits[s]) {
      px[o] = ink[0];
      px[o + 1] = ink[1];
      px[o + 2] = ink[2];
    } else if (b === BAND_BITS) {
      continue;
    } else {
      px[o] = p.rgb[s * 3];
      px[o + 1] = p.rgb[s * 3 + 1];
      px[o + 2] = p.rgb[s * 3 + 2];
    }
    px[o + 3] = 255;
  }
}

/** '#RRGGBB' blended towards white by (1 - alpha), as RGB. */
export function rgbOf(hex: string, alpha = 1): [number, number, number] {
  const v = parseInt(hex.slice(1), 16);
  const c = [(v >> 16) & 255, (v >> 8) & 255, v & 255];
  return c.map((x) => Math.round(255 - (255 - x) * alpha)) as [number, number, number];
}

/** The slot a map pixel shows in an n-slot ring, or -1. */
export const slotOfPixel = (m: RingMap, i: number, n: number): number => (m.frac[i] < 0 ? -1 : Math.min(n - 1, (m.frac[i] * n) | 0));
