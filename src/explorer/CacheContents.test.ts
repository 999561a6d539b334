import { describe, expect, it } from 'vitest';
import { contentsOf } from './CacheContents';
import type { Snapshot } from '../core/explore';

const slot = (page: string | null, resident = true, status = '', bits = 0, dirty = false) => ({ page, status, bits, dirty, resident });

describe('cache contents for assistive technology', () => {
  it('lists each resident page once, in snapshot order, with its role, bits and hands', () => {
    const snap: Snapshot = {
      policy: 'clock-pro',
      capacity: 3,
      resident: 3,
      rings: [
        {
          name: 'clock',
          size: 4,
          slots: [slot('7', true, 'hot', 1), slot('12', false, 'test'), slot('0', true, 'cold-test', 0, true), slot('1', true, 'cold')],
          hands: [
            { name: 'hand_hot', pos: 0 },
            { name: 'hand_cold', pos: 2 },
          ],
        },
      ],
      lists: [{ name: 'extra', entries: [slot('7'), slot('12', false)] }],
      gauges: [],
    };
    const c = contentsOf(snap);
    expect(c.resident.map((i) => i.text)).toEqual([
      'page 7, hot, reference bit 1, HAND_hot here',
      'page 0, cold, in test period, reference bit 0, dirty, HAND_cold here',
      'page 1, cold, reference bit 0',
    ]);
    expect(c.ghosts.map((i) => i.text)).toEqual(['page 12, non-resident test page']);
  });

  it('says nothing of reference bits for policies the catalogue gives none (FIFO, LRU, OPT, ARC)', () => {
    for (const policy of ['fifo', 'lru', 'opt', 'arc']) {
      const snap: Snapshot = {
        policy,
        capacity: 2,
        resident: 2,
        rings: [],
        lists: [{ name: 'L', entries: [slot('3'), slot('4', true, '', 0, true)] }],
        gauges: [],
      };
      expect(
        contentsOf(snap).resident.map((i) => i.text),
        policy,
      ).toEqual(['page 3', 'page 4, dirty']);
    }
    // SIEVE keeps a visited bit, and says so.
    const sieve: Snapshot = {
      policy: 'sieve',
      capacity: 1,
      resident: 1,
      rings: [],
      lists: [{ name: 'queue', entries: [slot('3', true, '', 1)] }],
      gauges: [],
    };
    expect(contentsOf(sieve).resident[0].text).toBe('page 3, reference bit 1');
  });
});
