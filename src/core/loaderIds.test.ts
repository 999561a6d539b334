// The WASM loader keeps every page's identity: adversarial id sequences (a large id before the
// loader's direct array grows over it, ids around 2^31, 2^32, 2^53 and 2^63, random 64-bit ids,
// descending ids, an id repeated across every growth point) fed in chunks of every size give the
// distinct count and LRU and OPT hits of a plain model over the ids as strings; the after-cache
// stream and labels keep ids ≥ 2^53 exact. The native loader has the same property test
// (wasm-core/sim/tests/loader_ids.rs).

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { initSync, WasmLoader, WasmSession, type WasmTrace } from '../wasm-pkg/cachescope.js';

initSync({ module: readFileSync(new URL('../wasm-pkg/cachescope_bg.wasm', import.meta.url)) });

function load(text: string, chunk: number): WasmTrace {
  const bytes = new TextEncoder().encode(text);
  const l = new WasmLoader('ids.txt', JSON.stringify({ format: 'plain' }));
  for (let i = 0; i < bytes.length; i += chunk) l.feed(bytes.subarray(i, i + chunk));
  const loaded = l.finish();
  const t = loaded.take_trace();
  loaded.free();
  return t;
}

function hits(t: WasmTrace, policy: string, frames: number): number {
  const s = new WasmSession(t, policy, frames, '', '');
  while (!s.done()) s.advance(1 << 16);
  const r = s.finish();
  const h = (JSON.parse(r.metrics()) as { hits: number }).hits;
  r.free();
  return h;
}

/** LRU over ids as strings: a Map keeps insertion order, so its first key is the least recent. */
function modelLru(ids: string[], frames: number): number {
  const m = new Map<string, true>();
  let h = 0;
  for (const id of ids) {
    if (m.delete(id)) h++;
    else if (m.size === frames) m.delete(m.keys().next().value!);
    m.set(id, true);
  }
  return h;
}

/** Belady's OPT: the resident page used furthest ahead leaves (a scan is fine at these sizes). */
function modelOpt(ids: string[], frames: number): number {
  const next = new Array<number>(ids.length);
  const seen = new Map<string, number>();
  for (let t = ids.length - 1; t >= 0; t--) {
    next[t] = seen.get(ids[t]) ?? Infinity;
    seen.set(ids[t], t);
  }
  const res = new Map<string, number>();
  let h = 0;
  ids.forEach((id, t) => {
    if (res.has(id)) h++;
    else if (res.size === frames) {
      let victim = '';
      let far = -1;
      for (const [k, n] of res)
        if (n > far) {
          far = n;
          victim = k;
        }
      res.delete(victim);
    }
    res.set(id, next[t]);
  });
  return h;
}

const u64 = fc.bigInt({ min: 0n, max: 2n ** 64n - 1n });
const around = (base: bigint) => fc.integer({ min: -7, max: 7 }).map((d) => (base + BigInt(d) + 2n ** 64n) % 2n ** 64n);
const logUniform = (bits: number) => fc.integer({ min: 0, max: bits - 1 }).chain((b) => fc.integer({ min: 2 ** b, max: 2 ** (b + 1) - 1 }));
const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => BigInt(from + i));

const segment: fc.Arbitrary<bigint[]> = fc.oneof(
  fc.tuple(logUniform(23), fc.integer({ min: 1, max: 30_000 })).map(([big, n]) => [BigInt(big), ...range(1, n), BigInt(big)]),
  fc.array(fc.oneof(around(2n ** 31n), around(2n ** 32n), around(2n ** 53n), around(2n ** 63n), around(2n ** 64n - 1n)), {
    minLength: 1,
    maxLength: 40,
  }),
  fc.array(u64, { minLength: 1, maxLength: 100 }),
  fc
    .tuple(logUniform(24), fc.integer({ min: 1, max: 15_000 }))
    .map(([top, n]) => Array.from({ length: n }, (_, i) => BigInt(Math.max(0, top - i)))),
  fc
    .tuple(logUniform(24), fc.integer({ min: 1, max: 64 }), fc.integer({ min: 1, max: 30_000 }))
    .map(([x, gap, n]) => range(0, n).flatMap((i) => (Number(i) % gap === 0 ? [BigInt(x), i] : [i]))),
);

describe('the WASM loader', () => {
  it('keeps every id one page, whatever the chunks', () => {
    fc.assert(
      fc.property(
        fc.array(segment, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 70_000 }),
        fc.integer({ min: 1, max: 300 }),
        (segments, chunk, frames) => {
          const ids = segments.flat().map(String);
          const t = load(ids.join('\n') + '\n', chunk);
          try {
            expect(t.len()).toBe(ids.length);
            expect(t.distinct()).toBe(new Set(ids).size);
            expect(hits(t, 'lru', frames)).toBe(modelLru(ids, frames));
            expect(hits(t, 'opt', frames)).toBe(modelOpt(ids, frames));
          } finally {
            t.free();
          }
        },
      ),
      { numRuns: 40 },
    );
    // Up to 90,000 requests a case through the loader and two models: seconds on a busy machine.
  }, 120_000);

  it('loads every chunk size of a small trace alike', () => {
    const ids = ['100000', ...range(1, 300).map(String), '100000', '18446744073709551615', '9007199254740993', '9007199254740992'];
    const text = ids.join('\n') + '\n';
    for (let chunk = 1; chunk <= text.length; chunk++) {
      const t = load(text, chunk);
      expect([t.distinct(), hits(t, 'lru', 1000)]).toEqual([304, 1]);
      t.free();
    }
  });

  it('exports the after-cache stream and labels with ids ≥ 2^53 exact', () => {
    const ids = ['9007199254740993', '9007199254740995', '18446744073709551615', '18446744073709551614', '9007199254740993'];
    const t = load(ids.map((id, i) => `${id} ${i % 2 ? 'W' : 'R'}`).join('\n'), 7);
    expect([0, 1, 2, 3].map((d) => t.label(d))).toEqual(ids.slice(0, 4));
    const packed = new Uint32Array([0, 1 | 0x80000000, 2, 3 | 0x80000000]);
    expect(new TextDecoder().decode(t.plain_text(packed, 'after-cache\nstream'))).toBe(
      '# after-cache stream\n9007199254740993 R\n9007199254740995 W\n18446744073709551615 R\n18446744073709551614 W\n',
    );
    t.free();
  });
});
