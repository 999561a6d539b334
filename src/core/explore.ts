// The explorer's contract between the worker and the UI: what a frame and a
// page history hold. Snapshots and events are the core's own types, generated
// from Rust (./generated/core.ts); the worker and the explorer UI both import
// from here, and neither from the other.

import type * as G from './generated/core';
import type { FlashSnapshotLite } from './schemas';

// Pages are named as the trace names them (`"7"`, `"vol 2 · page 345"`): the core
// labels snapshots and events at its boundary; dense ids never reach the UI.
export type Snapshot = G.Snapshot<string>;
export type Slot = G.Slot<string>;
export type Ring = G.Ring<string>;
export type List = G.List<string>;
export type StepEvent = G.Event<string>;
export type { FlashEvent, Gauge } from './generated/core';
type Event = StepEvent;
type FlashEvent = G.FlashEvent;
export type FlashSnapshot = FlashSnapshotLite;
export type FlashBlock = FlashSnapshotLite['block'][number];

/** Any event a step can record: a cache policy's or a flash device's. */
export type AnyEvent = Event | FlashEvent;

/** The state after `position` requests; `events` and `hit` are those of request `position` (1-based). */
export interface ExploreFrame {
  position: number;
  total: number;
  hit: boolean | null;
  /** The request just served: the page as the trace names it, and whether it wrote. */
  request: { page: string; write: boolean } | null;
  events: AnyEvent[];
  snapshot: Snapshot;
  playing: boolean;
  /** Hits among the first `position` requests (null for a flash device, which has none). */
  hits: number | null;
  /** Flash sessions: the device (per-page states as bytes, block after block). */
  flash?: FlashSnapshot;
  flashPages?: Uint8Array;
  /** Small devices: the logical page (as the trace names it) each physical page holds; 4294967295 for none. */
  flashOwners?: Uint32Array;
  /** Block of each entry of a list (TS-CLOCK's per-block dirty lists), and a remark on the step. */
  groups?: { list: string; blocks: number[] };
  remark?: string;
}

export interface PageHistory {
  /** The page as the trace names it. */
  page: string;
  position: number;
  /** Accesses up to the position, the most recent last (at most `limit`). */
  accesses: { t: number; write: boolean }[];
  totalAccesses: number;
  /** Events about the page in the window of requests before the position. */
  changes: { t: number; text: string }[];
  window: number;
  resident: boolean;
  /** Flash sessions: where the page's current data lives. */
  location?: FlashSnapshot['selected'];
}

/** Flash configuration for the explorer: FlashConfig fields as the catalogue declares them; the rest default. */
export type FlashSetup = Record<string, number | boolean | string>;

/** Flash devices of at most this many pages have their pages labelled with their logical numbers. */
export const LABELLED_PAGES = 1024;
