// Worker: a request of the trace as people read it — its page as the trace
// names it, and whether it writes — taken apart by the core (`unpacked`).

import type { WasmTrace } from './instance';

/** Request `t` (from 0): its page as the trace names it, and whether it writes. */
export function requestAt(trace: WasmTrace, t: number): { page: string; write: boolean } {
  const r = trace.unpacked(t, t + 1);
  try {
    return { page: trace.label(r.pages()[0]), write: r.writes()[0] === 1 };
  } finally {
    r.free();
  }
}
