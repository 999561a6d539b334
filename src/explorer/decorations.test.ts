import { describe, expect, it } from 'vitest';
import { groupStarts, handText, listDecoration, maxBitsOf, touchedPages, victimSlot } from './decorations';
import { handColour, HAND_COLOURS } from './colours';
import type { Ring, Snapshot, StepEvent } from '../core/explore';

const slot = (page: string | null, bits = 0) => ({ page, status: '', bits, dirty: false, resident: page !== null });
const ring: Ring = { name: 'clock', size: 4, slots: [slot('5'), slot('6', 1), slot('7'), slot(null)], hands: [{ name: 'hand', pos: 2 }] };

describe('decorations', () => {
  it('colours pages by the hand that changed them', () => {
    const ev: StepEvent[] = [
      { kind: 'visit', hand: 'hand_cold', page: '6', action: 'x' },
      { kind: 'visit', hand: 'hand_hot', page: '5', action: 'y' },
    ];
    // Without a policy, hands take colours by their order in the ring...
    const m = touchedPages(ev, ['hand_hot', 'hand_cold']);
    expect(m.get('6')).toBe(HAND_COLOURS[1]);
    expect(m.get('5')).toBe(HAND_COLOURS[0]);
    // ...with one, each hand has the colour its view in the catalogue gives it, all distinct.
    const c = touchedPages(ev, ['hand_hot', 'hand_cold'], 'clock-pro');
    expect(c.get('6')).toBe(handColour('clock-pro', 'hand_cold', 1));
    expect(new Set(['hand_hot', 'hand_cold', 'hand_test'].map((h, i) => handColour('clock-pro', h, i))).size).toBe(3);
  });

  it('marks the victim slot only when the step evicted', () => {
    const ins: StepEvent = { kind: 'insert', page: '7', place: 'clock', slot: null };
    expect(victimSlot([ins], ring)).toBeNull();
    expect(victimSlot([{ kind: 'evict', page: '9', dirty: false, why: '' }, ins], ring)).toBe(2);
    expect(
      victimSlot(
        [
          { kind: 'evict', page: '9', dirty: false, why: '' },
          { ...ins, slot: 1 },
        ],
        ring,
      ),
    ).toBe(1);
  });

  it('finds where a new block starts in a grouped list', () => {
    expect(groupStarts([3, 3, 7, 7, 7, 1])).toEqual([2, 5]);
    expect(groupStarts(undefined)).toEqual([]);
  });

  it('reads hands in words', () => {
    expect(handText(ring)).toEqual(['the hand at slot 2 (page 7)']);
    expect(handText({ ...ring, hands: [{ name: 'hand_cold', pos: 0 }] }, 'clock-pro')).toEqual(['HAND_cold at slot 0 (page 5)']);
  });

  it('decorates CFLRU and TS-CLOCK lists and nothing else', () => {
    const snap: Snapshot = {
      policy: 'cflru',
      capacity: 4,
      resident: 4,
      rings: [],
      lists: [],
      gauges: [{ name: 'window', value: 2, target: null }],
    };
    expect(listDecoration('cflru', 'LRU').splitAt).toBe('clean-first');
    expect(listDecoration('cflru', 'LRU').caption?.(snap)).toMatch(/2 pages/);
    expect(listDecoration('ts-clock', 'dirty blocks').pointer?.gauge).toBe('s_hand');
    expect(listDecoration('ts-clock', 'dirty blocks').caption?.({ ...snap, gauges: [{ name: 's_hand', value: -1, target: null }] })).toBe(
      's-hand idle: it waits until the t-hand stops on a dirty page',
    );
    expect(listDecoration('lru', 'LRU')).toEqual({});
    expect(maxBitsOf('ts-clock', ring)).toBe(4);
    expect(maxBitsOf('clock', ring)).toBe(1);
  });
});
