// UI: what the trace panel draws and exports, from the core's analysis: the rank–frequency
// series with the core's fitted Zipf line, the per-window series, and the whole analysis as
// long-form CSV. Every number is the core's; nothing here fits or counts.

import type { AnalysisShown } from '../core/schemas';
import type { Provenance } from '../state/provenance';
import { PALETTE } from '../core/palette';
import { csvCell } from '../components/resultColumns';
import type { LineSeries } from './lineChart';

/** α and R² as the panel states them (— where the core could not fit: fewer than two ranks). */
export const fmtFit = (x: number | null, digits = 3): string => (x === null ? '—' : x.toFixed(digits));

/** References at each plotted rank, and the core's fitted line over the ranks the fit covers. */
export function rankSeries(a: AnalysisShown): LineSeries[] {
  const p = a.popularity;
  const series: LineSeries[] = [{ label: 'pages', colour: PALETTE[0], points: p.points }];
  if (p.alpha !== null && p.r2 !== null && p.fit_scale !== null && p.fit_ranks >= 2) {
    // A straight line on log–log axes: its two ends say it all.
    const at = (r: number): [number, number] => [r, p.fit_scale! * r ** -p.alpha!];
    series.push({
      label: `Zipf α ${fmtFit(p.alpha, 2)}, R² ${fmtFit(p.r2, 2)}`,
      colour: PALETTE[1],
      dash: '6 3',
      points: [at(1), at(p.fit_ranks)],
    });
  }
  return series;
}

/** The first request (0-based) of each window. */
const starts = (a: AnalysisShown, n: number) => Array.from({ length: n }, (_, i) => i * a.window);

/** Distinct pages per window (its working-set size). */
export function workingSetSeries(a: AnalysisShown): LineSeries[] {
  const x = starts(a, a.windows.distinct.length);
  return [{ label: 'distinct pages', colour: PALETTE[2], points: a.windows.distinct.map((d, i) => [x[i], d]) }];
}

/** Per window: the share of its pages referenced once in it, and the share of its requests that write. */
export function shareSeries(a: AnalysisShown): LineSeries[] {
  const x = starts(a, a.windows.distinct.length);
  return [
    { label: 'one-hit wonders', colour: PALETTE[0], points: a.windows.one_hit_share.map((s, i) => [x[i], s]) },
    { label: 'writes', colour: PALETTE[1], dash: '6 3', points: a.windows.write_share.map((s, i) => [x[i], s]) },
  ];
}

/** The headline figures, as the panel's table and the CSV give them. */
export function headline(a: AnalysisShown): { key: string; label: string; value: number | null; text: string }[] {
  const int = (n: number) => n.toLocaleString('en-US');
  const pct = (x: number) => `${(x * 100).toFixed(2)} %`;
  const p = a.popularity;
  const writeShare = a.requests ? a.writes / a.requests : 0;
  return [
    { key: 'requests', label: 'Requests', value: a.requests, text: int(a.requests) },
    { key: 'distinct', label: 'Distinct pages', value: a.distinct, text: int(a.distinct) },
    {
      key: 'one_hit_share',
      label: 'One-hit wonders',
      value: a.one_hit_share,
      text: `${pct(a.one_hit_share)} (${int(a.one_hit_pages)} pages)`,
    },
    { key: 'alpha', label: 'Zipf α', value: p.alpha, text: fmtFit(p.alpha) },
    { key: 'r2', label: 'R² of the fit', value: p.r2, text: `${fmtFit(p.r2)} (${int(p.fit_ranks)} ranks)` },
    { key: 'write_share', label: 'Writes', value: writeShare, text: pct(writeShare) },
    { key: 'sequential_share', label: 'In runs of 2+', value: a.sequential_share, text: pct(a.sequential_share) },
    {
      key: 'top_count',
      label: 'Most referenced page',
      value: p.top_count,
      text: p.top_page === null ? '—' : `${p.top_page} (${int(p.top_count)} times)`,
    },
  ];
}

/**
 * The analysis in long form, one figure's value per row: `x`–`x_high` is the range a row covers
 * (a rank, a power-of-two bin, a window's requests), empty for the headline figures.
 */
export function analysisCsv(a: AnalysisShown, source: string, p: Provenance): string {
  type Row = [string, number | '', number | '', number | string];
  const rows: Row[] = headline(a).map((h) => [h.key, '', '', h.value ?? '']);
  rows.push(['top_page', '', '', a.popularity.top_page ?? '']);
  rows.push(
    ['writes', '', '', a.writes],
    ['one_hit_pages', '', '', a.one_hit_pages],
    ['cold', '', '', a.cold],
    ['window', '', '', a.window],
  );
  for (const [r, c] of a.popularity.points) rows.push(['rank_frequency', r, r, c]);
  const bins = (figure: string, counts: number[]) => counts.forEach((c, k) => rows.push([figure, 2 ** k, 2 ** (k + 1) - 1, c]));
  if (a.stack_distance) bins('stack_distance', a.stack_distance.counts);
  bins('reuse_time', a.reuse_time.counts);
  bins('run_length', a.runs.counts);
  const w = a.windows;
  w.distinct.forEach((d, i) => {
    const [lo, hi] = [i * a.window, Math.min((i + 1) * a.window, a.requests) - 1];
    rows.push(
      ['window_distinct', lo, hi, d],
      ['window_one_hit_share', lo, hi, w.one_hit_share[i]],
      ['window_write_share', lo, hi, w.write_share[i]],
    );
  });
  const head = ['figure', 'x', 'x_high', 'value', 'trace', 'core', 'trace_sha256'];
  const lines = rows.map((r) => [...r, source, p.core, p.trace_sha256 ?? '']);
  return [head, ...lines].map((row) => row.map(csvCell).join(',')).join('\n') + '\n';
}

/** The analysis as the runner's `--analyze --json` gives it: the core's object whole, with where it came from. */
export function analysisJson(a: AnalysisShown, source: string, p: Provenance): string {
  return JSON.stringify({ core: p.core, trace: source, trace_sha256: p.trace_sha256, analysis: a }, null, 2) + '\n';
}
