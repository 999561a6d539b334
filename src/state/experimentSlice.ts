import type { StateCreator } from 'zustand';
import type { CostModel } from '../core/types';
import { policyLabel } from '../core/policies';
import type { FlashSpec, ParamValue, PolicySpec, SharedSource } from './shared';
import type { AppState } from './store';

export const COST_PRESETS: Record<string, CostModel> = {
  unit: { read: 1, write: 1 },
  cflru: { read: 1, write: 8 },
  slc: { read: 25, write: 200 },
  mlc: { read: 60, write: 800 },
};

/** Whether a cost model is one of the flash latency presets, so that cost is an I/O time in µs. */
export const isLatencyModel = (c: CostModel): boolean =>
  [COST_PRESETS.slc, COST_PRESETS.mlc].some((m) => m.read === c.read && m.write === c.write);

/** Log-spaced cache sizes, as percentages of the trace's distinct pages, for a miss-ratio curve. */
export const SWEEP_TEXT = '1%, 2%, 5%, 10%, 20%, 35%, 50%, 75%, 100%';

export interface ExperimentSlice {
  policies: PolicySpec[];
  framesText: string;
  cost: CostModel;
  flush: boolean;
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
  setBaseline(index: number): void;
  addFlash(): void;
  removeFlash(index: number): void;
  setFlashField(index: number, key: string, value: ParamValue): void;
  setPosition(position: number): void;
}

/** Row labels: the policy's name, with its non-default parameters when it appears more than once. */
export function specLabels(specs: PolicySpec[]): string[] {
  return specs.map((s, i) => {
    const base = policyLabel(s.id);
    const twins = specs.filter((o) => o.id === s.id).length;
    if (twins < 2) return base;
    const params = Object.entries(s.params)
      .map(([k, v]) => `${k}=${v}`)
      .join(', ');
    const label = params ? `${base} (${params})` : base;
    // Identical twins still need distinct names.
    const same = specs.slice(0, i).filter((o, j) => o.id === s.id && specLabelRaw(o) === specLabelRaw(s) && j < i).length;
    return same > 0 ? `${label} #${same + 1}` : label;
  });
}
const specLabelRaw = (s: PolicySpec) => JSON.stringify(s.params);

export const createExperimentSlice: StateCreator<AppState, [], [], ExperimentSlice> = (set) => ({
  policies: [
    { id: 'lru', params: {} },
    { id: 'clock', params: {} },
    { id: 'opt', params: {} },
  ],
  framesText: '100, 1000',
  cost: COST_PRESETS.unit,
  flush: false,
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
  setBaseline: (baseline) => set({ baseline }),
  addFlash: () => set((s) => ({ flash: [...s.flash, { ftl: 'page', gc: 'greedy' }] })),
  removeFlash: (index) => set((s) => ({ flash: s.flash.filter((_, i) => i !== index) })),
  setFlashField: (index, key, value) => set((s) => ({ flash: s.flash.map((f, i) => (i === index ? { ...f, [key]: value } : f)) })),
  setPosition: (position) => set({ position }),
});
