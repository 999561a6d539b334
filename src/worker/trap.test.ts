import { describe, expect, it, vi } from 'vitest';
import { explorerErrorMessage, isTrap, trapMessage } from './trap';

/** What engines and wasm-bindgen say on a trap: none of it may reach a user. */
const ENGINE_WORDS = [
  'attempted to take ownership of Rust value while it was borrowed',
  'recursive use of an object detected which would lead to unsafe aliasing in rust',
  'memory access out of bounds',
  'unreachable',
  'unreachable executed',
  'Out of memory: Cannot allocate Wasm memory for new instance',
];

describe('trap messages', () => {
  it('recognises the engine errors of a trap, and no others', () => {
    for (const w of ENGINE_WORDS) expect(isTrap(new Error(w)), w).toBe(true);
    expect(isTrap(new WebAssembly.RuntimeError('anything'))).toBe(true);
    expect(isTrap(new Error('plain.txt holds no requests: only blank lines and comments'))).toBe(false);
    expect(isTrap(new Error('cancelled'))).toBe(false);
  });

  it("says what happened and what to do in a user's words, never the engine's", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const w of ENGINE_WORDS) {
      for (const e of [new Error(w), new WebAssembly.RuntimeError(w), w]) {
        const m = trapMessage(e);
        expect(m).toMatch(/^The simulation core stopped/);
        expect(m).toContain('restarted with the last trace that loaded');
        expect(m).toContain('npm run sim');
        if (typeof e !== 'string') {
          const x = explorerErrorMessage(e);
          expect(x).toMatch(/^The simulation core stopped: most likely the browser ran out of memory for this exploration/);
          expect(x).toContain('Reload the page');
          expect(x, x).not.toMatch(/Rust|borrow|unreachable|out of bounds|Wasm/);
        }
        for (const internal of [
          'Rust',
          'borrow',
          'ownership',
          'unreachable',
          'aliasing',
          'out of bounds',
          'Wasm',
          'RuntimeError',
          'instance',
        ])
          expect(m, `${w} → ${m}`).not.toContain(internal);
      }
    }
    expect(trapMessage(new Error(ENGINE_WORDS[0]))).toContain('ran out of memory for this trace or run');
    // Other errors of the explorer are passed on as they are.
    expect(explorerErrorMessage(new Error('page 9 is not in the trace'))).toBe('page 9 is not in the trace');
  });
});
