// UI: a new experiment as the core's catalogue describes it — what a
// link falls back to field by field, and what the sidebar starts from.

import type { CostModel, CsvMapping, LoadSettings } from '../core/types';
import { CATALOG } from '../core/catalog';
import type { GeneratorForm, PolicySpec, SharedExperiment } from './types';

export const DEFAULT_CSV: CsvMapping = CATALOG.csv;

/** How an upload is read unless the page (or a link) says otherwise. */
export const DEFAULT_LOAD: LoadSettings = { format: null, pageSize: 4096, strict: true, csv: DEFAULT_CSV };

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

/** The catalogue's cost preset `id`. */
export function costPreset(id: string): CostModel {
  const p = CATALOG.cost_presets.find((x) => x.id === id);
  if (!p) throw new Error(`the core has no cost preset ${id}`);
  return { ...p.cost };
}

/** The policies a new experiment compares. */
export const defaultPolicies = (): PolicySpec[] => CATALOG.experiment.policies.map((id) => ({ id, params: {} }));

export const DEFAULT_EXPERIMENT: SharedExperiment = {
  source: { kind: 'generate', generator: DEFAULT_GENERATOR },
  policies: defaultPolicies(),
  frames: CATALOG.experiment.frames,
  cost: costPreset(CATALOG.experiment.cost_preset),
  flush: false,
  collapse: false,
  flash: [],
  baseline: 0,
  view: 'compare',
  position: 0,
};
