// UI: chart series derived from run results; pure, so they are tested without a browser.

import type { RunResultView } from '../state/runSlice';
import type { LineSeries } from './lineChart';
import type { BarData } from './barChart';
import { colourOf } from '../core/palette';
import { NO_CACHE } from '../core/catalog';

const DASHES = [undefined, '8 4', '2 3', '12 3 2 3'];

/** Runs through a cache (not the no-cache flash baseline): what the cache charts draw. */
export const cachedOnly = (results: RunResultView[]): RunResultView[] => results.filter((r) => r.job.policy !== NO_CACHE);

/** The same run with the policy's own label (rows of one run on several flash configurations differ only in flash). */
const relabelled = new WeakMap<RunResultView, RunResultView>();

/**
 * One row per cache run: the cache charts draw what the cache did, which is the same on every flash
 * configuration (each run's first configuration is kept, under the policy's own label).
 */
export function cacheRuns(results: RunResultView[]): RunResultView[] {
  let out = cacheRunsOf.get(results);
  if (out) return out;
  out = [];
  for (const r of results) if (r.job.policy !== NO_CACHE && (r.flashIndex ?? 0) === 0) out.push(underCacheLabel(r));
  cacheRunsOf.set(results, out);
  return out;
}
/** Several panels ask for the cache runs of the same results: found once. */
const cacheRunsOf = new WeakMap<RunResultView[], RunResultView[]>();

/** The row under its run's label, without its flash configuration's name (the same object each time). */
function underCacheLabel(r: RunResultView): RunResultView {
  if (r.cacheLabel === undefined || r.cacheLabel === r.label) return r;
  let mine = relabelled.get(r);
  if (!mine) relabelled.set(r, (mine = { ...r, label: r.cacheLabel }));
  return mine;
}

/** The flash configurations of the results, by index: their names. */
export function flashConfigs(results: RunResultView[]): string[] {
  const names: string[] = [];
  for (const r of results) if (r.flashIndex !== undefined && names[r.flashIndex] === undefined) names[r.flashIndex] = r.flashName ?? '';
  return Array.from(names, (n, i) => n ?? `configuration ${i + 1}`);
}

/** The rows on one flash configuration, each under its run's label. */
export const onFlashConfig = (results: RunResultView[], index: number): RunResultView[] =>
  results.filter((r) => r.flashIndex === index).map(underCacheLabel);

/** Distinct series (policies, or policies on flash configurations) among the results. */
export const seriesCount = (results: RunResultView[]): number => new Set(results.map((r) => r.spec)).size;

/** How a cache size reads in legends and pickers (0 is the no-cache baseline). */
const int = new Intl.NumberFormat('en-US');
export const sizeName = (f: number): string => (f === 0 ? 'no cache' : `${int.format(f)} frames`);

/** One entry per policy of the experiment that has results, in experiment order. */
function specsOf(results: RunResultView[]): { spec: number; label: string }[] {
  const seen = new Map<number, string>();
  for (const r of results) if (!seen.has(r.spec)) seen.set(r.spec, r.label);
  return [...seen].sort((a, b) => a[0] - b[0]).map(([spec, label]) => ({ spec, label }));
}

export const sizesOf = (results: RunResultView[]): number[] => [...new Set(results.map((r) => r.job.frames))].sort((a, b) => a - b);

/**
 * At most `max` of the sorted `sizes`, evenly spread, the first and the last always among them:
 * charts with one bar per size stay readable (and cheap) with a hundred sizes.
 */
export function spreadSizes(sizes: number[], max: number): number[] {
  if (sizes.length <= max) return sizes;
  if (max <= 1) return sizes.slice(-1);
  const picked = new Set<number>();
  for (let i = 0; i < max; i++) picked.add(sizes[Math.round((i * (sizes.length - 1)) / (max - 1))]);
  return [...picked];
}

/** Bars per chart: sizes beyond this are spread (see `spreadSizes`). */
export const MAX_BAR_SIZES = 8;
/** Groups of bars per chart: with more series, the flash charts show one flash configuration at a time. */
export const MAX_BAR_GROUPS = 40;

/** Each (spec, frames) pair's first result, found in constant time. */
function byRun(results: RunResultView[]): (spec: number, frames: number) => RunResultView | undefined {
  const m = new Map<number, Map<number, RunResultView>>();
  for (const r of results) {
    let row = m.get(r.spec);
    if (!row) m.set(r.spec, (row = new Map()));
    if (!row.has(r.job.frames)) row.set(r.job.frames, r);
  }
  return (spec, frames) => m.get(spec)?.get(frames);
}

/** Hit (or miss) ratio against cache size, one line per policy. */
export function sizeCurves(results: RunResultView[], mode: 'hit' | 'miss'): LineSeries[] {
  const points = new Map<number, [number, number][]>();
  for (const r of results) {
    let pts = points.get(r.spec);
    if (!pts) points.set(r.spec, (pts = []));
    pts.push([r.job.frames, mode === 'hit' ? r.metrics.hit_ratio : 1 - r.metrics.hit_ratio]);
  }
  return specsOf(results).map(({ spec, label }) => ({
    label,
    colour: colourOf(spec),
    points: points.get(spec)!.sort((a, b) => a[0] - b[0]),
  }));
}

/** Page reads and write-backs per policy at one cache size. */
export function readsAndWritebacks(results: RunResultView[], frames: number): BarData {
  const at = results.filter((r) => r.job.frames === frames);
  const find = byRun(at);
  const rows = specsOf(at).map(({ spec, label }) => ({ label, r: find(spec, frames)! }));
  return {
    categories: rows.map((x) => x.label),
    series: [
      { label: 'page reads', colour: colourOf(0), values: rows.map((x) => x.r.metrics.reads) },
      { label: 'write-backs', colour: colourOf(1), values: rows.map((x) => x.r.metrics.writebacks + x.r.metrics.flushed) },
    ],
  };
}

/**
 * Weighted cost of each policy divided by the baseline's at the same size; one bar per size
 * (at most `maxSizes`, spread over the range).
 */
export function normalisedCost(results: RunResultView[], baseline: number, maxSizes = MAX_BAR_SIZES): BarData {
  const specs = specsOf(results);
  const find = byRun(results);
  return {
    categories: specs.map((s) => s.label),
    series: spreadSizes(sizesOf(results), maxSizes).map((f, i) => {
      const base = find(baseline, f)?.metrics.cost;
      return {
        label: sizeName(f),
        colour: colourOf(i),
        values: specs.map(({ spec }) => {
          const c = find(spec, f)?.metrics.cost;
          return c === undefined || !base ? NaN : c / base;
        }),
      };
    }),
    reference: 1,
  };
}

/** How many lines `gaugeLines` would draw, without drawing them. */
export const gaugeCount = (results: RunResultView[]): number => results.reduce((n, r) => n + (r.gauges?.names.length ?? 0), 0);

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

/** Write amplification of each series, one bar per cache size (at most `maxSizes`, spread; the no-cache baseline kept). */
export function writeAmplification(results: RunResultView[], maxSizes = MAX_BAR_SIZES): BarData {
  const flashResults = results.filter((r) => r.flash);
  const specs = specsOf(flashResults);
  const find = byRun(flashResults);
  const sizes = sizesOf(flashResults);
  const shown = sizes[0] === 0 ? [0, ...spreadSizes(sizes.slice(1), maxSizes - 1)] : spreadSizes(sizes, maxSizes);
  return {
    categories: specs.map((s) => s.label),
    series: shown.map((f, i) => ({
      label: sizeName(f),
      colour: colourOf(i),
      values: specs.map(({ spec }) => find(spec, f)?.flash?.metrics.waf ?? NaN),
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
  const at = results.filter((r) => r.flash && r.job.frames === frames);
  const find = byRun(at);
  const rows = specsOf(at);
  const categories = Array.from(
    { length: 8 },
    (_, i) => `${(i * 12.5).toFixed(1).replace('.0', '')}–${((i + 1) * 12.5).toFixed(1).replace('.0', '')}%`,
  );
  return {
    categories,
    series: rows.map(({ spec, label }) => {
      const util = find(spec, frames)!.flash!.metrics.block_util;
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
