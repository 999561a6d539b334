// UI: the trace analysis of the loaded trace — asked of the worker (which advances the core's
// analyzer in slices), its progress, Cancel, and the result with the trace it is of (an
// analysis of another trace is not shown beside this one).

import { create } from 'zustand';
import type { AnalysisShown } from '../core/schemas';
import type { TraceSummary } from '../core/types';
import { CancelledError, engine } from '../engine/client';
import { useApp } from './store';

export interface AnalysisState {
  status: 'idle' | 'running';
  analysis: AnalysisShown | null;
  /** The trace the analysis is of. */
  of: TraceSummary | null;
  /** Requests per window asked for (0: a hundredth of the trace, the core's default). */
  window: number;
  progress: { done: number; total: number; label: string } | null;
  error: string | null;
  notice: string | null;
  /** The worker's request of the running analysis (for Cancel). */
  requestId: number | null;
  setWindow(window: number): void;
  run(): Promise<void>;
  cancel(): void;
}

export const useAnalysis = create<AnalysisState>()((set, get) => ({
  status: 'idle',
  analysis: null,
  of: null,
  window: 0,
  progress: null,
  error: null,
  notice: null,
  requestId: null,
  setWindow: (window) => set({ window }),

  async run() {
    const trace = useApp.getState().trace;
    if (get().status === 'running') return;
    if (!trace) {
      set({ error: 'Load or generate a trace first.' });
      return;
    }
    const req = engine().analyze(get().window, (p) => set({ progress: { done: p.done, total: p.total, label: p.label } }));
    set({ status: 'running', requestId: req.id, error: null, notice: null, progress: null });
    try {
      set({ analysis: await req.done, of: trace });
    } catch (e) {
      set(e instanceof CancelledError ? { notice: 'Analysis cancelled.' } : { error: `Trace analysis: ${(e as Error).message}` });
    } finally {
      set({ status: 'idle', progress: null, requestId: null });
    }
  },

  cancel() {
    const id = get().requestId;
    if (id !== null) engine().cancel(id);
  },
}));

export const selectAnalysis = (s: AnalysisState) => s.analysis;
export const selectAnalysisOf = (s: AnalysisState) => s.of;
export const selectAnalysisStatus = (s: AnalysisState) => s.status;
export const selectAnalysisProgress = (s: AnalysisState) => s.progress;
export const selectAnalysisError = (s: AnalysisState) => s.error;
export const selectAnalysisNotice = (s: AnalysisState) => s.notice;
export const selectAnalysisWindow = (s: AnalysisState) => s.window;
