// The TypeScript mirror of the Rust policy registry (wasm-core/sim/src/policy/registry.rs).
// The core supplies names, summaries and parameter defaults at run time; this
// list says how the UI groups each policy. A test checks the two lists agree.

export type PolicyGroup = 'classic' | 'adaptive' | 'flash';

export interface PolicyMeta {
  id: string;
  label: string;
  group: PolicyGroup;
}

export const POLICY_GROUPS: { id: PolicyGroup; label: string }[] = [
  { id: 'classic', label: 'Classic' },
  { id: 'adaptive', label: 'Adaptive' },
  { id: 'flash', label: 'Flash-aware' },
];

export const POLICIES: PolicyMeta[] = [
  { id: 'lru', label: 'LRU', group: 'classic' },
  { id: 'fifo', label: 'FIFO', group: 'classic' },
  { id: 'clock', label: 'CLOCK', group: 'classic' },
  { id: 'opt', label: 'OPT (Belady)', group: 'classic' },
  { id: 'clock-pro', label: 'CLOCK-Pro', group: 'adaptive' },
  { id: 'clock-pro-fixed', label: 'CLOCK-Pro (fixed)', group: 'adaptive' },
  { id: 'lirs', label: 'LIRS', group: 'adaptive' },
  { id: 'car', label: 'CAR', group: 'adaptive' },
  { id: 'arc', label: 'ARC', group: 'adaptive' },
  { id: '2q', label: '2Q', group: 'adaptive' },
  { id: 'linux-2q', label: 'Linux 2Q', group: 'adaptive' },
  { id: 'cflru', label: 'CFLRU', group: 'flash' },
  { id: 'cflru-dynamic', label: 'CFLRU (dynamic)', group: 'flash' },
  { id: 'cfclock', label: 'CFCLOCK', group: 'flash' },
  { id: 'ts-clock', label: 'TS-CLOCK', group: 'flash' },
  { id: 'craw', label: 'CRAW', group: 'flash' },
  { id: 'craw-a', label: 'CRAW-A', group: 'flash' },
  { id: 'lru-wsr', label: 'LRU-WSR', group: 'flash' },
  { id: 'fab', label: 'FAB', group: 'flash' },
  { id: 'bplru', label: 'BPLRU', group: 'flash' },
  { id: 'lb-clock', label: 'LB-CLOCK', group: 'flash' },
  { id: 'sp-clock', label: 'Sp.Clock', group: 'flash' },
];

/**
 * Not a policy: the run that sends the trace's own reads and writes straight to
 * the flash model, the baseline for every cache in front of it.
 */
export const NO_CACHE = 'no-cache';

export const policyLabel = (id: string): string =>
  id === NO_CACHE ? 'No cache (trace → flash)' : (POLICIES.find((p) => p.id === id)?.label ?? id);
export const isPolicyId = (id: string): boolean => POLICIES.some((p) => p.id === id);
