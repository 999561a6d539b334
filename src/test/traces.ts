// Tests (Node): small traces for tests that drive the WASM core (call after `initSync`).

import { WasmLoader, type WasmTrace } from '../wasm-pkg/cachescope.js';

/** The textbook reference string (Silberschatz et al.), as a hand-written link gives it. */
export const BOOK = '7,0,1,2,0,3,0,4,2,3,0,3,2,1,2,0,1,7,0,1';

/** A plain trace of `pages`, one request each, read by the core's loader. */
export function plainTrace(pages: string[]): WasmTrace {
  const loader = new WasmLoader('book.txt', JSON.stringify({ format: 'plain', page_size: 4096, strict: true, csv: null }));
  loader.feed(new TextEncoder().encode(pages.join('\n') + '\n'));
  const loaded = loader.finish();
  const t = loaded.take_trace();
  loaded.free();
  return t;
}
