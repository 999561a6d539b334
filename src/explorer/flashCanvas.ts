// UI: the flash device on <canvas>: pages painted as pixels (flashLayout.ts), then
// the marks drawn over them: write points, the GC victim, the pages it copied,
// DAC regions and where the inspected page lives. Framework-free.

import { fitCanvas, pointIn } from './canvasSize';
import { PALETTE } from '../core/palette';
import { blockAt, flashLayout, LABEL_CELL, pageRect, paintFlash, tileOf, type FlashLayout } from './flashLayout';

const NONE = 0xffff_ffff;
import type { FlashSnapshot } from '../core/explore';

export interface FlashCanvas {
  /** `owners`: the logical page each physical page holds (small devices), to print in it. */
  update(snap: FlashSnapshot, pages: Uint8Array, owners?: Uint32Array): void;
  destroy(): void;
}

/** `labelPx`: the stage's label size; page cells then grow until logical page numbers reach it. */
export function createFlashCanvas(canvas: HTMLCanvasElement, width: number, maxHeight: number, labelPx?: number): FlashCanvas {
  const ctx = canvas.getContext('2d');
  let layout: FlashLayout | null = null;
  let image: ImageData | null = null;
  let snap: FlashSnapshot | null = null;
  let pages: Uint8Array = new Uint8Array(0);
  let owners: Uint32Array | undefined;
  let raf = 0;

  function draw(): void {
    raf = 0;
    if (!ctx || !snap) return;
    const s = snap;
    const l = layout && layout.perRow > 0 && image ? layout : null;
    if (!l || !image) return;
    paintFlash(
      image.data,
      l,
      pages,
      s.pages_per_block,
      s.block.map((b) => b.erases),
    );
    ctx.putImageData(image, 0, 0);
    const ppb = s.pages_per_block;
    if (owners && !l.summary && l.cell >= LABEL_CELL) {
      ctx.font = `${Math.min(labelPx ?? Infinity, Math.floor(l.cell * 0.42))}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      for (let i = 0; i < pages.length; i++) {
        if (pages[i] === 0 || owners[i] === NONE) continue;
        const [x, y, w, h] = pageRect(Math.floor(i / ppb), i % ppb, l);
        // Valid pages in white on blue; invalid (stale) copies in dark on orange.
        ctx.fillStyle = pages[i] === 1 ? '#ffffff' : '#1b1f24';
        ctx.fillText(String(owners[i]), x + w / 2, y + h / 2);
      }
    }
    const outline = (b: number, colour: string, w: number) => {
      const [x, y] = tileOf(b, l);
      ctx.strokeStyle = colour;
      ctx.lineWidth = w;
      ctx.strokeRect(x + w / 2 - 0.5, y + w / 2 - 0.5, l.tileW - w, l.tileH - w);
    };
    if (!l.summary && s.block.some((b) => b.region !== null)) {
      s.block.forEach((b, i) => {
        if (b.region === null) return;
        const [x, y] = tileOf(i, l);
        ctx.fillStyle = PALETTE[(b.region + 3) % PALETTE.length];
        ctx.fillRect(x, y + l.heat, 1, l.tileH - l.heat - 1);
      });
    }
    for (const b of s.write_points) outline(b, '#009E73', 2);
    if (s.victim !== null) outline(s.victim, '#D55E00', 3);
    if (!l.summary) {
      ctx.fillStyle = '#CC79A7';
      for (const c of s.copies) {
        const [x, y, w, h] = pageRect(Math.floor(c.to / ppb), c.to % ppb, l);
        ctx.fillRect(x, y, w, h);
      }
    }
    const at = s.selected;
    if (at && at.block !== null && at.offset !== null) {
      const [x, y, w, h] = pageRect(at.block, at.offset, l);
      ctx.strokeStyle = '#000000';
      ctx.lineWidth = 2;
      ctx.strokeRect(x - 2, y - 2, w + 4, h + 4);
    }
  }

  const onMove = (ev: MouseEvent) => {
    if (!snap || !layout) return;
    const b = blockAt(...pointIn(canvas, ev, layout.width), snap.blocks, layout);
    const v = b === null ? null : snap.block[b];
    canvas.title =
      v && b !== null
        ? `block ${b}: ${v.valid} valid, ${v.invalid} invalid, ${v.erases} erases, ${v.role}${v.region === null ? '' : `, region ${v.region}`}`
        : '';
  };
  canvas.addEventListener('mousemove', onMove);

  return {
    update(next, nextPages, nextOwners) {
      owners = nextOwners;
      if (!snap || snap.blocks !== next.blocks || snap.pages_per_block !== next.pages_per_block) {
        layout = flashLayout(next.blocks, next.pages_per_block, width, maxHeight, labelPx ? labelPx * 4 : undefined);
        canvas.dataset.labelPx = labelPx ? String(Math.min(labelPx, Math.floor(layout.cell * 0.42))) : '';
        canvas.width = layout.width;
        canvas.height = Math.max(1, layout.height);
        fitCanvas(canvas, layout.width, Math.max(1, layout.height));
        image = ctx ? ctx.createImageData(layout.width, Math.max(1, layout.height)) : null;
      }
      snap = next;
      pages = nextPages;
      if (!raf) raf = requestAnimationFrame(draw);
    },
    destroy() {
      if (raf) cancelAnimationFrame(raf);
      canvas.removeEventListener('mousemove', onMove);
    },
  };
}
