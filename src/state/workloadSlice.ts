import type { StateCreator } from 'zustand';
import type { GenConfig, LoadSettings, Workload } from '../core/types';
import type { AppState } from './store';

export type WorkloadKind = Workload['kind'];

export interface GeneratorForm {
  kind: WorkloadKind;
  pages: number;
  alpha: number;
  hotAccess: number;
  hotPages: number;
  length: number;
  writeFraction: number;
  seed: number;
}

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

export const DEFAULT_GENERATOR: GeneratorForm = {
  kind: 'zipf',
  pages: 10_000,
  alpha: 1.0,
  hotAccess: 0.9,
  hotPages: 0.1,
  length: 200_000,
  writeFraction: 0.3,
  seed: 42,
};

/** The core's generator configuration for the form. */
export function genConfigOf(g: GeneratorForm): GenConfig {
  const workload: Workload =
    g.kind === 'zipf'
      ? { kind: 'zipf', pages: g.pages, alpha: g.alpha }
      : g.kind === 'hot-cold'
        ? { kind: 'hot-cold', pages: g.pages, hot_access: g.hotAccess, hot_pages: g.hotPages }
        : { kind: g.kind, pages: g.pages };
  return { seed: g.seed, phases: [{ workload, length: g.length, write_fraction: g.writeFraction }] };
}

export const createWorkloadSlice: StateCreator<AppState, [], [], WorkloadSlice> = (set) => ({
  sourceKind: 'generate',
  generator: DEFAULT_GENERATOR,
  file: null,
  load: { format: null, pageSize: 4096, strict: true },
  setLoad: (patch) => set((s) => ({ load: { ...s.load, ...patch } })),
  setSourceKind: (sourceKind) => set({ sourceKind }),
  setGenerator: (patch) => set((s) => ({ generator: { ...s.generator, ...patch } })),
  setFile: (file) => set({ file }),
});
