// UI: per-block heat: one cell per flash block (or per group of neighbours on big
// devices), coloured by erase count on viridis, which stays readable for the
// common colour-vision deficiencies and in greyscale.

import * as d3 from 'd3';
import type { Chart } from './hitRatioChart';

/** At most this many cells are drawn; larger devices show the mean of neighbouring blocks. */
const MAX_CELLS = 4096;

export function heatCells(counts: Uint32Array): { first: number; last: number; value: number }[] {
  const group = Math.max(1, Math.ceil(counts.length / MAX_CELLS));
  const cells: { first: number; last: number; value: number }[] = [];
  for (let i = 0; i < counts.length; i += group) {
    const end = Math.min(counts.length, i + group);
    let sum = 0;
    for (let j = i; j < end; j++) sum += counts[j];
    cells.push({ first: i, last: end - 1, value: sum / (end - i) });
  }
  return cells;
}

export function createHeatChart(node: HTMLElement, o: { title: string; width?: number; height?: number }): Chart<{ counts: Uint32Array }> {
  const width = o.width ?? 760;
  const height = o.height ?? 340;
  const m = { top: 16, right: 120, bottom: 40, left: 16 };
  const svg = d3
    .select(node)
    .append('svg')
    .attr('viewBox', `0 0 ${width} ${height}`)
    .attr('role', 'img')
    .attr('aria-label', o.title)
    .attr('class', 'chart');
  const grid = svg.append('g').attr('class', 'cells');
  const caption = svg
    .append('text')
    .attr('class', 'axis-label')
    .attr('x', m.left)
    .attr('y', height - 12);
  const scale = svg.append('g').attr('transform', `translate(${width - m.right + 30},${m.top})`);
  const gradId = `heat-${Math.random().toString(36).slice(2)}`;
  const grad = svg.append('defs').append('linearGradient').attr('id', gradId).attr('x1', 0).attr('x2', 0).attr('y1', 1).attr('y2', 0);
  for (let i = 0; i <= 10; i++)
    grad
      .append('stop')
      .attr('offset', `${i * 10}%`)
      .attr('stop-color', d3.interpolateViridis(i / 10));
  const barH = height - m.top - m.bottom;
  scale.append('rect').attr('width', 18).attr('height', barH).attr('fill', `url(#${gradId})`);
  const scaleAxis = scale.append('g').attr('transform', 'translate(18,0)');
  scale
    .append('text')
    .attr('class', 'axis-label')
    .attr('x', 0)
    .attr('y', barH + 22)
    .text('erases');

  return {
    update({ counts }) {
      const cells = heatCells(counts);
      const n = Math.max(1, cells.length);
      const w = width - m.left - m.right;
      const h = height - m.top - m.bottom;
      // Columns so that cells come out square.
      const cols = Math.max(1, Math.ceil(Math.sqrt((n * w) / h)));
      const size = Math.min(w / cols, h / Math.ceil(n / cols));
      const max = d3.max(cells, (c) => c.value) ?? 0;
      const colour = d3.scaleSequential(d3.interpolateViridis).domain([0, Math.max(1, max)]);
      grid
        .selectAll('rect')
        .data(cells)
        .join('rect')
        .attr('x', (_, i) => m.left + (i % cols) * size)
        .attr('y', (_, i) => m.top + Math.floor(i / cols) * size)
        .attr('width', Math.max(0.5, size - (size > 4 ? 1 : 0)))
        .attr('height', Math.max(0.5, size - (size > 4 ? 1 : 0)))
        .attr('fill', (c) => colour(c.value))
        .selectAll('title')
        .data((c) => [c])
        .join('title')
        .text((c) =>
          c.first === c.last
            ? `block ${c.first}: ${c.value} erases`
            : `blocks ${c.first}–${c.last}: ${c.value.toFixed(1)} erases on average`,
        );
      const group = cells.length > 0 ? cells[0].last - cells[0].first + 1 : 1;
      caption.text(
        group === 1
          ? `${counts.length.toLocaleString('en-US')} blocks, in physical order`
          : `${counts.length.toLocaleString('en-US')} blocks, ${group} per cell (mean), in physical order`,
      );
      scaleAxis.call(
        d3
          .axisRight(
            d3
              .scaleLinear()
              .domain([0, Math.max(1, max)])
              .range([barH, 0]),
          )
          .ticks(5, '~s'),
      );
    },
    destroy() {
      svg.remove();
    },
  };
}
