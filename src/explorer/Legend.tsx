import { statusColour } from './colours';
import type { Snapshot } from './types';

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
      {[...statuses].sort().map((s) => (
        <li key={s}>
          <span className="swatch" style={{ background: statusColour(s) }} /> {s || 'resident'}
        </li>
      ))}
      {dirty && (
        <li>
          <span className="swatch" style={{ background: '#000' }} /> dirty
        </li>
      )}
      {ghost && <li>faded: non-resident</li>}
      {snapshot.rings.length > 0 && <li>dark inner band: reference bit / count</li>}
    </ul>
  );
}
