// Shapes of the core's stepping session (wasm-core/sim/src/policy/{event,snapshot}.rs)
// as they cross the worker boundary. Names of rings, lists, hands and statuses
// are each policy's own vocabulary.

export interface Slot {
  page: number | null;
  status: string;
  bits: number;
  dirty: boolean;
  resident: boolean;
}

export interface Ring {
  name: string;
  slots: Slot[];
  hands: { name: string; pos: number }[];
}

export interface List {
  name: string;
  entries: Slot[];
}

export interface Gauge {
  name: string;
  value: number;
  target: number | null;
}

export interface Snapshot {
  policy: string;
  capacity: number;
  resident: number;
  rings: Ring[];
  lists: List[];
  gauges: Gauge[];
}

export type StepEvent =
  | { kind: 'hit'; page: number; write: boolean }
  | { kind: 'miss'; page: number; write: boolean }
  | { kind: 'insert'; page: number; place: string; slot: number | null }
  | { kind: 'evict'; page: number; dirty: boolean; why: string }
  | { kind: 'write_back'; page: number; why: string }
  | { kind: 'hand'; hand: string; from: number; to: number }
  | { kind: 'visit'; hand: string; page: number; action: string }
  | { kind: 'status'; page: number; from: string; to: string; why: string }
  | { kind: 'move'; page: number; from: string; to: string; why: string }
  | { kind: 'gauge'; name: string; from: number; to: number; why: string }
  | { kind: 'ghost'; page: number; list: string; action: string };

/** The state after `position` requests; `events` and `hit` are those of request `position` (1-based). */
export type AnyEvent = StepEvent | FlashEvent;

export interface ExploreFrame {
  position: number;
  total: number;
  hit: boolean | null;
  /** The request just served: dense page id and whether it wrote. */
  request: { page: number; write: boolean } | null;
  events: AnyEvent[];
  snapshot: Snapshot;
  playing: boolean;
  /** Flash sessions: the device (per-page states as bytes, block after block). */
  flash?: FlashSnapshot;
  flashPages?: Uint8Array;
  /** Block of each entry of a list (TS-CLOCK's per-block dirty lists), and a remark on the step. */
  groups?: { list: string; blocks: number[] };
  remark?: string;
}

export interface PageHistory {
  page: number;
  original: number;
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

/** wasm-core/sim/src/flash/snapshot.rs FlashSnapshot, without per-page states (they cross as bytes). */
export interface FlashBlock {
  valid: number;
  invalid: number;
  erases: number;
  role: string;
  region: number | null;
}

export interface FlashSnapshot {
  ftl: string;
  gc: string;
  blocks: number;
  pages_per_block: number;
  logical_pages: number;
  free_blocks: number;
  block: FlashBlock[];
  write_points: number[];
  victim: number | null;
  copies: { lpn: number; from: number; to: number }[];
  selected: { lpn: number; ppn: number | null; block: number | null; offset: number | null; version: number } | null;
}

export type FlashEvent =
  | { kind: 'host_write'; lpn: number; ppn: number }
  | { kind: 'host_read'; lpn: number; ppn: number | null }
  | { kind: 'invalidate'; lpn: number; ppn: number }
  | { kind: 'open'; block: number; role: string; region: number | null }
  | { kind: 'victim'; block: number; valid: number; invalid: number; policy: string }
  | { kind: 'copy'; lpn: number; from: number; to: number }
  | { kind: 'erase'; block: number }
  | { kind: 'region'; lpn: number; from: number; to: number; why: string }
  | { kind: 'merge'; merge: string; lbn: number };

/** Flash configuration for the explorer (a subset of FlashConfig; the rest default). */
export interface FlashSetup {
  ftl: string;
  gc: string;
  blocks: number;
  pages_per_block: number;
  regions: number;
}
