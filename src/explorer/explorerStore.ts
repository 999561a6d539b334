// UI: the explorer's own state: the session's latest frame, playback and the page
// inspector. Frames arrive from the worker; the newest one is committed at the
// next animation frame and only then acknowledged, so the worker never sends
// faster than the page draws.

import { create } from 'zustand';
import { engine } from '../engine/client';
import { useApp } from '../state/store';
import type { ExploreFrame, FlashSetup, PageHistory } from '../core/explore';
import type { FrameTable } from '../core/frameTable';
import { CATALOG, defaultsOf, limit, policyDoc } from '../core/catalog';
import { MAIN_FLASH_KEYS, paramsToSend } from '../core/params';
import type { ExploreFromWorker } from '../protocol/explore';

export const SPEEDS = [1, 2, 5, 10, 30, 100, 300, 1000, 3000, 10000] as const;

export type ExploreMode = 'cache' | 'flash';

/** The device the flash explorer starts with: the catalogue's defaults of the main settings. */
const FLASH_DEFAULTS = Object.fromEntries(
  Object.entries(defaultsOf(CATALOG.flash)).filter(([k]) => MAIN_FLASH_KEYS.includes(k)),
) as FlashSetup;

/** An eviction the student was asked about: request `position + 1` (its page), what the core evicted and why. */
export interface QuizQuestion {
  position: number;
  page: string | null;
  victims: string[];
  reason: string | null;
}

/** A question answered: the student's page, and whether it was one of the victims. */
export interface QuizAnswer extends QuizQuestion {
  answer: string;
  right: boolean;
}

/** Predict the victim: at each eviction the student names the page expected to leave before the step is shown. */
export interface Quiz {
  on: boolean;
  right: number;
  wrong: number;
  /** The eviction waiting for an answer: the step after `position`, and the core's answer. */
  question: QuizQuestion | null;
  feedback: QuizAnswer | null;
  /** Every answer, in the order given; a request answered once is not asked again. */
  log: QuizAnswer[];
  /**
   * An exercise's hide: no score or feedback, no far jumps or play (which would pass questions
   * unasked), until the student submits (exerciseStore sets and clears it).
   */
  locked: boolean;
}

const QUIZ_OFF: Quiz = { on: false, right: 0, wrong: 0, question: null, feedback: null, log: [], locked: false };

export interface ExplorerState {
  /** The whole run as the textbook frame table, for short runs of small caches. */
  table: FrameTable | null;
  quiz: Quiz;
  toggleQuiz(): void;
  /** Turns the quiz on (fresh) or off; `locked` for an exercise (see `Quiz.locked`). */
  setQuiz(on: boolean, locked?: boolean): void;
  /** Ends an exercise's hide: the score and feedback show, every control works again. */
  unlockQuiz(): void;
  /** A position the session may not pass (a table exercise's start, until it is submitted). */
  fence: number | null;
  setFence(fence: number | null): void;
  /** In quiz mode, the next step: asks first when it evicts. */
  quizNext(): void;
  /** The student's answer to the waiting question; the step is then shown. */
  answer(page: string): void;
  status: 'closed' | 'opening' | 'open';
  mode: ExploreMode;
  flash: FlashSetup;
  setMode(mode: ExploreMode): void;
  setFlash(patch: FlashSetup): void;
  policy: string;
  frames: number;
  /** Parameters edited for the chosen policy (reset when it changes). */
  params: Record<string, unknown>;
  /** The core's defaults for the chosen policy (set by the set-up form). */
  setParams(params: Record<string, unknown>): void;
  frame: ExploreFrame | null;
  /** A long seek on its way: where it is and where it goes (null when none). */
  seeking: { position: number; target: number } | null;
  /** Stops a seek in progress where it is. */
  cancelSeek(): void;
  speed: number;
  error: string | null;
  /** Something the explorer did other than asked, said once (a link's step past the end). */
  notice: string | null;
  selected: string | null;
  history: PageHistory | null;
  /** Frames committed since the session opened (the frame-time probe reads it). */
  drawn: number;
  setPolicy(policy: string): void;
  setFrames(frames: number): void;
  open(): void;
  /** Opens the session and goes to `step`, inspecting `selected` there (a link's Explore state). */
  openAt(step: number, selected: string | null): void;
  close(): void;
  seek(position: number): void;
  step(delta: number): void;
  togglePlay(): void;
  pause(): void;
  setSpeed(speed: number): void;
  select(page: string | null): void;
}

let pending: ExploreFrame | null = null;
let scheduled = false;

/** Where a link asked the session to go once it opens: the step and the inspected page. */
let target: { step: number; selected: string | null } | null = null;

/**
 * Where the last seek asked to go, until a frame shows it: steps count from there, so keys
 * pressed faster than frames arrive (→ → ←) add up instead of starting from a stale frame.
 */
let aim: number | null = null;

function commit(): void {
  scheduled = false;
  if (!pending) return;
  const frame = pending;
  pending = null;
  if (aim === frame.position) aim = null;
  useExplorer.setState((s) => ({ frame, status: 'open', drawn: s.drawn + 1, seeking: null }));
  useApp.getState().setPosition(frame.position);
  engine().explore({ type: 'explore-ack' });
  if (target) {
    const t = target;
    const want = Math.min(t.step, frame.total);
    if (frame.position !== want) {
      engine().explore({ type: 'explore-seek', position: want });
    } else {
      target = null;
      if (t.step > frame.total) {
        const n = (x: number) => x.toLocaleString('en');
        useExplorer.setState({ notice: `Step ${n(t.step)} is past the end of the trace (${n(frame.total)} requests): opened at the end.` });
      }
      if (t.selected !== null) useExplorer.getState().select(t.selected);
    }
  }
}

function onMessage(msg: ExploreFromWorker): void {
  if (msg.type === 'explore-frame') {
    const { type: _t, ...frame } = msg;
    pending = frame;
    if (!scheduled) {
      scheduled = true;
      requestAnimationFrame(commit);
    }
  } else if (msg.type === 'explore-history') {
    const { type: _t, ...h } = msg;
    if (useExplorer.getState().selected === h.page) useExplorer.setState({ history: h });
  } else if (msg.type === 'explore-seeking') {
    useExplorer.setState({ seeking: { position: msg.position, target: msg.target } });
  } else if (msg.type === 'explore-table') {
    useExplorer.setState({ table: msg.table });
  } else if (msg.type === 'explore-peek') {
    const { frame, quiz } = useExplorer.getState();
    if (!quiz.on || !frame || frame.position !== msg.position) return;
    // No eviction next, or one already answered: nothing to predict, so the step is simply shown.
    if (msg.victims.length === 0 || quiz.log.some((a) => a.position === msg.position)) useExplorer.getState().seek(msg.position + 1);
    else {
      const { position, page, victims, reason } = msg;
      useExplorer.setState({ quiz: { ...quiz, question: { position, page, victims, reason }, feedback: null } });
    }
  } else {
    // A refused history request leaves no page waiting for one.
    useExplorer.setState((s) => ({
      error: msg.message,
      status: s.frame ? 'open' : 'closed',
      selected: s.history ? s.selected : null,
      seeking: null,
    }));
  }
}

/** The entries of `values` that differ from `defaults`. */
function changedFrom(defaults: Record<string, unknown>, values: FlashSetup): FlashSetup {
  return Object.fromEntries(Object.entries(values).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(defaults[k])));
}

export const useExplorer = create<ExplorerState>()((set, get) => ({
  table: null,
  quiz: QUIZ_OFF,
  toggleQuiz: () => set((s) => (s.quiz.locked ? {} : { quiz: s.quiz.on ? QUIZ_OFF : { ...QUIZ_OFF, on: true } })),
  setQuiz: (on, locked = false) => set({ quiz: { ...QUIZ_OFF, on, locked } }),
  unlockQuiz: () => set((s) => ({ quiz: { ...s.quiz, locked: false }, fence: null })),
  fence: null,
  setFence: (fence) => set({ fence }),
  quizNext: () => {
    const { frame, quiz } = get();
    if (!frame || !quiz.on || quiz.question || frame.position >= frame.total) return;
    set({ quiz: { ...quiz, feedback: null } });
    engine().explore({ type: 'explore-peek' });
  },
  answer: (page) => {
    const { quiz, frame } = get();
    const q = quiz.question;
    if (!q || !frame || frame.position !== q.position) return;
    const right = q.victims.includes(page);
    const given: QuizAnswer = { ...q, answer: page, right };
    set({
      quiz: {
        ...quiz,
        right: quiz.right + (right ? 1 : 0),
        wrong: quiz.wrong + (right ? 0 : 1),
        question: null,
        feedback: given,
        log: [...quiz.log, given],
      },
    });
    get().seek(q.position + 1);
  },
  seeking: null,
  cancelSeek: () => {
    aim = null; // the seek stops where it is
    engine().explore({ type: 'explore-pause' });
  },
  status: 'closed',
  mode: 'cache',
  flash: FLASH_DEFAULTS,
  setMode: (mode) => set({ mode }),
  setFlash: (patch) => set((s) => ({ flash: { ...s.flash, ...patch } })),
  policy: CATALOG.experiment.explore_policy,
  frames: CATALOG.experiment.explore_frames,
  frame: null,
  speed: 10,
  error: null,
  notice: null,
  selected: null,
  history: null,
  drawn: 0,
  params: {},
  setParams: (params) => set({ params }),
  setPolicy: (policy) => set({ policy, params: {} }),
  setFrames: (frames) => set({ frames }),
  open: () => {
    const { policy, frames, mode, flash } = get();
    const doc = policyDoc(policy);
    const sent =
      mode === 'cache'
        ? paramsToSend(doc?.name ?? policy, doc?.params ?? [], get().params)
        : paramsToSend('Flash device', CATALOG.flash, flash);
    const bad = mode === 'cache' ? badCount('Cache size (frames)', frames, limit('frames')) : null;
    if (bad || 'error' in sent) {
      set({ error: bad ?? ('error' in sent ? sent.error : null) });
      return;
    }
    engine().onExplore(onMessage);
    aim = null;
    set({ status: 'opening', error: null, notice: null, selected: null, history: null, frame: null, drawn: 0, table: null });
    engine().explore({
      type: 'explore-open',
      policy,
      frames,
      params: mode === 'flash' ? {} : sent.params,
      // Only the settings changed from their defaults: the core derives the rest from them (fill, watermark).
      ...(mode === 'flash' ? { flash: changedFrom(defaultsOf(CATALOG.flash), flash) } : { collapse: useApp.getState().collapse }),
    });
  },
  openAt: (step, selected) => {
    // A link's step may be anything up to 2^53: kept whole and not negative; the end is applied once the trace's length is known.
    target = { step: Number.isFinite(step) ? Math.max(0, Math.floor(step)) : 0, selected };
    get().open();
    if (get().status !== 'opening') target = null;
  },
  close: () => {
    aim = null;
    engine().explore({ type: 'explore-close' });
    set({ status: 'closed', frame: null, selected: null, history: null });
  },
  seek: (position) => {
    const f = get().frame;
    if (!f) return;
    // During an exercise the way forward is one request at a time, through the questions.
    if (get().quiz.locked && position > (aim ?? f.position) + 1) return;
    const fence = get().fence;
    if (fence !== null && position > fence && position > f.position) return;
    set({ error: null });
    aim = position;
    engine().explore({ type: 'explore-seek', position });
  },
  step: (delta) => {
    // In quiz mode one step forward asks first; during an exercise so does every step forward.
    if (get().quiz.on && (delta === 1 || (delta > 1 && get().quiz.locked))) return get().quizNext();
    const f = get().frame;
    if (f) get().seek(Math.max(0, Math.min(f.total, (aim ?? f.position) + delta)));
  },
  togglePlay: () => {
    const f = get().frame;
    if (!f || (get().quiz.locked && !f.playing)) return;
    aim = null; // playing moves on from wherever the session is
    engine().explore(f.playing ? { type: 'explore-pause' } : { type: 'explore-play', speed: get().speed });
  },
  pause: () => {
    aim = null;
    if (get().frame?.playing) engine().explore({ type: 'explore-pause' });
  },
  setSpeed: (speed) => {
    set({ speed });
    if (get().frame?.playing) engine().explore({ type: 'explore-play', speed });
  },
  select: (page) => {
    // While a quiz question waits, clicking a page answers it.
    if (page !== null && get().quiz.question) return get().answer(page);
    set({ selected: page, history: null, error: null });
    if (page !== null && get().frame) engine().explore({ type: 'explore-history', page });
  },
}));

/** A count the core takes: a whole number from 1 to the catalogue's limit. */
function badCount(what: string, n: number, max: number): string | null {
  if (Number.isInteger(n) && n >= 1 && n <= max) return null;
  const got = Number.isFinite(n) ? n.toLocaleString('en') : 'nothing';
  return `${what} must be a whole number from 1 to ${max.toLocaleString('en')}, got ${got}.`;
}

export const selectFrame = (s: ExplorerState) => s.frame;
export const selectStatus = (s: ExplorerState) => s.status;
export const selectSpeed = (s: ExplorerState) => s.speed;
export const selectExplorerError = (s: ExplorerState) => s.error;
export const selectSetup = (s: ExplorerState) => ({ policy: s.policy, frames: s.frames, mode: s.mode, flash: s.flash, params: s.params });
export const selectExplorerNotice = (s: ExplorerState) => s.notice;
export const selectSelected = (s: ExplorerState) => s.selected;
export const selectHistory = (s: ExplorerState) => s.history;
export const selectPlaying = (s: ExplorerState) => s.frame?.playing ?? false;
export const selectQuiz = (s: ExplorerState) => s.quiz;
/** An exercise is under way: its answers (counts, the table ahead, far jumps) stay hidden. */
export const selectLocked = (s: ExplorerState) => s.quiz.locked;
export const selectTable = (s: ExplorerState) => s.table;
/** The open flash device's initial fill (derived by the core when the form leaves it). */
export const selectDeviceFill = (s: ExplorerState) => s.frame?.flash?.fill;
