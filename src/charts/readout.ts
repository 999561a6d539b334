// UI: a hover readout: a vertical rule under the pointer and a box listing each
// series' value there, so a lecturer can point at a moment of the run.

import * as d3 from 'd3';

export interface ReadoutLine {
  text: string;
  colour: string;
}

export interface Area {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** `lines(xPixel)` gives the heading and rows at that position, or null for nothing. */
export function attachReadout(
  svg: d3.Selection<SVGSVGElement, unknown, null, undefined>,
  area: Area,
  lines: (xPixel: number) => { heading: string; rows: ReadoutLine[] } | null,
): void {
  const g = svg.append('g').attr('class', 'readout').attr('pointer-events', 'none').attr('display', 'none');
  const rule = g.append('line').attr('y1', area.top).attr('y2', area.bottom).attr('stroke', '#555').attr('stroke-dasharray', '3 3');
  const box = g.append('g');
  const bg = box.append('rect').attr('fill', '#fff').attr('stroke', '#999').attr('rx', 4).attr('opacity', 0.95);
  const text = box.append('text').attr('font-size', 13);
  svg
    .append('rect')
    .attr('class', 'readout-target')
    .attr('x', area.left)
    .attr('y', area.top)
    .attr('width', Math.max(0, area.right - area.left))
    .attr('height', Math.max(0, area.bottom - area.top))
    .attr('fill', 'transparent')
    .on('pointermove', (ev: PointerEvent) => {
      const [px] = d3.pointer(ev, svg.node());
      const content = lines(px);
      if (!content) return g.attr('display', 'none');
      g.attr('display', null);
      rule.attr('x1', px).attr('x2', px);
      text.selectAll('tspan').remove();
      text.append('tspan').attr('x', 8).attr('dy', 16).attr('font-weight', 700).text(content.heading);
      for (const r of content.rows) text.append('tspan').attr('x', 8).attr('dy', 17).attr('fill', r.colour).text(r.text);
      const w = Math.max(...[content.heading, ...content.rows.map((r) => r.text)].map((s) => s.length)) * 7.2 + 16;
      const h = 17 * content.rows.length + 24;
      bg.attr('width', w).attr('height', h);
      const bx = px + 12 + w > area.right ? px - 12 - w : px + 12;
      box.attr('transform', `translate(${bx},${area.top + 4})`);
    })
    .on('pointerleave', () => g.attr('display', 'none'));
}
