// Tests (Node): the core's side of handing a trace over (share.ts): parts that do not describe a trace are
// refused with a message naming what is wrong, an error the worker reports, never a trap.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { initSync, WasmTrace } from '../wasm-pkg/cachescope.js';

initSync({ module: readFileSync(new URL('../wasm-pkg/cachescope_bg.wasm', import.meta.url)) });

describe('WasmTrace.from_parts', () => {
  it('builds the trace the parts describe', () => {
    const t = WasmTrace.from_parts(new Uint32Array([0, 1, 0 | (2 ** 31)]), new BigUint64Array([7n, 2n ** 60n]), false);
    expect([t.len(), t.distinct(), t.writes(), t.label(1), t.devices()]).toEqual([3, 2, 1, String(2n ** 60n), false]);
    t.free();
  });

  it('refuses damaged parts with what is wrong', () => {
    expect(() => WasmTrace.from_parts(new Uint32Array([0, 5]), new BigUint64Array([7n]), false)).toThrow(
      'request 2 names page 5, but the trace has 1 pages',
    );
    expect(() => WasmTrace.from_parts(new Uint32Array([0]), new BigUint64Array([7n, 7n]), false)).toThrow('pages 0 and 1 both have id 7');
    expect(() => WasmTrace.from_parts(new Uint32Array([0]), new BigUint64Array([0n]), false, new Uint8Array([97]))).toThrow(
      'key bytes and key ends come together',
    );
    expect(() =>
      WasmTrace.from_parts(new Uint32Array([0]), new BigUint64Array([0n]), false, new Uint8Array([97]), new Uint32Array([2])),
    ).toThrow('the keys end at byte 2 but 1 bytes were given');
  });
});
