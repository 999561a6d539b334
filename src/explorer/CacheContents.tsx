// UI: the explorer’s list of what the cache holds, resident pages and ghosts.

import type { Slot, Snapshot } from '../core/explore';
import { handLabel } from '../core/narrate';
import { policyDoc } from '../core/catalog';

/** Caches holding up to this many pages list their contents for assistive technology (and tests). */
export const CONTENTS_LIMIT = 64;

interface Item {
  page: string;
  text: string;
}

/** What a screen reader hears for one entry: the page as the trace names it, then its role, bits and hands. */
function describe(policy: string, s: Slot, hands: string[]): string {
  const parts = [`page ${s.page}`];
  const status = policyDoc(policy)?.view.statuses.find((m) => m.name === s.status)?.label ?? s.status;
  if (status && s.status !== '') parts.push(status);
  // The catalogue says whether the policy keeps a bit or a count at all (FIFO, LRU, OPT and ARC keep none).
  const maxBits = policyDoc(policy)?.view.max_bits ?? 0;
  if (s.resident && maxBits > 0) parts.push(maxBits > 1 ? `count ${s.bits}` : `reference bit ${s.bits}`);
  if (s.dirty) parts.push('dirty');
  for (const h of hands) parts.push(`${handLabel(h, policy)} here`);
  return parts.join(', ');
}

/** Resident pages (each once, in the snapshot's order) and non-resident entries, as the accessibility contract lists them. */
export function contentsOf(snap: Snapshot): { resident: Item[]; ghosts: Item[] } {
  const resident: Item[] = [];
  const ghosts: Item[] = [];
  const seen = new Set<string>();
  const ghostSeen = new Set<string>();
  const take = (s: Slot, hands: string[]) => {
    if (s.page === null) return;
    if (s.resident) {
      if (seen.has(s.page)) return;
      seen.add(s.page);
      resident.push({ page: s.page, text: describe(snap.policy, s, hands) });
    } else if (!ghostSeen.has(s.page)) {
      ghostSeen.add(s.page);
      ghosts.push({ page: s.page, text: describe(snap.policy, s, hands) });
    }
  };
  for (const r of snap.rings)
    r.slots.forEach((s, i) =>
      take(
        s,
        r.hands.filter((h) => h.pos === i).map((h) => h.name),
      ),
    );
  for (const l of snap.lists) for (const s of l.entries) take(s, []);
  // A page both resident and remembered elsewhere (CRAW's shared areas) is resident.
  return { resident, ghosts: ghosts.filter((g) => !seen.has(g.page)) };
}

/** The cache's contents as lists for assistive technology; drawn views carry the same state. */
export function CacheContents({ snapshot }: { snapshot: Snapshot }) {
  // What the cache holds decides, not its size: ten pages of a million frames are listed.
  if (snapshot.resident > CONTENTS_LIMIT) return null;
  const { resident, ghosts } = contentsOf(snapshot);
  return (
    <div className="visually-hidden">
      <ul aria-label="Cache contents">
        {resident.map((it) => (
          <li key={it.page}>{it.text}</li>
        ))}
      </ul>
      <ul aria-label="Ghosts">
        {ghosts.map((it) => (
          <li key={it.page}>{it.text}</li>
        ))}
      </ul>
    </div>
  );
}
