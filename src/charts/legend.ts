import type * as d3 from 'd3';

export interface LegendItem {
  label: string;
  colour: string;
  dash?: string;
  /** Draw a filled square (bars) instead of a line. */
  box?: boolean;
}

/** Redraws a legend, one row per item, in a group the chart owns. */
export function drawLegend(g: d3.Selection<SVGGElement, unknown, null, undefined>, items: LegendItem[]): void {
  g.selectAll('*').remove();
  items.forEach((it, i) => {
    const row = g.append('g').attr('transform', `translate(0,${i * 22})`);
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
    row.append('text').attr('x', 24).attr('y', 12).text(it.label);
  });
}
