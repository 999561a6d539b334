// UI: a histogram over power-of-two ranges, as the core counts them (bucket i holds values in
// [2^i, 2^(i+1))): by default reuse distances (LRU stack distances: how many requests would hit
// in an LRU cache of each size), the last bar first accesses, which miss in any cache; the trace
// analysis draws reuse times and run lengths with it too.

import * as d3 from 'd3';
import type { Chart } from './hitRatioChart';

export interface ReuseData {
  reuse: number[];
  /** First accesses, drawn as a last grey bar; none without. */
  cold?: number;
}

export interface Log2ChartOptions {
  /** The chart's accessible name. */
  title: string;
  xLabel: string;
  yLabel: string;
}

const REUSE: Log2ChartOptions = {
  title: 'Reuse distance histogram',
  xLabel: 'reuse distance (distinct pages since the last access)',
  yLabel: 'requests',
};

export function reuseBars({ reuse, cold }: ReuseData): { label: string; count: number }[] {
  let last = reuse.length - 1;
  while (last > 0 && reuse[last] === 0) last--;
  const bars = reuse.slice(0, last + 1).map((count, i) => {
    const lo = 2 ** i;
    const hi = 2 ** (i + 1) - 1;
    // Three significant digits: "1.05M–2.10M" rather than "1.04858M–2.09715M".
    const f = (v: number) => (v < 1000 ? String(v) : d3.format('.3s')(v));
    return { label: lo === hi ? f(lo) : `${f(lo)}–${f(hi)}`, count };
  });
  if (cold !== undefined) bars.push({ label: 'first', count: cold });
  return bars;
}

export function createReuseChart(node: HTMLElement, o: Log2ChartOptions = REUSE): Chart<ReuseData> {
  const width = 760;
  const height = 260;
  const m = { top: 12, right: 16, bottom: 76, left: 64 };
  const svg = d3
    .select(node)
    .append('svg')
    .attr('viewBox', `0 0 ${width} ${height}`)
    .attr('role', 'img')
    .attr('aria-label', o.title)
    .attr('class', 'chart');
  const gx = svg.append('g').attr('transform', `translate(0,${height - m.bottom})`);
  const gy = svg.append('g').attr('transform', `translate(${m.left},0)`);
  const bars = svg.append('g');
  svg
    .append('text')
    .attr('class', 'axis-label')
    .attr('x', (m.left + width - m.right) / 2)
    .attr('y', height - 8)
    .attr('text-anchor', 'middle')
    .text(o.xLabel);
  svg
    .append('text')
    .attr('class', 'axis-label')
    .attr('transform', `translate(16,${(height - m.bottom + m.top) / 2}) rotate(-90)`)
    .attr('text-anchor', 'middle')
    .text(o.yLabel);
  return {
    update(data) {
      const rows = reuseBars(data);
      const x = d3
        .scaleBand()
        .domain(rows.map((r) => r.label))
        .range([m.left, width - m.right])
        .padding(0.15);
      const y = d3
        .scaleLinear()
        .domain([0, d3.max(rows, (r) => r.count) || 1])
        .nice()
        .range([height - m.bottom, m.top]);
      gx.call(d3.axisBottom(x));
      // Labels wider than their band are turned, so neighbours never overlap (at most ~80 px of text fits under the axis).
      const tilt = x.bandwidth() < 70;
      gx.selectAll<SVGTextElement, string>('.tick text')
        .attr('transform', tilt ? 'rotate(-40)' : null)
        .attr('text-anchor', tilt ? 'end' : 'middle')
        .attr('dx', tilt ? '-0.4em' : null)
        .attr('dy', tilt ? '0.5em' : '0.71em');
      gy.call(d3.axisLeft(y).ticks(5, 's'));
      bars
        .selectAll('rect')
        .data(rows)
        .join('rect')
        .attr('x', (r) => x(r.label)!)
        .attr('width', x.bandwidth())
        .attr('y', (r) => y(r.count))
        .attr('height', (r) => y(0) - y(r.count))
        // The page's accent where its CSS applies (dark mode); the attribute in an exported file.
        .attr('class', (r) => (r.label === 'first' ? 'bar first' : 'bar'))
        .attr('fill', (r) => (r.label === 'first' ? '#999' : '#0072B2'))
        .selectAll('title')
        .data((r) => [r])
        .join('title')
        .text((r) => `${r.label}: ${r.count.toLocaleString('en-US')} requests`);
    },
    destroy() {
      svg.remove();
    },
  };
}
