// Worker: the loaded trace, which runs, curves and the explorer read. A new
// trace replaces it only once it has loaded; the explorer's session, which
// borrows it, goes with it.

import type { WasmTrace } from './instance';
import type { TraceSource } from '../protocol/messages';
import { closeExplorer } from './explore';

let trace: WasmTrace | null = null;
/** What the loaded trace was made from: to make it again in another build of the core (userCode.ts). */
let source: TraceSource | null = null;

export const currentTrace = (): WasmTrace | null => trace;
export const currentSource = (): TraceSource | null => source;

/** The loaded trace, or an error saying what needs one. */
export function loadedTrace(before: string): WasmTrace {
  if (!trace) throw new Error(`load a trace before ${before}`);
  return trace;
}

/** Makes `t` (made from `from`) the loaded trace; the previous one (and the explorer session borrowing it) goes only now. */
export function replaceTrace(t: WasmTrace | null, from: TraceSource | null = null): void {
  closeExplorer();
  trace?.free();
  trace = t;
  source = t ? from : null;
}
