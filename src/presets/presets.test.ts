// Every preset opens what it names, and every claim in its sentence holds in the
// core: the numbers a lecturer reads out are computed here, not trusted.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { flash_run, initSync, parse_frames, WasmSession, WasmTrace } from '../wasm-pkg/cachescope.js';
import { PRESETS, type Claim, type Preset } from './presets';
import { decodeExperiment } from '../link/decode';
import { encodeExperiment } from '../link/encode';
import { genConfigOf } from '../state/generator';
import { FlashRunOutputSchema, SnapshotSchema, parseCore, parseStep } from '../core/schemas';

initSync({ module: readFileSync(new URL('../wasm-pkg/cachescope_bg.wasm', import.meta.url)) });

function traceOf(p: Preset): WasmTrace {
  const src = p.experiment.source;
  if (src.kind === 'generate') return WasmTrace.generate(JSON.stringify(genConfigOf(src.generator)));
  if (src.kind !== 'inline' || src.text === undefined) throw new Error(`${p.id}: presets carry their trace`);
  const lines = src.text.trim().split('\n');
  return WasmTrace.from_pages(
    lines.map((l) => Number(l.split(' ')[0])),
    Uint8Array.from(lines.map((l) => (/\sW$/i.test(l) ? 1 : 0))),
  );
}

/** Faults and write-backs of a whole run (untraced, fast). */
function run(t: WasmTrace, policy: string, frames: number, params = {}) {
  const s = new WasmSession(t, policy, frames, JSON.stringify(params), '');
  while (!s.done()) s.advance(1 << 16);
  const r = { faults: t.len() - s.hits(), writebacks: s.writebacks() };
  s.free();
  return r;
}

/** The pages evicted, in order, stepping with events (small traces only). */
function evictions(t: WasmTrace, policy: string, frames: number, params = {}) {
  const s = new WasmSession(t, policy, frames, JSON.stringify(params), '');
  const evicted: string[] = [];
  let writebacks = 0;
  for (let out = s.step(); out !== undefined; out = s.step())
    for (const e of parseStep(out).events) {
      if (e.kind !== 'evict') continue;
      evicted.push(e.page);
      if (e.dirty) writebacks++;
    }
  s.free();
  return { evicted, writebacks };
}

/** The resident entries of the snapshot after `step` requests. */
function residentAfter(t: WasmTrace, policy: string, frames: number, params: object, step: number) {
  const s = new WasmSession(t, policy, frames, JSON.stringify(params), '');
  s.advance(step);
  const snap = parseCore('snapshot', SnapshotSchema, s.snapshot());
  s.free();
  return [...snap.rings.flatMap((r) => r.slots), ...snap.lists.flatMap((l) => l.entries)].filter((e) => e.resident && e.page !== null);
}

/** What the claim says, checked against the core; returns the numbers and pages the sentence must name. */
function check(p: Preset, t: WasmTrace, c: Claim): string[] {
  switch (c.kind) {
    case 'faults':
      expect(run(t, c.policy, c.frames, c.params).faults, `${p.id}: ${c.policy} faults with ${c.frames}`).toBe(c.faults);
      return [String(c.faults)];
    case 'evicted': {
      const r = evictions(t, c.policy, c.frames, c.params);
      expect(r.evicted, `${p.id}: ${c.policy} evictions`).toEqual(c.pages);
      expect(r.writebacks, `${p.id}: ${c.policy} write-backs`).toBe(c.writebacks);
      return [...new Set(c.pages.slice(0, 3)), String(c.writebacks)];
    }
    case 'flash': {
      const m = (i: number) =>
        parseCore('flash result', FlashRunOutputSchema, flash_run(t, JSON.stringify(p.experiment.flash[i]), undefined)).metrics[c.metric];
      expect(m(c.better), `${p.id}: ${c.metric} of flash ${c.better + 1} below flash ${c.worse + 1}`).toBeLessThan(m(c.worse));
      return [];
    }
    case 'bits': {
      const entries = residentAfter(t, c.policy, c.frames, c.params ?? {}, c.step);
      const got = Object.fromEntries(Object.keys(c.bits).map((page) => [page, entries.find((e) => e.page === page)?.bits]));
      expect(got, `${p.id}: ${c.policy} counters after ${c.step} requests`).toEqual(c.bits);
      return Object.values(c.bits).map((b) => b.toString(2).padStart(c.binary, '0'));
    }
    case 'statuses': {
      const counts = c.steps.map(
        (step) => residentAfter(t, c.policy, c.frames, c.params ?? {}, step).filter((e) => e.status === c.status).length,
      );
      expect(counts, `${p.id}: ${c.policy} pages marked ${c.status}`).toEqual(c.counts);
      return [...c.steps, ...c.counts].map(String);
    }
    case 'fewer-writebacks':
      expect(run(t, c.better, c.frames).writebacks, `${p.id}: ${c.better} writes back less than ${c.worse}`).toBeLessThan(
        run(t, c.worse, c.frames).writebacks,
      );
      return [];
  }
}

describe('teaching presets', () => {
  it('each survives the link codec unchanged and has valid sizes, a view and a sentence', () => {
    expect(new Set(PRESETS.map((p) => p.id)).size).toBe(PRESETS.length);
    for (const p of PRESETS) {
      const d = decodeExperiment(encodeExperiment(p.experiment));
      expect(d.problems, p.id).toEqual([]);
      expect(d.experiment, p.id).toEqual(p.experiment);
      expect(() => parse_frames(p.experiment.frames, 1000), p.id).not.toThrow();
      expect(p.watch.length, p.id).toBeGreaterThan(40);
      expect(p.experiment.policies.length, p.id).toBeGreaterThan(0);
      if (p.experiment.view === 'explore') expect(p.experiment.explore, `${p.id} names what to explore`).toBeDefined();
    }
  });

  it.each(PRESETS.map((p) => [p.id, p] as const))('every claim of %s holds in the core and is in its sentence', (_, p) => {
    expect(p.claims.length, `${p.id} has a claim to check`).toBeGreaterThan(0);
    const t = traceOf(p);
    try {
      for (const c of p.claims)
        for (const word of check(p, t, c))
          expect(p.watch, `${p.id}: the sentence names ${word}`).toMatch(new RegExp(`(^|[^\\d])P?${word}(?!\\d)`));
    } finally {
      t.free();
    }
  });

  it('each preset link is short', () => {
    for (const p of PRESETS) {
      const n = encodeExperiment(p.experiment).length;
      expect(n, p.id).toBeLessThan(900);
      console.info(`preset ${p.id}: ${n} characters after #`);
    }
  });
});
