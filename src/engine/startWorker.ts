// UI: how the page starts a simulation worker: a module worker from the worker's own file, which
// Vite bundles beside the page. The notebook widget's build (vite.widget.config.ts) puts
// src/widget/inlineWorker.ts in this file's place: its module has no files beside it.

export function newWorker(): Worker {
  return new Worker(new URL('../worker/sim.worker.ts', import.meta.url), { type: 'module' });
}
