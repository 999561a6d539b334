// `npm run probe:mrc`: how far sampled miss-ratio curves are from full ones,
// per policy, on a generated Zipf trace and on every public trace in
// ../shared/traces (when it is there). Prints, over the default 50 sizes, the
// mean and largest absolute error (pp), the coverage of the curve's own error
// estimate (share of the sampled sizes where |sampled − full| ≤ the estimate),
// and the cost: requests simulated for the curve, in full runs of the trace.
// A probe, not a test.
//
// usage: npm run probe:mrc -- [--pages N] [--requests N] [--policy a,b] [--no-public] [--only SUBSTRING]
//          [--sample-pages N] [--samples N] [--sample-seed N] [--adjust on|off] [--stratify on|off]
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
// The curve options, as the core declares them (`--sample-pages`, `--samples`, …), passed on when given.
const curveFlags = catalog.curves.options.flatMap((o) => {
  const flag = o.key.replaceAll('_', '-');
  const v = opt(flag, null);
  return v === null ? [] : [`--${flag}`, v];
});

const inputs = [['generated ' + zipf, ['--generate', zipf]]];
const shared = join(root, '../shared/traces');
if (!args.includes('--no-public') && existsSync(shared)) {
  for (const dir of readdirSync(shared, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    for (const f of readdirSync(join(shared, dir.name))) {
      inputs.push([`${dir.name}/${f}`, ['--trace', join(shared, dir.name, f)]]);
    }
  }
}
const only = opt('only', null);

const curves = (input, extra) => {
  const t0 = performance.now();
  const out = execFileSync(bin, [...input, '--policy', policies.join(','), '--mrc', '--json', ...extra], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  return [JSON.parse(out), (performance.now() - t0) / 1000];
};

const totals = new Map();
for (const [name, input] of inputs) {
  if (only && !name.includes(only)) continue;
  let sampled, full, ts, tf;
  try {
    [sampled, ts] = curves(input, ['--sample-all', ...curveFlags]);
    [full, tf] = curves(input, ['--sample-pages', '0']);
  } catch (e) {
    console.log(`${name}: ${String(e.stderr ?? e).trim()}`);
    continue;
  }
  const t = sampled.trace;
  console.log(`\n${name} — ${t.requests} requests, ${t.distinct} pages; sampled ${ts.toFixed(1)} s, full ${tf.toFixed(1)} s`);
  for (const p of policies) {
    const c = sampled.mrc[p];
    const a = c.miss_ratio;
    const b = full.mrc[p].miss_ratio;
    const err = a.map((x, i) => Math.abs(x - b[i]));
    const mae = err.reduce((s, x) => s + x, 0) / err.length;
    const max = Math.max(...err);
    // Coverage over the sampled sizes (exact points have no error to cover).
    const sampledAt = c.rate.map((r, i) => (r < 1 ? i : -1)).filter((i) => i >= 0);
    const covered = sampledAt.filter((i) => c.error[i] !== null && err[i] <= c.error[i] + 1e-12).length;
    const coverage = sampledAt.length ? covered / sampledAt.length : 1;
    // Requests simulated, in full runs of the trace: each sample of rate r at each size.
    const cost = c.rate.reduce((s, r) => s + (r < 1 ? r * c.samples : 1), 0);
    const rate = Math.min(...c.rate);
    const pp = (x) => (x * 100).toFixed(2).padStart(5);
    console.log(
      `  ${p.padEnd(16)} mean ${pp(mae)} pp  max ${pp(max)} pp  coverage ${(coverage * 100).toFixed(0).padStart(3)} % of ${String(sampledAt.length).padStart(2)}  ` +
        `cost ${cost.toFixed(2)} runs  base rate ${(rate * 100).toFixed(2)} %`,
    );
    if (sampledAt.length) {
      const s = totals.get(p) ?? { traces: 0, mae: 0, max: 0, covered: 0, n: 0 };
      totals.set(p, {
        traces: s.traces + 1,
        mae: s.mae + mae,
        max: Math.max(s.max, max),
        covered: s.covered + covered,
        n: s.n + sampledAt.length,
      });
    }
  }
}
if (totals.size) {
  console.log('\nover the traces where the curve was sampled:');
  for (const [p, s] of totals)
    console.log(
      `  ${p.padEnd(16)} ${String(s.traces).padStart(2)} traces  mean of means ${((s.mae / s.traces) * 100).toFixed(2)} pp  ` +
        `max ${(s.max * 100).toFixed(2)} pp  coverage ${((s.covered / s.n) * 100).toFixed(1)} %`,
    );
}
