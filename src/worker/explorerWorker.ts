// Worker side of the explorer: owns the one stepping session, plays it on a
// timer and answers page-history questions. Messages are served at once (not
// queued behind runs) so that pause and seek feel immediate.

import { yieldToEvents } from './yieldToEvents';
import { explorerErrorMessage } from './trap';
import { WasmFlashSession, WasmSession, type WasmTrace } from './core';
import { ExplorerSession, stepsForTick, type Stepper } from './explorerSession';
import type { ExploreFromWorker, ExploreToWorker } from './protocol';
import { mentions, mentionsLpn, narrateEvents } from '../core/narrate';
import { LABELLED_PAGES, type AnyEvent, type FlashSetup, type PageHistory, type Snapshot } from '../core/explore';
import { FlashSnapshotSchema, SnapshotSchema, parseCore, parseStep } from '../core/schemas';
import { frameTable, TABLE_FRAMES, TABLE_REQUESTS, type FrameTable } from '../core/frameTable';
import { policyDoc } from '../core/catalog';

const TICK_MS = 1000 / 60;
/** Requests before the position whose events the page history replays. */
export const HISTORY_WINDOW = 2000;
const HISTORY_ACCESSES = 40;
const WRITE_BIT = 0x8000_0000;

interface Open {
  session: ExplorerSession;
  /** Policy id, or `flash` (narration vocabulary). */
  policy: string;
  flash: boolean;
  /** Flash: the logical page to locate in snapshots (original id). */
  selectedLpn: number | null;
}

/** A flash device as a Stepper: its snapshot rides in `extras`, the policy snapshot is empty. */
function flashStepper(trace: WasmTrace, config: string, o: () => Open | null): Stepper {
  const f = new WasmFlashSession(trace, config);
  return {
    step: () => f.step(),
    advance: (n) => f.advance(n),
    position: () => f.position(),
    snapshot: () => JSON.stringify({ policy: 'flash', capacity: 0, resident: 0, rings: [], lists: [], gauges: [] }),
    free: () => f.free(),
    extras: () => {
      const flashPages = f.page_states();
      return {
        flash: parseCore('flash snapshot', FlashSnapshotSchema, f.snapshot(o()?.selectedLpn ?? undefined)),
        flashPages,
        // Small devices print and list each page's logical number.
        ...(flashPages.length <= LABELLED_PAGES ? { flashOwners: f.page_owners() } : {}),
      };
    },
  };
}

let open: Open | null = null;
/** The message that opened the session, to open it again on a new core (userCode.ts). */
let openedBy: Extract<ExploreToWorker, { type: 'explore-open' }> | null = null;
let playing = false;
let speed = 10;
let carry = 0;
let lastTick = 0;
let awaitingAck = false;
let timer: ReturnType<typeof setTimeout> | null = null;

type Post = (msg: ExploreFromWorker) => void;

function requestAt(trace: WasmTrace, t: number): { page: string; write: boolean } {
  const r = trace.requests(t, t + 1)[0];
  return { page: trace.label(r & 0x7fff_ffff), write: (r & WRITE_BIT) !== 0 };
}

function sendFrame(post: Post): void {
  if (!open) return;
  awaitingAck = true;
  post({ type: 'explore-frame', ...open.session.frame(playing) });
}

/**
 * A block-aware policy's lists are grouped by flash block (its view in the
 * catalogue names the parameter giving pages per block); snapshots list pages
 * only, so the block of each (original id / pages per block) is added here.
 */
function blockStepper(trace: WasmTrace, s: WasmSession, ppb: number): Stepper {
  // Labels of plain ids are the numbers; a page with a device label belongs to no plain block.
  const blockOf = (label: string) => {
    const id = Number(label);
    return Number.isSafeInteger(id) ? Math.floor(id / ppb) : -1;
  };
  return {
    step: () => s.step(),
    advance: (n) => s.advance(n),
    position: () => s.position(),
    snapshot: () => s.snapshot(),
    hits: () => s.hits(),
    free: () => s.free(),
    fork: () => blockStepper(trace, s.fork(), ppb),
    extras: (snap, events) => {
      const list = snap.lists[0];
      const dirtyEvict = events.find((e) => e.kind === 'evict' && e.dirty);
      return {
        groups: list ? { list: list.name, blocks: list.entries.map((e) => (e.page === null ? -1 : blockOf(e.page))) } : undefined,
        remark:
          dirtyEvict && 'page' in dirtyEvict ? `dirty eviction: page ${dirtyEvict.page} of block ${blockOf(dirtyEvict.page)}` : undefined,
      };
    },
  };
}

function flashConfig(f: FlashSetup): string {
  return JSON.stringify(f);
}

/** Seeks forward in slices of this many requests, yielding between them. */
const SEEK_SLICE = 1 << 20;
/** Bumped by every seek and pause: a seek that sees it change was cancelled. */
let seekGeneration = 0;

/** A far seek advances a slice at a time, reporting where it is, so that Pause (or another seek) stops it. */
async function seekInSlices(session: ExplorerSession, asked: number, post: Post): Promise<void> {
  const mine = ++seekGeneration;
  // Clamped to the trace, or a target past the end would never be reached and the loop would never end.
  const target = Math.max(0, Math.min(session.total, Math.floor(asked) || 0));
  try {
    while (target - session.position > SEEK_SLICE) {
      session.seek(session.position + SEEK_SLICE);
      post({ type: 'explore-seeking', position: session.position, target });
      await yieldToEvents();
      if (seekGeneration !== mine) return;
    }
    session.seek(target);
    awaitingAck = false;
    sendFrame(post);
  } catch (e) {
    post({ type: 'explore-error', message: explorerErrorMessage(e) });
  }
}

function stop(): void {
  playing = false;
  if (timer !== null) clearTimeout(timer);
  timer = null;
}

function tick(post: Post): void {
  try {
    advancePlay(post);
  } catch (e) {
    stop();
    post({ type: 'explore-error', message: explorerErrorMessage(e) });
  }
}

function advancePlay(post: Post): void {
  timer = null;
  if (!open || !playing) return;
  const now = performance.now();
  const r = stepsForTick(speed, now - lastTick, carry);
  lastTick = now;
  carry = r.carry;
  const s = open.session;
  if (r.steps > 0) s.seek(s.position + r.steps);
  if (s.position >= s.total) {
    stop();
    awaitingAck = false;
    sendFrame(post);
    return;
  }
  if (r.steps > 0 && !awaitingAck) sendFrame(post);
  timer = setTimeout(() => tick(post), TICK_MS);
}

function history(trace: WasmTrace, o: Open, label: string): PageHistory {
  const page = trace.dense_of_label(label);
  if (page === undefined) throw new Error(`page ${label} is not in the trace: give a page number as the trace writes it`);
  label = trace.label(page);
  const pos = o.session.position;
  const accesses: { t: number; write: boolean }[] = [];
  let total = 0;
  const CH = 1 << 20;
  for (let start = 0; start < pos; start += CH) {
    const reqs = trace.requests(start, Math.min(pos, start + CH));
    for (let i = 0; i < reqs.length; i++) {
      if ((reqs[i] & 0x7fff_ffff) !== page) continue;
      total++;
      accesses.push({ t: start + i + 1, write: (reqs[i] & WRITE_BIT) !== 0 });
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

/** Steps a fresh copy of the run from start to end for the textbook frame table. */
function tableOf(trace: WasmTrace, make: () => Stepper): FrameTable {
  const s = make();
  try {
    const snap = parseCore('snapshot', SnapshotSchema, s.snapshot());
    const steps = [];
    for (let t = 0; t < trace.len(); t++) {
      const out = s.step();
      if (out === undefined) break;
      const r = parseStep(out);
      steps.push({ page: requestAt(trace, t).page, hit: r.hit === true, events: r.events });
    }
    return frameTable(snap.capacity, steps);
  } finally {
    s.free();
  }
}

export function closeExplorer(): void {
  stop();
  open?.session.free();
  open = null;
}

/** The open session as its open message and position (null when none), to open it again where it was. */
export function explorerAt(): { msg: Extract<ExploreToWorker, { type: 'explore-open' }>; position: number } | null {
  return open && openedBy ? { msg: openedBy, position: open.session.position } : null;
}

export function handleExplore(msg: ExploreToWorker, trace: WasmTrace | null, post: Post): void {
  try {
    if (msg.type === 'explore-close') return closeExplorer();
    if (msg.type === 'explore-ack') {
      awaitingAck = false;
      return;
    }
    if (msg.type === 'explore-open') {
      closeExplorer();
      if (!trace) throw new Error('load or generate a trace before exploring');
      const t = trace;
      let make: () => Stepper;
      if (msg.flash) {
        const config = flashConfig(msg.flash);
        make = () => flashStepper(t, config, () => open);
      } else {
        if (!Number.isInteger(msg.frames) || msg.frames < 1)
          throw new Error(`cache size must be a whole number of frames ≥ 1, got ${msg.frames}`);
        const params = JSON.stringify(msg.params ?? {});
        const options = JSON.stringify({ collapse_repeats: msg.collapse ?? false });
        const plain = () => new WasmSession(t, msg.policy, msg.frames, params, options);
        const doc = policyDoc(msg.policy);
        const key = doc?.view.block_param;
        const ppb = key ? Number(msg.params?.[key] ?? doc?.params.find((p) => p.key === key)?.default) : 0;
        make = key && ppb > 0 ? () => blockStepper(t, plain(), ppb) : plain;
      }
      make().free(); // surfaces a bad policy or configuration as an error before anything else
      const flash = msg.flash !== undefined;
      openedBy = msg;
      open = {
        session: new ExplorerSession(make, t.len(), (i) => requestAt(t, i)),
        policy: flash ? 'flash' : msg.policy,
        flash,
        selectedLpn: null,
      };
      awaitingAck = false;
      sendFrame(post);
      if (!flash && t.len() <= TABLE_REQUESTS && msg.frames <= TABLE_FRAMES) post({ type: 'explore-table', table: tableOf(t, make) });
      return;
    }
    if (!open || !trace) throw new Error('no explorer session is open');
    switch (msg.type) {
      case 'explore-seek':
        stop();
        return void seekInSlices(open.session, msg.position, post);
      case 'explore-play':
        seekGeneration++;
        speed = Math.max(0.1, msg.speed);
        if (!playing) {
          if (open.session.position >= open.session.total) open.session.seek(0);
          playing = true;
          carry = 0;
          lastTick = performance.now();
          timer = setTimeout(() => tick(post), TICK_MS);
        }
        awaitingAck = false;
        return sendFrame(post);
      case 'explore-pause':
        seekGeneration++; // cancels a seek in progress, which stops where it is
        stop();
        awaitingAck = false;
        return sendFrame(post);
      case 'explore-history':
        post({ type: 'explore-history', ...history(trace, open, msg.page) });
        return;
      case 'explore-peek': {
        const victims = open.session.peek().flatMap((e) => (e.kind === 'evict' ? [e.page] : []));
        post({ type: 'explore-peek', position: open.session.position, victims });
        return;
      }
    }
  } catch (e) {
    stop();
    post({ type: 'explore-error', message: explorerErrorMessage(e) });
  }
}
