// UI: the flash grid: one tile per block, its pages in a small square grid inside,
// a heat strip (erase count) on top. Cells are whole pixels so the grid stays
// crisp; when even 1-pixel pages do not fit, each block becomes one cell
// showing its valid fraction.

export interface FlashLayout {
  /** Pixels per page (0 in summary mode). */
  cell: number;
  pcols: number;
  prows: number;
  tileW: number;
  tileH: number;
  heat: number;
  perRow: number;
  rows: number;
  width: number;
  height: number;
  summary: boolean;
}

import { LABELLED_PAGES } from '../core/explore';

const GAP = 1;
/** Cells at least this large carry their page's number. */
export const LABEL_CELL = 18;

/** `maxCell`: the largest page cell of a lecture-sized device (the stage's projector sizes go further). */
export function flashLayout(blocks: number, ppb: number, width: number, maxHeight: number, maxCell = 44): FlashLayout {
  const pcols = Math.ceil(Math.sqrt(ppb));
  const prows = Math.ceil(ppb / pcols);
  // A lecture-sized device gets cells big enough to print each page's logical number.
  const biggest = blocks * ppb <= LABELLED_PAGES ? maxCell : 8;
  for (let cell = biggest; cell >= 1; cell--) {
    const heat = Math.max(2, Math.min(cell, 10));
    const tileW = pcols * cell + GAP + 2;
    const tileH = prows * cell + heat + GAP + 2;
    const perRow = Math.max(1, Math.floor(width / tileW));
    const rows = Math.ceil(blocks / perRow);
    if (rows * tileH <= maxHeight || cell === 1) {
      if (rows * tileH > maxHeight && cell === 1) break;
      return { cell, pcols, prows, tileW, tileH, heat, perRow, rows, width, height: rows * tileH, summary: false };
    }
  }
  const side = Math.max(1, Math.floor(Math.sqrt((width * maxHeight) / blocks)));
  const perRow = Math.max(1, Math.floor(width / side));
  const rows = Math.ceil(blocks / perRow);
  return { cell: 0, pcols, prows, tileW: side, tileH: side, heat: 0, perRow, rows, width, height: rows * side, summary: true };
}

/** Top-left of block b's tile. */
export function tileOf(b: number, l: FlashLayout): [number, number] {
  return [(b % l.perRow) * l.tileW, Math.floor(b / l.perRow) * l.tileH];
}

/** Rectangle of page `offset` of block `b` ([x, y, w, h]); the whole tile in summary mode. */
export function pageRect(b: number, offset: number, l: FlashLayout): [number, number, number, number] {
  const [x, y] = tileOf(b, l);
  if (l.summary) return [x, y, l.tileW, l.tileH];
  return [x + 1 + (offset % l.pcols) * l.cell, y + 1 + l.heat + Math.floor(offset / l.pcols) * l.cell, l.cell, l.cell];
}

export function blockAt(x: number, y: number, blocks: number, l: FlashLayout): number | null {
  const col = Math.floor(x / l.tileW);
  const row = Math.floor(y / l.tileH);
  if (x < 0 || y < 0 || col >= l.perRow) return null;
  const b = row * l.perRow + col;
  return b < blocks ? b : null;
}

/** Page states: 0 free, 1 valid, 2 invalid (Okabe–Ito: light grey, blue, orange). */
export const PAGE_RGB: [number, number, number][] = [
  [236, 236, 236],
  [0, 114, 178],
  [230, 159, 0],
];

/** Cividis-like sequential ramp (colour-blind safe), t in [0, 1]. */
export function heatRgb(t: number): [number, number, number] {
  const stops: [number, number, number][] = [
    [0, 32, 77],
    [87, 93, 109],
    [166, 157, 117],
    [255, 234, 70],
  ];
  const x = Math.max(0, Math.min(1, t)) * (stops.length - 1);
  const i = Math.min(stops.length - 2, Math.floor(x));
  const f = x - i;
  return [0, 1, 2].map((k) => Math.round(stops[i][k] + (stops[i + 1][k] - stops[i][k]) * f)) as [number, number, number];
}

/** Paints pages and heat strips into RGBA pixels (`width` × `height`). */
export function paintFlash(px: Uint8ClampedArray, l: FlashLayout, states: Uint8Array, ppb: number, erases: number[]): void {
  px.fill(255);
  const maxE = Math.max(1, ...erases);
  const blocks = erases.length;
  const put = (x0: number, y0: number, w: number, h: number, c: [number, number, number]) => {
    for (let y = y0; y < y0 + h && y < l.height; y++) {
      let o = (y * l.width + x0) * 4;
      for (let x = x0; x < x0 + w && x < l.width; x++, o += 4) {
        px[o] = c[0];
        px[o + 1] = c[1];
        px[o + 2] = c[2];
        px[o + 3] = 255;
      }
    }
  };
  for (let b = 0; b < blocks; b++) {
    const [x, y] = tileOf(b, l);
    if (l.summary) {
      let valid = 0;
      for (let i = 0; i < ppb; i++) valid += states[b * ppb + i] === 1 ? 1 : 0;
      const t = valid / ppb;
      const c = PAGE_RGB[1].map((v, k) => Math.round(PAGE_RGB[0][k] + (v - PAGE_RGB[0][k]) * t)) as [number, number, number];
      put(x, y, Math.max(1, l.tileW - 1), Math.max(1, l.tileH - 1), c);
      continue;
    }
    put(x + 1, y + 1, l.pcols * l.cell, l.heat - 1, heatRgb(erases[b] / maxE));
    for (let i = 0; i < ppb; i++) {
      const [px0, py0, w, h] = pageRect(b, i, l);
      put(px0, py0, w, h, PAGE_RGB[states[b * ppb + i]] ?? PAGE_RGB[0]);
    }
  }
}
