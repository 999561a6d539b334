// UI: the notebook widget's simulation worker (in src/engine/startWorker.ts's place, see
// vite.widget.config.ts): the worker's code and the WASM core inside the widget's module, started
// from a Blob URL, so the core runs off the notebook's UI thread with nothing fetched.
import InlineWorker from '../worker/sim.worker.ts?worker&inline';

export function newWorker(): Worker {
  return new InlineWorker();
}
