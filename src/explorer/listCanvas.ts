// UI: an ordered list (head first) on <canvas>: a cell per entry coloured by
// status, dirty pages with a black corner, ghosts faded; a pointer (e.g.
// TS-CLOCK's s-hand) and a split (e.g. CFLRU's clean-first window) drawn over it.
// A list view whose policy counts (`max_bits` > 1: LFU's uses, aging's counter) shows
// each entry's count in the cell's lower right corner.

import { fitCanvas, pointIn } from './canvasSize';
import { EMPTY, HIGHLIGHT, inkOf, statusColour, statusShape } from './colours';
import { cellAt, cellFromPoint, listLayout, type ListLayout } from './listLayout';
import type { Slot } from '../core/explore';
import { policyDoc } from '../core/catalog';

export interface ListMarks {
  touched: Map<string, string>;
  selected: string | null;
  /** Index of the entry a pointer is on, with its label. */
  pointer: { index: number; label: string } | null;
  /** Index where a second region starts (a thick bar before it). */
  split: number | null;
  /** Indices where a new group starts (thin bars), e.g. TS-CLOCK's blocks. */
  bounds: number[];
  /** Policy id: its view in the catalogue gives the status colours. */
  policy: string;
}

export interface ListCanvas {
  update(entries: Slot[], marks: ListMarks): void;
  destroy(): void;
}

function majority(entries: Slot[], from: number, to: number): Slot {
  if (to - from === 1) return entries[from];
  const count = new Map<string, number>();
  let best = entries[from];
  let bestN = 0;
  for (let i = from; i < to; i++) {
    const k = `${entries[i].status}|${entries[i].resident}`;
    const c = (count.get(k) ?? 0) + 1;
    count.set(k, c);
    if (c > bestN) {
      bestN = c;
      best = entries[i];
    }
  }
  return best;
}

export interface ListOptions {
  /** The stage's label size (CSS px): cells up to `maxCell`, page numbers up to this size. */
  labelPx?: number;
  maxCell?: number;
}

export function createListCanvas(
  canvas: HTMLCanvasElement,
  width: number,
  maxHeight: number,
  onSelect: (page: string | null) => void,
  opts: ListOptions = {},
): ListCanvas {
  const dpr = globalThis.devicePixelRatio || 1;
  const ctx = canvas.getContext('2d');
  let entries: Slot[] = [];
  const maxCell = opts.maxCell ?? 30;
  const maxFont = opts.labelPx ?? 12;
  canvas.dataset.labelPx = opts.labelPx ? String(opts.labelPx) : '';
  let layout: ListLayout = listLayout(0, width, maxHeight, maxCell);
  let raf = 0;
  let marks: ListMarks = { touched: new Map(), selected: null, pointer: null, split: null, bounds: [], policy: '' };

  function draw(): void {
    raf = 0;
    const l = layout;
    const pointerPx = opts.labelPx ? Math.round(opts.labelPx * 0.8) : 11;
    const h = Math.max(l.height, 8) + (marks.pointer ? (opts.labelPx ? pointerPx + 4 : 14) : 0);
    if (canvas.height !== Math.round(h * dpr) || canvas.width !== Math.round(width * dpr)) {
      canvas.width = Math.round(width * dpr);
      canvas.height = Math.round(h * dpr);
      if (opts.labelPx) {
        canvas.style.width = `${width}px`;
        canvas.style.height = `${h}px`;
      } else fitCanvas(canvas, width, h);
    }
    if (!ctx) return;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, width, h);
    const pad = l.cell >= 10 ? 1 : 0;
    const { fg } = inkOf();
    const fontPx = Math.min(maxFont, Math.floor(l.cell * (opts.labelPx ? 0.5 : 0.45)));
    // The size page numbers are drawn at (none when the cells are too small for them), for tests.
    if (opts.labelPx) canvas.dataset.labelPx = l.per === 1 && l.cell >= 22 ? String(fontPx) : '';
    ctx.font = `${fontPx}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    const view = policyDoc(marks.policy)?.view;
    const counts = view?.kind === 'list' && view.max_bits > 1 && l.per === 1 && l.cell >= 30;
    const pageFont = ctx.font;
    const countFont = `${Math.max(8, Math.floor(l.cell * 0.26))}px system-ui, sans-serif`;
    for (let c = 0; c < l.cells; c++) {
      const from = c * l.per;
      const s = majority(entries, from, Math.min(entries.length, from + l.per));
      const [x, y] = cellAt(c, l);
      ctx.globalAlpha = s.resident ? 1 : 0.45;
      ctx.fillStyle = s.page === null ? EMPTY : statusColour(s.status, marks.policy);
      ctx.fillRect(x + pad, y + pad, l.cell - 2 * pad, l.cell - 2 * pad);
      ctx.globalAlpha = 1;
      if (s.dirty) {
        ctx.fillStyle = fg;
        ctx.beginPath();
        ctx.moveTo(x + l.cell - pad, y + pad);
        ctx.lineTo(x + l.cell - pad, y + pad + l.cell / 2.5);
        ctx.lineTo(x + l.cell - pad - l.cell / 2.5, y + pad);
        ctx.fill();
      }
      if (l.per === 1 && l.cell >= 22 && s.page !== null) {
        ctx.fillStyle = '#ffffff';
        // The status's shape in the corner, so statuses differ by more than colour.
        const glyph = statusShape(s.status, marks.policy);
        if (opts.labelPx) {
          // A long page number is narrowed to its cell rather than spilling into the next.
          ctx.fillText(String(s.page), x + l.cell / 2, y + l.cell / 2 + 1, l.cell - 4);
          if (glyph) {
            const g = Math.max(10, Math.round(fontPx * 0.5));
            ctx.font = `${g}px system-ui, sans-serif`;
            ctx.fillText(glyph, x + g * 0.6 + 1, y + l.cell - g * 0.6 - 1);
            ctx.font = `${fontPx}px system-ui, sans-serif`;
          }
        } else {
          ctx.fillText(String(s.page), x + l.cell / 2, y + l.cell / 2 + 1);
          if (glyph) ctx.fillText(glyph, x + 7, y + l.cell - 7);
        }
        if (counts && s.resident) {
          ctx.font = countFont;
          ctx.textAlign = 'right';
          ctx.fillText(String(s.bits), x + l.cell - 3, y + l.cell - 6);
          ctx.font = pageFont;
          ctx.textAlign = 'center';
        }
      }
      const touch = l.per === 1 && s.page !== null ? marks.touched.get(s.page) : undefined;
      const sel = l.per === 1 && s.page !== null && s.page === marks.selected;
      if (touch || sel) {
        ctx.lineWidth = 2;
        ctx.strokeStyle = sel ? HIGHLIGHT : (touch as string);
        ctx.strokeRect(x + 1, y + 1, l.cell - 2, l.cell - 2);
      }
    }
    ctx.fillStyle = fg;
    for (const b of marks.bounds) {
      const [x, y] = cellAt(Math.floor(b / l.per), l);
      ctx.fillRect(x - 1, y, 2, l.cell);
    }
    if (marks.split !== null && marks.split < entries.length) {
      const [x, y] = cellAt(Math.floor(marks.split / l.per), l);
      ctx.fillStyle = fg;
      ctx.fillRect(x - 1, y - 1, 3, l.cell + 2);
    }
    if (marks.pointer && marks.pointer.index >= 0 && marks.pointer.index < entries.length) {
      const [x, y] = cellAt(Math.floor(marks.pointer.index / l.per), l);
      ctx.strokeStyle = '#009E73';
      ctx.lineWidth = 3;
      ctx.strokeRect(x, y, l.cell, l.cell);
      ctx.fillStyle = '#009E73';
      ctx.font = `bold ${pointerPx}px system-ui, sans-serif`;
      ctx.textAlign = 'left';
      const text = `▲ ${marks.pointer.label}`;
      if (opts.labelPx) {
        const tw = ctx.measureText(text).width;
        ctx.fillText(text, Math.max(0, Math.min(x, width - tw)), Math.min(y + l.cell + pointerPx / 2 + 2, h - pointerPx / 2));
      } else ctx.fillText(text, Math.min(x, width - 60), Math.min(y + l.cell + 8, h - 4));
    }
  }

  const entryAt = (ev: MouseEvent): Slot | null => {
    const c = cellFromPoint(...pointIn(canvas, ev, width), layout);
    return c === null || layout.per > 1 ? null : (entries[c] ?? null);
  };
  const onMove = (ev: MouseEvent) => {
    const s = entryAt(ev);
    canvas.title =
      s && s.page !== null
        ? `page ${s.page} · ${s.status || 'resident'}${s.dirty ? ' · dirty' : ''}${s.resident ? '' : ' · non-resident'}`
        : '';
  };
  const onClick = (ev: MouseEvent) => onSelect(entryAt(ev)?.page ?? null);
  canvas.addEventListener('mousemove', onMove);
  canvas.addEventListener('click', onClick);

  return {
    update(next, m) {
      entries = next;
      marks = m;
      layout = listLayout(next.length, width, maxHeight, maxCell);
      if (!raf) raf = requestAnimationFrame(draw);
    },
    destroy() {
      if (raf) cancelAnimationFrame(raf);
      canvas.removeEventListener('mousemove', onMove);
      canvas.removeEventListener('click', onClick);
    },
  };
}
