// Worker: the WASM core this worker runs. It starts with the plain build (src/wasm-pkg, what
// the first page load fetches); the first request that carries a user's policy switches it to
// the build with the JavaScript engine (src/wasm-pkg-js: the same core and QuickJS-ng, fetched
// only then). Worker files take the core's classes and functions from here: the bindings are
// live, so after the switch they are the new build's. Objects of the old build (a loaded trace)
// must not meet the new one's: the worker frees them and loads the trace again (sim.worker.ts).

import initPlain, * as plain from '../wasm-pkg/cachescope.js';
import type * as JsBuild from '../wasm-pkg-js/cachescope_js.js';

export type WasmAnalyzer = plain.WasmAnalyzer;
export type WasmCurvePlan = plain.WasmCurvePlan;
export type WasmFlashRun = plain.WasmFlashRun;
export type WasmFlashSession = plain.WasmFlashSession;
export type WasmGenerator = plain.WasmGenerator;
export type WasmLoader = plain.WasmLoader;
export type WasmRequests = plain.WasmRequests;
export type WasmResult = plain.WasmResult;
export type WasmSession = plain.WasmSession;
export type WasmSha256 = plain.WasmSha256;
export type WasmTrace = plain.WasmTrace;

// Each class is a value (a live binding) and a type of the same name.
export let WasmAnalyzer = plain.WasmAnalyzer;
export let WasmCurvePlan = plain.WasmCurvePlan;
export let WasmFlashRun = plain.WasmFlashRun;
export let WasmFlashSession = plain.WasmFlashSession;
export let WasmGenerator = plain.WasmGenerator;
export let WasmLoader = plain.WasmLoader;
export let WasmSession = plain.WasmSession;
export let WasmSha256 = plain.WasmSha256;
export let WasmTrace = plain.WasmTrace;
export let block_mismatches = plain.block_mismatches;
export let block_of_label = plain.block_of_label;
export let core_version = plain.core_version;
export let debug_trap = plain.debug_trap;
export let flash_run = plain.flash_run;
export let parse_frames = plain.parse_frames;
export let parse_link = plain.parse_link;
export let policy_pages_per_block = plain.policy_pages_per_block;
export let reproduce_cell = plain.reproduce_cell;
export let reproduce_check = plain.reproduce_check;
export let run_without_cache = plain.run_without_cache;
export let warmup_requests = plain.warmup_requests;

let memory: WebAssembly.Memory | null = null;
let js: typeof JsBuild | null = null;

/** Starts the plain build (once, when the worker starts). */
export async function startCore(): Promise<void> {
  memory = (await initPlain()).memory;
}

/** Bytes of the running build's memory (the WASM heap): what the loaded traces cost the browser. */
export const heapBytes = (): number | undefined => memory?.buffer.byteLength;

/** Whether this worker runs the build with the JavaScript engine. */
export const hasJsEngine = (): boolean => js !== null;

/**
 * Switches to the build with the JavaScript engine: fetched, compiled and started here, then
 * every binding above points into it. Objects made by the plain build stay valid in it (and must be freed there).
 */
export async function startJsEngine(): Promise<void> {
  if (js) return;
  const m = await import('../wasm-pkg-js/cachescope_js.js');
  memory = (await m.default()).memory;
  js = m;
  // The two builds come from one Rust source (the second with the `js` feature): the same classes.
  const same = m as unknown as typeof plain;
  WasmAnalyzer = same.WasmAnalyzer;
  WasmCurvePlan = same.WasmCurvePlan;
  WasmFlashRun = same.WasmFlashRun;
  WasmFlashSession = same.WasmFlashSession;
  WasmGenerator = same.WasmGenerator;
  WasmLoader = same.WasmLoader;
  WasmSession = same.WasmSession;
  WasmSha256 = same.WasmSha256;
  WasmTrace = same.WasmTrace;
  block_mismatches = same.block_mismatches;
  block_of_label = same.block_of_label;
  core_version = same.core_version;
  debug_trap = same.debug_trap;
  flash_run = same.flash_run;
  parse_frames = same.parse_frames;
  parse_link = same.parse_link;
  policy_pages_per_block = same.policy_pages_per_block;
  reproduce_cell = same.reproduce_cell;
  reproduce_check = same.reproduce_check;
  run_without_cache = same.run_without_cache;
  warmup_requests = same.warmup_requests;
}

/** The JavaScript engine's exports (`define_js`, `check`); only after `startJsEngine`. */
export function jsEngine(): typeof JsBuild {
  if (!js) throw new Error('the JavaScript engine is not loaded in this worker');
  return js;
}

/** The running build's memory, to copy a trace's parts out of it through views (share.ts). */
export function heapBuffer(): ArrayBuffer {
  if (!memory) throw new Error('the simulation core has not started');
  return memory.buffer;
}
