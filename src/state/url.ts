// UI: the one place where the experiment meets the address bar: each run pushes a
// history entry, and opening a link, reloading or going back/forward restores
// the experiment and reruns it. The link format itself is src/link.

import { engine } from '../engine/client';
import { DEFAULT_EXPERIMENT, DEFAULT_CSV } from '../link/defaults';
import { decodeExperiment } from '../link/decode';
import { encodeExperiment } from '../link/encode';
import { inlineBytes } from '../link/upload';
import type { BatchShare, ExploreShare, Params, SharedExperiment, SharedSource } from '../link/types';
import { useBatch } from './batchStore';
import { useApp, type AppState } from './store';
import { runWindow } from './runWindow';
import { useExplorer } from '../explorer/explorerStore';
import type { HandLink } from '../core/generated/core';
import { codeOfLink, defineLinkCode } from './ownLink';
import { CATALOG } from '../core/catalog';
import { useExercise } from '../explorer/exerciseStore';

/** The Explore tab's state as a link carries it. */
function exploreOf(): ExploreShare {
  const x = useExplorer.getState();
  return {
    mode: x.mode,
    policy: x.policy,
    params: x.params as Params,
    frames: x.frames,
    flash: x.flash,
    step: x.frame?.position ?? 0,
    selected: x.selected,
  };
}

/** The experiment the page shows now, or null while an upload is still being described. */
export function experimentOf(s: AppState): SharedExperiment | null {
  // Once a trace is loaded the link describes it, not the form's later, unapplied edits.
  const f = s.trace && s.loadedFrom ? s.loadedFrom : s;
  let source: SharedSource;
  if (f.sourceKind === 'generate') source = { kind: 'generate', generator: f.generator };
  else if (s.awaiting) source = s.awaiting;
  else if (s.upload && s.upload.kind !== 'generate') source = { ...s.upload, load: f.load };
  else return null;
  return {
    source,
    policies: s.policies,
    frames: s.framesText,
    cost: s.cost,
    flush: s.flush,
    collapse: s.collapse,
    // Only when set: a link without them reads as before.
    ...runWindow(s),
    flash: s.flash,
    baseline: s.baseline,
    view: s.view,
    position: s.position,
    explore: exploreOf(),
    ...(s.embed ? { embed: true } : {}),
    ...batchOf(),
    ...codeOfLink(s, [...s.policies.map((p) => p.id), useExplorer.getState().policy]),
  };
}

/** The batch as a link carries it, when it has traces. */
function batchOf(): { batch?: BatchShare } {
  const b = useBatch.getState();
  return b.traces.length ? { batch: { traces: b.traces.map((t) => t.source), seeds: b.seeds } } : {};
}

/** Puts an experiment into the store (does not run it). */
export function applyExperiment(e: SharedExperiment): void {
  const src = e.source;
  const common = {
    policies: e.policies,
    framesText: e.frames,
    cost: e.cost,
    flush: e.flush,
    collapse: e.collapse,
    warmup: e.warmup ?? '',
    interval: e.interval ?? null,
    flash: e.flash,
    baseline: e.baseline < e.policies.length ? e.baseline : 0,
    // Embedded, the page is the Explore stage.
    view: e.embed ? 'explore' : e.view,
    embed: e.embed === true,
    position: e.position,
    results: [],
    trace: null,
    loadedFrom: null,
    error: null,
    watch: null,
  };
  useBatch.setState({ traces: (e.batch?.traces ?? []).map((source) => ({ source, file: null })), seeds: e.batch?.seeds ?? '', rows: null });
  const x = e.explore;
  useExplorer.setState(
    x ? { mode: x.mode, policy: x.policy, params: x.params, frames: x.frames, flash: { ...useExplorer.getState().flash, ...x.flash } } : {},
  );
  if (src.kind === 'generate') {
    useApp.setState({ ...common, sourceKind: 'generate', generator: src.generator, awaiting: null, upload: null });
  } else if (src.kind === 'inline') {
    const file = new File([inlineBytes(src) as Uint8Array<ArrayBuffer>], src.name);
    useApp.setState({ ...common, sourceKind: 'file', file, load: src.load, awaiting: null, upload: src });
  } else {
    useApp.setState({ ...common, sourceKind: 'file', file: null, load: src.load, awaiting: src, upload: null });
  }
}

/** The full link of the current experiment, or null when it cannot be described yet. */
export function shareLink(s: AppState): string | null {
  const e = experimentOf(s);
  if (!e || typeof location === 'undefined') return null;
  return `${location.origin}${location.pathname}${location.search}${encodeExperiment(e)}`;
}

/** Cancels what the worker is doing for the page and resolves once it has stopped. */
export function stopAndWait(): Promise<void> {
  const s = useApp.getState();
  if (!s.busy) return Promise.resolve();
  s.cancel();
  return new Promise((resolve) => {
    const stop = useApp.subscribe((st) => {
      if (!st.busy) {
        stop();
        resolve();
      }
    });
  });
}

let restoring = false;

async function restore(hash: string): Promise<void> {
  const { experiment, problems } = decodeExperiment(hash);
  useApp.getState().setLinkProblems(problems);
  if (!experiment) return;
  await stopAndWait();
  applyExperiment(experiment);
  if (experiment.source.kind === 'hashed') return; // waits for the user's file
  try {
    await engine().ready;
  } catch {
    return; // the status bar already reports a core that failed to load
  }
  await stopAndWait();
  restoring = true;
  try {
    await defineLinkCode(experiment);
    await useApp.getState().loadAndRun();
    // A batch of generated traces and carried uploads reruns too; one that needs files waits for them.
    if (experiment.batch?.traces.length && experiment.batch.traces.every((t) => t.kind !== 'hashed')) await useBatch.getState().run();
  } finally {
    restoring = false;
  }
  openExplore(experiment);
}

/** A link that shows the Explore tab opens its session at the link's step. */
export function openExplore(e: SharedExperiment): void {
  if (e.view !== 'explore' || !useApp.getState().trace) return;
  const step = e.explore?.step ?? e.position;
  useExplorer.getState().openAt(step, e.explore?.selected ?? null);
}

/** The link's query names a hand-written experiment (`?trace=…&policy=…`): its keys are the catalogue's,
 *  a key written `PREFIX.NAME` (`code.NAME`) standing for every key that starts with `PREFIX.`. */
const QUERY_KEYS = CATALOG.link_keys.map((k) => k.key);
const QUERY_PREFIXES = QUERY_KEYS.filter((k) => k.endsWith('.NAME')).map((k) => k.slice(0, -'NAME'.length));
export const isHandLink = (search: string): boolean =>
  [...new URLSearchParams(search).keys()].some((k) => QUERY_KEYS.includes(k) || QUERY_PREFIXES.some((p) => k.startsWith(p)));

/** A hand-written link as an experiment: the trace travels inline, the first policy and size are explored. */
export function experimentOfLink(l: HandLink): SharedExperiment {
  const d = DEFAULT_EXPERIMENT;
  const policies = l.policies.length ? l.policies.map((id) => ({ id, params: (l.params[id] ?? {}) as Params })) : d.policies;
  const frames = l.frames ?? d.frames;
  const firstFrames = Number(/^\d+/.exec(frames)?.[0] ?? useExplorer.getState().frames);
  const flash = l.flash as Params;
  const hasFlash = Object.keys(flash).length > 0;
  // An embedded page is the Explore stage, whatever else the link says; an exercise opens where it is
  // done (Explore, or the editor for a policy), the quiz on Explore.
  const asked = l.embed ? 'explore' : l.exercise === 'policy' ? 'yours' : l.exercise !== null || l.quiz ? 'explore' : null;
  const view =
    asked ?? (l.view === 'explore' || l.view === 'compare' || l.view === 'reproduce' ? l.view : l.step !== null ? 'explore' : 'compare');
  const step = l.step ?? 0;
  return {
    source:
      l.trace !== null
        ? {
            kind: 'inline',
            name: 'trace from the link',
            load: { format: 'plain', pageSize: 4096, strict: true, csv: DEFAULT_CSV },
            text: l.trace,
          }
        : d.source,
    policies,
    frames,
    cost: d.cost,
    flush: false,
    collapse: l.collapse,
    ...(l.warmup !== null ? { warmup: l.warmup } : {}),
    ...(l.interval !== null ? { interval: l.interval } : {}),
    flash: hasFlash && l.policies.length ? [flash] : [],
    baseline: 0,
    view,
    position: step,
    explore: {
      mode: hasFlash && l.policies.length === 0 ? 'flash' : 'cache',
      policy: policies[0].id,
      params: policies[0].params,
      frames: Number.isFinite(firstFrames) ? firstFrames : useExplorer.getState().frames,
      flash,
      step,
      selected: null,
    },
    ...(Object.keys(l.code).length > 0 ? { code: l.code } : {}),
    ...(l.embed ? { embed: true } : {}),
  };
}

/** Opens a hand-written link: the core reads the query, the experiment runs, and the address becomes its canonical link. */
async function restoreQuery(search: string): Promise<void> {
  try {
    await engine().ready;
  } catch {
    return;
  }
  let link: HandLink;
  try {
    link = await engine().parseLink(search).done;
  } catch (e) {
    useApp.getState().setLinkProblems([(e as Error).message]);
    return;
  }
  const e = experimentOfLink(link);
  applyExperiment(e);
  // What the link carried that was left out is named; everything else loads.
  useApp.getState().setLinkProblems(link.problems);
  // The quiz and an exercise start before the session opens, so its first question is asked, not shown.
  const teaching = startTeaching(link, e, `${location.origin}${location.pathname}${search}`);
  restoring = true;
  try {
    await defineLinkCode(e);
    await useApp.getState().loadAndRun();
  } finally {
    restoring = false;
  }
  // The query gives way to the canonical link, which carries everything the page now shows; a quiz's
  // or an exercise's stays, so reloading opens it again (a `#v2=` link does not carry them).
  const now = experimentOf(useApp.getState());
  if (now && !teaching) history.replaceState(null, '', `${location.pathname}${encodeExperiment({ ...now, explore: e.explore })}`);
  openExplore(e);
}

/** A link's `quiz=1` turns the quiz on; its `exercise=` starts the exercise. True when either did. */
function startTeaching(l: HandLink, e: SharedExperiment, link: string): boolean {
  const x = e.explore;
  if (l.exercise === 'victims' || l.exercise === 'table' || l.exercise === 'policy') {
    const start = x?.step ?? 0;
    const at = { policy: x?.policy ?? e.policies[0].id, params: x?.params ?? {}, frames: x?.frames ?? 1, start };
    // A table exercise asks for the next `exercise-requests` columns, or the rest of the trace.
    const requests = l.exercise_requests ?? Math.max(1, l.requests - start);
    useExercise.getState().begin({ kind: l.exercise, link, requests, ...at });
    return true;
  }
  if (l.quiz) useExplorer.getState().setQuiz(true);
  return l.quiz;
}

/** The address is a hand-written link that opens the quiz or an exercise. */
const teachingQuery = (): boolean => {
  if (location.hash.startsWith('#v')) return false;
  const q = new URLSearchParams(location.search);
  return q.has('exercise') || q.has('quiz');
};

/** Starts the sync; returns the function that stops it. */
export function installUrlSync(): () => void {
  // A `#v…` hash wins over a hand-written query.
  if (!location.hash.startsWith('#v') && isHandLink(location.search)) void restoreQuery(location.search);
  else void restore(location.hash);
  const onPop = () => void restore(location.hash);
  window.addEventListener('popstate', onPop);
  // A run whose upload was still being described (read and hashed) pushes once it is.
  let pending = false;
  // A batch is a new experiment: it pushes its link when it starts (so a reload during it reruns it),
  // and again when it finishes if anything changed meanwhile.
  const unsubscribeBatch = useBatch.subscribe((b, prev) => {
    const started = b.status === 'running' && prev.status !== 'running';
    const finished = b.rows !== prev.rows && b.rows !== null;
    if ((!started && !finished) || restoring) return;
    const e = experimentOf(useApp.getState());
    if (e && encodeExperiment(e) !== location.hash) history.pushState(null, '', encodeExperiment(e));
  });
  const unsubscribe = useApp.subscribe((s, prev) => {
    const ran = s.runSerial !== prev.runSerial;
    const described = pending && s.upload !== prev.upload && s.upload !== null;
    const viewed = s.view !== prev.view && location.hash.startsWith('#v');
    if (s.position !== prev.position && !ran && !viewed) {
      schedulePositionSync();
      return;
    }
    if (!ran && !described && !viewed) return;
    const e = experimentOf(s);
    if (!e) {
      pending ||= ran;
      return;
    }
    // An exercise's or a quiz's link stays as it was written (reloading opens it again).
    if (teachingQuery()) return;
    const push = (ran || described) && !restoring;
    pending = false;
    const hash = encodeExperiment(e);
    if (hash === location.hash) return;
    // A restored link that needed repairs is replaced, not stacked, so Back still leaves it.
    if (push) history.pushState(null, '', hash);
    else history.replaceState(null, '', hash);
  });
  // Playback moves many times a second: the address follows at most twice a second.
  let timer: ReturnType<typeof setTimeout> | null = null;
  function schedulePositionSync(): void {
    if (timer !== null || !location.hash.startsWith('#v')) return;
    timer = setTimeout(() => {
      timer = null;
      const e = experimentOf(useApp.getState());
      if (e) history.replaceState(null, '', encodeExperiment(e));
    }, 500);
  }
  // Stepping, choosing a page or opening another session replaces the entry (never pushes one).
  const unsubscribeExplorer = useExplorer.subscribe((x, prev) => {
    if (restoring) return;
    if (x.selected !== prev.selected || (x.status === 'open' && prev.status !== 'open')) schedulePositionSync();
  });
  return () => {
    if (timer !== null) clearTimeout(timer);
    window.removeEventListener('popstate', onPop);
    unsubscribe();
    unsubscribeBatch();
    unsubscribeExplorer();
  };
}
