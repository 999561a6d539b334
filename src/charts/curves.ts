// What the miss-ratio curve panel draws and exports, from the curves the pool computed.

import type { LabelledCurve } from '../state/curveStore';
import type { LineSeries } from './lineChart';
import type { Provenance } from '../state/provenance';
import { colourOf } from '../core/palette';
import { csvCell } from '../components/resultColumns';

/** A sampled curve is dashed, so an estimate never passes for an exact one. */
export function curveSeries(curves: LabelledCurve[]): LineSeries[] {
  return curves.map((c) => ({
    label: c.exact ? c.label : `${c.label} (sampled)`,
    colour: colourOf(c.spec),
    dash: c.exact ? undefined : '6 3',
    points: c.frames.map((f, i) => [f, c.missRatio[i]] as [number, number]),
  }));
}

const pct = (r: number) => `${(r * 100).toLocaleString('en-US', { maximumSignificantDigits: 3 })} %`;

/** How a curve was computed, in a phrase. */
export function curveHow(c: LabelledCurve): string {
  if (c.method === 'stack') return 'exact at every size, in one pass (stack distances)';
  if (c.method === 'exact_only') return 'exact only: a full run at every size (it cannot be sampled faithfully)';
  if (c.exact) return 'exact: the trace has fewer pages than the sample, so every size ran on the whole trace';
  const lo = Math.min(...c.rate);
  const hi = Math.max(...c.rate);
  const whole = c.rate.filter((r) => r === 1).length;
  const range = lo === hi ? pct(lo) : `${pct(lo)} (large caches) to ${pct(hi)} (small caches)`;
  return `sampled: miniature caches on ${range} of the pages${whole ? `; ${whole} smallest sizes on the whole trace` : ''}`;
}

/** One row per point: long form, so every policy's sizes and sample rates stay with it. */
export function curvesCsv(curves: LabelledCurve[], p: Provenance): string {
  const head = ['policy', 'policy_id', 'method', 'frames', 'miss_ratio', 'sample_rate', 'core', 'collapse_repeats', 'trace_sha256'];
  const rows = curves.flatMap((c) =>
    c.frames.map((f, i) => [
      c.label,
      c.policy,
      c.method,
      f,
      c.missRatio[i],
      c.rate[i],
      p.core,
      String(p.options.collapse_repeats),
      p.trace_sha256 ?? '',
    ]),
  );
  return [head, ...rows].map((row) => row.map(csvCell).join(',')).join('\n') + '\n';
}
