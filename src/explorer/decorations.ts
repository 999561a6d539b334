// What a step marks on the views (pages the hands changed, where the victim
// was) and the few per-policy decorations, keyed by policy id. Everything else
// is drawn generically from the snapshot, so new policies work without code here.

import { HAND_COLOURS } from './colours';
import type { AnyEvent, Ring, Snapshot, StepEvent } from './types';

/** Pages each hand changed in the step, in that hand's colour (hands ordered as in the ring). */
export function touchedPages(events: AnyEvent[], handOrder: string[]): Map<number, string> {
  const m = new Map<number, string>();
  for (const e of events) {
    if (e.kind !== 'visit') continue;
    const k = handOrder.indexOf(e.hand);
    m.set(e.page, HAND_COLOURS[(k < 0 ? handOrder.length : k) % HAND_COLOURS.length]);
  }
  return m;
}

/** The slot the victim left (where the new page went), when the step evicted. */
export function victimSlot(events: AnyEvent[], ring: Ring): number | null {
  if (!events.some((e) => e.kind === 'evict')) return null;
  const ins = events.find((e): e is Extract<StepEvent, { kind: 'insert' }> => e.kind === 'insert');
  if (!ins) return null;
  if (ins.slot !== null && ins.slot < ring.slots.length) return ins.slot;
  const i = ring.slots.findIndex((s) => s.page === ins.page);
  return i < 0 ? null : i;
}

export interface ListDecoration {
  /** A gauge whose value is an index into the list, drawn as a pointer. */
  pointer?: { gauge: string; label: string };
  /** Status at which the second region of the list starts. */
  splitAt?: string;
  caption?: (snap: Snapshot) => string;
}

const gaugeValue = (snap: Snapshot, name: string) => snap.gauges.find((g) => g.name === name)?.value;

export const LIST_DECORATIONS: Record<string, Record<string, ListDecoration>> = {
  'ts-clock': {
    'dirty blocks': {
      pointer: { gauge: 's_hand', label: 's-hand' },
      caption: (s) => {
        const v = gaugeValue(s, 's_hand');
        return v === undefined || v < 0 ? 's-hand: null' : `s-hand at entry ${v}`;
      },
    },
  },
  cflru: {
    LRU: { splitAt: 'clean-first', caption: (s) => `clean-first window: ${gaugeValue(s, 'window') ?? 0} pages (right of the bar)` },
  },
  'cflru-dynamic': {
    LRU: { splitAt: 'clean-first', caption: (s) => `clean-first window: ${gaugeValue(s, 'window') ?? 0} pages (right of the bar)` },
  },
};

export function listDecoration(policy: string, list: string): ListDecoration {
  return LIST_DECORATIONS[policy]?.[list] ?? {};
}

/** Largest `bits` value a ring can show: TS-CLOCK counts to 4, others have one bit. */
export function maxBitsOf(policy: string, ring: Ring): number {
  if (policy === 'ts-clock') return 4;
  let m = 1;
  for (const s of ring.slots) if (s.bits > m) m = s.bits;
  return m;
}

/** "hand_hot at slot 12 (page 40)": the hands in words, for screen readers and tests. */
export function handText(ring: Ring): string[] {
  return ring.hands.map((h) => {
    const p = ring.slots[h.pos]?.page;
    return `${h.name} at slot ${h.pos}${p === undefined || p === null ? '' : ` (page ${p})`}`;
  });
}

/** Indices (after the first) where the group changes. */
export function groupStarts(groups: number[] | undefined): number[] {
  if (!groups) return [];
  const out: number[] = [];
  for (let i = 1; i < groups.length; i++) if (groups[i] !== groups[i - 1]) out.push(i);
  return out;
}
