// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createLineChart } from './lineChart';
import { createBarChart } from './barChart';
import { svgMarkup } from './exportChart';

describe('line chart', () => {
  it('draws a line and tooltipped points per series, and uses a log axis across decades', () => {
    const node = document.createElement('div');
    const chart = createLineChart(node, {
      title: 'Curve',
      xLabel: 'cache size (frames)',
      yLabel: 'hit ratio',
      yFormat: '%',
      unitY: true,
      logXFrom: 10,
    });
    chart.update({
      series: [
        {
          label: 'LRU',
          colour: '#000',
          points: [
            [10, 0.1],
            [100, 0.4],
            [1000, 0.7],
          ],
        },
        {
          label: 'OPT',
          colour: '#111',
          points: [
            [10, 0.2],
            [100, 0.6],
            [1000, 0.8],
          ],
        },
      ],
    });
    expect(node.querySelectorAll('path[data-series]')).toHaveLength(2);
    expect(node.querySelectorAll('circle')).toHaveLength(6);
    expect(node.querySelector('circle title')!.textContent).toBe('LRU: 10.00% at cache size (frames) 10');
    // Log axis: 100 sits half-way between 10 and 1000.
    const xs = [...node.querySelectorAll('circle')].slice(0, 3).map((c) => Number(c.getAttribute('cx')));
    expect(xs[1] - xs[0]).toBeCloseTo(xs[2] - xs[1], 5);
    // The readout picks each series' point nearest the pointer (jsdom: client x = chart x).
    const target = node.querySelector('rect.readout-target')!;
    target.dispatchEvent(new MouseEvent('pointermove', { clientX: xs[1] + 3, clientY: 50 }));
    const readout = node.querySelector('g.readout')!.textContent;
    expect(readout).toContain('cache size (frames) 100');
    expect(readout).toContain('LRU: 40.00%');
    expect(readout).toContain('OPT: 60.00%');
    chart.update({ series: [{ label: 'LRU', colour: '#000', points: [[10, 0.1]] }], yLabel: 'miss ratio' });
    expect(node.querySelectorAll('path[data-series]')).toHaveLength(1);
    expect(node.textContent).toContain('miss ratio');
    chart.destroy();
    expect(node.querySelector('svg')).toBeNull();
  });
});

describe('bar chart', () => {
  it('draws one bar per category and series, skips missing values, shows the reference line', () => {
    const node = document.createElement('div');
    const chart = createBarChart(node, { title: 'Bars', yLabel: 'pages' });
    chart.update({
      categories: ['LRU', 'OPT'],
      series: [
        { label: 'reads', colour: '#000', values: [10, 5] },
        { label: 'write-backs', colour: '#111', values: [3, NaN] },
      ],
      reference: 1,
    });
    const bars = node.querySelectorAll('rect[data-series]');
    expect(bars).toHaveLength(3);
    expect([...bars].map((b) => b.querySelector('title')!.textContent)).toEqual([
      'LRU · reads: 10',
      'OPT · reads: 5',
      'LRU · write-backs: 3',
    ]);
    const h = (i: number) => Number(bars[i].getAttribute('height'));
    expect(h(0)).toBeCloseTo(2 * h(1), 5);
    expect(node.querySelector('line[stroke-dasharray]')!.getAttribute('display')).toBeNull();
    chart.update({ categories: ['LRU'], series: [{ label: 'reads', colour: '#000', values: [1] }] });
    expect(node.querySelectorAll('rect[data-series]')).toHaveLength(1);
    expect(node.querySelector('line[stroke-dasharray]')!.getAttribute('display')).toBe('none');
  });
});

describe('many series', () => {
  it('a legend lists what fits and counts the rest; a line chart of thousands of points draws no markers', () => {
    const node = document.createElement('div');
    const chart = createBarChart(node, { title: 'Bars', yLabel: 'pages', height: 340 });
    const series = Array.from({ length: 120 }, (_, i) => ({ label: `${i + 1} frames`, colour: '#000', values: [1, 2] }));
    chart.update({ categories: ['A', 'B'], series });
    expect(node.querySelectorAll('rect[data-series]')).toHaveLength(240);
    const rows = Math.floor((340 - 16) / 22);
    expect(node.querySelector('.legend-more')!.textContent).toBe(`+ ${120 - (rows - 1)} more`);
    const many = Array.from({ length: 26 }, (_, s) => ({
      label: `P${s}`,
      colour: '#000',
      points: Array.from({ length: 120 }, (_, i): [number, number] => [i + 1, i / 120]),
    }));
    const lineNode = document.createElement('div');
    const lc = createLineChart(lineNode, { title: 'L', xLabel: 'x', yLabel: 'y' });
    lc.update({ series: many });
    expect(lineNode.querySelectorAll('path[data-series]')).toHaveLength(26);
    expect(lineNode.querySelectorAll('circle')).toHaveLength(0);
  });
});

describe('chart export', () => {
  it('puts the title above the exported chart, so a slide carries it', () => {
    const node = document.createElement('div');
    const chart = createBarChart(node, { title: 'Bars', yLabel: 'pages', width: 500, height: 300 });
    chart.update({ categories: ['A'], series: [{ label: 's', colour: '#000', values: [1] }] });
    const markup = svgMarkup(node.querySelector('svg')!, 'Hit ratio against cache size');
    expect(markup).toContain('height="330"');
    expect(markup).toContain('viewBox="0 0 500 330"');
    expect(markup).toMatch(/<text[^>]*>Hit ratio against cache size<\/text>/);
    expect(markup).toContain('transform="translate(0,30)"');
  });

  it('makes a standalone SVG with size, namespace, styles and a white background', () => {
    const node = document.createElement('div');
    const chart = createBarChart(node, { title: 'Bars', yLabel: 'pages', width: 500, height: 300 });
    chart.update({ categories: ['A'], series: [{ label: 's', colour: '#000', values: [1] }] });
    const markup = svgMarkup(node.querySelector('svg')!);
    expect(markup).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(markup).toContain('width="500"');
    expect(markup).toContain('height="300"');
    expect(markup).toContain('<style>');
    expect(markup).toContain('fill="#fff"');
    // The page's chart is untouched.
    expect(node.querySelector('svg style')).toBeNull();
  });
});

describe('heat chart', () => {
  it('draws one cell per block on small devices and groups neighbours on big ones', async () => {
    const { createHeatChart, heatCells } = await import('./heatChart');
    const node = document.createElement('div');
    const chart = createHeatChart(node, { title: 'Heat' });
    chart.update({ counts: new Uint32Array([0, 3, 6]) });
    const cells = node.querySelectorAll('g.cells rect');
    expect(cells).toHaveLength(3);
    expect(cells[2].querySelector('title')!.textContent).toBe('block 2: 6 erases');
    expect(cells[0].getAttribute('fill')).not.toBe(cells[2].getAttribute('fill'));
    const big = heatCells(new Uint32Array(10_000).fill(2));
    expect(big.length).toBeLessThanOrEqual(4096);
    expect(big[0]).toEqual({ first: 0, last: 2, value: 2 });
    expect(big[big.length - 1].last).toBe(9999);
  });
});
