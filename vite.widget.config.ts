// The notebook widget's front end (`cachescope.explore`): the app's explorer and its worker as one
// ES module that anywidget loads from the Python package. Library mode inlines every asset (the
// WASM core as base64) and the worker comes inline too (`?worker&inline`, in place of
// src/engine/startWorker.ts), so the module reaches
// for nothing beside itself: anywidget loads it from a Blob URL, where relative paths lead nowhere.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  plugins: [react()],
  // React and the stores read NODE_ENV; library mode leaves it to the host, which a notebook does not set.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  resolve: {
    alias: [
      // The worker starts from a Blob URL of its code, inside the module (inlineWorker.ts).
      { find: /^\.\/startWorker$/, replacement: here('src/widget/inlineWorker.ts') },
      // Policies written in JavaScript stay in the app: the widget's worker carries the plain core only.
      { find: /^\.\.\/wasm-pkg-js\/cachescope_js\.js$/, replacement: here('src/widget/noJsEngine.ts') },
    ],
  },
  worker: { format: 'es', rolldownOptions: { output: { codeSplitting: false } } },
  build: {
    target: 'es2022',
    outDir: 'python/cachescope/widget',
    emptyOutDir: true,
    copyPublicDir: false,
    reportCompressedSize: false,
    lib: { entry: here('src/widget/explore.tsx'), formats: ['es'], fileName: () => 'explore.js' },
    rolldownOptions: { output: { codeSplitting: false } },
  },
});
