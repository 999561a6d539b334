// Worker: a loaded trace handed to another worker of the pool as its parts —
// copied out of this core's memory once, moved (not copied) across threads, and
// built into the other core — so a helper neither reads nor parses the file.

import type { TraceParts } from '../protocol/messages';
import { heapBuffer, WasmTrace } from './instance';

/**
 * Copies the parts out through views of the core's memory: asking the core for
 * arrays would first copy them inside the WASM heap, which never shrinks.
 */
export function partsOf(t: WasmTrace): TraceParts {
  const heap = heapBuffer();
  const keyBytes = t.key_bytes_ptr();
  const keyEnds = t.key_ends_ptr();
  const times = t.times_ptr();
  return {
    reqs: new Uint32Array(heap, t.reqs_ptr(), t.len()).slice(),
    ids: new BigUint64Array(heap, t.ids_ptr(), t.distinct()).slice(),
    devices: t.devices(),
    ...(keyBytes !== undefined && keyEnds !== undefined
      ? {
          keys: {
            bytes: new Uint8Array(heap, keyBytes, t.key_bytes_len()).slice(),
            ends: new Uint32Array(heap, keyEnds, t.distinct()).slice(),
          },
        }
      : {}),
    ...(times !== undefined ? { times: new Float64Array(heap, times, t.len()).slice() } : {}),
  };
}

/** The trace the parts describe, checked by the core (a damaged copy is an error naming what is wrong). */
export function traceOfParts(p: TraceParts): WasmTrace {
  return WasmTrace.from_parts(p.reqs, p.ids, p.devices, p.keys?.bytes, p.keys?.ends, p.times);
}
