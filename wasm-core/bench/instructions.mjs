// `npm run probe:instructions`: machine instructions per request of each policy, natively and in
// WASM under Node (V8's optimising tier), counted by Valgrind's callgrind. Counts do not depend on
// what else the machine runs, so they say what bounds `npm run bench`'s WASM ÷ native ratio when its
// timings are noisy: at equal instructions per cycle the time ratio is native ÷ WASM instructions.
//
// Both sides count requests N1..N2 of one Zipf trace (the trace's first N requests do not depend on
// its length): natively, `cachescope bench` on traces of N1 and N2 requests with only the policy's
// run_chunk collected; in WASM, one Node process advancing a session N1 requests and another N2
// requests, everything counted (the difference cancels start-up, generation and compilation).
//
// usage: npm run probe:instructions -- [--policy a,b] [--pages N] [--cache-pct P] [--n1 N] [--n2 N]
// Needs valgrind (Debian: apt-get install valgrind). Each policy takes about half a minute.

import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const pages = Number(opt('pages', 1_000_000));
const cachePct = Number(opt('cache-pct', 1));
const n1 = Number(opt('n1', 200_000));
const n2 = Number(opt('n2', 1_000_000));
const frames = Math.max(1, Math.floor((pages * cachePct) / 100));
const cfg = (length) => ({ seed: 1, phases: [{ workload: { kind: 'zipf', pages, alpha: 1.0 }, length, write_fraction: 0.3 }] });

if (args[0] === '--child') {
  // One WASM run: a trace of n2 requests, a session advanced `k` requests.
  const [policy, k] = [args[1], Number(args[2])];
  const wasm = await import(`${root}src/wasm-pkg/cachescope.js`);
  wasm.initSync({ module: readFileSync(`${root}src/wasm-pkg/cachescope_bg.wasm`) });
  const trace = wasm.WasmTrace.generate(JSON.stringify(cfg(n2)));
  const s = new wasm.WasmSession(trace, policy, frames, '', '{"buckets":1}');
  s.advance(k);
  console.log(JSON.stringify({ hits: s.hits() }));
  process.exit(0);
}

/** Instructions callgrind collected, and the process's standard output. */
function callgrind(extra, command) {
  const r = spawnSync('valgrind', ['--tool=callgrind', '--callgrind-out-file=/dev/null', ...extra, ...command], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  if (r.error) throw new Error(`valgrind: ${r.error.message} (Debian: apt-get install valgrind)`);
  const m = /Collected : (\d+)/.exec(r.stderr);
  if (r.status !== 0 || !m) throw new Error(`valgrind ${command.join(' ')} failed:\n${r.stderr.slice(-2000)}`);
  return { ir: Number(m[1]), stdout: r.stdout };
}

const runner = `${root}wasm-core/target/release/cachescope`;
const native = (policy, n) => {
  const { ir, stdout } = callgrind(
    ['--collect-atstart=no', '--toggle-collect=*::run_chunk'],
    [
      runner,
      'bench',
      '--json',
      '--policy',
      policy,
      '--requests',
      n,
      '--pages',
      pages,
      '--alpha',
      1,
      '--cache-pct',
      cachePct,
      '--repeat',
      1,
    ].map(String),
  );
  return { ir, hits: Math.round(JSON.parse(stdout).policies[0].hit_ratio * n) };
};
const inWasm = (policy, k) => {
  const { ir, stdout } = callgrind([], ['node', '--no-liftoff', fileURLToPath(import.meta.url), '--child', policy, String(k), ...args]);
  return { ir, hits: JSON.parse(stdout).hits };
};

const catalog = JSON.parse(readFileSync(`${root}src/wasm-pkg/catalog.json`, 'utf8'));
const policies = (opt('policy', null) ?? catalog.policies.map((p) => p.id).join(',')).split(',');
console.log(
  `Zipf(α=1) over ${pages.toLocaleString('en-US')} pages, cache ${frames.toLocaleString('en-US')} frames; requests ${n1.toLocaleString('en-US')}..${n2.toLocaleString('en-US')} counted`,
);
const pad = (s, w) => String(s).padStart(w);
console.log(`${'policy'.padEnd(16)}${pad('native instr/req', 18)}${pad('WASM instr/req', 16)}${pad('native ÷ WASM', 15)}  same hits`);
for (const policy of policies) {
  const [a, b] = [native(policy, n1), native(policy, n2)];
  const [c, d] = [inWasm(policy, n1), inWasm(policy, n2)];
  if (b.ir === 0) throw new Error(`${policy}: no run_chunk collected natively (inlined?)`);
  const nat = (b.ir - a.ir) / (n2 - n1);
  const w = (d.ir - c.ir) / (n2 - n1);
  const same = a.hits === c.hits && b.hits === d.hits ? 'yes' : `NO (${a.hits}/${c.hits}, ${b.hits}/${d.hits})`;
  console.log(`${policy.padEnd(16)}${pad(nat.toFixed(1), 18)}${pad(w.toFixed(1), 16)}${pad((nat / w).toFixed(2), 15)}  ${same}`);
}
