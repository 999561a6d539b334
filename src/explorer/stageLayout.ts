// UI: the stage's arithmetic — how the rings and lists of one snapshot share the box left on the
// screen (presentation and embedded pages): rings side by side, lists in a column beside them (or
// the whole width when there are no rings), every drawing as large as the box allows.

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
  /** Width of the column of lists (the whole width without rings; 0 without lists). */
  listsW: number;
  /** Height each list's cells may take (its caption not counted). */
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
/** A list's caption line above its cells. */
export const LIST_CAPTION = 34;
export const GAP = 12;

/**
 * Labels of 24 px on a 1280 × 720 projector, growing with the screen's smaller side
 * (a 1920 × 1080 screen gets 36 px): read from the back of a hall.
 */
export const stageLabelPx = (vw: number, vh: number): number => Math.max(16, Math.round(Math.min(vw / 53, vh / 30)));

export function stageLayout(box: StageBox, rings: number, lists: number, labelPx: number, zoom = false): StageLayout {
  const w = Math.max(200, box.w);
  const h = Math.max(160, box.h);
  const listCell = Math.max(30, Math.round(labelPx * 3));
  const listH = lists === 0 ? 0 : Math.max(labelPx * 2, Math.floor((h - lists * LIST_CAPTION - (lists - 1) * GAP) / lists));
  if (rings === 0) return { ringSide: 0, caption: 'below', captionW: 0, listsW: w, listH, listCell, labelPx };
  // Lists beside the rings take what the rings leave when the height bounds them, at least
  // enough for their cells at label size, at most half the width. A lone ring's caption goes
  // beside it or below it, whichever leaves the ring larger.
  const CAPTION_BESIDE = captionBeside(labelPx);
  const arrange = (caption: 'beside' | 'below'): StageLayout => {
    const sideMax = caption === 'beside' ? h : h - CAPTION_BELOW;
    const ringsNeed = caption === 'beside' ? sideMax + CAPTION_BESIDE + GAP : rings * sideMax + (rings - 1) * GAP;
    const listsW = lists === 0 ? 0 : Math.round(Math.max(260, Math.min(w * 0.5, w - ringsNeed - GAP)));
    const ringsW = w - listsW - (lists ? GAP : 0);
    const captionW = caption === 'below' ? 0 : zoom ? Math.max(CAPTION_BESIDE, Math.round(ringsW * 0.45)) : CAPTION_BESIDE;
    const side = caption === 'beside' ? Math.min(h, ringsW - captionW - GAP) : Math.min((ringsW - (rings - 1) * GAP) / rings, sideMax);
    return { ringSide: Math.max(120, Math.floor(side)), caption, captionW, listsW, listH, listCell, labelPx };
  };
  if (rings > 1) return arrange('below');
  const beside = arrange('beside');
  // A large ring's zoom strip needs the caption's width beside it.
  if (zoom) return beside;
  const below = arrange('below');
  return below.ringSide > beside.ringSide ? below : beside;
}
