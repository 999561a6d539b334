// UI: the store's slice for what the experiment compares — policies and their
// parameters, cache sizes, costs, flash configurations — and how its trace travels in a link.

import type { StateCreator } from 'zustand';
import type { CostModel } from '../core/types';
import { CATALOG } from '../core/catalog';
import { costPreset, defaultPolicies } from '../link/defaults';
import type { FlashSpec, ParamValue, PolicySpec, SharedSource } from '../link/types';
import type { AppState } from './store';

/** Whether a cost model is one of the flash latency presets, so that cost is an I/O time in µs. */
export const isLatencyModel = (c: CostModel): boolean =>
  CATALOG.cost_presets.some((p) => p.latency && p.cost.read === c.read && p.cost.write === c.write);

export interface ExperimentSlice {
  policies: PolicySpec[];
  framesText: string;
  cost: CostModel;
  flush: boolean;
  /** Collapse immediate repeats (the core's run option `collapse_repeats`). */
  collapse: boolean;
  /** Requests served first and not counted, as typed (`10000` or `10%`; empty: none). The core reads it. */
  warmup: string;
  /** Requests per interval of the hit-ratio series after the warm-up (null: the chart's own buckets). */
  interval: number | null;
  flash: FlashSpec[];
  /** Index into `policies` of the baseline for normalised charts. */
  baseline: number;
  /** Playback position of the step-by-step view (kept for the link). */
  position: number;
  /** How the current upload travels in a link (null until described, or when generating). */
  upload: SharedSource | null;
  /** A link named a file by hash: the page waits for the user to choose it. */
  awaiting: Extract<SharedSource, { kind: 'hashed' }> | null;
  /** The teaching preset's “what to watch” sentence, while its experiment is shown. */
  watch: string | null;
  togglePolicy(id: string): void;
  addVariant(index: number): void;
  removePolicy(index: number): void;
  setParam(index: number, key: string, value: ParamValue): void;
  setFramesText(text: string): void;
  setCost(patch: Partial<CostModel>): void;
  setFlush(flush: boolean): void;
  setCollapse(collapse: boolean): void;
  setWarmup(warmup: string): void;
  setInterval(interval: number | null): void;
  setBaseline(index: number): void;
  addFlash(): void;
  removeFlash(index: number): void;
  setFlashField(index: number, key: string, value: ParamValue): void;
  setPosition(position: number): void;
}

export const createExperimentSlice: StateCreator<AppState, [], [], ExperimentSlice> = (set) => ({
  policies: defaultPolicies(),
  framesText: CATALOG.experiment.frames,
  cost: costPreset(CATALOG.experiment.cost_preset),
  flush: false,
  collapse: false,
  warmup: '',
  interval: null,
  flash: [],
  baseline: 0,
  position: 0,
  upload: null,
  awaiting: null,
  watch: null,
  togglePolicy: (id) =>
    set((s) => ({
      policies: s.policies.some((p) => p.id === id) ? s.policies.filter((p) => p.id !== id) : [...s.policies, { id, params: {} }],
      baseline: 0,
    })),
  addVariant: (index) =>
    set((s) => {
      const p = s.policies[index];
      if (!p) return {};
      const policies = [...s.policies];
      policies.splice(index + 1, 0, { id: p.id, params: { ...p.params } });
      return { policies };
    }),
  removePolicy: (index) => set((s) => ({ policies: s.policies.filter((_, i) => i !== index), baseline: 0 })),
  setParam: (index, key, value) =>
    set((s) => ({ policies: s.policies.map((p, i) => (i === index ? { ...p, params: { ...p.params, [key]: value } } : p)) })),
  setFramesText: (framesText) => set({ framesText }),
  setCost: (patch) => set((s) => ({ cost: { ...s.cost, ...patch } })),
  setFlush: (flush) => set({ flush }),
  setCollapse: (collapse) => set({ collapse }),
  setWarmup: (warmup) => set({ warmup }),
  setInterval: (interval) => set({ interval }),
  setBaseline: (baseline) => set({ baseline }),
  addFlash: () => set((s) => ({ flash: [...s.flash, {}] })),
  removeFlash: (index) => set((s) => ({ flash: s.flash.filter((_, i) => i !== index) })),
  setFlashField: (index, key, value) => set((s) => ({ flash: s.flash.map((f, i) => (i === index ? { ...f, [key]: value } : f)) })),
  setPosition: (position) => set({ position }),
});
