// UI: the generator's form as the core's generator configuration (one phase).

import type { GenConfig, Workload } from '../core/types';
import type { GeneratorForm } from '../link/types';

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
