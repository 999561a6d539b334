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

  it('draws one bar per bucket', () => {
    const node = document.createElement('div');
    const c = createReuseChart(node);
    c.update({ reuse: [1, 2, 3], cold: 4 });
    expect(node.querySelectorAll('rect').length).toBe(4);
    c.destroy();
    expect(node.innerHTML).toBe('');
  });
});
