import { useEffect, useRef } from 'react';
import { createFlashCanvas, type FlashCanvas } from './flashCanvas';
import type { FlashSnapshot } from '../core/explore';

const WIDTH = 760;
const MAX_HEIGHT = 560;

/** The flash grid (blocks × pages, erase heat on top of each block) and its state in words. */
export function FlashView({ snap, pages }: { snap: FlashSnapshot; pages: Uint8Array }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const view = useRef<FlashCanvas | null>(null);
  useEffect(() => {
    if (!canvasRef.current) return;
    view.current = createFlashCanvas(canvasRef.current, WIDTH, MAX_HEIGHT);
    return () => view.current?.destroy();
  }, []);
  useEffect(() => view.current?.update(snap, pages), [snap, pages]);

  let minE = Infinity;
  let maxE = 0;
  for (const b of snap.block) {
    minE = Math.min(minE, b.erases);
    maxE = Math.max(maxE, b.erases);
  }
  const regions = [...new Set(snap.block.flatMap((b) => (b.region === null ? [] : [b.region])))].sort((a, b) => a - b);
  return (
    <figure className="flash-grid">
      <figcaption>
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
    </figure>
  );
}
