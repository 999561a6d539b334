// Worker: the WASM core's instance, started once when the worker starts.

import init, { type InitOutput } from '../wasm-pkg/cachescope.js';

let instance: InitOutput | null = null;

/** Resolves once the core can be called. */
export const coreReady: Promise<InitOutput> = init().then((exports) => (instance = exports));

/** Bytes of the core's memory (the WASM heap): what the loaded traces cost the browser. */
export const heapBytes = (): number | undefined => instance?.memory.buffer.byteLength;
