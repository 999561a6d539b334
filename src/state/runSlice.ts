// UI: the store’s slice for running — the loaded trace, results, progress, cancel and recovery.

import type { StateCreator } from 'zustand';
import type { Metrics, TraceSummary } from '../core/types';
import type { RunJob, FlashOutcome, GaugeSeries, TraceSource } from '../protocol/messages';
import { NO_CACHE, flashParam, isPolicyId, limit, policyDoc, policyLabel } from '../core/catalog';
import { paramsToSend, type Params } from '../core/params';
import { CancelledError, OverBudgetError, describeAside, engine, restartEngine, type ProgressMsg } from '../engine/client';
import { resetPool, runOnPool } from '../engine/pool';
import type { FlashSpec, PolicySpec } from '../link/types';
import { genConfigOf } from './generator';
import { frameBatch } from './frameBatch';
import { specLabels } from './labels';
import { runWindow, type RanWith } from './runWindow';
import type { AppState } from './store';

export interface RunResultView {
  job: RunJob;
  /** Index of the policy in the experiment's list, and its row label. */
  spec: number;
  label: string;
  metrics: Metrics;
  /** Requests per point of the hit series (per interval when the run asked for intervals), after the warm-up. */
  bucketSize: number;
  bucketHits: Uint32Array;
  /** Requests of the warm-up, served and not counted (absent: none). */
  warmup?: number;
  /** Requests per interval when the run asked for intervals (then `bucketSize`, and the series is per interval). */
  interval?: number;
  gauges?: GaugeSeries;
  /** The after-cache stream on one flash configuration, when the experiment has any. */
  flash?: FlashOutcome;
  /** With flash configurations: which one (rows of one run differ only in it), its name, and the run's label without it. */
  flashIndex?: number;
  flashName?: string;
  cacheLabel?: string;
}

/** A short name for a flash configuration: its FTL, victim policy and DAC regions. */
/** The experiment's policies as the worker takes them, or what is wrong with one. */
export function checkedSpecs(
  policies: PolicySpec[],
): { specs: { id: string; params: Params; index: number; label: string }[] } | { error: string } {
  const labels = specLabels(policies);
  const specs = [];
  for (const [i, p] of policies.entries()) {
    const doc = policyDoc(p.id);
    // Links and presets are checked on the way in; this is the last guard before the worker.
    if (!doc || !isPolicyId(p.id)) return { error: `Unknown policy ${p.id}.` };
    const sent = paramsToSend(labels[i], doc.params, p.params);
    if ('error' in sent) return { error: sent.error };
    specs.push({ id: p.id, params: sent.params, index: i, label: labels[i] });
  }
  if (specs.length === 0) return { error: 'Choose at least one policy.' };
  return { specs };
}

export function flashLabel(cfg: FlashSpec, index: number, all: FlashSpec[]): string {
  const parts = [String(cfg.ftl ?? flashParam('ftl')?.default), String(cfg.gc ?? flashParam('gc')?.default)];
  if (typeof cfg.regions === 'number' && cfg.regions > 1) parts.push(`${cfg.regions} regions`);
  const label = parts.join(', ');
  const same = all.slice(0, index).filter((o, i) => flashLabel(o, i, []) === label).length;
  return same > 0 ? `${label} #${same + 1}` : label;
}

export interface Busy {
  id: number | null;
  phase: 'load' | 'run';
  done: number;
  total: number;
  label: string;
}

declare global {
  interface Window {
    /** Test hook (e2e): a smaller budget for traces than the core's `memory` limit. */
    __cachescopeMemoryBudget?: number;
  }
}

export interface RunSlice {
  engineStatus: 'starting' | 'ready' | 'failed';
  coreVersion: string | null;
  trace: TraceSummary | null;
  /** The form as it was when the loaded trace was made, so a link describes that trace and not later edits. */
  loadedFrom: Pick<AppState, 'sourceKind' | 'generator' | 'load'> | null;
  busy: Busy | null;
  results: RunResultView[];
  /** The warm-up and interval of the run the results are from (null before any run). */
  ranWith: RanWith | null;
  error: string | null;
  notice: string | null;
  /** Problems found in the link this page was opened with. */
  linkProblems: string[];
  /** Counts started runs; the URL sync pushes a history entry on each. */
  runSerial: number;
  /** What the loaded trace was made from, to load it again into a restarted core. */
  lastSource: TraceSource | null;
  startEngine(): Promise<void>;
  /** After a trap: a new worker, the last trace loaded into it again. */
  recover(message: string): Promise<void>;
  /** `dropFirst`: free the loaded trace before reading (when both would not fit). */
  loadTrace(dropFirst?: boolean): Promise<void>;
  /** The last load would not fit beside the loaded trace: the page offers to drop it. */
  overBudget: boolean;
  runExperiment(): Promise<void>;
  /** Loads the trace when needed, then runs. */
  loadAndRun(): Promise<void>;
  cancel(): void;
  chooseFile(file: File | null): Promise<void>;
  setLinkProblems(problems: string[]): void;
}

/** Stops every worker of the pooled run under way. */
let stopRun: (() => void) | null = null;

const progressOf = (p: ProgressMsg): Busy => ({ id: p.id, phase: p.phase, done: p.done, total: p.total, label: p.label });

/** The run's progress bar moves at most this often (ms). */
const PROGRESS_EVERY_MS = 250;

/** Gauges are sampled (100 times a run) only for caches up to this size: each sample serialises the whole snapshot, about 3 ms at 10,000 frames. */
const GAUGE_FRAMES_LIMIT = 10_000;

export const createRunSlice: StateCreator<AppState, [], [], RunSlice> = (set, get) => ({
  engineStatus: 'starting',
  coreVersion: null,
  trace: null,
  loadedFrom: null,
  busy: null,
  results: [],
  ranWith: null,
  error: null,
  notice: null,
  linkProblems: [],
  runSerial: 0,
  lastSource: null,
  overBudget: false,

  async startEngine() {
    engine().onTrap = (m) => void get().recover(m);
    engine().onProtocolError = (m) => set({ error: m });
    try {
      const { version } = await engine().ready;
      set({ engineStatus: 'ready', coreVersion: version });
    } catch (e) {
      set({ engineStatus: 'failed', error: (e as Error).message });
    }
  },

  async loadTrace(dropFirst = false) {
    const s = get();
    if (s.busy) return;
    const source =
      s.sourceKind === 'generate'
        ? ({ kind: 'generate', config: genConfigOf(s.generator) } as const)
        : s.file
          ? ({ kind: 'file', file: s.file, settings: s.load } as const)
          : null;
    if (!source) {
      set({ error: s.awaiting ? `Choose the file ${s.awaiting.name} first.` : 'Choose a trace file first.' });
      return;
    }
    const from = { sourceKind: s.sourceKind, generator: s.generator, load: s.load };
    const budget = window.__cachescopeMemoryBudget ?? limit('memory');
    const req = engine().load(source, (p) => set({ busy: progressOf(p) }), { budget, dropFirst });
    set({ busy: { id: req.id, phase: 'load', done: 0, total: 1, label: 'loading' }, error: null, notice: null, overBudget: false });
    if (dropFirst) set({ trace: null, loadedFrom: null, results: [], lastSource: null });
    // Until the new trace has loaded, the previous one (and its results) stays: a failed load loses nothing.
    const kept = s.trace && !dropFirst ? ` The previous trace (${s.trace.source}) is still loaded.` : '';
    try {
      const trace = await req.done;
      // For the probes (e2e-probes/big.spec.ts): when the trace was ready, on the page's clock.
      performance.mark('cachescope:loaded');
      resetPool(
        `a new trace (${trace.source}) was loaded, so the work running on the previous one (curves, comparisons) was stopped: run it again for the new trace`,
      );
      set({ trace, loadedFrom: from, results: [], lastSource: source });
    } catch (e) {
      if (e instanceof OverBudgetError) set({ error: e.message, overBudget: true });
      else set(e instanceof CancelledError ? { notice: `Loading cancelled.${kept}` } : { error: `${(e as Error).message}${kept}` });
    } finally {
      set({ busy: null });
    }
  },

  async runExperiment() {
    const s = get();
    if (s.busy) return;
    if (!s.trace) {
      set({ error: 'Load or generate a trace first.' });
      return;
    }
    // Cache sizes are read by the core, in the worker: the same grammar as links, the runner and Python.
    let sizes: number[];
    try {
      sizes = await engine().parseFrames(s.framesText, s.trace.distinct).done;
    } catch (e) {
      set({ error: `Cache sizes: ${(e as Error).message}` });
      return;
    }
    if (get().busy) return;
    const checked = checkedSpecs(s.policies);
    if ('error' in checked) {
      set({ error: checked.error });
      return;
    }
    const specs = checked.specs;
    const notes: string[] = [];
    const plan = specs.flatMap((p) =>
      sizes.map((f) => ({ spec: p.index, label: p.label, job: { policy: p.id, frames: f, params: p.params } })),
    );
    // With flash, the trace straight to the device is the baseline every cache is measured against.
    if (s.flash.length > 0)
      plan.push({ spec: s.policies.length, label: policyLabel(NO_CACHE), job: { policy: NO_CACHE, frames: 0, params: {} } });
    const jobs: RunJob[] = plan.map((p) => p.job);
    const gaugeEvery = Math.max(1, Math.ceil(s.trace.requests / 100));
    const results: RunResultView[] = [];
    // With flash configurations each run becomes one row per configuration, its own series.
    const flash = s.flash;
    const F = Math.max(1, flash.length);
    const flashNames = flash.map((f, fi) => flashLabel(f, fi, flash));
    const source = s.lastSource;
    if (!source) {
      set({ error: 'Load or generate a trace first.' });
      return;
    }
    // Results and progress arrive by the thousand: they are committed to the store together, once per frame at most.
    // The progress bar moves a few times a second (each move is a repaint of the page around it).
    let arrived = false;
    let progress: Busy | null = null;
    let progressAt = -Infinity;
    const batch = frameBatch(() => {
      const patch: Partial<RunSlice> = {};
      if (arrived) patch.results = results.filter(Boolean);
      if (progress && performance.now() - progressAt >= PROGRESS_EVERY_MS) {
        patch.busy = progress;
        progress = null;
        progressAt = performance.now();
      }
      arrived = false;
      if (patch.results || patch.busy) set(patch);
    });
    const ranWith: RanWith = { warmup: s.warmup, interval: s.interval };
    const req = runOnPool(
      jobs,
      { cost: s.cost, buckets: 200, flush: s.flush, record_stream: false, collapse_repeats: s.collapse, ...runWindow(ranWith) },
      (r) => {
        const p = plan[r.index];
        const base = {
          job: r.job,
          metrics: r.metrics,
          bucketSize: r.bucketSize,
          bucketHits: r.bucketHits,
          ...(r.warmup > 0 ? { warmup: r.warmup } : {}),
          ...(ranWith.interval !== null ? { interval: ranWith.interval } : {}),
          gauges: r.gauges,
        };
        if (!r.flash) results[r.index] = { ...base, spec: p.spec, label: p.label };
        else
          r.flash.forEach((outcome, fi) => {
            results[r.index * F + fi] = {
              ...base,
              spec: p.spec * F + fi,
              label: F > 1 ? `${p.label} · ${flashNames[fi]}` : p.label,
              flash: outcome,
              flashIndex: fi,
              flashName: flashNames[fi],
              cacheLabel: p.label,
            };
          });
        arrived = true;
        batch.schedule();
      },
      { source, requests: s.trace.requests, budget: window.__cachescopeMemoryBudget ?? limit('memory') },
      (p) => {
        progress = { id: null, phase: 'run', ...p };
        batch.schedule();
      },
      { every: gaugeEvery, maxFrames: GAUGE_FRAMES_LIMIT },
      flash.length > 0 ? flash : undefined,
    );
    stopRun = req.cancel;
    set((st) => ({
      busy: { id: null, phase: 'run', done: 0, total: 1, label: 'starting' },
      error: null,
      notice: notes.length > 0 ? notes.join(' ') : null,
      results: [],
      ranWith,
      runSerial: st.runSerial + 1,
    }));
    try {
      await req.done;
    } catch (e) {
      set(e instanceof CancelledError ? { notice: 'Run cancelled; results so far are kept.' } : { error: (e as Error).message });
    } finally {
      // Every result that arrived is shown; progress that did not get a frame no longer matters.
      progress = null;
      batch.flush();
      batch.cancel();
      stopRun = null;
      set({ busy: null });
    }
  },

  async loadAndRun() {
    await get().loadTrace();
    if (get().trace) await get().runExperiment();
  },

  async recover(message) {
    const client = restartEngine('the simulation core was restarted');
    client.onTrap = (m) => void get().recover(m);
    client.onProtocolError = (m) => set({ error: m });
    const source = get().lastSource;
    set({ error: message, busy: null, trace: source ? get().trace : null });
    if (!source) return;
    // Sent at once: the new worker serves it before anything the user asks next.
    const req = client.load(source);
    set({ busy: { id: req.id, phase: 'load', done: 0, total: 1, label: 'reloading the trace' } });
    try {
      const trace = await req.done;
      set({ trace, notice: `The core was restarted and ${trace.source} loaded again.` });
    } catch (e) {
      set({ trace: null, error: `${message} Reloading the trace failed too: ${(e as Error).message}` });
    } finally {
      set({ busy: null });
    }
  },

  cancel() {
    const b = get().busy;
    if (stopRun) stopRun();
    else if (b?.id != null) engine().cancel(b.id);
  },

  async chooseFile(file) {
    get().setFile(file);
    set({ upload: null });
    if (!file) return;
    // A worker reads the file (never on this thread). A link's file is checked before it loads, by the app's
    // worker, as the page's busy work that Cancel stops: streamed, so the worker holding the trace never holds
    // the file too. Any other is hashed by a worker of its own while the app's may already load it, over one
    // read of the whole file (faster; the memory goes with that worker).
    let described;
    const checking = get().awaiting !== null;
    const req = checking ? engine().describe(file, get().load, false, (p) => set({ busy: progressOf(p) })) : null;
    if (req && !get().busy) set({ busy: { id: req.id, phase: 'load', done: 0, total: 1, label: `hashing ${file.name}` } });
    try {
      described = await (req ? req.done : describeAside(file, get().load));
      performance.mark('cachescope:described');
    } catch (e) {
      if (get().file !== file) return;
      const why = e instanceof CancelledError ? 'hashing was cancelled' : (e as Error).message;
      set({ notice: `${file.name} could not be described for a link (${why}); it can be run but not shared.` });
      return;
    } finally {
      if (req && get().busy?.id === req.id) set({ busy: null });
    }
    const awaiting = get().awaiting;
    if (awaiting) {
      if (described.sha256 !== awaiting.sha256 || described.size !== awaiting.size) {
        set({
          error: `${file.name} is not the file this experiment was made with: its content differs (SHA-256 check failed). Choose ${awaiting.name} (${awaiting.size} bytes).`,
        });
        return;
      }
      set({ awaiting: null, upload: awaiting, error: null, notice: `${file.name} matches the experiment's file.` });
      await get().loadAndRun();
      return;
    }
    if (get().file === file) set({ upload: described.source });
  },

  setLinkProblems: (linkProblems) => set({ linkProblems }),
});
