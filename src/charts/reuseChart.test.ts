// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createReuseChart, reuseBars } from './reuseChart';

describe('reuse histogram', () => {
  it('labels power-of-two buckets, drops empty tail buckets, ends with first accesses', () => {
    expect(reuseBars({ reuse: [5, 3, 2, 0, 0], cold: 7 })).toEqual([
      { label: '1', count: 5 },
      { label: '2–3', count: 3 },
      { label: '4–7', count: 2 },
      { label: 'first', count: 7 },
    ]);
  });

  it('turns its labels when there are many buckets, so they do not overlap', () => {
    const node = document.createElement('div');
    const c = createReuseChart(node);
    c.update({ reuse: [1, 2, 3], cold: 4 });
    expect(node.querySelector('.tick text')?.getAttribute('transform')).toBeNull();
    c.destroy();
    const many = createReuseChart(node);
    many.update({ reuse: Array.from({ length: 24 }, (_, i) => i + 1), cold: 4 });
    // The x axis is the chart's first group.
    const ticks = [...node.querySelectorAll('svg > g:first-of-type .tick text')];
    expect(ticks).toHaveLength(25);
    expect(ticks[20].textContent).toBe('1.05M–2.10M');
    expect(ticks.every((t) => t.getAttribute('transform') === 'rotate(-40)')).toBe(true);
    many.destroy();
  });

  it('draws one bar per bucket', () => {
    const node = document.createElement('div');
    const c = createReuseChart(node);
    c.update({ reuse: [1, 2, 3], cold: 4 });
    expect(node.querySelectorAll('rect').length).toBe(4);
    c.destroy();
    expect(node.innerHTML).toBe('');
  });
});
