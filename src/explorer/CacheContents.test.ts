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
});
