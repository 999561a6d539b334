import type { StateCreator } from 'zustand';
import type { CsvMapping, GenConfig, LoadSettings, Workload } from '../core/types';
import type { AppState } from './store';

export type WorkloadKind = Workload['kind'];

export interface GeneratorForm {
  kind: WorkloadKind;
  pages: number;
  alpha: number;
  hotAccess: number;
  hotPages: number;
  /** Working set: window size and how often it moves. */
  set: number;
  shiftEvery: number;
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

export const DEFAULT_CSV: CsvMapping = {
  delimiter: null,
  header: false,
  id_column: 0,
  unit: 'pages',
  size_column: null,
  size_unit: 'bytes',
  sector_size: 512,
  op_column: null,
  read_values: ['r', 'read', '0'],
  write_values: ['w', 'write', '1'],
  namespace_column: null,
};

export const DEFAULT_GENERATOR: GeneratorForm = {
  kind: 'zipf',
  pages: 10_000,
  alpha: 1.0,
  hotAccess: 0.9,
  hotPages: 0.1,
  set: 500,
  shiftEvery: 20_000,
  length: 200_000,
  writeFraction: 0.3,
  seed: 42,
};

function workloadOf(g: GeneratorForm): Workload {
  switch (g.kind) {
    case 'zipf':
      return { kind: 'zipf', pages: g.pages, alpha: g.alpha };
    case 'hot-cold':
      return { kind: 'hot-cold', pages: g.pages, hot_access: g.hotAccess, hot_pages: g.hotPages };
    case 'sequential':
      return { kind: 'sequential', start: 0 };
    case 'working-set':
      return { kind: 'working-set', pages: g.pages, set: g.set, shift_every: g.shiftEvery, shift: 0 };
    default:
      return { kind: g.kind, pages: g.pages };
  }
}

/** The core's generator configuration for the form. */
export function genConfigOf(g: GeneratorForm): GenConfig {
  const workload: Workload = workloadOf(g);
  return { seed: g.seed, phases: [{ workload, length: g.length, write_fraction: g.writeFraction }] };
}

export const createWorkloadSlice: StateCreator<AppState, [], [], WorkloadSlice> = (set) => ({
  sourceKind: 'generate',
  generator: DEFAULT_GENERATOR,
  file: null,
  load: { format: null, pageSize: 4096, strict: true, csv: DEFAULT_CSV },
  setLoad: (patch) => set((s) => ({ load: { ...s.load, ...patch } })),
  setSourceKind: (sourceKind) => set({ sourceKind }),
  setGenerator: (patch) => set((s) => ({ generator: { ...s.generator, ...patch } })),
  setFile: (file) => set({ file }),
});
