import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The Content-Security-Policy the built app needs, and the one the preview
 * server sends (README: hosting). WASM needs 'wasm-unsafe-eval'; chart
 * downloads need blob: and data: images; nothing else is loaded from anywhere.
 */
export const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self'",
  "style-src 'self'",
  "img-src 'self' blob: data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * A hand-written link may carry a 64 KiB trace (percent-encoded, up to three times that): Node
 * answers requests whose headers pass 16 KiB with HTTP 431 and a blank page, so the development
 * and preview servers read up to 512 KiB. (Node reads the server's `maxHeaderSize` per connection.)
 */
const LINK_HEADERS = 512 * 1024;
const longLinks: Plugin = {
  name: 'cachescope-long-links',
  configureServer: (s) => void (s.httpServer && Object.assign(s.httpServer, { maxHeaderSize: LINK_HEADERS })),
  configurePreviewServer: (s) => void Object.assign(s.httpServer, { maxHeaderSize: LINK_HEADERS }),
};

/**
 * Offline after one visit: a Workbox service worker precaches the built app and the core (HTML,
 * JS, CSS, the WASM core, icons), registered by a script file (`registerSW.js`, no inline script:
 * the CSP is unchanged). The JavaScript engine's build and the code editor, which the first load
 * does not fetch either, are cached when first used. Only `vite build` makes a service worker:
 * the development server has none (`devOptions` off).
 */
const offline = VitePWA({
  registerType: 'autoUpdate',
  injectRegister: 'script',
  devOptions: { enabled: false },
  includeAssets: ['favicon.svg'],
  manifest: {
    name: 'cachescope — page replacement and flash explorer',
    short_name: 'cachescope',
    description: 'Page replacement and flash translation, step by step.',
    start_url: './',
    scope: './',
    display: 'standalone',
    background_color: '#f7f8fa',
    theme_color: '#0072b2',
    icons: [
      { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: 'icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,wasm,svg,png}'],
    globIgnores: ['**/OwnView-*', '**/cachescope_js*'],
    maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
    // The page of the first visit is served offline too once the worker is installed.
    clientsClaim: true,
    skipWaiting: true,
    // A link (`?trace=…`, `#v2=…`) opens offline: every navigation gets the app's page.
    navigateFallback: 'index.html',
    runtimeCaching: [
      {
        urlPattern: ({ url }) => /\/assets\/(OwnView|cachescope_js)[-.]/.test(url.pathname),
        handler: 'CacheFirst',
        options: { cacheName: 'cachescope-on-first-use' },
      },
    ],
  },
});

export default defineConfig({
  plugins: [react(), longLinks, offline],
  // Relative asset paths: the built site works from any directory of any host.
  base: './',
  worker: { format: 'es' },
  build: { target: 'es2022', chunkSizeWarningLimit: 1500 },
  server: { port: 5173 },
  // The editor's packages are imported only by the lazily loaded "Your policy" tab: pre-bundled at
  // start, or the development server would find them on first use and reload the page.
  optimizeDeps: {
    include: [
      '@codemirror/view',
      '@codemirror/state',
      '@codemirror/language',
      '@codemirror/lang-javascript',
      '@codemirror/commands',
      '@lezer/highlight',
    ],
  },
  preview: { port: 4173, strictPort: true, host: '127.0.0.1', headers: { 'Content-Security-Policy': CSP } },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
  },
});
