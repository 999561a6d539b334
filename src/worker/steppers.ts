// Worker: what the explorer steps through for an `explore-open` — a policy's
// WasmSession, a block-aware policy whose lists are grouped by flash block, or
// a flash device — each as a Stepper (explorerSession.ts).

import { WasmFlashSession, WasmSession, block_of_label, policy_pages_per_block, type WasmTrace } from './instance';
import { LABELLED_PAGES } from '../core/explore';
import { FlashSnapshotSchema, parseCore } from '../core/schemas';
import type { ExploreToWorker } from '../protocol/explore';
import type { Stepper } from './explorerSession';

/** A flash device as a Stepper: its snapshot rides in `extras`, the policy snapshot is empty. */
function flashStepper(trace: WasmTrace, config: string, selectedLpn: () => number | null): Stepper {
  const f = new WasmFlashSession(trace, config);
  return {
    step: () => f.step(),
    advance: (n) => f.advance(n),
    position: () => f.position(),
    snapshot: () => JSON.stringify({ policy: 'flash', capacity: 0, resident: 0, rings: [], lists: [], gauges: [] }),
    free: () => f.free(),
    extras: () => {
      const flashPages = f.page_states();
      return {
        flash: parseCore('flash snapshot', FlashSnapshotSchema, f.snapshot(selectedLpn() ?? undefined)),
        flashPages,
        // Small devices print and list each page's logical number.
        ...(flashPages.length <= LABELLED_PAGES ? { flashOwners: f.page_owners() } : {}),
      };
    },
  };
}

/**
 * A block-aware policy's lists are grouped by flash block (its view in the
 * catalogue names the parameter giving pages per block); snapshots list pages
 * only, so the block of each (original id / pages per block) is added here.
 */
function blockStepper(trace: WasmTrace, s: WasmSession, ppb: number): Stepper {
  // The core numbers blocks as people read them; a page with a device label belongs to no plain block (-1).
  const blockOf = (label: string) => block_of_label(label, ppb) ?? -1;
  return {
    step: () => s.step(),
    advance: (n) => s.advance(n),
    position: () => s.position(),
    snapshot: () => s.snapshot(),
    hits: () => s.hits(),
    free: () => s.free(),
    fork: () => blockStepper(trace, s.fork(), ppb),
    extras: (snap, events) => {
      const list = snap.lists[0];
      const dirtyEvict = events.find((e) => e.kind === 'evict' && e.dirty);
      return {
        groups: list ? { list: list.name, blocks: list.entries.map((e) => (e.page === null ? -1 : blockOf(e.page))) } : undefined,
        remark:
          dirtyEvict && 'page' in dirtyEvict ? `dirty eviction: page ${dirtyEvict.page} of block ${blockOf(dirtyEvict.page)}` : undefined,
      };
    },
  };
}

/**
 * Makes steppers of what `msg` opens, each new one at the start; `selectedLpn`
 * is the logical page a flash device locates in its snapshots.
 */
export function stepperMaker(
  t: WasmTrace,
  msg: Extract<ExploreToWorker, { type: 'explore-open' }>,
  selectedLpn: () => number | null,
): () => Stepper {
  if (msg.flash) {
    const config = JSON.stringify(msg.flash);
    return () => flashStepper(t, config, selectedLpn);
  }
  if (!Number.isInteger(msg.frames) || msg.frames < 1)
    throw new Error(`cache size must be a whole number of frames ≥ 1, got ${msg.frames}`);
  const params = JSON.stringify(msg.params ?? {});
  const options = JSON.stringify({ collapse_repeats: msg.collapse ?? false });
  const plain = () => new WasmSession(t, msg.policy, msg.frames, params, options);
  const ppb = policy_pages_per_block(msg.policy, params) ?? 0;
  return ppb > 0 ? () => blockStepper(t, plain(), ppb) : plain;
}
