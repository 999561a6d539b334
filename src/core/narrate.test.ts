import { describe, expect, it } from 'vitest';
import { handLabel, mentions, mentionsLpn, narrate, narrateEvents } from './narrate';
import type { AnyEvent, StepEvent } from './explore';

describe('narrate', () => {
  it('reads a CLOCK-Pro step the way the paper speaks', () => {
    const ev: StepEvent[] = [
      { kind: 'miss', page: '17', write: false },
      { kind: 'visit', hand: 'hand_cold', page: '17', action: 'turned hot: referenced in its test period' },
      { kind: 'status', page: '17', from: 'cold-test', to: 'hot', why: 'accessed in its test period' },
      { kind: 'visit', hand: 'hand_hot', page: '4', action: 'turned cold' },
      { kind: 'status', page: '4', from: 'hot', to: 'cold', why: 'reference bit clear under hand_hot' },
      { kind: 'hand', hand: 'hand_hot', from_slot: null, to_slot: null, from_page: '0', to_page: null },
      { kind: 'gauge', name: 'm_c', from: 1, to: 2, why: 'cold page accessed in its test period' },
    ];
    expect(narrate(ev, 'clock-pro')).toBe(
      'Read of page 17: miss; HAND_cold met page 17: turned hot: referenced in its test period (cold-test → hot); ' +
        'HAND_hot met page 4: turned cold (hot → cold); HAND_hot moved from page 0 to nothing; ' +
        'm_c 1 → 2: cold page accessed in its test period.',
    );
  });

  it('names slots for ordinary clocks and says when a dirty page is written back', () => {
    const parts = narrateEvents([
      { kind: 'hand', hand: 'hand', from_slot: 3, to_slot: 5, from_page: null, to_page: null },
      { kind: 'evict', page: '9', dirty: true, why: 'reference bit clear' },
      { kind: 'insert', page: '2', place: 'clock', slot: 4 },
    ]);
    expect(parts).toEqual([
      'the hand moved from slot 3 to slot 5',
      'evicted dirty page 9 (written back): reference bit clear',
      'page 2 placed at clock (slot 4)',
    ]);
  });

  it("reads an eviction with the numbers the core gave for it (ARC's |T1| against p)", () => {
    const parts = narrateEvents([
      { kind: 'reason', why: "|T1| = 2 > p = 1, so T1's LRU page leaves" },
      { kind: 'evict', page: '4', dirty: false, why: 'LRU of T1' },
    ]);
    expect(parts).toEqual(["evicted clean page 4: |T1| = 2 > p = 1, so T1's LRU page leaves"]);
  });

  it('writes a counter that changed, or was read, in binary when it is a register', () => {
    const parts = narrateEvents([
      { kind: 'gauge', name: 'clock ticks', from: 4, to: 5, why: 'a timer interrupt' },
      {
        kind: 'count',
        page: '2',
        name: 'counter',
        from: 0b00110000,
        to: 0b10011000,
        binary: 8,
        why: 'the tick shifts it right and puts R = 1 on the left',
      },
      { kind: 'count', page: '3', name: 'age', from: 12, to: 12, binary: 0, why: 'now minus its time of last use' },
    ]);
    expect(parts).toEqual([
      'clock ticks 4 → 5: a timer interrupt',
      'page 2: counter 00110000 → 10011000, the tick shifts it right and puts R = 1 on the left',
      'page 3: age 12, now minus its time of last use',
    ]);
    expect(mentions({ kind: 'count', page: '3', name: 'age', from: 1, to: 1, binary: 0, why: '' }, '3')).toBe(true);
  });

  it('keeps a visit whose next status is about another page separate', () => {
    const parts = narrateEvents(
      [
        { kind: 'visit', hand: 's_hand', page: '1', action: 'passed' },
        { kind: 'status', page: '2', from: 'clean', to: 'dirty', why: 'write' },
      ],
      'ts-clock',
    );
    expect(parts).toHaveLength(2);
    expect(parts[0]).toBe('s-hand met page 1: passed');
  });

  it('tells a flash write that triggers cleaning in a few clauses', () => {
    const ev: AnyEvent[] = [
      { kind: 'victim', block: 7, valid: 3, invalid: 61, policy: 'greedy' },
      { kind: 'copy', lpn: 1, from: 448, to: 900 },
      { kind: 'copy', lpn: 2, from: 449, to: 901 },
      { kind: 'copy', lpn: 5, from: 450, to: 902 },
      { kind: 'erase', block: 7 },
      { kind: 'host_write', lpn: 40, ppn: 903 },
      { kind: 'invalidate', lpn: 40, ppn: 12 },
    ];
    expect(narrateEvents(ev)).toEqual([
      'GC (greedy) chose block 7: 3 valid, 61 invalid pages',
      'copied 3 valid pages out (first: page 1, 448 → 900)',
      'erased block 7',
      'host wrote page 40 to physical page 903',
      'the old copy of page 40 at physical page 12 is now invalid',
    ]);
    expect(mentionsLpn(ev[5], 40)).toBe(true);
    expect(mentionsLpn(ev[0], 40)).toBe(false);
  });

  it('says so when nothing happened yet', () => {
    expect(narrate([])).toMatch(/^Nothing has happened yet/);
  });

  it('labels hands and finds events about a page', () => {
    // The paper's names come from the catalogue, not from patching the core's names.
    expect(handLabel('hand_test', 'clock-pro')).toBe('HAND_test');
    expect(handLabel('t_hand', 'ts-clock')).toBe('t-hand');
    expect(handLabel('hand', 'clock')).toBe('the hand');
    expect(handLabel('no_such_hand', 'clock')).toBe('no_such_hand');
    expect(mentions({ kind: 'ghost', page: '3', list: 'B1', action: 'added' }, '3')).toBe(true);
    expect(mentions({ kind: 'gauge', name: 'p', from: 0, to: 1, why: '' }, '3')).toBe(false);
  });
});
