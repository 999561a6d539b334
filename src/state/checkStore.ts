// UI: *Check against* — a policy the user wrote against a reference (a built-in or another of
// theirs) on the loaded trace at the experiment's sizes, then on the core's generated suite; the
// first request where they decide differently, and the way to Explore at it.

import { create } from 'zustand';
import type { CheckReport, GenConfig } from '../core/generated/core';
import { CancelledError, engine } from '../engine/client';
import { useExplorer } from '../explorer/explorerStore';
import { useApp } from './store';
import type { GeneratorForm } from '../link/types';

export interface CheckState {
  reference: string;
  status: 'idle' | 'running' | 'done' | 'failed' | 'cancelled';
  report: CheckReport | null;
  error: string | null;
  /** How far a running check got, in words ("checking case 3 of 50"). */
  progress: string | null;
  /** The worker's request of the running check (for Cancel). */
  requestId: number | null;
  /** The difference opened in Explore: the reference's choice is named beside the checked policy's there. */
  opened: { policy: string; request: number; reference: string; did: string } | null;
  setReference(reference: string): void;
  run(policy: string): Promise<void>;
  cancel(): void;
  /** Opens Explore on the checked policy at the first difference (loading its generated trace when it was one of the suite's). */
  openDifference(): Promise<void>;
}

/** The workload form of a one-phase generator configuration (the suite's traces), or null. */
export function formOf(cfg: GenConfig): Partial<GeneratorForm> | null {
  const phase = cfg.phases.length === 1 ? cfg.phases[0] : null;
  if (!phase) return null;
  const common = { seed: cfg.seed, length: phase.length, writeFraction: phase.write_fraction };
  const w = phase.workload;
  switch (w.kind) {
    case 'zipf':
      return { ...common, kind: 'zipf', pages: w.pages, alpha: w.alpha };
    case 'hot-cold':
      return { ...common, kind: 'hot-cold', pages: w.pages, hotAccess: w.hot_access, hotPages: w.hot_pages };
    case 'uniform':
    case 'loop':
      return { ...common, kind: w.kind, pages: w.pages };
    default:
      return null;
  }
}

/** What a policy did at a request, in words. */
export function did(hit: boolean, victim: string | null): string {
  return hit ? 'hit' : victim === null ? 'miss, evicted nothing' : `miss, evicted page ${victim}`;
}

/** After React has drawn what the last change of view shows (its effects included). */
const afterRender = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

export const useCheck = create<CheckState>()((set, get) => ({
  reference: 'clock',
  status: 'idle',
  report: null,
  error: null,
  progress: null,
  requestId: null,
  opened: null,
  setReference: (reference) => set({ reference }),

  cancel() {
    const id = get().requestId;
    if (id !== null) engine().cancel(id);
  },

  async run(policy) {
    const app = useApp.getState();
    if (!app.trace) await app.loadTrace();
    const s = useApp.getState();
    if (!s.trace) {
      set({ status: 'failed', error: s.error ?? 'Load or generate a trace first.', report: null });
      return;
    }
    set({ status: 'running', error: null, report: null, progress: null });
    try {
      // The experiment's cache sizes, read by the core as a run reads them.
      const sizes = await engine()
        .parseFrames(s.framesText, s.trace.distinct)
        .done.catch((e: Error) => {
          throw new Error(`Cache sizes: ${e.message}`);
        });
      const req = engine().check({ policy, params: {}, reference: get().reference, referenceParams: {}, sizes }, (p) =>
        set({ progress: p.label }),
      );
      set({ requestId: req.id });
      set({ status: 'done', report: await req.done });
    } catch (e) {
      if (e instanceof CancelledError) set({ status: 'cancelled' });
      else set({ status: 'failed', error: (e as Error).message });
    } finally {
      set({ requestId: null, progress: null });
    }
  },

  async openDifference() {
    const r = get().report;
    const d = r?.difference;
    if (!r || !d) return;
    const app = useApp.getState();
    if (d.generator) {
      const form = formOf(d.generator as GenConfig);
      if (!form) return;
      app.setSourceKind('generate');
      app.setGenerator(form);
      await app.loadTrace();
      if (!useApp.getState().trace) return;
    }
    useExplorer.setState({ mode: 'cache', policy: r.policy, params: {}, frames: d.frames });
    set({ opened: { policy: r.policy, request: d.request, reference: r.reference, did: did(d.reference_hit, d.reference_victim) } });
    useApp.getState().setView('explore');
    await afterRender();
    useExplorer.getState().openAt(d.request, d.page);
  },
}));
