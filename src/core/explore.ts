// Both threads: the explorer's contract between the worker and the UI: what a frame and a
// page history hold, written once as valibot schemas with their types inferred
// from them. Snapshots and events are the core's own types, generated from Rust
// (./generated/core.ts) and checked by ./schemas.ts; the worker and the explorer
// UI both import from here, and neither from the other.

import * as v from 'valibot';
import type * as G from './generated/core';
import {
  EventSchema,
  FlashEventSchema,
  FlashSnapshotSchema,
  PageViewSchema,
  SnapshotSchema,
  Uint32ArraySchema,
  Uint8ArraySchema,
  type FlashSnapshotLite,
} from './schemas';

// Pages are named as the trace names them (`"7"`, `"vol 2 · page 345"`): the core
// labels snapshots and events at its boundary; dense ids never reach the UI.
export type Snapshot = G.Snapshot<string>;
export type Slot = G.Slot<string>;
export type Ring = G.Ring<string>;
export type List = G.List<string>;
export type StepEvent = G.Event<string>;
export type { FlashEvent, Gauge } from './generated/core';
export type FlashSnapshot = FlashSnapshotLite;
export type FlashBlock = FlashSnapshotLite['block'][number];

/** Any event a step can record: a cache policy's or a flash device's. */
export const AnyEventSchema = v.union([EventSchema, FlashEventSchema]);
export type AnyEvent = v.InferOutput<typeof AnyEventSchema>;

/**
 * The state after `position` requests; `events` and `hit` are those of request
 * `position` (1-based). The worker sends it, the UI draws it; development and
 * test builds check every frame with this schema (protocol/explore.ts).
 */
export const ExploreFrameSchema = v.object({
  position: v.number(),
  total: v.number(),
  hit: v.nullable(v.boolean()),
  /** The request just served: the page as the trace names it, and whether it wrote. */
  request: v.nullable(v.object({ page: v.string(), write: v.boolean() })),
  events: v.array(AnyEventSchema),
  /** Why the pages this request evicted left, in the core's words (null when none left). */
  reason: v.optional(v.nullable(v.string())),
  snapshot: SnapshotSchema,
  playing: v.boolean(),
  /** Hits among the first `position` requests (null for a flash device, which has none). */
  hits: v.nullable(v.number()),
  /** Flash sessions: the device (per-page states as bytes, block after block). */
  flash: v.optional(FlashSnapshotSchema),
  flashPages: v.optional(Uint8ArraySchema),
  /** Small devices: the logical page (as the trace names it) each physical page holds; 4294967295 for none. */
  flashOwners: v.optional(Uint32ArraySchema),
  /** Block of each entry of a list (TS-CLOCK's per-block dirty lists), and a remark on the step. */
  groups: v.optional(v.object({ list: v.string(), blocks: v.array(v.number()) })),
  remark: v.optional(v.string()),
});

export type ExploreFrame = v.InferOutput<typeof ExploreFrameSchema>;

/** A page's story up to the position (the page inspector). */
export const PageHistorySchema = v.object({
  /** The page as the trace names it. */
  page: v.string(),
  position: v.number(),
  /** Accesses up to the position, the most recent last (at most `limit`). */
  accesses: v.array(v.object({ t: v.number(), write: v.boolean() })),
  totalAccesses: v.number(),
  /** Events about the page in the window of requests before the position. */
  changes: v.array(v.object({ t: v.number(), text: v.string() })),
  window: v.number(),
  resident: v.boolean(),
  /** Flash sessions: where the page's current data lives. */
  location: v.optional(v.nullable(PageViewSchema)),
});

export type PageHistory = v.InferOutput<typeof PageHistorySchema>;

/** Flash configuration for the explorer: FlashConfig fields as the catalogue declares them; the rest default. */
export const FlashSetupSchema = v.record(v.string(), v.union([v.number(), v.boolean(), v.string()]));

export type FlashSetup = v.InferOutput<typeof FlashSetupSchema>;

/** Flash devices of at most this many pages have their pages labelled with their logical numbers. */
export const LABELLED_PAGES = 1024;
