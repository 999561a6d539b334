// `npm run bench`: simulation throughput of every policy, native and WASM (under Node, and in
// Chromium, where the app runs), on the same generated trace, printed side by side. A benchmark,
// not a test.
//
// usage: npm run bench -- [--vs-libcachesim (see vs-libcachesim.mjs)] [--requests N] [--pages N] [--alpha A] [--cache-pct P] [--policy a,b] [--repeat K] [--own-requests N]

import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { vsLibCacheSim } from './vs-libcachesim.mjs';
import { runInChromium } from './chromium.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const requests = Number(opt('requests', 10_000_000));
const pages = Number(opt('pages', 1_000_000));
const alpha = Number(opt('alpha', 1.0));
const cachePct = Number(opt('cache-pct', 1));
const only = opt('policy', null);
// Each policy's best of this many runs, natively and in WASM (CPU time on both sides).
const repeat = Number(opt('repeat', 3));
if (args.includes('--vs-libcachesim')) {
  await vsLibCacheSim(root, opt);
  process.exit(0);
}

const parseMb = Number(opt('parse-mb', 64));
const flashWrites = Number(opt('flash-writes', 5_000_000));

// Synthetic files for parse throughput, the same bytes for both builds.
function makeFile(lineOf, targetBytes) {
  const lines = [];
  let bytes = 0;
  for (let i = 0; bytes < targetBytes; i++) {
    const l = lineOf(i);
    lines.push(l);
    bytes += l.length + 1;
  }
  return Buffer.from(lines.join('\n') + '\n');
}
let x = 12345;
const rnd = () => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0), x);
const dir = mkdtempSync(join(tmpdir(), 'cachescope-bench-'));
const plainPath = join(dir, 'bench.txt');
const msrPath = join(dir, 'bench.csv');
// Page numbers over 1 M pages, as in the policy trace; a quarter of the lines are writes.
writeFileSync(
  plainPath,
  makeFile(() => `${rnd() % 1_000_000}${rnd() % 4 === 0 ? ' W' : ''}`, parseMb * 1e6),
);
writeFileSync(
  msrPath,
  makeFile(
    (i) =>
      `${128166372003061629n + BigInt(i) * 1000n},hm,0,${rnd() % 2 ? 'Read' : 'Write'},${(rnd() % 1_000_000) * 4096},${4096 * (1 + (rnd() % 4))},${rnd() % 50000}`,
    parseMb * 1e6,
  ),
);

const nativeArgs = [
  'bench',
  '--json',
  '--requests',
  String(requests),
  '--pages',
  String(pages),
  '--alpha',
  String(alpha),
  '--cache-pct',
  String(cachePct),
  '--repeat',
  String(repeat),
];
if (only) nativeArgs.push('--policy', only);
nativeArgs.push('--parse', `plain=${plainPath}`, '--parse', `msr=${msrPath}`, '--flash-writes', String(flashWrites), '--workbench');
console.log(
  `trace: Zipf(α=${alpha}) over ${pages.toLocaleString('en-US')} pages, ${requests.toLocaleString('en-US')} requests, 30 % writes, seed 1; cache ${cachePct} % of the pages`,
);
console.log('running native…');
const native = JSON.parse(execFileSync(`${root}wasm-core/target/release/cachescope`, nativeArgs, { encoding: 'utf8', maxBuffer: 1 << 24 }));

console.log('running WASM under Node…');
const wasm = await import(`${root}src/wasm-pkg/cachescope.js`);
wasm.initSync({ module: readFileSync(`${root}src/wasm-pkg/cachescope_bg.wasm`) });
const cfg = { seed: 1, phases: [{ workload: { kind: 'zipf', pages, alpha }, length: requests, write_fraction: 0.3 }] };
let t = performance.now();
const trace = wasm.WasmTrace.generate(JSON.stringify(cfg));
const wasmGen = (performance.now() - t) / 1000;
const frames = native.trace.frames;
const rows = [];
for (const n of native.policies) {
  let secs = Infinity;
  let hits = 0;
  let build = 0;
  for (let k = 0; k < repeat; k++) {
    t = performance.now();
    const s = new wasm.WasmSession(trace, n.policy, frames, '', '{"buckets":1}');
    build = (performance.now() - t) / 1000;
    // CPU time, as the runner measures its side: time another process held the core is not counted.
    const c0 = process.cpuUsage();
    while (!s.done()) s.advance(0xffffffff);
    const c = process.cpuUsage(c0);
    secs = Math.min(secs, (c.user + c.system) / 1e6);
    hits = s.hits();
    s.free();
  }
  rows.push({
    policy: n.policy,
    native: n.mreq_per_s,
    wasm: trace.len() / secs / 1e6,
    hitNative: n.hit_ratio,
    hitWasm: hits / trace.len(),
    build,
  });
}

console.log('running WASM in Chromium…');
const inChromium = await runInChromium(root, { cfg, policies: rows.map((r) => r.policy), frames, repeat });
for (const [i, c] of (inChromium ?? []).entries()) {
  rows[i].chromium = trace.len() / c.seconds / 1e6;
  rows[i].hitChromium = c.hits / trace.len();
}

const pad = (s, w) => String(s).padStart(w);
const same = (r) =>
  [r.hitWasm, r.hitChromium ?? r.hitWasm].every((h) => h === r.hitNative) ? 'yes' : `NO (WASM ${r.hitWasm}, Chromium ${r.hitChromium})`;
console.log('');
console.log(
  `each policy's best of ${repeat} runs, M requests per second: of CPU time natively and under Node, of wall time in Chromium (no CPU clock there)`,
);
console.log(
  `${'policy'.padEnd(16)}${pad('native', 9)}${pad('Node WASM', 11)}${pad('÷ native', 10)}${pad('Chromium', 10)}${pad('÷ native', 10)}${pad('hit ratio', 11)}  same result`,
);
for (const r of rows) {
  const c = r.chromium === undefined ? ['–', '–'] : [r.chromium.toFixed(1), (r.chromium / r.native).toFixed(2)];
  console.log(
    `${r.policy.padEnd(16)}${pad(r.native.toFixed(1), 9)}${pad(r.wasm.toFixed(1), 11)}${pad((r.wasm / r.native).toFixed(2), 10)}${pad(c[0], 10)}${pad(c[1], 10)}${pad((r.hitNative * 100).toFixed(2) + ' %', 11)}  ${same(r)}`,
  );
}
const spread = (label, ratios) => {
  ratios.sort((a, b) => a - b);
  if (ratios.length)
    console.log(
      `${label}: ${ratios[0].toFixed(2)}–${ratios[ratios.length - 1].toFixed(2)}, median ${ratios[Math.floor(ratios.length / 2)].toFixed(2)}, ${ratios.filter((x) => x >= 0.7).length} of ${ratios.length} at 0.7 or more`,
    );
};
spread(
  'WASM under Node ÷ native',
  rows.map((r) => r.wasm / r.native),
);
spread(
  'WASM in Chromium ÷ native',
  rows.filter((r) => r.chromium !== undefined).map((r) => r.chromium / r.native),
);
console.log('');
console.log(
  `trace memory: ${native.trace.bytes_per_request.toFixed(2)} bytes per request (native); generation ${native.trace.generate_seconds.toFixed(2)} s native, ${wasmGen.toFixed(2)} s WASM`,
);
trace.free();

// Parse throughput: the worker's way, 4 MiB chunks into a streaming loader.
console.log('');
console.log(`${'parse'.padEnd(16)}${pad('native MB/s', 16)}${pad('WASM MB/s', 14)}${pad('requests', 12)}`);
for (const n of native.parse) {
  const bytes = readFileSync(n.format === 'plain' ? plainPath : msrPath);
  // Best of three, as the native side reports.
  let secs = Infinity;
  let loaded;
  for (let k = 0; k < 3; k++) {
    loaded?.free();
    t = performance.now();
    const loader = new wasm.WasmLoader('bench', JSON.stringify({ format: n.format }));
    for (let off = 0; off < bytes.length; off += 4 << 20) loader.feed(bytes.subarray(off, off + (4 << 20)));
    loaded = loader.finish();
    secs = Math.min(secs, (performance.now() - t) / 1000);
  }
  const tr = loaded.take_trace();
  console.log(
    `${n.format.padEnd(16)}${pad(n.mb_per_s.toFixed(0), 16)}${pad((bytes.length / secs / 1e6).toFixed(0), 14)}${pad(tr.len(), 12)}${tr.len() === n.requests ? '' : '  MISMATCH ' + n.requests}`,
  );
  tr.free();
  loaded.free();
}

// FTL throughput: page mapping, greedy GC, 85 % utilisation, uniform random writes.
const f = native.flash;
const ft = wasm.WasmTrace.generate(
  JSON.stringify({ seed: 7, phases: [{ workload: { kind: 'uniform', pages: f.pages }, length: flashWrites, write_fraction: 1 }] }),
);
t = performance.now();
const fr = JSON.parse(wasm.flash_run(ft, '', undefined));
const fsecs = (performance.now() - t) / 1000;
ft.free();
console.log('');
console.log(
  `flash (page FTL, greedy, 85 % utilisation: ${flashWrites.toLocaleString('en-US')} random overwrites of the filled ${f.pages.toLocaleString('en-US')} pages, WAF ${f.waf.toFixed(2)}):`,
);
console.log(
  `${''.padEnd(16)}${pad(f.mwrites_per_s.toFixed(1), 16)}${pad((fr.metrics.host_writes / fsecs / 1e6).toFixed(1), 14)}  M host page writes/s (native, WASM)${fr.metrics.waf === f.waf ? '' : '  WAF MISMATCH'}`,
);

// The research workbench: LRU's one-pass curve, sampled curves, the sweep on every core.
const c = native.curves;
console.log('');
console.log(
  `LRU miss-ratio curve, exact at every size in one pass: ${c.lru_seconds.toFixed(2)} s, ${c.lru_mreq_per_s.toFixed(1)} M req/s (native)`,
);
console.log(`${'sampled curve'.padEnd(16)}${pad('points', 8)}${pad('curve s', 10)}${pad('one run s', 11)}${pad('curve ÷ run', 13)}`);
for (const s of c.sampled)
  console.log(
    `${s.policy.padEnd(16)}${pad(s.points, 8)}${pad(s.seconds.toFixed(2), 10)}${pad(s.one_run_seconds.toFixed(2), 11)}${pad(s.ratio.toFixed(2), 13)}`,
  );
const sw = native.sweep;
console.log(
  `sweep of ${sw.cells} cells (4 policies × 9 sizes): 1 thread ${sw.one_thread_seconds.toFixed(2)} s, 2 threads ${sw.two_threads_seconds.toFixed(2)} s, speed-up ${sw.speedup.toFixed(2)}×${sw.same_results ? '' : '  RESULTS DIFFER'}`,
);

// Your own policy: an LRU written to the user-policy contract, natively in JavaScript
// (QuickJS-ng, the runner's engine) and in Python (a cachescope.Policy subclass). The
// Python figure needs the package built (`npm test` builds it into .venv once).
if (native.own_policy) {
  const o = native.own_policy;
  console.log('');
  console.log(`${o.policy}: ${o.mreq_per_s.toFixed(2)} M req/s (native, hit ratio ${o.hit_ratio.toFixed(4)})`);
}
// The trace analysis (--analyze): one pass for everything but the LRU stack distances, which
// take a pass of their own (exact, O(n log pages); or on a spatial sample, --analyze-sample).
if (native.analysis) {
  const a = native.analysis;
  console.log(
    `trace analysis (native): ${a.mreq_per_s.toFixed(1)} M req/s without stack distances; exact stack distances ${a.stack_mreq_per_s.toFixed(1)} M req/s; sampled at ${a.sampled_rate * 100} % ${a.sampled_stack_mreq_per_s.toFixed(1)} M req/s`,
  );
}
// The same LRU in the browser worker's build with the engine (src/wasm-pkg-js, the same QuickJS-ng
// compiled to WebAssembly) under Node, on a Zipf trace of --own-requests requests.
const ownRequests = Number(opt('own-requests', 1_000_000));
{
  const wasmJs = await import(`${root}src/wasm-pkg-js/cachescope_js.js`);
  wasmJs.initSync({ module: readFileSync(`${root}src/wasm-pkg-js/cachescope_js_bg.wasm`) });
  const lruJs = JSON.parse(wasmJs.catalog()).templates.find((tp) => tp.id === 'lru').source;
  wasmJs.define_js('lru-js', lruJs);
  const ownCfg = { seed: 1, phases: [{ workload: { kind: 'zipf', pages, alpha }, length: ownRequests, write_fraction: 0.3 }] };
  const ot = wasmJs.WasmTrace.generate(JSON.stringify(ownCfg));
  const hitsOf = (policy) => {
    const s = new wasmJs.WasmSession(ot, policy, frames, '', '{"buckets":1}');
    // CPU time, not wall time: the machines that run this are shared.
    const c0 = process.cpuUsage();
    while (!s.done()) s.advance(1 << 18);
    const c = process.cpuUsage(c0);
    const secs = (c.user + c.system) / 1e6;
    const hits = s.hits();
    s.free();
    return { hits, mreq: ot.len() / secs / 1e6 };
  };
  const mine = hitsOf('lru-js');
  const builtIn = hitsOf('lru');
  ot.free();
  console.log(
    `lru written in JavaScript (QuickJS-ng in the browser worker's build, src/wasm-pkg-js under Node, ${ownRequests.toLocaleString('en-US')} requests): ${mine.mreq.toFixed(2)} M req/s of CPU time (built-in lru ${builtIn.mreq.toFixed(1)}); same hits as lru: ${mine.hits === builtIn.hits ? 'yes' : 'NO'}`,
  );
}

const python = join(root, '.venv/bin/python');
try {
  const py = JSON.parse(
    execFileSync(python, [join(root, 'python/scripts/bench_own.py')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
  );
  const mine = py['lru written in Python'];
  console.log(
    `lru written in Python (cachescope.Policy, 1 M requests): ${mine.mreq_per_s.toFixed(2)} M req/s of CPU time; built-in lru ${py.lru.mreq_per_s.toFixed(1)}${mine.hits === py.lru.hits ? '' : '  HITS DIFFER'}`,
  );
} catch {
  console.log('lru written in Python: the Python package is not built here (run npm test once)');
}
