// UI: the store's slice for the trace to run — a generator's form or a chosen file, and how it is read.

import type { StateCreator } from 'zustand';
import type { LoadSettings } from '../core/types';
import type { AppState } from './store';
import { DEFAULT_GENERATOR, DEFAULT_LOAD } from '../link/defaults';
import type { GeneratorForm } from '../link/types';

export interface WorkloadSlice {
  sourceKind: 'generate' | 'file';
  generator: GeneratorForm;
  file: File | null;
  load: LoadSettings;
  setLoad(patch: Partial<LoadSettings>): void;
  setSourceKind(kind: 'generate' | 'file'): void;
  setGenerator(patch: Partial<GeneratorForm>): void;
  setFile(file: File | null): void;
}

export const createWorkloadSlice: StateCreator<AppState, [], [], WorkloadSlice> = (set) => ({
  sourceKind: 'generate',
  generator: DEFAULT_GENERATOR,
  file: null,
  load: DEFAULT_LOAD,
  setLoad: (patch) => set((s) => ({ load: { ...s.load, ...patch } })),
  setSourceKind: (sourceKind) => set({ sourceKind }),
  setGenerator: (patch) => set((s) => ({ generator: { ...s.generator, ...patch } })),
  setFile: (file) => set({ file }),
});
