// @vitest-environment jsdom
// Gauges in words: a target just below zero reads 0 (CRAW's showed "target -0.00"), and a gauge the
// policy's view draws as a list's pointer (TS-CLOCK's s-hand, -1 when idle) is not a bar.
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { GaugeView } from './GaugeView';

describe('GaugeView', () => {
  it('never shows -0.00', () => {
    const html = renderToStaticMarkup(
      <GaugeView policy="craw" gauges={[{ name: 'W1', value: 1.5, target: -0.001 }]} capacity={3} events={[]} />,
    );
    expect(html).toContain('(target 0)');
    expect(html).not.toContain('-0.00');
  });

  it("leaves out a gauge drawn as a list's pointer", () => {
    const html = renderToStaticMarkup(
      <GaugeView policy="ts-clock" gauges={[{ name: 's_hand', value: -1, target: null }]} capacity={6} events={[]} />,
    );
    expect(html).toBe('');
  });
});
