import { describe, expect, it } from 'vitest';
import { frameTable, frameTableCsv } from './frameTable';
import type { AnyEvent } from './explore';

const miss = (page: string, victim?: string): { page: string; hit: boolean; events: AnyEvent[] } => ({
  page,
  hit: false,
  events: [
    { kind: 'miss', page, write: false },
    ...(victim ? [{ kind: 'evict' as const, page: victim, dirty: false, why: '' }] : []),
    { kind: 'insert', page, place: 'list', slot: null },
  ],
});
const hit = (page: string) => ({ page, hit: true, events: [{ kind: 'hit' as const, page, write: false }] });

describe('the textbook frame table', () => {
  it('puts each new page in the frame its victim left', () => {
    // FIFO on 7 0 1 2 0 3 with 3 frames: 2 replaces 7 in frame 1, 3 replaces 0 in frame 2.
    const t = frameTable(3, [miss('7'), miss('0'), miss('1'), miss('2', '7'), hit('0'), miss('3', '0')]);
    expect(t.frames).toEqual([
      ['7', '7', '7', '2', '2', '2'],
      [null, '0', '0', '0', '0', '3'],
      [null, null, '1', '1', '1', '1'],
    ]);
    expect(t.faults).toEqual([true, true, true, true, false, true]);
    expect(frameTableCsv(t).split('\n')[0]).toBe('frame,7,0,1,2,0,3');
    expect(frameTableCsv(t).split('\n')[4]).toBe('fault,F,F,F,F,,F');
  });
});
