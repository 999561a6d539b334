// Worker: the loaded trace, which runs, curves and the explorer read. A new
// trace replaces it only once it has loaded; the explorer's session, which
// borrows it, goes with it.

import type { WasmTrace } from '../wasm-pkg/cachescope.js';
import { closeExplorer } from './explore';

let trace: WasmTrace | null = null;

export const currentTrace = (): WasmTrace | null => trace;

/** The loaded trace, or an error saying what needs one. */
export function loadedTrace(before: string): WasmTrace {
  if (!trace) throw new Error(`load a trace before ${before}`);
  return trace;
}

/** Makes `t` the loaded trace; the previous one (and the explorer session borrowing it) goes only now. */
export function replaceTrace(t: WasmTrace | null): void {
  closeExplorer();
  trace?.free();
  trace = t;
}
