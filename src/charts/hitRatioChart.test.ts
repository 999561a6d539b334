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
