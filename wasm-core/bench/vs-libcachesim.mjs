// `npm run bench -- --vs-libcachesim`: the native runner against libCacheSim's `cachesim`
// (LIBCACHESIM=path), whole processes, on one Zipf trace written in each tool's own form:
// cachescope's plain text and libCacheSim's oracleGeneral binary. A benchmark, not a test.
//
// usage: LIBCACHESIM=/path/to/cachesim npm run bench -- --vs-libcachesim
//          [--requests N] [--pages N] [--alpha A] [--cache N] [--runs N] [--policy a,b] [--seed N]

import { readFileSync, writeFileSync, mkdtempSync, existsSync, rmSync, statSync } from 'node:fs';
import { tmpdir, cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

// cachescope's id → cachesim's name of the same policy.
const POLICIES = { lru: 'lru', clock: 'clock', arc: 'arc', sieve: 'sieve', 's3-fifo': 's3fifo', opt: 'belady' };

const HOW_TO_GET = `--vs-libcachesim needs libCacheSim's cachesim: LIBCACHESIM=/path/to/cachesim npm run bench -- --vs-libcachesim
Build it outside the repository (README, Benchmark):
  pip download libcachesim==0.3.5 --no-binary :all: --no-deps && tar xzf libcachesim-0.3.5.tar.gz
  apt-get install -y cmake libglib2.0-dev libzstd-dev
  cmake -S libcachesim-0.3.5/src/libCacheSim -B build -DCMAKE_BUILD_TYPE=Release -DENABLE_TESTS=OFF
  make -C build -j2 cachesim      # → build/bin/cachesim`;

export async function vsLibCacheSim(root, opt) {
  const cachesim = process.env.LIBCACHESIM;
  if (!cachesim || !existsSync(cachesim)) {
    console.error(cachesim ? `LIBCACHESIM=${cachesim}: no such file\n\n${HOW_TO_GET}` : HOW_TO_GET);
    process.exit(2);
  }
  const requests = Number(opt('requests', 10_000_000));
  const pages = Number(opt('pages', 1_000_000));
  const alpha = Number(opt('alpha', 1.0));
  const cache = Number(opt('cache', 10_000));
  const runs = Number(opt('runs', 5));
  const seed = Number(opt('seed', 1));
  const policies = (opt('policy', null) ?? Object.keys(POLICIES).join(',')).split(',');
  const runner = `${root}wasm-core/target/release/cachescope`;

  const dir = mkdtempSync(join(tmpdir(), 'cachescope-vs-lcs-'));
  const { text, oracle } = await writeTraces(root, dir, { requests, pages, alpha, seed });
  console.log(
    `trace: Zipf(α=${alpha}) over ${pages.toLocaleString('en-US')} objects, ${requests.toLocaleString('en-US')} requests, seed ${seed}, reads only; ` +
      `cache ${cache.toLocaleString('en-US')} objects; ${cpus().length} cores (load average ${loadavg()[0].toFixed(1)}); medians of ${runs} runs, the two tools interleaved`,
  );
  console.log(`  cachescope: ${text} (${mb(text)} MB, plain text)`);
  console.log(`  cachesim:   ${oracle} (${mb(oracle)} MB, oracleGeneral)`);
  console.log('');
  const pad = (s, w) => String(s).padStart(w);
  console.log(
    `${'policy'.padEnd(10)}${pad('cachescope s', 14)}${pad('cachesim s', 12)}${pad('speed-up', 10)}${pad('cachescope MB', 15)}${pad('cachesim MB', 13)}${pad('miss ratio (cs)', 17)}${pad('(lcs)', 10)}`,
  );
  for (const id of policies) {
    const name = POLICIES[id];
    if (!name) throw new Error(`--policy ${id}: compared policies are ${Object.keys(POLICIES).join(', ')}`);
    const ours = [];
    const theirs = [];
    for (let k = 0; k < runs; k++) {
      ours.push(timed(dir, runner, ['--trace', text, '--format', 'plain', '--policy', id, '--frames', String(cache), '--json']));
      theirs.push(timed(dir, cachesim, [oracle, 'oracleGeneral', name, String(cache), '--ignore-obj-size', '1']));
    }
    const row = JSON.parse(ours[0].stdout).results[0];
    const missOurs = row.misses / (row.hits + row.misses);
    const missTheirs = theirMissRatio(theirs[0].output);
    const a = median(ours.map((r) => r.secs));
    const b = median(theirs.map((r) => r.secs));
    console.log(
      `${id.padEnd(10)}${pad(a.toFixed(3), 14)}${pad(b.toFixed(3), 12)}${pad((b / a).toFixed(1) + '×', 10)}${pad(median(ours.map((r) => r.mb)).toFixed(0), 15)}${pad(median(theirs.map((r) => r.mb)).toFixed(0), 13)}${pad(missOurs.toFixed(4), 17)}${pad(missTheirs.toFixed(4), 10)}`,
    );
  }
  rmSync(dir, { recursive: true, force: true });
}

// The trace from the core's own generator (the WASM build under Node), written as cachescope's
// plain text (an id per line) and as oracleGeneral records (time, id, size 1, next access's
// request number or -1).
export async function writeTraces(root, dir, { requests, pages, alpha, seed }) {
  const wasm = await import(`${root}src/wasm-pkg/cachescope.js`);
  wasm.initSync({ module: readFileSync(`${root}src/wasm-pkg/cachescope_bg.wasm`) });
  const cfg = { seed, phases: [{ workload: { kind: 'zipf', pages, alpha }, length: requests, write_fraction: 0 }] };
  const trace = wasm.WasmTrace.generate(JSON.stringify(cfg));
  const dense = trace.unpacked(0, trace.len());
  const seq = dense.pages();
  dense.free();
  const ids = new Float64Array(trace.distinct());
  for (let d = 0; d < ids.length; d++) ids[d] = Number(trace.label(d));
  trace.free();

  const text = join(dir, 'zipf.txt');
  const lines = new Array(seq.length);
  for (let i = 0; i < seq.length; i++) lines[i] = ids[seq[i]];
  writeFileSync(text, lines.join('\n') + '\n');

  const next = new Float64Array(seq.length);
  const seen = new Float64Array(ids.length).fill(-1);
  for (let i = seq.length - 1; i >= 0; i--) {
    next[i] = seen[seq[i]];
    seen[seq[i]] = i + 1;
  }
  const buf = Buffer.alloc(seq.length * 24);
  for (let i = 0; i < seq.length; i++) {
    const o = i * 24;
    // 1,000 requests a second: under a day in all, so cachesim prints no per-day lines.
    buf.writeUInt32LE(Math.floor(i / 1000), o);
    buf.writeBigUInt64LE(BigInt(ids[seq[i]]), o + 4);
    buf.writeUInt32LE(1, o + 12);
    buf.writeBigInt64LE(BigInt(next[i]), o + 16);
  }
  const oracle = join(dir, 'zipf.oracleGeneral.bin');
  writeFileSync(oracle, buf);
  return { text, oracle };
}

// One whole process: wall time (monotonic clock around it) and peak memory (GNU time's %M, KiB).
function timed(cwd, cmd, args) {
  const t0 = process.hrtime.bigint();
  // In the trace's folder: cachesim writes its result files beside where it runs.
  const r = spawnSync('/usr/bin/time', ['-f', '%M', cmd, ...args], { encoding: 'utf8', maxBuffer: 1 << 26, cwd });
  const secs = Number(process.hrtime.bigint() - t0) / 1e9;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}):\n${r.stderr}`);
  // GNU time's line is the last of stderr (after cachesim's colour reset, on the same line).
  const kib = Number(r.stderr.match(/(\d+)\s*$/)?.[1]);
  return { secs, mb: kib / 1024, stdout: r.stdout, output: `${r.stdout}\n${r.stderr}` };
}

// cachesim ends with `… cache size 10000, 10000000 req, miss ratio 0.1234, …` (its last miss ratio).
function theirMissRatio(out) {
  const m = [...out.matchAll(/miss ratio\s*:?\s*([0-9.]+)/g)].pop();
  if (!m) throw new Error(`cachesim's output has no miss ratio:\n${out}`);
  return Number(m[1]);
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const mb = (path) => (statSync(path).size / 1e6).toFixed(0);
