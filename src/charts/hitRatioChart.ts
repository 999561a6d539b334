// UI: hit ratio over the run, one line per (policy, frames). Framework-free:
// created once on a node the chart owns, updated with new series, destroyed.

import * as d3 from 'd3';
import { attachReadout } from './readout';
import { LEGEND_ROW } from './legend';

export interface HitSeries {
  label: string;
  colour: string;
  /** SVG stroke-dasharray, to tell cache sizes of one policy apart. */
  dash?: string;
  bucketSize: number;
  bucketHits: Uint32Array;
  requests: number;
}

export type HitMode = 'cumulative' | 'interval';

/** What the chart draws: its series, cumulative or per bucket, and what its x axis counts (default: requests served). */
export interface HitData {
  series: HitSeries[];
  mode: HitMode;
  xLabel?: string;
}

export interface HitChartOptions {
  width?: number;
  height?: number;
  title?: string;
}

export interface Chart<T> {
  update(data: T): void;
  destroy(): void;
}

/** Points (requests served, hit ratio) of one series. */
export function hitPoints(s: HitSeries, mode: HitMode): [number, number][] {
  const pts: [number, number][] = [];
  let hits = 0;
  let served = 0;
  for (let i = 0; i < s.bucketHits.length; i++) {
    const n = Math.min(s.bucketSize, s.requests - served);
    if (n <= 0) break;
    hits += s.bucketHits[i];
    served += n;
    pts.push([served, mode === 'cumulative' ? hits / served : s.bucketHits[i] / n]);
  }
  return pts;
}

export function createHitRatioChart(node: HTMLElement, options: HitChartOptions = {}): Chart<HitData> {
  const width = options.width ?? 760;
  const height = options.height ?? 340;
  const m = { top: 16, right: 180, bottom: 48, left: 64 };
  const svg = d3
    .select(node)
    .append('svg')
    .attr('viewBox', `0 0 ${width} ${height}`)
    .attr('role', 'img')
    .attr('aria-label', options.title ?? 'Hit ratio over the run')
    .attr('class', 'chart');
  const x = d3.scaleLinear().range([m.left, width - m.right]);
  const y = d3
    .scaleLinear()
    .domain([0, 1])
    .range([height - m.bottom, m.top]);
  const gx = svg.append('g').attr('transform', `translate(0,${height - m.bottom})`);
  const gy = svg.append('g').attr('transform', `translate(${m.left},0)`);
  const xLabel = svg
    .append('text')
    .attr('class', 'axis-label')
    .attr('x', (m.left + width - m.right) / 2)
    .attr('y', height - 8)
    .attr('text-anchor', 'middle')
    .text('requests served');
  const yLabel = svg
    .append('text')
    .attr('class', 'axis-label')
    .attr('transform', `translate(16,${(height - m.bottom + m.top) / 2}) rotate(-90)`)
    .attr('text-anchor', 'middle');
  const lines = svg.append('g').attr('fill', 'none').attr('stroke-width', 2.5);
  const legend = svg.append('g').attr('transform', `translate(${width - m.right + 16},${m.top})`);
  let current: HitData = { series: [], mode: 'cumulative' };
  const pct = d3.format('.2%');
  attachReadout(svg, { left: m.left, right: width - m.right, top: m.top, bottom: height - m.bottom }, (px) => {
    if (current.series.length === 0) return null;
    const at = Math.min(Math.max(x.invert(px), 0), x.domain()[1]);
    const rows = current.series.map((s) => {
      const pts = hitPoints(s, current.mode);
      const p = pts.find((q) => q[0] >= at) ?? pts[pts.length - 1];
      return { text: `${s.label}: ${p ? pct(p[1]) : '—'}`, colour: s.colour };
    });
    return { heading: `after ${d3.format(',')(Math.round(at))} requests`, rows };
  });

  return {
    update({ series, mode, xLabel: xText }) {
      current = { series, mode };
      xLabel.text(xText ?? 'requests served');
      const maxX = d3.max(series, (s) => s.requests) ?? 1;
      x.domain([0, Math.max(1, maxX)]);
      gx.call(d3.axisBottom(x).ticks(6, 's'));
      gy.call(d3.axisLeft(y).ticks(5, '%'));
      yLabel.text(mode === 'cumulative' ? 'hit ratio so far' : 'hit ratio per interval');
      const line = d3
        .line<[number, number]>()
        .x((d) => x(d[0]))
        .y((d) => y(d[1]));
      lines
        .selectAll<SVGPathElement, HitSeries>('path')
        .data(series, (s) => s.label)
        .join('path')
        .attr('stroke', (s) => s.colour)
        .attr('stroke-dasharray', (s) => s.dash ?? null)
        .attr('data-series', (s) => s.label)
        .each(function (s) {
          const pts = hitPoints(s, mode);
          // How many points the line joins: one per bucket (per interval when the run asked for intervals).
          d3.select(this)
            .attr('data-points', pts.length)
            .attr('d', line(pts) ?? '');
        })
        .selectAll('title')
        .data((s) => [s])
        .join('title')
        .text((s) => s.label);
      // As many legend rows as fit; the last says how many more there are.
      const rows = Math.floor((height - m.top) / LEGEND_ROW);
      const over = series.length > rows;
      const named = over ? series.slice(0, rows - 1) : series;
      legend
        .selectAll('text.legend-more')
        .data(over ? [series.length - named.length] : [])
        .join('text')
        .attr('class', 'legend-more')
        .attr('y', named.length * LEGEND_ROW + 12)
        .text((n) => `+ ${n.toLocaleString('en-US')} more`);
      const items = legend
        .selectAll<SVGGElement, HitSeries>('g')
        .data(named, (s) => s.label)
        .join((enter) => {
          const g = enter.append('g');
          g.append('line').attr('x1', 0).attr('x2', 16).attr('y1', 7).attr('y2', 7).attr('stroke-width', 3);
          g.append('text').attr('x', 20).attr('y', 12);
          return g;
        })
        .attr('transform', (_, i) => `translate(0,${i * LEGEND_ROW})`);
      items
        .select('line')
        .attr('stroke', (s) => s.colour)
        .attr('stroke-dasharray', (s) => s.dash ?? null);
      items.select('text').text((s) => s.label);
    },
    destroy() {
      svg.remove();
    },
  };
}
