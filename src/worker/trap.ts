// Worker: what the page says when the WebAssembly core traps. A trap is told in a user's
// words (what happened, what was done about it, what to do next); the engine's
// own words ("attempted to take ownership of Rust value while it was borrowed",
// "unreachable", …) mean nothing to a user and go to the console only.

/** The engine's words for a trap, or for a call into an instance that trapped before. */
const TRAP_WORDS = /while it was borrowed|recursive use of an object|memory access out of bounds|unreachable|Cannot allocate Wasm memory/i;

/** A WebAssembly trap, or what wasm-bindgen reports when called again after one: the instance is unusable. */
export function isTrap(e: unknown): boolean {
  if (e instanceof WebAssembly.RuntimeError) return true;
  const m = e instanceof Error ? e.message : '';
  return TRAP_WORDS.test(m);
}

const STOPPED = 'The simulation core stopped: most likely the browser ran out of memory for this';
const RUNNER = 'for traces this large use the runner (npm run sim), which has no such limit.';

/**
 * The message shown after a trap, when the worker is replaced (runs and loads);
 * `e` (the engine's error) goes to the console, never into the message.
 */
export function trapMessage(e: unknown): string {
  console.error('the simulation core trapped:', e);
  return `${STOPPED} trace or run (a tab gives the core at most 4 GB). It is being restarted with the last trace that loaded. Try a smaller trace, or fewer policies and cache sizes at once; ${RUNNER}`;
}

/** An error of the explorer (whose worker is not replaced) as a user reads it: a trap in a user's words. */
export function explorerErrorMessage(e: unknown): string {
  if (!isTrap(e)) return e instanceof Error ? e.message : String(e);
  console.error('the simulation core trapped:', e);
  return `${STOPPED} exploration. Reload the page to explore again, with a smaller trace or cache; ${RUNNER}`;
}
