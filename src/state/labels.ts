// UI: names for the rows of a comparison.

import { policyLabel } from '../core/catalog';
import type { PolicySpec } from '../link/types';

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
