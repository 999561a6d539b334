// The same configuration must give the same numbers in the browser's WASM core
// and in the native runner: same generated trace, same policies, same results.
// Also checks that the catalogue the UI reads is the WASM module's own, and that
// the core's outputs parse with the schemas generated types check.

import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { catalog, initSync, WasmSession, WasmTrace } from '../wasm-pkg/cachescope.js';
import { CATALOG } from './catalog';
import type { GenConfig, Metrics } from './types';
import { parseCore, parseStep, SnapshotSchema } from './schemas';
import { RUNNER as runner } from '../test/runner';

initSync({ module: readFileSync(new URL('../wasm-pkg/cachescope_bg.wasm', import.meta.url)) });

const CONFIGS: GenConfig[] = [
  { seed: 7, phases: [{ workload: { kind: 'zipf', pages: 2000, alpha: 0.9 }, length: 30_000, write_fraction: 0.3 }] },
  {
    seed: 3,
    phases: [
      { workload: { kind: 'hot-cold', pages: 1000, hot_access: 0.9, hot_pages: 0.1 }, length: 10_000, write_fraction: 0.5 },
      { workload: { kind: 'loop', pages: 150 }, length: 5_000, write_fraction: 0 },
    ],
  },
];

function wasmRun(trace: WasmTrace, policy: string, frames: number): Metrics {
  const s = new WasmSession(trace, policy, frames, '', JSON.stringify({ buckets: 10 }));
  while (!s.done()) s.advance(7_777);
  const r = s.finish();
  const m = JSON.parse(r.metrics()) as Metrics;
  r.free();
  return m;
}

describe('WASM core', () => {
  const registry = CATALOG.policies;

  it('serves the UI the catalogue the WASM module exports', () => {
    expect(JSON.parse(catalog())).toEqual(CATALOG);
  });

  it.each(CONFIGS.map((c, i) => [i, c] as const))('computes what the native runner computes (config %i)', (_, cfg) => {
    const ids = registry.map((p) => p.id);
    const out = execFileSync(runner, ['--generate', JSON.stringify(cfg), '--policy', ids.join(','), '--frames', '20,200', '--json'], {
      encoding: 'utf8',
    });
    const native = JSON.parse(out) as {
      trace: { requests: number; distinct: number };
      results: (Metrics & { policy: string; frames: number })[];
    };
    const trace = WasmTrace.generate(JSON.stringify(cfg));
    expect(trace.len()).toBe(native.trace.requests);
    expect(trace.distinct()).toBe(native.trace.distinct);
    expect(native.results.length).toBe(ids.length * 2);
    for (const n of native.results) {
      const w = wasmRun(trace, n.policy, n.frames);
      expect({ policy: n.policy, frames: n.frames, hits: w.hits, writebacks: w.writebacks, cost: w.cost }).toEqual({
        policy: n.policy,
        frames: n.frames,
        hits: n.hits,
        writebacks: n.writebacks,
        cost: n.cost,
      });
    }
    trace.free();
  });

  it('reports bad configurations as errors with the core message', () => {
    expect(() => WasmTrace.generate('{"seed":1,"phases":[]}')).toThrow(/at least one phase/);
    const t = WasmTrace.generate(JSON.stringify(CONFIGS[0]));
    expect(() => new WasmSession(t, 'nope', 10, '', '')).toThrow(/unknown policy "nope"/);
    expect(() => new WasmSession(t, 'lru', 0, '', '')).toThrow(/at least 1 frame/);
    expect(() => new WasmSession(t, 'lru', 10, '{"x":1}', '')).toThrow(/lru parameters/);
    t.free();
  });

  it('steps with events and a snapshot', () => {
    const t = WasmTrace.from_pages([1, 2, 3, 1, 4], new Uint8Array([0, 1, 0, 0, 0]));
    const s = new WasmSession(t, 'clock', 3, '', '');
    const steps = [];
    for (let i = 0; i < 5; i++) steps.push(parseStep(s.step()!));
    expect(steps.map((x) => x.hit)).toEqual([false, false, false, true, false]);
    expect(steps[4].events.map((e) => e.kind)).toEqual(['miss', 'visit', 'evict', 'hand', 'insert']);
    expect(s.step()).toBeUndefined();
    const snap = parseCore('snapshot', SnapshotSchema, s.snapshot());
    expect(snap.rings[0].hands[0]).toEqual({ name: 'hand', pos: 2 });
    s.free();
    t.free();
  });
});
