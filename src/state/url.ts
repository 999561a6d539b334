// The one place where the experiment meets the address bar: each run pushes a
// history entry, and opening a link, reloading or going back/forward restores
// the experiment and reruns it. The codec itself lives in urlCodec.ts.

import { engine } from '../worker/client';
import { decodeExperiment, encodeExperiment, inlineBytes } from './urlCodec';
import type { SharedExperiment, SharedSource } from './shared';
import { useApp, type AppState } from './store';

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
    flash: s.flash,
    baseline: s.baseline,
    view: s.view,
    position: s.position,
  };
}

/** Puts an experiment into the store (does not run it). */
export function applyExperiment(e: SharedExperiment): void {
  const src = e.source;
  const common = {
    policies: e.policies,
    framesText: e.frames,
    cost: e.cost,
    flush: e.flush,
    flash: e.flash,
    baseline: e.baseline < e.policies.length ? e.baseline : 0,
    view: e.view,
    position: e.position,
    results: [],
    trace: null,
    loadedFrom: null,
    error: null,
    watch: null,
  };
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
    await useApp.getState().loadAndRun();
  } finally {
    restoring = false;
  }
}

/** Starts the sync; returns the function that stops it. */
export function installUrlSync(): () => void {
  void restore(location.hash);
  const onPop = () => void restore(location.hash);
  window.addEventListener('popstate', onPop);
  // A run whose upload was still being described (read and hashed) pushes once it is.
  let pending = false;
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
  return () => {
    if (timer !== null) clearTimeout(timer);
    window.removeEventListener('popstate', onPop);
    unsubscribe();
  };
}
