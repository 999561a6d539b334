// `npm run bench`: simulation throughput of every policy, native and WASM (under
// Node), on the same generated trace, printed side by side. A benchmark, not a test.
//
// usage: npm run bench -- [--requests N] [--pages N] [--alpha A] [--cache-pct P] [--policy a,b]

import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

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

const nativeArgs = ['bench', '--json', '--requests', String(requests), '--pages', String(pages), '--alpha', String(alpha), '--cache-pct', String(cachePct)];
if (only) nativeArgs.push('--policy', only);
console.log(`trace: Zipf(α=${alpha}) over ${pages.toLocaleString('en-US')} pages, ${requests.toLocaleString('en-US')} requests, 30 % writes, seed 1; cache ${cachePct} % of the pages`);
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
  t = performance.now();
  const s = new wasm.WasmSession(trace, n.policy, frames, '', '{"buckets":1}');
  const build = (performance.now() - t) / 1000;
  t = performance.now();
  while (!s.done()) s.advance(0xffffffff);
  const secs = (performance.now() - t) / 1000;
  const hits = s.hits();
  s.free();
  rows.push({ policy: n.policy, native: n.mreq_per_s, wasm: trace.len() / secs / 1e6, hitNative: n.hit_ratio, hitWasm: hits / trace.len(), build });
}

const pad = (s, w) => String(s).padStart(w);
console.log('');
console.log(`${'policy'.padEnd(16)}${pad('native M req/s', 16)}${pad('WASM M req/s', 14)}${pad('hit ratio', 11)}  same result`);
for (const r of rows) {
  console.log(
    `${r.policy.padEnd(16)}${pad(r.native.toFixed(1), 16)}${pad(r.wasm.toFixed(1), 14)}${pad((r.hitNative * 100).toFixed(2) + ' %', 11)}  ${r.hitNative === r.hitWasm ? 'yes' : 'NO (' + (r.hitWasm * 100).toFixed(2) + ' %)'}`,
  );
}
console.log('');
console.log(`trace memory: ${native.trace.bytes_per_request.toFixed(2)} bytes per request (native); generation ${native.trace.generate_seconds.toFixed(2)} s native, ${wasmGen.toFixed(2)} s WASM`);
trace.free();
