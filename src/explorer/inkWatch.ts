// UI: tells a drawing when the page's ink changes — a theme chosen in the header, the system's
// light/dark scheme (the "system" theme follows it), presentation mode's text size — so that
// canvases, which copy colours when they draw, redraw at once instead of at the next step.

/** Calls `redraw` after each change of the page's colours or text size; returns the unsubscribe. */
export function onInkChange(redraw: () => void): () => void {
  if (typeof document === 'undefined' || typeof MutationObserver === 'undefined') return () => undefined;
  // The theme is the root's data-theme, presentation mode its class.
  const watch = new MutationObserver(redraw);
  watch.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'class'] });
  const scheme = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
  scheme?.addEventListener('change', redraw);
  return () => {
    watch.disconnect();
    scheme?.removeEventListener('change', redraw);
  };
}

/** A CSS colour as `#rgb` or `#rrggbb` → RGB (anything else: `fallback`). */
export function rgbOfCss(colour: string, fallback: [number, number, number]): [number, number, number] {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim());
  if (!m) return fallback;
  const hex = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  const v = parseInt(hex, 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** White text while it keeps WCAG's 3:1 for large text on a cell of `rgb`, else near-black (light cells, faded ghosts). */
export function textOn(rgb: readonly [number, number, number]): string {
  const lin = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  const l = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2];
  return 1.05 / (l + 0.05) >= 3 ? '#ffffff' : '#1b1f24';
}

/** `fg` over `bg` at `alpha`, as RGB (a faded cell as it shows on the page). */
export function blend(fg: readonly number[], bg: readonly number[], alpha: number): [number, number, number] {
  return [0, 1, 2].map((k) => Math.round(bg[k] + (fg[k] - bg[k]) * alpha)) as [number, number, number];
}
