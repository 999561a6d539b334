// Chart series derived from run results; pure, so they are tested without a browser.

import type { RunResultView } from '../state/runSlice';
import type { LineSeries } from './lineChart';
import type { BarData } from './barChart';
import { colourOf } from '../core/palette';
import { NO_CACHE } from '../core/catalog';

const DASHES = [undefined, '8 4', '2 3', '12 3 2 3'];

/** Runs through a cache (not the no-cache flash baseline): what the cache charts draw. */
export const cachedOnly = (results: RunResultView[]): RunResultView[] => results.filter((r) => r.job.policy !== NO_CACHE);

/** How a cache size reads in legends and pickers (0 is the no-cache baseline). */
export const sizeName = (f: number): string => (f === 0 ? 'no cache' : `${f.toLocaleString('en-US')} frames`);

/** One entry per policy of the experiment that has results, in experiment order. */
function specsOf(results: RunResultView[]): { spec: number; label: string }[] {
  const seen = new Map<number, string>();
  for (const r of results) if (!seen.has(r.spec)) seen.set(r.spec, r.label);
  return [...seen].sort((a, b) => a[0] - b[0]).map(([spec, label]) => ({ spec, label }));
}

export const sizesOf = (results: RunResultView[]): number[] => [...new Set(results.map((r) => r.job.frames))].sort((a, b) => a - b);

/** Hit (or miss) ratio against cache size, one line per policy. */
export function sizeCurves(results: RunResultView[], mode: 'hit' | 'miss'): LineSeries[] {
  return specsOf(results).map(({ spec, label }) => ({
    label,
    colour: colourOf(spec),
    points: results
      .filter((r) => r.spec === spec)
      .map((r): [number, number] => [r.job.frames, mode === 'hit' ? r.metrics.hit_ratio : 1 - r.metrics.hit_ratio])
      .sort((a, b) => a[0] - b[0]),
  }));
}

/** Page reads and write-backs per policy at one cache size. */
export function readsAndWritebacks(results: RunResultView[], frames: number): BarData {
  const rows = specsOf(results)
    .map(({ spec, label }) => ({ label, r: results.find((x) => x.spec === spec && x.job.frames === frames) }))
    .filter((x) => x.r !== undefined);
  return {
    categories: rows.map((x) => x.label),
    series: [
      { label: 'page reads', colour: colourOf(0), values: rows.map((x) => x.r!.metrics.reads) },
      { label: 'write-backs', colour: colourOf(1), values: rows.map((x) => x.r!.metrics.writebacks + x.r!.metrics.flushed) },
    ],
  };
}

/** Weighted cost of each policy divided by the baseline's at the same size; one bar per size. */
export function normalisedCost(results: RunResultView[], baseline: number): BarData {
  const specs = specsOf(results);
  return {
    categories: specs.map((s) => s.label),
    series: sizesOf(results).map((f, i) => {
      const base = results.find((r) => r.spec === baseline && r.job.frames === f)?.metrics.cost;
      return {
        label: `${f.toLocaleString('en-US')} frames`,
        colour: colourOf(i),
        values: specs.map(({ spec }) => {
          const c = results.find((r) => r.spec === spec && r.job.frames === f)?.metrics.cost;
          return c === undefined || !base ? NaN : c / base;
        }),
      };
    }),
    reference: 1,
  };
}

/** Snapshot gauges over the run (e.g. CLOCK-Pro's cold allocation, CRAW's area sizes). */
export function gaugeLines(results: RunResultView[]): LineSeries[] {
  const sizes = sizesOf(results);
  const out: LineSeries[] = [];
  let k = 0;
  for (const r of results) {
    const g = r.gauges;
    if (!g || g.names.length === 0) continue;
    const rows = g.values.length / g.names.length;
    g.names.forEach((name, gi) => {
      const points: [number, number][] = [];
      for (let row = 0; row < rows; row++)
        points.push([Math.min((row + 1) * g.every, r.metrics.requests), g.values[row * g.names.length + gi]]);
      out.push({
        label: `${r.label} · ${r.job.frames} · ${name}`,
        colour: colourOf(k++),
        dash: DASHES[sizes.indexOf(r.job.frames) % DASHES.length],
        points,
      });
    });
  }
  return out;
}

/** Write amplification of each series, one bar per cache size. */
export function writeAmplification(results: RunResultView[]): BarData {
  const flashResults = results.filter((r) => r.flash);
  const specs = specsOf(flashResults);
  return {
    categories: specs.map((s) => s.label),
    series: sizesOf(flashResults).map((f, i) => ({
      label: sizeName(f),
      colour: colourOf(i),
      values: specs.map(({ spec }) => flashResults.find((r) => r.spec === spec && r.job.frames === f)?.flash?.metrics.waf ?? NaN),
    })),
    reference: 1,
  };
}

/** Blocks per erase count (bins of equal width, at most `maxBins`). */
export function eraseHistogram(counts: Uint32Array, colour: string, maxBins = 24): BarData {
  let max = 0;
  for (const c of counts) max = Math.max(max, c);
  const width = Math.max(1, Math.ceil((max + 1) / maxBins));
  const bins = Math.ceil((max + 1) / width);
  const values = new Array<number>(bins).fill(0);
  for (const c of counts) values[Math.floor(c / width)]++;
  const categories = values.map((_, i) => (width === 1 ? String(i) : `${i * width}–${(i + 1) * width - 1}`));
  return { categories, series: [{ label: 'blocks', colour, values }] };
}

/** TS-CLOCK Fig. 5: share of write runs by the fraction of its block they filled, in eighths. */
export function blockUtilisation(results: RunResultView[], frames: number): BarData {
  const rows = specsOf(results.filter((r) => r.flash && r.job.frames === frames));
  const categories = Array.from(
    { length: 8 },
    (_, i) => `${(i * 12.5).toFixed(1).replace('.0', '')}–${((i + 1) * 12.5).toFixed(1).replace('.0', '')}%`,
  );
  return {
    categories,
    series: rows.map(({ spec, label }) => {
      const util = results.find((r) => r.spec === spec && r.job.frames === frames)!.flash!.metrics.block_util;
      const ppb = util.length - 1;
      const shares = new Array<number>(8).fill(0);
      const total = util.reduce((a, b) => a + b, 0);
      util.forEach((n, k) => {
        if (k === 0 || n === 0) return;
        shares[Math.min(7, Math.floor((k / ppb) * 8 - 1e-9))] += n / total;
      });
      return { label, colour: colourOf(spec), values: shares };
    }),
  };
}
