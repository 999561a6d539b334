// UI: miss-ratio curves of the experiment's policies on the loaded trace, computed
// by the worker pool. Kept apart from the run slice: a curve is not a run, and
// computing one leaves the results table as it is.

import { create } from 'zustand';
import { limit } from '../core/catalog';
import { CancelledError } from '../engine/client';
import { curvesOnPool, type PoolRequest } from '../engine/pool';
import type { CurveResult } from '../protocol/messages';
import type { TraceSummary } from '../core/types';
import type { Params, ParamValue } from '../core/params';
import { checkedSpecs } from './runSlice';
import { useApp } from './store';

export interface LabelledCurve extends CurveResult {
  label: string;
  /** The experiment's policy index (its colour). */
  spec: number;
}

export interface CurveState {
  status: 'idle' | 'running';
  progress: { done: number; total: number; label: string } | null;
  curves: LabelledCurve[] | null;
  /** The trace the curves are of (they are hidden once another loads). */
  of: TraceSummary | null;
  workers: number | null;
  error: string | null;
  notice: string | null;
  request: PoolRequest<CurveResult[]> | null;
  /** The curve options changed from the core's defaults (`curves.options` in the catalogue: seed, adjustment, …). */
  sampling: Params;
  setSampling(key: string, value: ParamValue): void;
  run(): Promise<void>;
  cancel(): void;
}

export const useCurves = create<CurveState>((set, get) => ({
  status: 'idle',
  progress: null,
  curves: null,
  of: null,
  workers: null,
  error: null,
  notice: null,
  request: null,
  sampling: {},
  setSampling(key, value) {
    set({ sampling: { ...get().sampling, [key]: value } });
  },
  async run() {
    const app = useApp.getState();
    if (get().status === 'running') return;
    if (!app.trace || !app.lastSource) {
      set({ error: 'Load or generate a trace first.' });
      return;
    }
    const checked = checkedSpecs(app.policies);
    if ('error' in checked) {
      set({ error: checked.error });
      return;
    }
    const specs = checked.specs;
    const trace = app.trace;
    const request = curvesOnPool(
      {
        specs: specs.map((s) => ({ policy: s.id, params: s.params })),
        sizes: [],
        sampling: Object.fromEntries(Object.entries(get().sampling).filter(([, x]) => typeof x !== 'string')) as Record<
          string,
          number | boolean
        >,
        options: { cost: app.cost, buckets: 1, flush: false, record_stream: false, collapse_repeats: app.collapse },
      },
      { source: app.lastSource, requests: trace.requests, budget: window.__cachescopeMemoryBudget ?? limit('memory') },
      (progress) => set({ progress }),
    );
    set({ status: 'running', request, workers: request.workers, error: null, notice: null, progress: null });
    try {
      const curves = await request.done;
      set({ curves: curves.map((c, i) => ({ ...c, label: specs[i].label, spec: specs[i].index })), of: trace });
    } catch (e) {
      set(
        e instanceof CancelledError
          ? { notice: 'Cancelled; every worker stopped.' }
          : { error: `Miss-ratio curves: ${(e as Error).message}` },
      );
    } finally {
      set({ status: 'idle', progress: null, request: null });
    }
  },
  cancel() {
    get().request?.cancel();
  },
}));

export const selectCurveStatus = (s: CurveState) => s.status;
export const selectCurves = (s: CurveState) => s.curves;
export const selectCurvesOf = (s: CurveState) => s.of;
export const selectCurveProgress = (s: CurveState) => s.progress;
export const selectCurveWorkers = (s: CurveState) => s.workers;
export const selectCurveError = (s: CurveState) => s.error;
export const selectCurveNotice = (s: CurveState) => s.notice;
export const selectCurveSampling = (s: CurveState) => s.sampling;
