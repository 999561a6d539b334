import { describe, expect, it } from 'vitest';
import { BAND_BITS, BAND_MAIN, buildRingMap, paintRing, rgbOf, slotOfPixel } from './ringPixels';
import { ringLayout, slotAngle } from './ringGeometry';

describe('ring pixels', () => {
  const W = 200;
  const l = ringLayout(W, W);
  const n = 500;
  const m = buildRingMap(W, l);
  const pixelAt = (i: number, r: number) => {
    const a = slotAngle(i, n);
    return Math.floor(l.cy + r * Math.sin(a)) * W + Math.floor(l.cx + r * Math.cos(a));
  };

  it('maps pixels on the ring to their slot and band, others to none', () => {
    const mid = l.outer - 2;
    for (const i of [0, 125, 250, 499]) {
      const p = pixelAt(i, mid);
      expect(Math.abs(slotOfPixel(m, p, n) - i)).toBeLessThanOrEqual(1);
      expect(Math.abs(slotOfPixel(m, p, 4 * n) - 4 * i)).toBeLessThanOrEqual(4);
      expect(m.band[p]).toBe(BAND_MAIN);
    }
    expect(m.band[pixelAt(10, l.inner + 1)]).toBe(BAND_BITS);
    expect(slotOfPixel(m, Math.floor(l.cy) * W + Math.floor(l.cx), n)).toBe(-1);
  });

  it('paints slot colours, the reference band only where bits are set', () => {
    const rgb = new Uint8Array(n * 3);
    const bits = new Float32Array(n);
    rgb.set([10, 20, 30], 0);
    bits[0] = 1;
    const px = new Uint8ClampedArray(W * W * 4);
    paintRing(px, m, n, { rgb, bits, dirty: new Uint8Array(n), empty: [255, 255, 255], offset: 0 });
    const main = pixelAt(0, l.outer - 2) * 4;
    const s0 = slotOfPixel(m, main / 4, n);
    expect(Array.from(px.slice(main, main + 4))).toEqual(s0 === 0 ? [10, 20, 30, 255] : [0, 0, 0, 255]);
    const inner = pixelAt(250, l.inner + 1) * 4;
    expect(px[inner + 3]).toBe(0); // slot 250 has no bit set: band left clear
  });

  it('paints the slots past the listed ones as empty frames, turned by the offset', () => {
    const big = 1_000_000;
    const listed = 20_000;
    const px = new Uint8ClampedArray(W * W * 4);
    // 20,000 listed slots (2 % of the ring), drawn from position 250,000 (a quarter turn) by the offset.
    const rgb = new Uint8Array(listed * 3).map((_, k) => [10, 20, 30][k % 3]);
    paintRing(px, m, big, { rgb, bits: new Float32Array(listed), dirty: new Uint8Array(listed), empty: [1, 2, 3], offset: 250_000 });
    const at = (slot: number) => {
      const a = slotAngle(slot, big);
      return (Math.floor(l.cy + (l.outer - 2) * Math.sin(a)) * W + Math.floor(l.cx + (l.outer - 2) * Math.cos(a))) * 4;
    };
    expect(Array.from(px.slice(at(260_000), at(260_000) + 4))).toEqual([10, 20, 30, 255]);
    expect(Array.from(px.slice(at(0), at(0) + 4))).toEqual([1, 2, 3, 255]);
    expect(Array.from(px.slice(at(600_000), at(600_000) + 4))).toEqual([1, 2, 3, 255]);
  });

  it('fades colours towards white for non-resident entries', () => {
    expect(rgbOf('#0072B2')).toEqual([0, 114, 178]);
    expect(rgbOf('#000000', 0.5)).toEqual([128, 128, 128]);
  });
});
