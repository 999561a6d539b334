import { describe, expect, it } from 'vitest';
import { difference, registerTable, reproduceTables, tableById } from './tables';
import { CATALOG } from '../core/catalog';

const tiny = {
  id: 'unit-fixture',
  title: 'Unit fixture',
  source: 'a test',
  input: { kind: 'generate', spec: 'loop:pages=3,length=9' },
  collapse_repeats: false,
  row_key: 'frames',
  row_label: 'frames',
  unit: '%',
  columns: [{ label: 'LRU', policy: 'lru', params: '', flash: '', value: 'hit_ratio' }],
  rows: [{ x: 2, published: [{ lo: 0, hi: 0 }] }],
  notes: [],
};

describe('Reproduce tables', () => {
  it('offers the core’s tables, then registered ones, each checked', () => {
    const ids = reproduceTables().map((t) => t.id);
    expect(ids).toEqual(expect.arrayContaining(['clock-pro-table2', 'clock-pro-loop', 'dac-synthetic']));
    expect(ids.length).toBe(CATALOG.reproduce.length);
    registerTable(tiny);
    expect(reproduceTables().at(-1)?.id).toBe('unit-fixture');
    expect(tableById('unit-fixture')?.rows[0].x).toBe(2);
    expect(() => registerTable({ ...tiny, id: 7 })).toThrow();
    // Table 2 carries the paper's numbers with their trace's documented size.
    const t2 = tableById('clock-pro-table2')!;
    expect(t2.input).toMatchObject({ kind: 'file', name: 'sprite.trc', requests: 133996, distinct: 7075 });
    expect(t2.rows[0].published[1]).toEqual({ lo: 24.8, hi: 24.8 });
  });

  it('measures the difference to a value or to the nearer end of a range', () => {
    expect(difference({ lo: 10, hi: 20 }, 15)).toBe(0);
    expect(difference({ lo: 10, hi: 20 }, 8)).toBe(-2);
    expect(difference({ lo: 10, hi: 20 }, 21.5)).toBe(1.5);
  });
});
