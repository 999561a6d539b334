import type { StateCreator } from 'zustand';
import type { CostModel } from '../core/types';
import type { AppState } from './store';

export const COST_PRESETS: Record<string, CostModel> = {
  unit: { read: 1, write: 1 },
  cflru: { read: 1, write: 8 },
  slc: { read: 25, write: 200 },
  mlc: { read: 60, write: 800 },
};

export interface ExperimentSlice {
  policies: string[];
  framesText: string;
  cost: CostModel;
  flush: boolean;
  togglePolicy(id: string): void;
  setFramesText(text: string): void;
  setCost(patch: Partial<CostModel>): void;
  setFlush(flush: boolean): void;
}

export const createExperimentSlice: StateCreator<AppState, [], [], ExperimentSlice> = (set) => ({
  policies: ['lru', 'clock', 'opt'],
  framesText: '100, 1000',
  cost: COST_PRESETS.unit,
  flush: false,
  togglePolicy: (id) =>
    set((s) => ({ policies: s.policies.includes(id) ? s.policies.filter((p) => p !== id) : [...s.policies, id] })),
  setFramesText: (framesText) => set({ framesText }),
  setCost: (patch) => set((s) => ({ cost: { ...s.cost, ...patch } })),
  setFlush: (flush) => set({ flush }),
});
