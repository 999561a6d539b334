import type { StateCreator } from 'zustand';
import type { FormatInfo, Metrics, PolicyInfo, RunJob, TraceSummary } from '../core/types';
import { parseFrames } from '../core/frames';
import { POLICIES } from '../core/policies';
import { CancelledError, engine, type ProgressMsg } from '../worker/client';
import { genConfigOf } from './workloadSlice';
import type { AppState } from './store';

export interface RunResultView {
  job: RunJob;
  metrics: Metrics;
  bucketSize: number;
  bucketHits: Uint32Array;
}

export interface Busy {
  id: number | null;
  phase: 'load' | 'run';
  done: number;
  total: number;
  label: string;
}

export interface RunSlice {
  engineStatus: 'starting' | 'ready' | 'failed';
  coreVersion: string | null;
  policyInfo: PolicyInfo[];
  formats: FormatInfo[];
  trace: TraceSummary | null;
  busy: Busy | null;
  results: RunResultView[];
  error: string | null;
  notice: string | null;
  startEngine(): Promise<void>;
  loadTrace(): Promise<void>;
  runExperiment(): Promise<void>;
  cancel(): void;
}

const progressOf = (p: ProgressMsg): Busy => ({ id: p.id, phase: p.phase, done: p.done, total: p.total, label: p.label });

export const createRunSlice: StateCreator<AppState, [], [], RunSlice> = (set, get) => ({
  engineStatus: 'starting',
  coreVersion: null,
  policyInfo: [],
  formats: [],
  trace: null,
  busy: null,
  results: [],
  error: null,
  notice: null,

  async startEngine() {
    try {
      const { version, policies, formats } = await engine().ready;
      set({ engineStatus: 'ready', coreVersion: version, policyInfo: policies, formats });
    } catch (e) {
      set({ engineStatus: 'failed', error: (e as Error).message });
    }
  },

  async loadTrace() {
    const s = get();
    if (s.busy) return;
    const source =
      s.sourceKind === 'generate'
        ? ({ kind: 'generate', config: genConfigOf(s.generator) } as const)
        : s.file
          ? ({ kind: 'file', file: s.file, settings: s.load } as const)
          : null;
    if (!source) {
      set({ error: 'Choose a trace file first.' });
      return;
    }
    const req = engine().load(source, (p) => set({ busy: progressOf(p) }));
    set({ busy: { id: req.id, phase: 'load', done: 0, total: 1, label: 'loading' }, error: null, notice: null, trace: null, results: [] });
    try {
      const trace = await req.done;
      set({ trace });
    } catch (e) {
      set(e instanceof CancelledError ? { notice: 'Loading cancelled.' } : { error: (e as Error).message });
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
    const frames = parseFrames(s.framesText, s.trace.distinct);
    if (!frames.ok) {
      set({ error: `Cache sizes: ${frames.error}` });
      return;
    }
    if (s.policies.length === 0) {
      set({ error: 'Choose at least one policy.' });
      return;
    }
    const order = (id: string) => POLICIES.findIndex((p) => p.id === id);
    const chosen = [...s.policies].sort((a, b) => order(a) - order(b));
    const jobs: RunJob[] = chosen.flatMap((policy) => frames.frames.map((f) => ({ policy, frames: f, params: {} })));
    const results: RunResultView[] = [];
    const req = engine().run(
      jobs,
      { cost: s.cost, buckets: 200, flush: s.flush },
      (r) => {
        results[r.index] = { job: r.job, metrics: r.metrics, bucketSize: r.bucketSize, bucketHits: r.bucketHits };
        set({ results: results.filter(Boolean) });
      },
      (p) => set({ busy: progressOf(p) }),
    );
    set({ busy: { id: req.id, phase: 'run', done: 0, total: 1, label: 'starting' }, error: null, notice: null, results: [] });
    try {
      await req.done;
    } catch (e) {
      set(e instanceof CancelledError ? { notice: 'Run cancelled; results so far are kept.' } : { error: (e as Error).message });
    } finally {
      set({ busy: null });
    }
  },

  cancel() {
    const b = get().busy;
    if (b?.id != null) engine().cancel(b.id);
  },
});
