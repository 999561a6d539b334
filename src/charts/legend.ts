// UI: a chart legend in SVG, in rows that wrap, shared by the D3 charts.

import type * as d3 from 'd3';

export interface LegendItem {
  label: string;
  colour: string;
  dash?: string;
  /** Draw a filled square (bars) instead of a line. */
  box?: boolean;
}

const LEGEND_CHARS = 24;

export const LEGEND_ROW = 22;

/**
 * Redraws a legend, one row per item, in a group the chart owns. With more items than `maxRows`
 * the last row says how many more there are (the chart's readout and tooltips name them all).
 */
export function drawLegend(g: d3.Selection<SVGGElement, unknown, null, undefined>, items: LegendItem[], maxRows = Infinity): void {
  g.selectAll('*').remove();
  const over = items.length > maxRows;
  const shown = over ? items.slice(0, Math.max(0, maxRows - 1)) : items;
  if (over)
    g.append('text')
      .attr('class', 'legend-more')
      .attr('x', 0)
      .attr('y', shown.length * LEGEND_ROW + 12)
      .text(`+ ${(items.length - shown.length).toLocaleString('en-US')} more`);
  shown.forEach((it, i) => {
    const row = g.append('g').attr('transform', `translate(0,${i * LEGEND_ROW})`);
    if (it.box) row.append('rect').attr('width', 14).attr('height', 14).attr('fill', it.colour);
    else
      row
        .append('line')
        .attr('x1', 0)
        .attr('x2', 18)
        .attr('y1', 7)
        .attr('y2', 7)
        .attr('stroke', it.colour)
        .attr('stroke-width', 3)
        .attr('stroke-dasharray', it.dash ?? null);
    // The legend column is narrow: long names are shortened, the full one is the tooltip.
    const short = it.label.length > LEGEND_CHARS ? `${it.label.slice(0, LEGEND_CHARS - 1)}…` : it.label;
    row.append('text').attr('x', 24).attr('y', 12).text(short).append('title').text(it.label);
  });
}
