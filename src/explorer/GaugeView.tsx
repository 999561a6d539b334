// UI: a policy’s gauges drawn as bars.

import type { Gauge, AnyEvent } from '../core/explore';
import { policyDoc } from '../core/catalog';

interface Props {
  /** The policy: a gauge its view draws as a list's pointer (TS-CLOCK's s-hand) is not a bar. */
  policy?: string;
  gauges: Gauge[];
  capacity: number;
  events: AnyEvent[];
}

/** Adaptive quantities (targets, windows, allocations) as bars against the cache size. */
export function GaugeView({ policy = '', gauges: all, capacity, events }: Props) {
  const pointers = new Set(policyDoc(policy)?.view.lists.flatMap((l) => (l.pointer_gauge ? [l.pointer_gauge] : [])) ?? []);
  const gauges = all.filter((g) => !pointers.has(g.name));
  if (gauges.length === 0) return null;
  const changed = new Map(events.flatMap((e) => (e.kind === 'gauge' ? [[e.name, e.from] as const] : [])));
  return (
    <ul className="gauges" aria-label="Gauges">
      {gauges.map((g) => {
        const max = Math.max(capacity, g.value, g.target ?? 0, 1);
        const was = changed.get(g.name);
        return (
          <li key={g.name}>
            <span className="gauge-name">{g.name}</span>
            <meter min={0} max={max} value={Math.max(0, g.value)} aria-label={g.name} />
            <span>
              {fmt(g.value)}
              {g.target !== null ? ` (target ${fmt(g.target)})` : ''}
              {was !== undefined ? ` ← ${fmt(was)}` : ''}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** Two decimals; a value that rounds to zero is 0, never −0.00 (CRAW's target just below zero). */
const fmt = (x: number) => {
  const r = Math.round(x * 100) / 100;
  return r === 0 ? '0' : Number.isInteger(x) ? String(x) : r.toFixed(2);
};
