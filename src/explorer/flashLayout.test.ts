import { describe, expect, it } from 'vitest';
import { blockAt, flashLayout, heatRgb, pageRect, paintFlash, PAGE_RGB, tileOf } from './flashLayout';

describe('flash layout', () => {
  it('fits 1,024 blocks of 64 pages with every page at least a pixel', () => {
    const l = flashLayout(1024, 64, 720, 640);
    expect(l.summary).toBe(false);
    expect(l.cell).toBeGreaterThanOrEqual(1);
    expect(l.height).toBeLessThanOrEqual(640);
    expect(l.perRow * l.rows).toBeGreaterThanOrEqual(1024);
  });

  it('gives a small device cells big enough to read its page numbers', () => {
    expect(flashLayout(16, 8, 720, 640).cell).toBeGreaterThanOrEqual(18);
    expect(flashLayout(8, 4, 720, 640).cell).toBe(44);
    expect(flashLayout(1024, 64, 720, 640).cell).toBeLessThanOrEqual(8);
  });

  it('summarises blocks when pages no longer fit', () => {
    const l = flashLayout(100_000, 256, 720, 400);
    expect(l.summary).toBe(true);
    expect(l.height).toBeLessThanOrEqual(400 + l.tileH);
  });

  it('keeps pages inside their tile and finds blocks back', () => {
    const l = flashLayout(100, 64, 720, 640);
    for (const b of [0, 37, 99]) {
      const [tx, ty] = tileOf(b, l);
      const [x, y, w, h] = pageRect(b, 63, l);
      expect(x).toBeGreaterThanOrEqual(tx);
      expect(y + h).toBeLessThanOrEqual(ty + l.tileH);
      expect(x + w).toBeLessThanOrEqual(tx + l.tileW);
      expect(blockAt(x, y, 100, l)).toBe(b);
    }
    expect(blockAt(-1, 0, 100, l)).toBeNull();
  });

  it('paints each page in the colour of its state and heat from cold to hot', () => {
    const l = flashLayout(2, 4, 200, 100);
    const states = new Uint8Array([0, 1, 2, 1, 2, 2, 0, 0]);
    const px = new Uint8ClampedArray(l.width * l.height * 4);
    paintFlash(px, l, states, 4, [0, 10]);
    const at = (x: number, y: number) => Array.from(px.slice((y * l.width + x) * 4, (y * l.width + x) * 4 + 3));
    for (let b = 0; b < 2; b++)
      for (let i = 0; i < 4; i++) {
        const [x, y] = pageRect(b, i, l);
        expect(at(x, y)).toEqual(PAGE_RGB[states[b * 4 + i]]);
      }
    const [x0, y0] = tileOf(0, l);
    const [x1, y1] = tileOf(1, l);
    expect(at(x0 + 1, y0 + 1)).toEqual(heatRgb(0));
    expect(at(x1 + 1, y1 + 1)).toEqual(heatRgb(1));
    expect(heatRgb(0)).not.toEqual(heatRgb(1));
  });
});
