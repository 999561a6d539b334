// UI: canvases keep their drawing size on wide screens and shrink with the page on
// narrow ones (never wider than their column); clicks are mapped back to
// drawing coordinates.

/** Sizes `canvas` to draw `width` × `height` CSS pixels, shrinking to fit its container. */
export function fitCanvas(canvas: HTMLCanvasElement, width: number, height: number): void {
  canvas.style.width = '100%';
  canvas.style.maxWidth = `${width}px`;
  canvas.style.height = 'auto';
  canvas.style.aspectRatio = `${width} / ${height}`;
}

/** A pointer event's position in the drawing's coordinates (`width` CSS pixels wide). */
export function pointIn(canvas: HTMLCanvasElement, ev: MouseEvent, width: number): [number, number] {
  const r = canvas.getBoundingClientRect();
  const k = r.width > 0 ? width / r.width : 1;
  return [(ev.clientX - r.left) * k, (ev.clientY - r.top) * k];
}
