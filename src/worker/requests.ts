// Worker: the trace's packed requests read back — the dense page id in the low
// 31 bits, bit 31 set for a write — and a request as people read it.

import type { WasmTrace } from '../wasm-pkg/cachescope.js';

const WRITE_BIT = 0x8000_0000;

export const pageOf = (packed: number): number => packed & 0x7fff_ffff;
export const isWrite = (packed: number): boolean => (packed & WRITE_BIT) !== 0;

/** Request `t` (from 0): its page as the trace names it, and whether it writes. */
export function requestAt(trace: WasmTrace, t: number): { page: string; write: boolean } {
  const r = trace.requests(t, t + 1)[0];
  return { page: trace.label(pageOf(r)), write: isWrite(r) };
}
