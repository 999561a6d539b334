// UI: the stage's arithmetic — how the rings and lists of one snapshot share the box left on the
// screen (presentation and embedded pages): rings side by side, lists in a column beside them (or,
// without rings, across the width or in columns side by side), every drawing as large as the box allows.

import { listLayout } from './listLayout';

/** The box the drawings get, in CSS pixels. */
export interface StageBox {
  w: number;
  h: number;
}

export interface StageLayout {
  /** Side of each ring's square canvas (0 when there are no rings). */
  ringSide: number;
  /** Where a ring's caption goes: beside a lone ring, below several. */
  caption: 'beside' | 'below';
  /** Width of a caption beside its ring. */
  captionW: number;
  /** Width of a column of lists (0 without lists). */
  listsW: number;
  /** Columns of lists side by side (lists alone, when that draws them larger), 1 beside rings. */
  listCols: number;
  /** Height each list's cells may take when they share alike (its caption not counted); see listHeights. */
  listH: number;
  /** Largest cell of a list, so that a short list is drawn large, not as a thin strip. */
  listCell: number;
  /** Size of page numbers and hand names in the drawings. */
  labelPx: number;
}

/** Space a ring caption takes below its ring (name, then the hands on a line or two). */
export const CAPTION_BELOW = 76;
/** Width of a caption beside a lone ring, with the text's size (wider when it holds the zoom strip of a large ring). */
export const captionBeside = (labelPx: number): number => Math.round(Math.min(340, Math.max(170, labelPx * 10.5)));
/** A list's caption line above its cells (its text grows with the labels). */
export const listCaption = (labelPx: number): number => Math.max(30, Math.round(labelPx * 1.45));
export const GAP = 12;

/**
 * Labels of 24 px on a 1280 × 720 projector, growing with the screen's smaller side
 * (a 1920 × 1080 screen gets 36 px): read from the back of a hall.
 */
export const stageLabelPx = (vw: number, vh: number): number => Math.max(16, Math.round(Math.min(vw / 53, vh / 30)));

/** `listEntries`: how many entries each list holds now. */
export function stageLayout(box: StageBox, rings: number, listEntries: number[], labelPx: number, zoom = false): StageLayout {
  const w = Math.max(200, box.w);
  const h = Math.max(160, box.h);
  const lists = listEntries.length;
  const caption = listCaption(labelPx);
  const listCell = Math.max(30, Math.round(labelPx * 3));
  const listH = lists === 0 ? 0 : Math.max(labelPx * 2, Math.floor((h - lists * caption - (lists - 1) * GAP) / lists));
  // The narrowest column in which every list's cells hold label-sized numbers, one list under another.
  const labelCell = 2 * labelPx;
  const fits = (lw: number) => {
    const perRow = Math.max(1, Math.floor(lw / labelCell));
    const cells = listEntries.reduce((a, n) => a + Math.ceil(Math.max(1, n) / perRow) * labelCell, 0);
    return cells + lists * caption + (lists - 1) * GAP <= h;
  };
  let readable = 260;
  while (readable < w * 0.5 && !fits(readable)) readable += 8;
  if (rings === 0)
    return { ringSide: 0, caption: 'below', captionW: 0, ...listColumns(w, h, listEntries, labelPx, listCell), listCell, labelPx };
  // Lists beside the rings take what the rings leave when the height bounds them, at least
  // enough for their cells at label size, at most half the width. A lone ring's caption goes
  // beside it or below it, whichever leaves the ring larger.
  const CAPTION_BESIDE = captionBeside(labelPx);
  const arrange = (caption: 'beside' | 'below'): StageLayout => {
    const sideMax = caption === 'beside' ? h : h - CAPTION_BELOW;
    const ringsNeed = caption === 'beside' ? sideMax + CAPTION_BESIDE + GAP : rings * sideMax + (rings - 1) * GAP;
    const listsW = lists === 0 ? 0 : Math.round(Math.min(w * 0.5, Math.max(readable, w - ringsNeed - GAP)));
    const ringsW = w - listsW - (lists ? GAP : 0);
    const captionW = caption === 'below' ? 0 : zoom ? Math.max(CAPTION_BESIDE, Math.round(ringsW * 0.45)) : CAPTION_BESIDE;
    const side = caption === 'beside' ? Math.min(h, ringsW - captionW - GAP) : Math.min((ringsW - (rings - 1) * GAP) / rings, sideMax);
    return { ringSide: Math.max(120, Math.floor(side)), caption, captionW, listsW, listCols: 1, listH, listCell, labelPx };
  };
  if (rings > 1) return arrange('below');
  const beside = arrange('beside');
  // A large ring's zoom strip needs the caption's width beside it.
  if (zoom) return beside;
  const below = arrange('below');
  return below.ringSide > beside.ringSide ? below : beside;
}

/**
 * The height of each list's cells, sharing the lists' column by what they hold: first what each
 * needs for label-sized cells (numbers at `labelPx`), then what is left in proportion to entries,
 * up to what a list needs at its largest cell. When even label-sized cells do not fit, each list
 * gets its share of the column by that need.
 */
export function listHeights(entries: number[], width: number, each: number, maxCell: number, labelPx: number): number[] {
  const total = each * entries.length;
  const rowsAt = (cell: number, n: number) => Math.ceil(Math.max(1, n) / Math.max(1, Math.floor(width / cell))) * cell;
  const base = entries.map((n) => rowsAt(2 * labelPx, n));
  const sumBase = base.reduce((a, b) => a + b, 0);
  if (sumBase > total) return base.map((b) => Math.floor((total * b) / sumBase));
  const need = entries.map((n) => Math.max(rowsAt(maxCell, n), rowsAt(2 * labelPx, n)));
  const out = [...base];
  let left = total - sumBase;
  // Hand out what is left in proportion to entries, never past a list's need; again while some is left.
  for (let round = 0; round < 4 && left > 1; round++) {
    const open = entries.map((n, i) => (out[i] < need[i] ? Math.max(1, n) : 0));
    const sum = open.reduce((a, b) => a + b, 0);
    if (sum === 0) break;
    let given = 0;
    entries.forEach((_, i) => {
      if (!open[i]) return;
      const add = Math.min(need[i] - out[i], Math.floor((left * open[i]) / sum));
      out[i] += add;
      given += add;
    });
    left -= given;
    if (given === 0) break;
  }
  return out;
}

/** The size of a list's cells in a box, or the largest when it is empty. */
function cellIn(n: number, w: number, h: number, maxCell: number): number {
  if (n === 0) return maxCell;
  const l = listLayout(n, w, h, maxCell);
  return l.per > 1 ? 0 : l.cell;
}

/**
 * Lists alone: one under another across the width, or in columns side by side (ARC's T1, T2, B1,
 * B2), whichever draws the smallest cell of any list largest; fewer columns on a tie.
 */
function listColumns(w: number, h: number, entries: number[], labelPx: number, maxCell: number) {
  const caption = listCaption(labelPx);
  let best = { listsW: w, listCols: 1, listH: 0, score: -1 };
  for (let c = 1; c <= Math.min(entries.length, 4); c++) {
    const colW = Math.floor((w - (c - 1) * GAP) / c);
    const rows = Math.ceil(entries.length / c);
    const each = Math.max(labelPx * 2, Math.floor((h - rows * caption - (rows - 1) * GAP) / rows));
    const heights = c === 1 ? listHeights(entries, colW, each, maxCell, labelPx) : entries.map(() => each);
    const score = Math.min(...entries.map((n, i) => cellIn(n, colW, heights[i], maxCell)));
    if (score > best.score) best = { listsW: colW, listCols: c, listH: each, score };
  }
  return { listsW: best.listsW, listCols: best.listCols, listH: best.listH };
}
