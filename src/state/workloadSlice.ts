import type { StateCreator } from 'zustand';
import type { CsvMapping, GenConfig, LoadSettings, Workload } from '../core/types';
import type { AppState } from './store';
import { CATALOG } from '../core/catalog';

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

export const DEFAULT_CSV: CsvMapping = CATALOG.csv;

/** A generator parameter's default from the catalogue (`phase` for length, writes and seed). */
function genDefault(generator: string, key: string): number {
  const params = generator === 'phase' ? CATALOG.phase : CATALOG.generators.find((g) => g.id === generator)?.params;
  const d = params?.find((p) => p.key === key)?.default;
  if (typeof d !== 'number') throw new Error(`the core's catalogue has no default for ${generator}.${key}`);
  return d;
}

/** The form's first values: the catalogue's defaults (Zipf first, as it lists it). */
export const DEFAULT_GENERATOR: GeneratorForm = {
  kind: 'zipf',
  pages: genDefault('zipf', 'pages'),
  alpha: genDefault('zipf', 'alpha'),
  hotAccess: genDefault('hot-cold', 'hot_access'),
  hotPages: genDefault('hot-cold', 'hot_pages'),
  set: genDefault('working-set', 'set'),
  shiftEvery: genDefault('working-set', 'shift_every'),
  length: genDefault('phase', 'length'),
  writeFraction: genDefault('phase', 'write_fraction'),
  seed: genDefault('phase', 'seed'),
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
