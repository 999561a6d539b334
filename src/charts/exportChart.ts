// UI: charts as standalone files: the SVG with its styles inlined (the page's CSS
// does not travel), and a PNG rendered from that SVG at twice the size for slides.

const STYLE = `svg{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:13px;background:#fff}
.axis-label{font-size:14px;fill:#333}.tick text{font-size:13px}text{fill:#1b1f24}`;

/** Height added above an exported chart for its title. */
const TITLE = 30;

/** Self-contained SVG markup of a chart, with `title` above it when given (a slide needs it). */
export function svgMarkup(svg: SVGSVGElement, title?: string, provenance?: string): string {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const [, , w, h0] = (svg.getAttribute('viewBox') ?? '0 0 760 340').split(/\s+/).map(Number);
  const ns = 'http://www.w3.org/2000/svg';
  const h = title ? h0 + TITLE : h0;
  if (title) {
    const g = document.createElementNS(ns, 'g');
    g.setAttribute('transform', `translate(0,${TITLE})`);
    while (clone.firstChild) g.appendChild(clone.firstChild);
    clone.appendChild(g);
    const t = document.createElementNS(ns, 'text');
    t.setAttribute('x', '10');
    t.setAttribute('y', '21');
    t.setAttribute('font-size', '16');
    t.setAttribute('font-weight', '600');
    t.textContent = title;
    clone.appendChild(t);
    clone.setAttribute('viewBox', `0 0 ${w} ${h}`);
  }
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', String(w));
  clone.setAttribute('height', String(h));
  clone.removeAttribute('class');
  const style = document.createElementNS(ns, 'style');
  style.textContent = STYLE;
  const bg = document.createElementNS(ns, 'rect');
  bg.setAttribute('width', '100%');
  bg.setAttribute('height', '100%');
  bg.setAttribute('fill', '#fff');
  clone.insertBefore(bg, clone.firstChild);
  clone.insertBefore(style, clone.firstChild);
  if (provenance) {
    const meta = document.createElementNS(ns, 'desc');
    meta.textContent = provenance;
    clone.insertBefore(meta, clone.firstChild);
  }
  return new XMLSerializer().serializeToString(clone);
}

/** PNG of SVG markup, `scale` times the chart's own size. */
export async function svgToPng(markup: string, scale = 2): Promise<Blob> {
  const m = /width="(\d+(?:\.\d+)?)"[^>]*height="(\d+(?:\.\d+)?)"/.exec(markup);
  const w = m ? Number(m[1]) : 760;
  const h = m ? Number(m[2]) : 340;
  const url = URL.createObjectURL(new Blob([markup], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    await new Promise<void>((resolve, reject) => {
      img.onload = () => resolve();
      img.onerror = () => reject(new Error('the chart could not be rendered as an image'));
      img.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(w * scale);
    canvas.height = Math.round(h * scale);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2D canvas in this browser');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}
