import { describe, expect, it } from 'vitest';
import { handLabel, mentions, mentionsLpn, narrate, narrateEvents } from './narrate';
import type { AnyEvent, StepEvent } from './explore';
import { readFileSync } from 'node:fs';
import { initSync, WasmSession, WasmTrace } from '../wasm-pkg/cachescope.js';
import { parseStep } from './schemas';

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
      'Read of page 17: miss; HAND_cold met page 17: turned hot: referenced in its test period (now hot, was cold, in test period); ' +
        'HAND_hot met page 4: turned cold (now cold, was hot); HAND_hot left page 0, with no page left for it to point at; ' +
        'm_c 1 → 2: cold page accessed in its test period.',
    );
  });

  it('says how the hands of CLOCK-Pro moved: not from a page to itself, carried hands named, a round trip, a remembered page', () => {
    const ev: StepEvent[] = [
      { kind: 'miss', page: '4', write: false },
      { kind: 'evict', page: '1', dirty: false, why: 'cold page with reference bit clear under HAND_cold' },
      { kind: 'status', page: '1', from: 'cold-test', to: 'test', why: 'evicted during its test period' },
      { kind: 'ghost', page: '1', list: 'clock', action: 'added' },
      { kind: 'ghost', page: '4', list: 'clock', action: 'hit' },
      { kind: 'status', page: '4', from: 'test', to: 'hot', why: 'faulted in during its test period' },
      { kind: 'visit', hand: 'hand_hot', page: '4', action: 'turned cold' },
      { kind: 'status', page: '4', from: 'hot', to: 'cold', why: 'reference bit clear under HAND_hot' },
      { kind: 'hand', hand: 'hand_hot', from_slot: null, to_slot: null, from_page: '0', to_page: '0' },
      { kind: 'hand', hand: 'hand_test', from_slot: null, to_slot: null, from_page: '2', to_page: '0' },
      { kind: 'hand', hand: 'hand_cold', from_slot: null, to_slot: null, from_page: '3', to_page: '3' },
    ];
    const text = narrate(ev, 'clock-pro');
    expect(text).toContain('page 1 is now non-resident test page (was cold, in test period)');
    expect(text).toContain('page 1 stays remembered on the clock as a non-resident page');
    expect(text).toContain('the fault finds page 4 remembered on the clock (non-resident)');
    expect(text).toContain('it turned hot earlier in this same step');
    expect(text).toContain('HAND_hot went all the way round, back to page 0');
    expect(text).toContain('HAND_test carried along by HAND_hot from page 2 to page 0');
    expect(text).toContain('HAND_cold stays at page 3');
    for (const wrong of ['(clock)', 'cold-test', '→ test', 'hit (', 'to nothing', 'from page 3 to page 3', 'hand_'])
      expect(text, wrong).not.toContain(wrong);
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

describe('narration of the core’s own steps', () => {
  initSync({ module: readFileSync(new URL('../wasm-pkg/cachescope_bg.wasm', import.meta.url)) });
  const lines = (policy: string, pages: number[], frames: number, params = {}, writes: number[] = []) => {
    const t = WasmTrace.from_pages(pages, Uint8Array.from(pages.map((_, i) => writes[i] ?? 0)));
    const s = new WasmSession(t, policy, frames, JSON.stringify(params), '');
    const out: string[] = [];
    for (let o = s.step(); o !== undefined; o = s.step()) out.push(narrate(parseStep(o).events, policy));
    s.free();
    t.free();
    return out;
  };
  const book = [7, 0, 1, 2, 0, 3, 0, 4, 2, 3, 0, 3, 2, 1, 2, 0, 1, 7, 0, 1];

  it('FIFO and LRU place new pages at the head, as their lists and "How it works" do; LRU says where a hit page was', () => {
    const fifo = lines('fifo', book, 3);
    expect(fifo[0]).toBe('Read of page 7: miss; page 7 placed at the head, the newest end of the queue.');
    expect(fifo.join(' ')).not.toContain('tail');
    const lru = lines('lru', book, 3);
    expect(lru[4]).toContain('page 0 moved from the tail (least recently used) to the head');
    expect(lru[6]).toContain('page 0 moved from the middle of the list to the head');
    expect(lru.join(' ')).not.toMatch(/LRU to MRU|at MRU/);
    expect(lines('opt', book, 3)[0]).toBe('Read of page 7: miss; page 7 placed in the cache, ranked by its next use.');
  });

  it('TS-CLOCK gives the counts the t-hand lowers and where a new page goes, in words', () => {
    const ts = lines('ts-clock', [14, 16, 31, 65, 66, 67, 16, 53], 6, { pages_per_block: 4 }, [1, 0, 0, 1, 1, 1, 0, 0]).join(' ');
    expect(ts).toContain('t-hand met page 67: count 3 → 2, passed');
    expect(ts).toContain("placed at the t-hand's position, the last page the t-hand reaches");
    expect(ts).not.toMatch(/t_hand|s_hand|count decremented/);
  });
});
