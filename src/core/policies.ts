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
  { id: 'clock-pro-fixed', label: 'CLOCK-Pro (fixed m_c)', group: 'adaptive' },
  { id: 'arc', label: 'ARC', group: 'adaptive' },
  { id: 'car', label: 'CAR', group: 'adaptive' },
  { id: '2q', label: '2Q', group: 'adaptive' },
  { id: 'linux-2q', label: 'Linux active/inactive', group: 'adaptive' },
  { id: 'lirs', label: 'LIRS', group: 'adaptive' },
];

export const policyLabel = (id: string): string => POLICIES.find((p) => p.id === id)?.label ?? id;
export const isPolicyId = (id: string): boolean => POLICIES.some((p) => p.id === id);
