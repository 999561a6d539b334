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
function where(slot: number | null, page: string | null): string {
  if (slot !== null) return `slot ${slot}`;
  if (page !== null) return `page ${page}`;
  return 'nothing';
}

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
        out.push(`page ${e.page} placed at ${e.place}${e.slot === null ? '' : ` (slot ${e.slot})`}`);
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
        out.push(`${handLabel(e.hand, policy)} moved from ${where(e.from_slot, e.from_page)} to ${where(e.to_slot, e.to_page)}`);
        break;
      case 'visit': {
        const next = events[i + 1];
        if (next?.kind === 'status' && next.page === e.page) {
          out.push(`${handLabel(e.hand, policy)} met page ${e.page}: ${e.action} (${next.from} → ${next.to})`);
          i++;
        } else out.push(`${handLabel(e.hand, policy)} met page ${e.page}: ${e.action}`);
        break;
      }
      case 'status':
        out.push(`page ${e.page}: ${e.from} → ${e.to}, ${e.why}`);
        break;
      case 'move':
        out.push(`page ${e.page} moved from ${e.from} to ${e.to}: ${e.why}`);
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
        out.push(`non-resident page ${e.page} ${e.action} (${e.list})`);
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
