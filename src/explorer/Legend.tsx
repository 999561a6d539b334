// UI: the explorer’s legend — the policy’s statuses, colours and shapes.

import { statusColour, statusShape } from './colours';
import { policyDoc } from '../core/catalog';
import type { Snapshot } from '../core/explore';

/** The statuses on screen now, with their colours; dirty and non-resident marks. */
export function Legend({ snapshot }: { snapshot: Snapshot }) {
  const statuses = new Set<string>();
  let dirty = false;
  let ghost = false;
  for (const s of [...snapshot.rings.flatMap((r) => r.slots), ...snapshot.lists.flatMap((l) => l.entries)]) {
    if (s.page === null) continue;
    statuses.add(s.status);
    dirty ||= s.dirty;
    ghost ||= !s.resident;
  }
  return (
    <ul className="legend" aria-label="Legend">
      {order(snapshot.policy, statuses).map((s) => (
        <li key={s}>
          <span className="swatch" style={{ background: statusColour(s, snapshot.policy) }} /> {statusShape(s, snapshot.policy) ?? ''}{' '}
          {statusLabel(snapshot.policy, s)}
        </li>
      ))}
      {dirty && (
        <li>
          <span className="swatch" style={{ background: 'var(--fg)' }} /> dirty
        </li>
      )}
      {ghost && <li>faded: non-resident</li>}
      {snapshot.rings.length > 0 && <li>inner band: reference bit / count</li>}
    </ul>
  );
}

/** The statuses on screen in the order the policy's view lists them; unnamed ones after, sorted. */
function order(policy: string, present: Set<string>): string[] {
  const named = policyDoc(policy)?.view.statuses.map((m) => m.name) ?? [];
  return [...named.filter((n) => present.has(n)), ...[...present].filter((s) => !named.includes(s)).sort()];
}

function statusLabel(policy: string, status: string): string {
  return policyDoc(policy)?.view.statuses.find((m) => m.name === status)?.label ?? (status || 'resident');
}
