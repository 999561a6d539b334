// UI: what the miss-ratio curve panel draws and exports, from the curves the pool computed.

import type { LabelledCurve } from '../state/curveStore';
import type { LineSeries } from './lineChart';
import type { Provenance } from '../state/provenance';
import { colourOf } from '../core/palette';
import { csvCell } from '../components/resultColumns';

/** A sampled curve is dashed, so an estimate never passes for an exact one, and carries its error estimate as a band. */
export function curveSeries(curves: LabelledCurve[]): LineSeries[] {
  return curves.map((c) => {
    const band = c.frames
      .map((f, i) => [f, c.missRatio[i] - c.error[i], c.missRatio[i] + c.error[i]] as [number, number, number])
      .filter(([, lo, hi]) => Number.isFinite(lo) && Number.isFinite(hi));
    return {
      label: c.exact ? c.label : `${c.label} (sampled)`,
      colour: colourOf(c.spec),
      dash: c.exact ? undefined : '6 3',
      points: c.frames.map((f, i) => [f, c.missRatio[i]] as [number, number]),
      band: c.exact || band.length === 0 ? undefined : band.map(([f, lo, hi]) => [f, Math.max(0, lo), Math.min(1, hi)]),
    };
  });
}

/** The largest error estimate of a curve's sampled points (NaN: none has one). */
export function largestError(c: LabelledCurve): number {
  const e = [...c.error].filter((x, i) => c.rate[i] < 1 && Number.isFinite(x));
  return e.length ? Math.max(...e) : NaN;
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
  const e = largestError(c);
  const error = Number.isNaN(e)
    ? '; no error estimate with one sample'
    : `; error estimate up to ± ${(e * 100).toLocaleString('en-US', { maximumFractionDigits: 2 })} pp (95 %, over ${c.samples} samples)`;
  return `sampled: mean of ${c.samples} miniature caches on ${range} of the pages each${whole ? `; ${whole} smallest sizes on the whole trace` : ''}${error}`;
}

/** One row per point: long form, so every policy's sizes and sample rates stay with it. */
export function curvesCsv(curves: LabelledCurve[], p: Provenance): string {
  const head = [
    'policy',
    'policy_id',
    'method',
    'frames',
    'miss_ratio',
    'error',
    'sample_rate',
    'samples',
    'core',
    'collapse_repeats',
    'trace_sha256',
  ];
  const rows = curves.flatMap((c) =>
    c.frames.map((f, i) => [
      c.label,
      c.policy,
      c.method,
      f,
      c.missRatio[i],
      Number.isNaN(c.error[i]) ? '' : c.error[i],
      c.rate[i],
      c.rate[i] < 1 ? c.samples : 1,
      p.core,
      String(p.options.collapse_repeats),
      p.trace_sha256 ?? '',
    ]),
  );
  return [head, ...rows].map((row) => row.map(csvCell).join(',')).join('\n') + '\n';
}
