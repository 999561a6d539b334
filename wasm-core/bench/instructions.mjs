// `npm run probe:instructions`: instructions per request of each policy's simulation natively and
// in WASM under Node's optimising compiler (TurboFan), counted by Valgrind's callgrind. Time on this
// machine moves by ±30 % from run to run; an instruction count does not, so this says how much more
// code V8 runs for the same requests than LLVM's native build. A probe, not a test: it asserts nothing.
//
// Each policy: the requests from N1 to N2 of the bench's Zipf trace (α = 1, 1 M pages, 30 % writes,
// seed 1, cache 1 % of the pages). Natively, only the runner's `Session::advance` is counted, in
// runs of traces of N1 and of N2 requests (the generator's N1 are the first N1 of its N2, so the
// difference is the same requests; the per-page arrays, built outside `advance`, are sized for each
// trace's pages). Under Node (`--no-liftoff`: optimised code from the first call;
// `--single-threaded --predictable`: no compiling or collecting on background threads, whose work
// otherwise moved the count by millions of instructions from one process to the next), one process
// generates N2 requests and advances N1 of them, another all N2: the difference is the same
// requests' simulation alone (start-up, compilation and generation cancel out).
//
// usage: npm run probe:instructions -- [--policy a,b] [--from N1] [--to N2]
//   (needs valgrind: apt-get install -y valgrind; about 2–3 minutes a policy)

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const PAGES = 1_000_000;
const FRAMES = PAGES / 100;
const CONFIG = (length) => ({ seed: 1, phases: [{ workload: { kind: 'zipf', pages: PAGES, alpha: 1 }, length, write_fraction: 0.3 }] });

// Child (run under valgrind): generate `total` requests, advance `advance` of them.
if (process.argv[2] === '--child') {
  const [policy, advance, total] = [process.argv[3], Number(process.argv[4]), Number(process.argv[5])];
  const wasm = await import(`${root}src/wasm-pkg/cachescope.js`);
  wasm.initSync({ module: readFileSync(`${root}src/wasm-pkg/cachescope_bg.wasm`) });
  const s = new wasm.WasmSession(wasm.WasmTrace.generate(JSON.stringify(CONFIG(total))), policy, FRAMES, '', '{"buckets":1}');
  for (let left = advance; left > 0; left -= 1 << 18) s.advance(Math.min(left, 1 << 18));
  process.exit(0);
}

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
// The README's table: most policies below 0.7 in Chromium in its bench run, and some above it
// (enhanced CLOCK, 300 times slower a request, with `--from 20000 --to 60000`).
const DEFAULT = 'lru,fifo,clock,sieve,linux-2q,2q,cflru,cflru-dynamic,nru,working-set,nfu,aging,clock-pro,arc,wsclock,mru,s3-fifo';
const policies = opt('policy', DEFAULT).split(',');
const from = Number(opt('from', 500_000));
const to = Number(opt('to', 1_500_000));
if (spawnSync('valgrind', ['--version']).status !== 0) {
  console.error('probe:instructions needs valgrind (apt-get install -y valgrind)');
  process.exit(2);
}

const dir = mkdtempSync(join(tmpdir(), 'cachescope-instructions-'));
let run = 0;
/** Instructions callgrind counted in one process. */
function counted(cmd, cmdArgs, extra = []) {
  const out = join(dir, `cg.${run++}`);
  execFileSync('valgrind', ['--tool=callgrind', `--callgrind-out-file=${out}`, ...extra, cmd, ...cmdArgs], { stdio: 'ignore' });
  const total = /^(?:summary|totals): (\d+)/m.exec(readFileSync(out, 'utf8'));
  if (!total) throw new Error(`callgrind wrote no total to ${out}`);
  return Number(total[1]);
}
const runner = `${root}wasm-core/target/release/cachescope`;
const native = (n, p) =>
  counted(
    runner,
    [
      'bench',
      '--json',
      '--requests',
      String(n),
      '--pages',
      String(PAGES),
      '--alpha',
      '1',
      '--cache-pct',
      '1',
      '--repeat',
      '1',
      '--policy',
      p,
      // The bench's FTL part after the policy: as small as it goes (it is not counted either way).
      '--flash-writes',
      '10',
    ],
    ['--toggle-collect=*Session*advance*'],
  );
const v8 = (n, p) =>
  counted(process.execPath, [
    '--no-liftoff',
    '--single-threaded',
    '--predictable',
    fileURLToPath(import.meta.url),
    '--child',
    p,
    String(n),
    String(to),
  ]);

console.log(
  `instructions per request, requests ${from.toLocaleString('en-US')} to ${to.toLocaleString('en-US')} of the bench's trace (callgrind)`,
);
console.log(`${'policy'.padEnd(16)}${'native'.padStart(10)}${'V8'.padStart(10)}${'native ÷ V8'.padStart(13)}`);
const ratios = [];
try {
  for (const p of policies) {
    const span = to - from;
    const n = (native(to, p) - native(from, p)) / span;
    const w = (v8(to, p) - v8(from, p)) / span;
    ratios.push(n / w);
    console.log(`${p.padEnd(16)}${n.toFixed(1).padStart(10)}${w.toFixed(1).padStart(10)}${(n / w).toFixed(2).padStart(13)}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
ratios.sort((a, b) => a - b);
const mid = ratios.length >> 1;
const median = ratios.length % 2 ? ratios[mid] : (ratios[mid - 1] + ratios[mid]) / 2;
console.log(`native ÷ V8 instructions: ${ratios[0].toFixed(2)}–${ratios.at(-1).toFixed(2)}, median ${median.toFixed(3)}`);
