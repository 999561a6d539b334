// UI: grouped bars: one group per category (a policy), one bar per series
// (reads and write-backs, or one cache size each), with tooltips and an optional reference line.

import * as d3 from 'd3';
import type { Chart } from './hitRatioChart';
import { LEGEND_ROW, drawLegend } from './legend';

export interface BarSeries {
  label: string;
  colour: string;
  values: number[];
}

export interface BarData {
  categories: string[];
  series: BarSeries[];
  /** A horizontal line, e.g. 1 for “same as the baseline”. */
  reference?: number;
  yLabel?: string;
}

export function createBarChart(
  node: HTMLElement,
  o: { title: string; yLabel: string; xLabel?: string; yFormat?: string; width?: number; height?: number },
): Chart<BarData> {
  const width = o.width ?? 760;
  const height = o.height ?? 340;
  const m = { top: 16, right: 200, bottom: 72, left: 80 };
  const svg = d3
    .select(node)
    .append('svg')
    .attr('viewBox', `0 0 ${width} ${height}`)
    .attr('role', 'img')
    .attr('aria-label', o.title)
    .attr('class', 'chart');
  const gx = svg.append('g').attr('transform', `translate(0,${height - m.bottom})`);
  const gy = svg.append('g').attr('transform', `translate(${m.left},0)`);
  const yLabel = svg
    .append('text')
    .attr('class', 'axis-label')
    .attr('transform', `translate(18,${(height - m.bottom + m.top) / 2}) rotate(-90)`)
    .attr('text-anchor', 'middle');
  if (o.xLabel)
    svg
      .append('text')
      .attr('class', 'axis-label')
      .attr('x', (m.left + width - m.right) / 2)
      .attr('y', height - 6)
      .attr('text-anchor', 'middle')
      .text(o.xLabel);
  const bars = svg.append('g');
  const ref = svg.append('line').attr('stroke', '#333').attr('stroke-dasharray', '6 4').attr('stroke-width', 1.5);
  const legend = svg.append('g').attr('transform', `translate(${width - m.right + 16},${m.top})`);
  const fmt = d3.format(o.yFormat ?? ',.4~f');

  return {
    update({ categories, series, reference, yLabel: yl }) {
      const x0 = d3
        .scaleBand()
        .domain(categories)
        .range([m.left, width - m.right])
        .padding(0.2);
      const x1 = d3
        .scaleBand()
        .domain(series.map((s) => s.label))
        .range([0, x0.bandwidth()])
        .padding(0.05);
      const max = Math.max(reference ?? 0, d3.max(series.flatMap((s) => s.values.filter(Number.isFinite))) ?? 1);
      const y = d3
        .scaleLinear()
        .domain([0, max > 0 ? max : 1])
        .nice()
        .range([height - m.bottom, m.top]);
      gx.call(d3.axisBottom(x0));
      gx.selectAll('text').attr('transform', 'rotate(-20)').attr('text-anchor', 'end');
      gy.call(d3.axisLeft(y).ticks(5, '~s'));
      yLabel.text(yl ?? o.yLabel);
      // Bars are joined by (category, series): an update moves and resizes the bars already drawn.
      const cells = series.flatMap((s) =>
        s.values.flatMap((v, ci) =>
          Number.isFinite(v) ? [{ key: `${ci}\u0000${categories[ci]}\u0000${s.label}`, s, v, category: categories[ci] }] : [],
        ),
      );
      bars
        .selectAll<SVGRectElement, (typeof cells)[number]>('rect')
        .data(cells, (d) => d.key)
        .join((enter) => {
          const r = enter.append('rect');
          r.append('title');
          return r;
        })
        .attr('x', (d) => (x0(d.category) ?? 0) + (x1(d.s.label) ?? 0))
        .attr('y', (d) => y(d.v))
        .attr('width', x1.bandwidth())
        .attr('height', (d) => Math.max(0, y(0) - y(d.v)))
        .attr('fill', (d) => d.s.colour)
        .attr('data-series', (d) => d.s.label)
        .select('title')
        .text((d) => `${d.category} · ${d.s.label}: ${fmt(d.v)}`);
      if (reference !== undefined)
        ref
          .attr('x1', m.left)
          .attr('x2', width - m.right)
          .attr('y1', y(reference))
          .attr('y2', y(reference))
          .attr('display', null);
      else ref.attr('display', 'none');
      drawLegend(
        legend,
        series.map((s) => ({ label: s.label, colour: s.colour, box: true })),
        Math.floor((height - m.top) / LEGEND_ROW),
      );
    },
    destroy() {
      svg.remove();
    },
  };
}
