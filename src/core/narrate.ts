// Both threads: the narration line: what one step did and why, in words, from its event record.
// Pure, so the worker (page history) and the UI share it.

import type { AnyEvent, StepEvent } from './explore';
import { policyDoc } from './catalog';

/** A hand's name as the paper writes it (`HAND_cold`, `t-hand`), from the policy's view in the catalogue. */
export function handLabel(name: string, policy = ''): string {
  const mark = policyDoc(policy)?.view.hands.find((h) => h.name === name);
  if (mark) return name === 'hand' ? 'the hand' : mark.label;
  return name === 'hand' ? 'the hand' : name;
}

/** Where a hand points: a slot (rings with fixed slots), a page (CLOCK-Pro's hands), or nothing. */
function where(slot: number | null, page: string | null): string | null {
  if (slot !== null) return `slot ${slot}`;
  if (page !== null) return `page ${page}`;
  return null;
}

/** A hand's move in words: a hand that ends where it started either stayed or went all the way round. */
function handMove(e: Extract<AnyEvent, { kind: 'hand' }>, events: AnyEvent[], at: number, policy: string): string {
  const hand = handLabel(e.hand, policy);
  const from = where(e.from_slot, e.from_page);
  const to = where(e.to_slot, e.to_page);
  if (to === null) return from === null ? `${hand} has no page to point at` : `${hand} left ${from}, with no page left for it to point at`;
  if (from === null) return `${hand} now points at ${to}`;
  const ran = events.some((x) => x.kind === 'visit' && x.hand === e.hand);
  // Hands said to move right after another hand's move were carried by it (CLOCK-Pro's HAND_hot carries
  // HAND_cold and HAND_test when it passes their pages).
  let k = at - 1;
  while (k >= 0 && events[k].kind === 'hand' && (events[k] as typeof e).hand !== e.hand && k > 0 && events[k - 1].kind === 'hand') k--;
  const carrier = events[k];
  if (k < at && carrier?.kind === 'hand' && carrier.hand !== e.hand && from !== to)
    return `${hand} carried along by ${handLabel(carrier.hand, policy)} from ${from} to ${to}`;
  if (from !== to) return `${hand} moved from ${from} to ${to}`;
  return ran ? `${hand} went all the way round, back to ${to}` : `${hand} stays at ${to}`;
}

/** A status as the policy's view names it (`cold-test` → "cold, in test period"). */
function statusLabel(status: string, policy: string): string {
  return policyDoc(policy)?.view.statuses.find((m) => m.name === status)?.label ?? status;
}

/** Where a list or the clock keeps a non-resident page. */
const kept = (list: string) => (list === 'clock' ? 'on the clock' : `in ${list}`);

/** A non-resident (ghost) entry's change in words: a fault that finds a remembered page is not a hit. */
function ghostWords(e: Extract<AnyEvent, { kind: 'ghost' }>): string {
  if (e.action === 'added') return `page ${e.page} stays remembered ${kept(e.list)} as a non-resident page`;
  if (e.action === 'dropped') return `page ${e.page} is forgotten (no longer remembered ${kept(e.list)})`;
  if (e.action.startsWith('hit')) {
    const rest = e.action.slice('hit'.length).replace(/^:\s*/, '');
    return `the fault finds page ${e.page} remembered ${kept(e.list)} (non-resident)${rest ? `: ${rest}` : ''}`;
  }
  return `non-resident page ${e.page} ${e.action} ${kept(e.list)}`;
}

/** "at the head, …" and "in the cache, …" carry their own preposition; a bare name (`T1`, `clock`) takes "at". */
const placed = (place: string) => (/^(at|in|into|behind|before) /.test(place) ? place : `at ${place}`);

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** One clause per event; a visit followed by the status change it caused reads as one. */
export function narrateEvents(events: AnyEvent[], policy = ''): string[] {
  const out: string[] = [];
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    switch (e.kind) {
      case 'host_write':
        out.push(`host wrote page ${e.lpn} to physical page ${e.ppn}`);
        break;
      case 'host_read':
        out.push(
          e.ppn === null
            ? `host read page ${e.lpn}: never written, nothing read from flash`
            : `host read page ${e.lpn} from physical page ${e.ppn}`,
        );
        break;
      case 'invalidate':
        out.push(`the old copy of page ${e.lpn} at physical page ${e.ppn} is now invalid`);
        break;
      case 'open':
        out.push(`block ${e.block} opened as ${e.role}${e.region === null ? '' : ` for region ${e.region}`}`);
        break;
      case 'victim':
        out.push(`GC (${e.policy}) chose block ${e.block}: ${e.valid} valid, ${e.invalid} invalid pages`);
        break;
      case 'copy': {
        let n = 1;
        while (events[i + n]?.kind === 'copy') n++;
        out.push(
          n === 1
            ? `copied page ${e.lpn} from physical page ${e.from} to ${e.to}`
            : `copied ${n} valid pages out (first: page ${e.lpn}, ${e.from} → ${e.to})`,
        );
        i += n - 1;
        break;
      }
      case 'erase':
        out.push(`erased block ${e.block}`);
        break;
      case 'region':
        out.push(`DAC moved page ${e.lpn} from region ${e.from} to ${e.to}: ${e.why}`);
        break;
      case 'merge':
        out.push(`${e.merge} merge of logical block ${e.lbn}`);
        break;
      case 'hit':
        out.push(`${e.write ? 'write' : 'read'} of page ${e.page}: hit`);
        break;
      case 'miss':
        out.push(`${e.write ? 'write' : 'read'} of page ${e.page}: miss`);
        break;
      case 'insert':
        out.push(`page ${e.page} placed ${placed(e.place)}${e.slot === null ? '' : ` (slot ${e.slot})`}`);
        break;
      case 'evict': {
        // The numbers behind the rule, when the core gave them (ARC's |T1| against p), say more than its name.
        const before = events[i - 1];
        const why = before?.kind === 'reason' ? before.why : e.why;
        out.push(`evicted ${e.dirty ? 'dirty' : 'clean'} page ${e.page}${e.dirty ? ' (written back)' : ''}: ${why}`);
        break;
      }
      case 'write_back':
        out.push(`wrote back page ${e.page}: ${e.why}`);
        break;
      case 'hand':
        out.push(handMove(e, events, i, policy));
        break;
      case 'visit': {
        const next = events[i + 1];
        if (next?.kind === 'status' && next.page === e.page) {
          out.push(
            `${handLabel(e.hand, policy)} met page ${e.page}: ${e.action} (now ${statusLabel(next.to, policy)}, was ${statusLabel(next.from, policy)})${again(events, i + 1, policy)}`,
          );
          i++;
        } else out.push(`${handLabel(e.hand, policy)} met page ${e.page}: ${e.action}`);
        break;
      }
      case 'status':
        out.push(
          `page ${e.page} is now ${statusLabel(e.to, policy)} (was ${statusLabel(e.from, policy)}): ${e.why}${again(events, i, policy)}`,
        );
        break;
      case 'move':
        out.push(
          e.from === e.to
            ? `page ${e.page} stays ${e.to.startsWith('the ') ? 'at' : 'in'} ${e.to}: ${e.why}`
            : `page ${e.page} moved from ${e.from} to ${e.to}: ${e.why}`,
        );
        break;
      case 'gauge':
        out.push(`${e.name} ${fmt(e.from)} → ${fmt(e.to)}: ${e.why}`);
        break;
      case 'count':
        out.push(
          e.from === e.to
            ? `page ${e.page}: ${e.name} ${count(e.from, e.binary)}, ${e.why}`
            : `page ${e.page}: ${e.name} ${count(e.from, e.binary)} → ${count(e.to, e.binary)}, ${e.why}`,
        );
        break;
      case 'ghost':
        out.push(ghostWords(e));
        break;
      case 'reason':
        break; // read with the eviction it explains
      case 'repeat':
        out.push(`an immediate repeat, collapsed: nothing else changes${e.write ? ' but the dirty bit' : ''}`);
        break;
    }
  }
  return out;
}

/** A per-page number as the policy keeps it: a register of `binary` bits in binary, else decimal. */
const count = (x: number, binary: number) => (binary > 0 ? x.toString(2).padStart(binary, '0') : String(x));

const fmt = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(2));

/** A page whose status changes back within one step (promoted, then demoted by the hand it woke) gets a comment. */
function again(events: AnyEvent[], i: number, policy: string): string {
  const e = events[i];
  if (e.kind !== 'status') return '';
  const earlier = events.slice(0, i).some((x) => x.kind === 'status' && x.page === e.page && x.to === e.from);
  return earlier
    ? ` — it turned ${statusLabel(e.from, policy)} earlier in this same step; the hand came all the way round to it before it was used again`
    : '';
}

/** The narration line for a step. */
export function narrate(events: AnyEvent[], policy = ''): string {
  const parts = narrateEvents(events, policy);
  if (parts.length === 0) return 'Nothing has happened yet: step forward to serve the first request.';
  return `${cap(parts.join('; '))}.`;
}

/** Whether an event concerns `page` (page history). */
export function mentions(e: AnyEvent, page: string): boolean {
  return 'page' in e && e.page === page;
}

/** Whether a flash event concerns logical page `lpn` (page history on flash). */
export function mentionsLpn(e: AnyEvent, lpn: number): boolean {
  return 'lpn' in e && e.lpn === lpn;
}

export type { StepEvent };
