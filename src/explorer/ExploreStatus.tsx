// UI: the explorer’s status line — what is explored, at what size, and where the run is.

import { useApp } from '../state/store';
import { selectTrace } from '../state/selectors';
import { policyLabel } from '../core/catalog';
import type { ExploreFrame } from '../core/explore';
import { selectLocked, useExplorer } from './explorerStore';

/** The explorer's status: trace, policy and size, step of total, hits and misses (faults) so far. */
export function ExploreStatus({ frame }: { frame: ExploreFrame }) {
  const trace = useApp(selectTrace);
  const snap = frame.snapshot;
  const what =
    frame.flash !== undefined
      ? `flash device · ${frame.flash.blocks} blocks of ${frame.flash.pages_per_block} pages`
      : `${policyLabel(snap.policy)} · ${snap.capacity} frames`;
  // An exercise's counts would give its answers away.
  const locked = useExplorer(selectLocked);
  const hits = locked ? null : frame.hits;
  return (
    <p className="explore-status" aria-label="Explore status">
      <span>Trace: {trace?.source ?? '—'}</span>
      <span>{what}</span>
      <span>
        Step {frame.position.toLocaleString('en')} of {frame.total.toLocaleString('en')}
      </span>
      {hits !== null && (
        <span>
          {hits.toLocaleString('en')} hits, {(frame.position - hits).toLocaleString('en')} misses
        </span>
      )}
    </p>
  );
}
