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
];

export const policyLabel = (id: string): string => POLICIES.find((p) => p.id === id)?.label ?? id;
export const isPolicyId = (id: string): boolean => POLICIES.some((p) => p.id === id);
