// UI: a generic line chart: hit ratio against cache size (a log axis when sizes span
// a decade or more), gauges over the run. Points carry tooltips.

import * as d3 from 'd3';
import type { Chart } from './hitRatioChart';
import { LEGEND_ROW, drawLegend } from './legend';
import { attachReadout } from './readout';

export interface LineSeries {
  label: string;
  colour: string;
  dash?: string;
  points: [number, number][];
  /** A shaded interval around the line: (x, low, high) at each point. */
  band?: [number, number, number][];
}

export interface LineChartOptions {
  title: string;
  xLabel: string;
  yLabel: string;
  /** d3 tick format of the y axis, e.g. '%' or '~s'. */
  yFormat?: string;
  /** y range starts at 0 and ends at 1 (ratios). */
  unitY?: boolean;
  /** Use a log x axis when the x values span at least this factor. */
  logXFrom?: number;
  /** A log y axis (counts over decades, as a rank–frequency plot); values ≤ 0 are left out. */
  logY?: boolean;
  markers?: boolean;
  width?: number;
  height?: number;
}

/** Points drawn as markers with tooltips at most; beyond, lines alone. */
export const MAX_MARKERS = 400;

export function createLineChart(node: HTMLElement, o: LineChartOptions): Chart<{ series: LineSeries[]; yLabel?: string }> {
  const width = o.width ?? 760;
  const height = o.height ?? 340;
  const m = { top: 16, right: 200, bottom: 52, left: 70 };
  const svg = d3
    .select(node)
    .append('svg')
    .attr('viewBox', `0 0 ${width} ${height}`)
    .attr('role', 'img')
    .attr('aria-label', o.title)
    .attr('class', 'chart');
  const gx = svg.append('g').attr('transform', `translate(0,${height - m.bottom})`);
  const gy = svg.append('g').attr('transform', `translate(${m.left},0)`);
  svg
    .append('text')
    .attr('class', 'axis-label')
    .attr('x', (m.left + width - m.right) / 2)
    .attr('y', height - 10)
    .attr('text-anchor', 'middle')
    .text(o.xLabel);
  const yLabel = svg
    .append('text')
    .attr('class', 'axis-label')
    .attr('transform', `translate(18,${(height - m.bottom + m.top) / 2}) rotate(-90)`)
    .attr('text-anchor', 'middle')
    .text(o.yLabel);
  const bands = svg.append('g').attr('fill-opacity', 0.18);
  const lines = svg.append('g').attr('fill', 'none').attr('stroke-width', 2.5);
  const dots = svg.append('g');
  const legend = svg.append('g').attr('transform', `translate(${width - m.right + 16},${m.top})`);
  // Set by update: the current series and the x scale they were drawn with.
  let drawn: { series: LineSeries[]; x: (v: number) => number } = { series: [], x: () => 0 };
  const fmtV = d3.format(o.yFormat === '%' ? '.2%' : ',.4~f');
  attachReadout(svg, { left: m.left, right: width - m.right, top: m.top, bottom: height - m.bottom }, (px) => {
    const nearest = (s: LineSeries) => d3.least(s.points, (p) => Math.abs(drawn.x(p[0]) - px));
    const first = drawn.series.map(nearest).find((p) => p !== undefined);
    if (!first) return null;
    const rows = drawn.series.map((s) => {
      const p = nearest(s);
      return { text: `${s.label}: ${p && Number.isFinite(p[1]) ? fmtV(p[1]) : '—'}`, colour: s.colour };
    });
    return { heading: `${o.xLabel} ${d3.format(',')(first[0])}`, rows };
  });

  return {
    update({ series, yLabel: yl }) {
      const xs = series.flatMap((s) => s.points.map((p) => p[0]));
      const ys = series
        .flatMap((s) => [...s.points.map((p) => p[1]), ...(s.band ?? []).flatMap((b) => [b[1], b[2]])])
        .filter((y) => Number.isFinite(y) && (!o.logY || y > 0));
      const lo = d3.min(xs) ?? 0;
      const hi = d3.max(xs) ?? 1;
      const log = o.logXFrom !== undefined && lo > 0 && hi / lo >= o.logXFrom;
      const x = (log ? d3.scaleLog() : d3.scaleLinear())
        .domain(log ? [lo, hi] : [Math.min(0, lo), Math.max(hi, lo + 1)])
        .range([m.left, width - m.right]);
      const y = (
        o.logY
          ? d3.scaleLog().domain([d3.min(ys) ?? 1, Math.max(d3.max(ys) ?? 10, (d3.min(ys) ?? 1) * 10)])
          : d3.scaleLinear().domain(o.unitY ? [0, 1] : [Math.min(0, d3.min(ys) ?? 0), Math.max(1e-9, d3.max(ys) ?? 1)])
      )
        .nice()
        .range([height - m.bottom, m.top]);
      const shown = (v: number) => Number.isFinite(v) && (!o.logY || v > 0);
      drawn = { series, x: (v) => x(v) };
      gx.call(d3.axisBottom(x).ticks(6, '~s') as never);
      gy.call(d3.axisLeft(y).ticks(5, o.yFormat ?? '~s'));
      yLabel.text(yl ?? o.yLabel);
      const line = d3
        .line<[number, number]>()
        .defined((d) => shown(d[1]))
        .x((d) => x(d[0]))
        .y((d) => y(d[1]));
      const area = d3
        .area<[number, number, number]>()
        .defined((d) => Number.isFinite(d[1]) && Number.isFinite(d[2]))
        .x((d) => x(d[0]))
        .y0((d) => y(d[1]))
        .y1((d) => y(d[2]));
      bands
        .selectAll<SVGPathElement, LineSeries>('path')
        .data(
          series.filter((s) => s.band),
          (s) => s.label,
        )
        .join('path')
        .attr('fill', (s) => s.colour)
        .attr('data-band', (s) => s.label)
        .attr('d', (s) => area(s.band!) ?? '');
      lines
        .selectAll<SVGPathElement, LineSeries>('path')
        .data(series, (s) => s.label)
        .join('path')
        .attr('stroke', (s) => s.colour)
        .attr('stroke-dasharray', (s) => s.dash ?? null)
        .attr('data-series', (s) => s.label)
        .attr('d', (s) => line(s.points) ?? '');
      const fmtY = d3.format(o.yFormat === '%' ? '.2%' : '~s');
      dots.selectAll('*').remove();
      // Markers (each with its tooltip) help a few lines; hundreds of them only cost: the readout names every point.
      const marked = series.reduce((n, s) => n + s.points.length, 0) <= MAX_MARKERS;
      if (o.markers !== false && marked)
        for (const s of series)
          for (const p of s.points) {
            if (!shown(p[1])) continue;
            dots
              .append('circle')
              .attr('cx', x(p[0]))
              .attr('cy', y(p[1]))
              .attr('r', 4)
              .attr('fill', s.colour)
              .append('title')
              .text(`${s.label}: ${fmtY(p[1])} at ${o.xLabel} ${d3.format(',')(p[0])}`);
          }
      drawLegend(
        legend,
        series.map((s) => ({ label: s.label, colour: s.colour, dash: s.dash })),
        Math.floor((height - m.top) / LEGEND_ROW),
      );
    },
    destroy() {
      svg.remove();
    },
  };
}
