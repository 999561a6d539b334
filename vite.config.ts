import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

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

export default defineConfig({
  plugins: [react(), longLinks],
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
