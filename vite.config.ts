import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

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

export default defineConfig({
  plugins: [react()],
  // Relative asset paths: the built site works from any directory of any host.
  base: './',
  worker: { format: 'es' },
  build: { target: 'es2022', chunkSizeWarningLimit: 1500 },
  server: { port: 5173 },
  preview: { port: 4173, strictPort: true, host: '127.0.0.1', headers: { 'Content-Security-Policy': CSP } },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
  },
});
