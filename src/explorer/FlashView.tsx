// UI: the flash device’s view — blocks and pages on a canvas, with a text list for screen readers.

import { useEffect, useRef } from 'react';
import { createFlashCanvas, type FlashCanvas } from './flashCanvas';
import type { FlashSnapshot } from '../core/explore';

const WIDTH = 760;
const MAX_HEIGHT = 560;
/** On the stage, the words stand beside the grid in a column this wide. */
const STAGE_CAPTION = 320;

interface Props {
  snap: FlashSnapshot;
  pages: Uint8Array;
  owners?: Uint32Array;
  /** On the stage: the box the grid and its words share, and the label size. */
  stage?: { w: number; h: number; labelPx: number };
}

/** The flash grid (blocks × pages, erase heat on top of each block) and its state in words. */
export function FlashView({ snap, pages, owners, stage }: Props) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const view = useRef<FlashCanvas | null>(null);
  const width = stage ? Math.max(160, stage.w - STAGE_CAPTION - 16) : WIDTH;
  const height = stage ? Math.max(120, stage.h) : MAX_HEIGHT;
  const labelPx = stage?.labelPx;
  useEffect(() => {
    if (!canvasRef.current) return;
    view.current = createFlashCanvas(canvasRef.current, width, height, labelPx);
    return () => view.current?.destroy();
  }, [width, height, labelPx]);
  useEffect(() => view.current?.update(snap, pages, owners), [snap, pages, owners, width, height, labelPx]);

  let minE = Infinity;
  let maxE = 0;
  for (const b of snap.block) {
    minE = Math.min(minE, b.erases);
    maxE = Math.max(maxE, b.erases);
  }
  const regions = [...new Set(snap.block.flatMap((b) => (b.region === null ? [] : [b.region])))].sort((a, b) => a - b);
  return (
    <figure className={stage ? 'flash-grid staged' : 'flash-grid'}>
      <figcaption style={stage ? { width: STAGE_CAPTION } : undefined}>
        <strong>
          Flash · {snap.ftl} FTL · {snap.gc} cleaning
        </strong>
        <ul aria-label="Flash state" className="flash-state">
          <li>
            {snap.blocks.toLocaleString('en')} blocks × {snap.pages_per_block} pages · {snap.free_blocks} free blocks
          </li>
          <li>write points: {snap.write_points.length ? snap.write_points.map((b) => `block ${b}`).join(', ') : 'none'}</li>
          <li>
            {snap.victim === null ? 'no cleaning in this step' : `GC victim: block ${snap.victim} (${snap.copies.length} pages copied)`}
          </li>
          <li>
            erase counts: {minE === Infinity ? 0 : minE} to {maxE}
          </li>
          {regions.length > 1 && <li>DAC regions in use: {regions.join(', ')} (stripe at each block's left)</li>}
          {snap.selected && (
            <li>
              page {snap.selected.lpn}:{' '}
              {snap.selected.block === null ? 'never written' : `block ${snap.selected.block}, page ${snap.selected.offset}`}
            </li>
          )}
        </ul>
        <p className="hint">
          Pages: grey free, blue valid, orange invalid; magenta copied by GC. Strip over each block: erase count (dark few → yellow many).
          Green frame: write point; red frame: GC victim.
        </p>
      </figcaption>
      <canvas ref={canvasRef} role="img" aria-label={`Flash grid: ${snap.blocks} blocks of ${snap.pages_per_block} pages`} />
      {owners && snap.blocks <= BLOCKS_LISTED && <BlockList snap={snap} pages={pages} owners={owners} />}
    </figure>
  );
}

/** Devices up to this many blocks list their blocks' pages for assistive technology (and tests). */
const BLOCKS_LISTED = 64;
const NONE = 0xffff_ffff;

/** Each block's pages in words: the logical pages it holds, stale copies, free pages. */
export function blockItems(snap: FlashSnapshot, pages: Uint8Array, owners: Uint32Array): string[] {
  const ppb = snap.pages_per_block;
  return snap.block.map((b, i) => {
    const parts: string[] = [];
    let free = 0;
    for (let k = i * ppb; k < (i + 1) * ppb; k++) {
      if (pages[k] === 0 || owners[k] === NONE) free++;
      else parts.push(pages[k] === 1 ? `page ${owners[k]}` : `stale copy of page ${owners[k]}`);
    }
    if (free) parts.push(`${free} free`);
    const role = b.role ? ` (${b.role})` : '';
    return `Block ${i}${role}: ${parts.join(', ')}`;
  });
}

function BlockList({ snap, pages, owners }: { snap: FlashSnapshot; pages: Uint8Array; owners: Uint32Array }) {
  return (
    <ul aria-label="Flash blocks" className="visually-hidden">
      {blockItems(snap, pages, owners).map((t, i) => (
        <li key={i}>{t}</li>
      ))}
    </ul>
  );
}
