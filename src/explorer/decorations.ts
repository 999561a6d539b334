// UI: what a step marks on the views (pages the hands changed, where the victim
// was) and the per-policy decorations the catalogue's view hints ask for.
// Everything is drawn generically from the snapshot and the catalogue, so a new
// policy needs no code here.

import { handColour } from './colours';
import { policyDoc } from '../core/catalog';
import { handLabel } from '../core/narrate';
import type { AnyEvent, Ring, Snapshot, StepEvent } from '../core/explore';

/** Pages each hand changed in the step, in that hand's colour (hands ordered as in the ring). */
export function touchedPages(events: AnyEvent[], handOrder: string[], policy = ''): Map<string, string> {
  const m = new Map<string, string>();
  for (const e of events) {
    if (e.kind !== 'visit') continue;
    const k = handOrder.indexOf(e.hand);
    m.set(e.page, handColour(policy, e.hand, k < 0 ? handOrder.length : k));
  }
  return m;
}

/** The slot the victim left (where the new page went), when the step evicted. */
export function victimSlot(events: AnyEvent[], ring: Ring): number | null {
  if (!events.some((e) => e.kind === 'evict')) return null;
  const ins = events.find((e): e is Extract<StepEvent, { kind: 'insert' }> => e.kind === 'insert');
  if (!ins) return null;
  if (ins.slot !== null && ins.slot < ring.size) return ins.slot;
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

/** What the policy's view in the catalogue draws over one of its lists (a pointer, a split, a caption). */
export function listDecoration(policy: string, list: string): ListDecoration {
  const hint = policyDoc(policy)?.view.lists.find((l) => l.list === list);
  if (!hint) return {};
  const out: ListDecoration = {};
  if (hint.pointer_gauge) out.pointer = { gauge: hint.pointer_gauge, label: hint.pointer_label };
  if (hint.split_status) out.splitAt = hint.split_status;
  if (hint.caption) {
    const gauge = hint.caption_gauge;
    out.caption = (snap) => {
      const v = gauge ? gaugeValue(snap, gauge) : undefined;
      if (gauge && (v === undefined || v < 0) && hint.caption_none) return hint.caption_none;
      return hint.caption.replace('{gauge}', String(v ?? 0));
    };
  }
  return out;
}

/** Largest `bits` value a ring can show: the policy's view says (TS-CLOCK counts to 4); else what the ring holds. */
export function maxBitsOf(policy: string, ring: Ring): number {
  let m = policyDoc(policy)?.view.max_bits ?? 1;
  for (const s of ring.slots) if (s.bits > m) m = s.bits;
  return m;
}

/** "hand_hot at slot 12 (page 40)": the hands in words, for screen readers and tests. */
export function handText(ring: Ring, policy = ''): string[] {
  return ring.hands.map((h) => {
    const p = ring.slots[h.pos]?.page;
    return `${handLabel(h.name, policy)} at slot ${h.pos}${p === undefined || p === null ? '' : ` (page ${p})`}`;
  });
}

/** Indices (after the first) where the group changes. */
export function groupStarts(groups: number[] | undefined): number[] {
  if (!groups) return [];
  const out: number[] = [];
  for (let i = 1; i < groups.length; i++) if (groups[i] !== groups[i - 1]) out.push(i);
  return out;
}
