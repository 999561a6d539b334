// Grouped bars: one group per category (a policy), one bar per series
// (reads and write-backs, or one cache size each), with tooltips and an optional reference line.

import * as d3 from 'd3';
import type { Chart } from './hitRatioChart';
import { drawLegend } from './legend';

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
      bars.selectAll('*').remove();
      series.forEach((s) =>
        s.values.forEach((v, ci) => {
          if (!Number.isFinite(v)) return;
          bars
            .append('rect')
            .attr('x', (x0(categories[ci]) ?? 0) + (x1(s.label) ?? 0))
            .attr('y', y(v))
            .attr('width', x1.bandwidth())
            .attr('height', Math.max(0, y(0) - y(v)))
            .attr('fill', s.colour)
            .attr('data-series', s.label)
            .append('title')
            .text(`${categories[ci]} · ${s.label}: ${fmt(v)}`);
        }),
      );
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
      );
    },
    destroy() {
      svg.remove();
    },
  };
}
