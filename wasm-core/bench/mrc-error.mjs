// `npm run probe:mrc`: how far sampled miss-ratio curves are from full ones,
// per policy, on a generated Zipf trace and on every public trace in
// ../shared/traces (when it is there). Prints mean and largest absolute error
// over the default 50 sizes, and the time of each. A probe, not a test.
//
// usage: npm run probe:mrc -- [--pages N] [--requests N] [--policy a,b] [--no-public] [--sample-pages N]
// (a smaller sample than the default 16,384 pages shows sampling on the small public traces too)

import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = join(root, 'wasm-core/target/release/cachescope');
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const catalog = JSON.parse(execFileSync(bin, ['--list-policies', '--json'], { encoding: 'utf8' }));
const policies = opt('policy', null)?.split(',') ?? catalog.policies.map((p) => p.id);
const zipf = `zipf:pages=${opt('pages', 200000)},alpha=1,length=${opt('requests', 2000000)},writes=0.3,seed=1`;

const inputs = [['generated ' + zipf, ['--generate', zipf]]];
const shared = join(root, '../shared/traces');
if (!args.includes('--no-public') && existsSync(shared)) {
  for (const dir of readdirSync(shared, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    for (const f of readdirSync(join(shared, dir.name))) {
      inputs.push([`${dir.name}/${f}`, ['--trace', join(shared, dir.name, f)]]);
    }
  }
}

const curves = (input, extra) => {
  const t0 = performance.now();
  const out = execFileSync(bin, [...input, '--policy', policies.join(','), '--mrc', '--json', ...extra], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  return [JSON.parse(out), (performance.now() - t0) / 1000];
};

for (const [name, input] of inputs) {
  let sampled, full, ts, tf;
  try {
    [sampled, ts] = curves(input, ['--sample-all', '--sample-pages', opt('sample-pages', '16384')]);
    [full, tf] = curves(input, ['--sample-pages', '0']);
  } catch (e) {
    console.log(`${name}: ${String(e.stderr ?? e).trim()}`);
    continue;
  }
  const t = sampled.trace;
  console.log(`\n${name} — ${t.requests} requests, ${t.distinct} pages; sampled ${ts.toFixed(1)} s, full ${tf.toFixed(1)} s`);
  for (const p of policies) {
    const a = sampled.mrc[p].miss_ratio;
    const b = full.mrc[p].miss_ratio;
    const err = a.map((x, i) => Math.abs(x - b[i]));
    const mae = err.reduce((s, x) => s + x, 0) / err.length;
    const rate = Math.min(...sampled.mrc[p].rate);
    console.log(`  ${p.padEnd(16)} MAE ${mae.toFixed(4)}  max ${Math.max(...err).toFixed(4)}  base rate ${(rate * 100).toFixed(2)} %`);
  }
}
