// Worker: the explorer's page inspector — a page's last accesses up to the
// position, and its status changes, replayed over the last window of requests.

import type { WasmTrace } from './instance';
import { mentions, mentionsLpn, narrateEvents } from '../core/narrate';
import type { AnyEvent, PageHistory, Snapshot } from '../core/explore';
import { parseStep } from '../core/schemas';
import type { ExplorerSession } from './explorerSession';

/** Requests before the position whose events the page history replays. */
export const HISTORY_WINDOW = 2000;
const HISTORY_ACCESSES = 40;

/** The explorer's open session, and what it steps. */
export interface OpenSession {
  session: ExplorerSession;
  /** Policy id, or `flash` (narration vocabulary). */
  policy: string;
  flash: boolean;
  /** Flash: the logical page to locate in snapshots (original id). */
  selectedLpn: number | null;
}

/** The history of page `label` (as the trace names it) at the open session's position; a flash session then locates it. */
export function pageHistory(trace: WasmTrace, o: OpenSession, label: string): PageHistory {
  const page = trace.dense_of_label(label);
  if (page === undefined) {
    const what = trace.keyed() ? 'a key' : 'a page number';
    throw new Error(`page ${label} is not in the trace: give ${what} as the trace writes it`);
  }
  label = trace.label(page);
  const pos = o.session.position;
  const accesses: { t: number; write: boolean }[] = [];
  let total = 0;
  const CH = 1 << 20;
  for (let start = 0; start < pos; start += CH) {
    const reqs = trace.unpacked(start, Math.min(pos, start + CH));
    const pages = reqs.pages();
    const writes = reqs.writes();
    reqs.free();
    for (let i = 0; i < pages.length; i++) {
      if (pages[i] !== page) continue;
      total++;
      accesses.push({ t: start + i + 1, write: writes[i] === 1 });
      if (accesses.length > HISTORY_ACCESSES) accesses.shift();
    }
  }
  // Status changes: replay the last window of requests with events recorded.
  const original = Number(label);
  const about = o.flash ? (e: AnyEvent) => mentionsLpn(e, original) : (e: AnyEvent) => mentions(e, label);
  const from = Math.max(0, pos - HISTORY_WINDOW);
  const ws = o.session.fresh();
  const changes: { t: number; text: string }[] = [];
  try {
    ws.advance(from);
    for (let t = from + 1; t <= pos; t++) {
      const out = ws.step();
      if (out === undefined) break;
      const evs = parseStep(out).events.filter(about);
      for (const text of narrateEvents(evs, o.policy)) changes.push({ t, text });
    }
  } finally {
    ws.free();
  }
  if (o.flash) o.selectedLpn = original;
  const frame = o.session.frame(false);
  const snap: Snapshot = frame.snapshot;
  const resident = [...snap.rings.flatMap((r) => r.slots), ...snap.lists.flatMap((l) => l.entries)].some(
    (x) => x.page === label && x.resident,
  );
  return {
    page: label,
    location: frame.flash?.selected ?? undefined,
    position: pos,
    accesses,
    totalAccesses: total,
    changes: changes.slice(-60),
    window: HISTORY_WINDOW,
    resident,
  };
}
