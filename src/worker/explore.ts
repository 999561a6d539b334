// Worker: the explorer's stepping session — the one open session, played on a
// timer, seeked in slices, asked for page histories and quiz answers. Its
// messages are served at once (not queued behind runs) so that pause and seek feel immediate.

import type { WasmTrace } from './instance';
import { SnapshotSchema, parseCore, parseStep } from '../core/schemas';
import { frameTable, TABLE_FRAMES, TABLE_REQUESTS, type FrameTable } from '../core/frameTable';
import type { ExploreFromWorker, ExploreToWorker } from '../protocol/explore';
import { ExplorerSession, stepsForTick, type Stepper } from './explorerSession';
import { pageHistory, type OpenSession } from './pageHistory';
import { requestAt } from './requests';
import { Cancelled, sliced } from './slices';
import { stepperMaker } from './steppers';
import { explorerErrorMessage } from './trap';

const TICK_MS = 1000 / 60;

let open: OpenSession | null = null;
/** The message that opened the session, to open it again in another build of the core (userCode.ts). */
let openedBy: Extract<ExploreToWorker, { type: 'explore-open' }> | null = null;
let playing = false;
let speed = 10;
let carry = 0;
let lastTick = 0;
let awaitingAck = false;
let timer: ReturnType<typeof setTimeout> | null = null;

type Post = (msg: ExploreFromWorker) => void;

function sendFrame(post: Post): void {
  if (!open) return;
  awaitingAck = true;
  post({ type: 'explore-frame', ...open.session.frame(playing) });
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
    // A near seek is answered at once; a far one a slice at a time.
    if (target - session.position > SEEK_SLICE) {
      const slice = () => {
        session.seek(session.position + SEEK_SLICE);
        return target - session.position <= SEEK_SLICE;
      };
      const report = () => post({ type: 'explore-seeking', position: session.position, target });
      await sliced({ cancelled: () => seekGeneration !== mine }, slice, report);
    }
    session.seek(target);
    awaitingAck = false;
    sendFrame(post);
  } catch (e) {
    if (!(e instanceof Cancelled)) post({ type: 'explore-error', message: explorerErrorMessage(e) });
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
      const make = stepperMaker(t, msg, () => open?.selectedLpn ?? null);
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
        post({ type: 'explore-history', ...pageHistory(trace, open, msg.page) });
        return;
      case 'explore-peek': {
        const { events, reason } = open.session.peek();
        const victims = events.flatMap((e) => (e.kind === 'evict' ? [e.page] : []));
        const first = events[0];
        const page = first && (first.kind === 'hit' || first.kind === 'miss') ? first.page : null;
        post({ type: 'explore-peek', position: open.session.position, page, victims, reason });
        return;
      }
    }
  } catch (e) {
    stop();
    post({ type: 'explore-error', message: explorerErrorMessage(e) });
  }
}
