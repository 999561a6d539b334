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
export interface ExploreFrame {
  position: number;
  total: number;
  hit: boolean | null;
  /** The request just served: dense page id and whether it wrote. */
  request: { page: number; write: boolean } | null;
  events: StepEvent[];
  snapshot: Snapshot;
  playing: boolean;
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
}
