// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createHitRatioChart, hitPoints, type HitSeries } from './hitRatioChart';

const series = (label: string, hits: number[], bucketSize: number, requests: number): HitSeries => ({
  label,
  colour: '#000',
  bucketSize,
  bucketHits: new Uint32Array(hits),
  requests,
});

describe('hitPoints', () => {
  it('gives cumulative and per-interval ratios, with a short last bucket', () => {
    const s = series('lru', [1, 4, 1], 4, 10);
    expect(hitPoints(s, 'cumulative')).toEqual([
      [4, 0.25],
      [8, 5 / 8],
      [10, 0.6],
    ]);
    expect(hitPoints(s, 'interval')).toEqual([
      [4, 0.25],
      [8, 1],
      [10, 0.5],
    ]);
  });
});

describe('createHitRatioChart', () => {
  it('draws one labelled line per series, updates in place and removes itself', () => {
    const node = document.createElement('div');
    const chart = createHitRatioChart(node, { title: 'Hit ratio over the run' });
    const svg = node.querySelector('svg')!;
    expect(svg.getAttribute('aria-label')).toBe('Hit ratio over the run');
    chart.update({ series: [series('a', [1, 2], 2, 4), series('b', [0, 0], 2, 4)], mode: 'cumulative' });
    expect(node.querySelectorAll('path[data-series]').length).toBe(2);
    expect(node.textContent).toContain('a');
    expect(node.querySelector('path[data-series="a"]')!.getAttribute('d')).toMatch(/^M/);
    chart.update({ series: [series('b', [0, 0], 2, 4)], mode: 'interval' });
    expect(node.querySelectorAll('path[data-series]').length).toBe(1);
    expect(node.textContent).toContain('hit ratio per interval');
    chart.destroy();
    expect(node.querySelector('svg')).toBeNull();
  });
});

describe('intervals after a warm-up', () => {
  it('draw one point per interval, on an axis of requests after the warm-up', () => {
    const node = document.createElement('div');
    const chart = createHitRatioChart(node, { title: 'Hit ratio over the run' });
    // 10 requests counted, intervals of 4: three points, the last interval 2 long.
    chart.update({ series: [series('lru', [1, 4, 1], 4, 10)], mode: 'interval', xLabel: 'requests after the warm-up' });
    const path = node.querySelector('path[data-series="lru"]')!;
    expect(path.getAttribute('data-points')).toBe('3');
    expect(path.getAttribute('d')!.match(/[ML]/g)).toHaveLength(3);
    expect(node.textContent).toContain('requests after the warm-up');
    chart.update({ series: [series('lru', [1, 4, 1], 4, 10)], mode: 'cumulative' });
    expect(node.textContent).toContain('requests served');
    chart.destroy();
  });
});

describe('hover readout', () => {
  it('lists every series at the pointer and hides when it leaves', () => {
    const node = document.createElement('div');
    const chart = createHitRatioChart(node, { title: 'Hit ratio over the run' });
    chart.update({ series: [series('LRU', [1, 3], 4, 8), series('OPT', [2, 4], 4, 8)], mode: 'cumulative' });
    const target = node.querySelector('rect.readout-target')!;
    const readout = node.querySelector('g.readout')!;
    expect(readout.getAttribute('display')).toBe('none');
    // jsdom has no layout: the pointer's client x is its chart x; 580 is the plot's right edge (8 requests).
    target.dispatchEvent(new MouseEvent('pointermove', { clientX: 580, clientY: 100, bubbles: true }));
    expect(readout.getAttribute('display')).toBeNull();
    expect(readout.textContent).toContain('after 8 requests');
    expect(readout.textContent).toContain('LRU: 50.00%');
    expect(readout.textContent).toContain('OPT: 75.00%');
    target.dispatchEvent(new MouseEvent('pointerleave', { bubbles: true }));
    expect(readout.getAttribute('display')).toBe('none');
  });
});
