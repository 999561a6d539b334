// A policy written in JavaScript gives the same numbers in the browser worker's build with the
// engine (src/wasm-pkg-js: QuickJS-ng compiled to WebAssembly) as in the native runner
// (--policy-file), and the templates equal the built-ins they copy; the same source has the same
// SHA-256 everywhere, and Check against finds the same first difference.

import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import * as js from '../wasm-pkg-js/cachescope_js.js';
import { CATALOG } from './catalog';
import { CheckReportSchema, PolicyDocSchema, parseCore } from './schemas';
import type { GenConfig, Metrics } from './types';
import * as v from 'valibot';
import { RUNNER as runner } from '../test/runner';

js.initSync({ module: readFileSync(new URL('../wasm-pkg-js/cachescope_js_bg.wasm', import.meta.url)) });
const dir = mkdtempSync(join(tmpdir(), 'cachescope-own-'));

const CFG: GenConfig = { seed: 5, phases: [{ workload: { kind: 'zipf', pages: 3000, alpha: 0.9 }, length: 20_000, write_fraction: 0.3 }] };
const template = (id: string) => CATALOG.templates.find((t) => t.id === id)!.source;
const Defined = v.object({ policy: PolicyDocSchema, sha256: v.string() });

function hits(trace: js.WasmTrace, policy: string, frames: number): Metrics {
  const s = new js.WasmSession(trace, policy, frames, '', JSON.stringify({ buckets: 1 }));
  while (!s.done()) s.advance(5_000);
  const r = s.finish();
  const m = JSON.parse(r.metrics()) as Metrics;
  r.free();
  return m;
}

describe("the worker's JavaScript engine", () => {
  it.each(['fifo', 'lru', 'clock'])('runs the %s template as the built-in and as the native runner does', (id) => {
    const name = `my-${id}`;
    const defined = parseCore('defined', Defined, js.define_js(name, template(id)));
    expect(defined.policy).toMatchObject({ id: name, group: 'yours' });
    const file = join(dir, `${name}.js`);
    writeFileSync(file, template(id));
    const out = execFileSync(
      runner,
      ['--generate', JSON.stringify(CFG), '--policy', id, '--policy-file', file, '--frames', '10,300', '--json'],
      {
        encoding: 'utf8',
      },
    );
    const native = JSON.parse(out) as { results: (Metrics & { policy: string; frames: number; source?: string })[] };
    const trace = js.WasmTrace.generate(JSON.stringify(CFG));
    for (const frames of [10, 300]) {
      const mine = hits(trace, name, frames);
      expect(mine).toEqual(hits(trace, id, frames));
      const row = native.results.find((r) => r.policy === name && r.frames === frames)!;
      expect({ hits: mine.hits, writebacks: mine.writebacks }).toEqual({ hits: row.hits, writebacks: row.writebacks });
      expect(row.source).toBe(`sha256:${defined.sha256}`);
    }
    trace.free();
  });

  it('refuses a built-in id and a source that does not compile, with the line', () => {
    expect(() => js.define_js('lru', template('lru'))).toThrow(/"lru" is the id of a built-in policy/);
    expect(() => js.define_js('broken', 'export default class B {\n  evict() { return ; ] }\n}\n')).toThrow(/broken: .*\(line 2\)/);
  });

  it('stops an endless evict() with a message naming it and the request', () => {
    js.define_js('stuck', 'export default class S {\n  evict() { while (true) {} }\n}\n');
    const trace = js.WasmTrace.from_pages(Float64Array.from([1, 2, 3]), Uint8Array.from([0, 0, 0]));
    const s = new js.WasmSession(trace, 'stuck', 2, '', '');
    expect(() => s.advance(10)).toThrow(/^stuck: evict\(\) ran past its budget of [\d]+ operations .*\(request 3\)/);
    s.free();
    trace.free();
  });

  it('finds the first difference of a wrong CLOCK as the runner does', () => {
    const wrong = template('clock').replace('this.ref.set(page, 0);\n    this.free', 'this.ref.set(page, 1);\n    this.free');
    expect(wrong).not.toBe(template('clock'));
    js.define_js('wrong-clock', wrong);
    const trace = js.WasmTrace.generate(JSON.stringify(CFG));
    // A slice at a time, as the worker runs it.
    const check = new js.WasmCheck(trace, Uint32Array.from([10]), 'wrong-clock', '', 'clock', '');
    let slices = 0;
    while (!check.advance(5)) slices++;
    const report = parseCore('check', CheckReportSchema, check.report());
    check.free();
    trace.free();
    expect(slices).toBeGreaterThan(0);
    expect(report.difference).not.toBeNull();
    const file = join(dir, 'wrong-clock.js');
    writeFileSync(file, wrong);
    let out = '';
    try {
      execFileSync(
        runner,
        ['--generate', JSON.stringify(CFG), '--policy-file', file, '--check-against', 'clock', '--frames', '10', '--json'],
        {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'ignore'],
        },
      );
    } catch (e) {
      out = (e as { stdout: string }).stdout; // a difference exits 2
    }
    expect(JSON.parse(out)).toEqual(report);
  });
});
