// @vitest-environment jsdom
//
// What each chart draws, as SVG files under __snapshots__/ (one element per line,
// numbers rounded to 2 decimals, generated ids renumbered: src/test/markup.ts):
// a change to a drawing shows in the diff as a change to its .svg, and opens as
// a picture. Data and sizes are fixed and small.
//
// A drawing changed on purpose: update the files with
//   npx vitest run -u src/charts/chartSnapshots.test.ts
// and review their diff with the change. CI never writes them: a missing or
// different file fails.

import { describe, expect, it } from 'vitest';
import * as d3 from 'd3';
import { markup } from '../test/markup';
import { createHitRatioChart, type HitSeries } from './hitRatioChart';
import { createLineChart } from './lineChart';
import { createBarChart } from './barChart';
import { createHeatChart } from './heatChart';
import { createReuseChart } from './reuseChart';
import { curveSeries } from './curves';
import { rankSeries, shareSeries } from './analysis';
import { ANALYSIS } from '../test/analysis';
import { drawLegend } from './legend';
import type { LabelledCurve } from '../state/curveStore';

const W = 560;
const H = 280;

/** The chart's <svg> as markup. */
const svgOf = (node: HTMLElement) => markup(node.querySelector('svg')!);

const hit = (label: string, colour: string, hits: number[], dash?: string): HitSeries => ({
  label,
  colour,
  dash,
  bucketSize: 4,
  bucketHits: Uint32Array.from(hits),
  requests: 14,
});

const curve = (over: Partial<LabelledCurve>): LabelledCurve => ({
  policy: 'lru',
  method: 'stack',
  frames: [2, 4, 8, 16, 32],
  missRatio: Float64Array.from([0.9, 0.7, 0.45, 0.3, 0.25]),
  rate: [1, 1, 1, 1, 1],
  error: Float64Array.from([0, 0, 0, 0, 0]),
  samples: 1,
  exact: true,
  label: 'LRU',
  spec: 0,
  ...over,
});

describe('chart snapshots', () => {
  it('hit ratio over the run: cumulative, a dashed second size, the hover readout shown', async () => {
    const node = document.createElement('div');
    const chart = createHitRatioChart(node, { title: 'Hit ratio over the run', width: W, height: H });
    chart.update({
      series: [
        hit('LRU · 4 frames', '#0072B2', [1, 2, 3, 1]),
        hit('LRU · 8 frames', '#0072B2', [2, 3, 4, 2], '6 3'),
        hit('OPT', '#D55E00', [2, 4, 4, 2]),
      ],
      mode: 'cumulative',
    });
    // jsdom has no layout: the pointer's client x is its chart x.
    node.querySelector('rect.readout-target')!.dispatchEvent(new MouseEvent('pointermove', { clientX: 200, clientY: 100 }));
    await expect(svgOf(node)).toMatchFileSnapshot('__snapshots__/hit-ratio-cumulative.svg');
  });

  it('hit ratio over the run: per interval', async () => {
    const node = document.createElement('div');
    const chart = createHitRatioChart(node, { title: 'Hit ratio over the run', width: W, height: H });
    chart.update({ series: [hit('CLOCK', '#E69F00', [0, 3, 1, 2])], mode: 'interval' });
    await expect(svgOf(node)).toMatchFileSnapshot('__snapshots__/hit-ratio-interval.svg');
  });

  it('miss-ratio curves (curves.ts on a line chart): an exact curve, a sampled one dashed with its error band, log sizes', async () => {
    const node = document.createElement('div');
    const chart = createLineChart(node, {
      title: 'Miss ratio against cache size',
      xLabel: 'cache size (frames)',
      yLabel: 'miss ratio',
      yFormat: '%',
      unitY: true,
      logXFrom: 1,
      width: W,
      height: H,
    });
    const sampled = curve({
      policy: 'clock',
      method: 'sampled',
      exact: false,
      label: 'CLOCK',
      spec: 1,
      missRatio: Float64Array.from([0.92, 0.74, 0.5, 0.33, 0.26]),
      error: Float64Array.from([0.02, 0.03, 0.04, 0.03, 0.02]),
      rate: [1, 1, 0.5, 0.25, 0.125],
      samples: 4,
    });
    chart.update({ series: curveSeries([curve({}), sampled]) });
    await expect(svgOf(node)).toMatchFileSnapshot('__snapshots__/miss-ratio-curves.svg');
  });

  it('gauges over the run: a linear line chart without markers', async () => {
    const node = document.createElement('div');
    const chart = createLineChart(node, {
      title: 'Gauges over the run',
      xLabel: 'requests served',
      yLabel: 'frames',
      markers: false,
      width: W,
      height: H,
    });
    chart.update({
      series: [
        {
          label: 'ARC · p',
          colour: '#009E73',
          points: [
            [0, 0],
            [5, 1],
            [10, 2.5],
            [15, 2],
            [20, 3],
          ],
        },
        {
          label: 'CLOCK-Pro · cold target',
          colour: '#CC79A7',
          dash: '2 2',
          points: [
            [0, 1],
            [10, 1],
            [20, 2],
          ],
        },
      ],
    });
    await expect(svgOf(node)).toMatchFileSnapshot('__snapshots__/gauges-over-run.svg');
  });

  it('bars: reads and write-backs per policy, a missing value, the reference line', async () => {
    const node = document.createElement('div');
    const chart = createBarChart(node, {
      title: 'Reads and write-backs',
      yLabel: 'pages',
      xLabel: 'policy',
      yFormat: ',d',
      width: W,
      height: H,
    });
    chart.update({
      categories: ['LRU', 'CLOCK', 'OPT'],
      series: [
        { label: 'reads', colour: '#0072B2', values: [12, 13, 8] },
        { label: 'write-backs', colour: '#D55E00', values: [4, NaN, 3] },
      ],
      reference: 10,
    });
    await expect(svgOf(node)).toMatchFileSnapshot('__snapshots__/bars.svg');
  });

  it('flash heat: one cell per block on viridis, with its scale', async () => {
    const node = document.createElement('div');
    const chart = createHeatChart(node, { title: 'Erases per block', width: W, height: H });
    chart.update({ counts: Uint32Array.from([0, 1, 2, 3, 5, 8, 13, 4, 2, 1, 0, 7]) });
    await expect(svgOf(node)).toMatchFileSnapshot('__snapshots__/flash-heat.svg');
  });

  it('reuse-distance histogram (its own fixed size)', async () => {
    const node = document.createElement('div');
    createReuseChart(node).update({ reuse: [9, 6, 4, 2, 0, 0], cold: 7 });
    await expect(svgOf(node)).toMatchFileSnapshot('__snapshots__/reuse-histogram.svg');
  });

  it("trace analysis: rank–frequency on log–log axes with the core's fitted Zipf line", async () => {
    const node = document.createElement('div');
    const chart = createLineChart(node, {
      title: 'Rank–frequency',
      xLabel: 'rank',
      yLabel: 'references',
      logXFrom: 1,
      logY: true,
      markers: false,
      width: W,
      height: H,
    });
    chart.update({ series: rankSeries(ANALYSIS) });
    await expect(svgOf(node)).toMatchFileSnapshot('__snapshots__/analysis-rank-frequency.svg');
  });

  it('trace analysis: one-hit wonders and writes per window, as shares', async () => {
    const node = document.createElement('div');
    const chart = createLineChart(node, {
      title: 'Shares',
      xLabel: 'request',
      yLabel: 'share',
      yFormat: '%',
      unitY: true,
      width: W,
      height: H,
    });
    chart.update({ series: shareSeries(ANALYSIS) });
    await expect(svgOf(node)).toMatchFileSnapshot('__snapshots__/analysis-window-shares.svg');
  });

  it('trace analysis: run lengths over power-of-two bins, no bar of first accesses', async () => {
    const node = document.createElement('div');
    createReuseChart(node, { title: 'Runs', xLabel: 'run length', yLabel: 'runs' }).update({ reuse: ANALYSIS.runs.counts });
    await expect(svgOf(node)).toMatchFileSnapshot('__snapshots__/analysis-run-lengths.svg');
  });

  it('legend: lines, dashes and boxes, a long name shortened, the rows that do not fit counted', async () => {
    const node = document.createElement('div');
    const svg = d3.select(node).append('svg').attr('viewBox', '0 0 240 120');
    drawLegend(
      svg.append('g').attr('transform', 'translate(8,8)'),
      [
        { label: 'LRU', colour: '#0072B2' },
        { label: 'CLOCK (sampled)', colour: '#E69F00', dash: '6 3' },
        { label: 'reads', colour: '#009E73', box: true },
        { label: 'a policy with a name far too long for the legend column', colour: '#CC79A7' },
        { label: 'hidden 1', colour: '#000' },
        { label: 'hidden 2', colour: '#000' },
      ],
      5,
    );
    await expect(svgOf(node)).toMatchFileSnapshot('__snapshots__/legend.svg');
  });
});
