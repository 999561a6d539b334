// UI: saving the explorer’s current drawing as a picture.

import { useApp } from '../state/store';
import { selectTrace } from '../state/selectors';
import { policyLabel } from '../core/catalog';
import { download, slug } from '../components/download';
import type { ExploreFrame } from '../core/explore';

/**
 * The Explore drawing as one PNG for a slide: a title (trace, policy or device,
 * step) over every ring, list and grid on screen, at twice their size.
 */
export async function explorePng(frame: ExploreFrame, source: string, root: HTMLElement): Promise<Blob> {
  const canvases = [...root.querySelectorAll('canvas')].filter((c) => c.width > 0 && c.height > 0);
  const scale = 2;
  const title =
    `${source} · ${frame.flash ? `flash ${frame.flash.ftl}, ${frame.flash.blocks}×${frame.flash.pages_per_block}` : `${policyLabel(frame.snapshot.policy)}, ${frame.snapshot.capacity} frames`}` +
    ` · step ${frame.position} of ${frame.total}`;
  const sizes = canvases.map((c) => {
    const r = c.getBoundingClientRect();
    return [Math.round(r.width * scale), Math.round(r.height * scale)] as const;
  });
  const head = 40 * scale;
  const out = document.createElement('canvas');
  out.width = Math.max(600 * scale, ...sizes.map(([w]) => w));
  out.height = head + sizes.reduce((a, [, h]) => a + h + 10 * scale, 0);
  const ctx = out.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas in this browser');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.fillStyle = '#1b1f24';
  ctx.font = `600 ${18 * scale}px system-ui, sans-serif`;
  ctx.fillText(title, 10 * scale, 27 * scale);
  let y = head;
  canvases.forEach((c, i) => {
    ctx.drawImage(c, 0, y, sizes[i][0], sizes[i][1]);
    y += sizes[i][1] + 10 * scale;
  });
  return new Promise<Blob>((resolve, reject) =>
    out.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'),
  );
}

/** A button that downloads the current Explore picture. */
export function ExplorePictureButton({ frame, root }: { frame: ExploreFrame; root: () => HTMLElement | null }) {
  const trace = useApp(selectTrace);
  return (
    <button
      type="button"
      className="small picture"
      onClick={() => {
        const el = root();
        if (!el) return;
        void explorePng(frame, trace?.source ?? 'trace', el).then((png) =>
          download(`${slug(`${frame.snapshot.policy}-step-${frame.position}`)}.png`, png),
        );
      }}
    >
      Download picture (PNG)
    </button>
  );
}
