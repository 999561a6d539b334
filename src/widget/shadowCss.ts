// UI: the app's style sheet adapted to the notebook widget's shadow root.

/**
 * The app's CSS for a shadow root: what it sets on the page (`:root`'s colours and font, `body`)
 * it sets on the widget's host and its box instead, so the notebook around it keeps its own look.
 * Rules for the page's dark theme switch (`:root[data-theme=…]`) no longer match: the widget keeps
 * the light colours, which read the same on a light or a dark notebook because it paints its own background.
 */
export function shadowCss(css: string): string {
  return css.replace(/:root\b/g, ':host').replace(/^body\b/gm, '.cs-widget');
}
