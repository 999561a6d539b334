// Worker: one explorer session over a loaded trace: seek to any request, exactly.
// Going back restarts from the nearest checkpoint at or before the target (an
// exact copy, WasmSession.fork(), taken every `every` requests on the way
// forward) and replays from there; steppers that cannot be copied (the flash
// device) replay from the start. Either way the core is deterministic, so the
// state reached equals the state first seen there.

import type { AnyEvent, ExploreFrame, Snapshot } from '../core/explore';
import { parseCore, parseStep, SnapshotSchema } from '../core/schemas';

/** What the session needs from WasmSession (tests supply a fake). */
export interface Stepper {
  step(): string | undefined;
  advance(n: number): number;
  position(): number;
  snapshot(): string;
  /** Hits so far, for a cache policy. */
  hits?(): number;
  free(): void;
  /** An exact copy at the current position (a checkpoint), when the stepper can make one. */
  fork?(): Stepper;
  /** More of the frame (the flash device, TS-CLOCK's blocks), given the snapshot and the last events. */
  extras?(snapshot: Snapshot, events: AnyEvent[]): Partial<ExploreFrame>;
}

export class ExplorerSession {
  private s: Stepper;
  private last: { hit: boolean | null; events: AnyEvent[]; reason: string | null; at: number } = {
    hit: null,
    events: [],
    reason: null,
    at: 0,
  };
  /** Times the session was rebuilt to go back, and requests replayed doing so (tests read them). */
  replays = 0;
  replayed = 0;
  /** Checkpoints by position, multiples of `every`. */
  private checkpoints = new Map<number, Stepper>();
  readonly every: number;

  constructor(
    private make: () => Stepper,
    readonly total: number,
    private requestAt: (t: number) => { page: string; write: boolean },
    maxCheckpoints = 16,
    minEvery = 4096,
  ) {
    this.s = make();
    // Few checkpoints: each holds a whole policy state (per-page tables included).
    this.every = Math.max(minEvery, Math.ceil(total / maxCheckpoints));
  }

  /** Advances untraced to `to`, leaving a checkpoint at each multiple of `every` passed. */
  private advanceTo(to: number): void {
    while (this.position < to) {
      const next = (Math.floor(this.position / this.every) + 1) * this.every;
      if (this.s.fork && next <= to && !this.checkpoints.has(next)) {
        this.s.advance(next - this.position);
        this.checkpoints.set(next, this.s.fork());
      } else this.s.advance(Math.min(to, next) - this.position);
    }
  }

  /** A stepper at the latest checkpoint at or before `at` (or a new one at the start). */
  private restartBefore(at: number): void {
    let best = 0;
    for (const p of this.checkpoints.keys()) if (p <= at && p > best) best = p;
    this.s.free();
    const cp = this.checkpoints.get(best);
    this.s = cp?.fork ? cp.fork() : this.make();
    this.replays++;
    this.replayed += Math.max(0, at - best);
  }

  get position(): number {
    return this.s.position();
  }

  /** Moves to `target` (clamped to [0, total]) and returns the state there. */
  seek(target: number): void {
    const to = Math.max(0, Math.min(this.total, Math.floor(target)));
    if (to < this.position || (to === this.position && to > 0 && this.last.at !== to)) {
      this.restartBefore(Math.max(0, to - 1));
      this.last = { hit: null, events: [], reason: null, at: 0 };
    }
    if (to === this.position) return;
    // Untraced up to the request before the target, then one traced step so the
    // frame carries the events of the request that led here.
    if (to - 1 > this.position) this.advanceTo(to - 1);
    const out = this.s.step();
    if (out === undefined) throw new Error('the trace ended before the requested position');
    const r = parseStep(out);
    this.last = { hit: r.hit, events: r.events, reason: r.reason, at: this.position };
  }

  frame(playing: boolean): ExploreFrame {
    const position = this.position;
    const snapshot: Snapshot = parseCore('snapshot', SnapshotSchema, this.s.snapshot());
    return {
      position,
      total: this.total,
      hit: this.last.hit,
      request: position > 0 ? this.requestAt(position - 1) : null,
      events: this.last.events,
      reason: this.last.reason,
      snapshot,
      playing,
      hits: this.s.hits ? this.s.hits() : null,
      ...this.s.extras?.(snapshot, this.last.events),
    };
  }

  /**
   * The events of the next request, without moving: a copy steps it (or, for a
   * stepper that cannot be copied, a fresh one replayed to here).
   */
  peek(): { events: AnyEvent[]; reason: string | null } {
    if (this.position >= this.total) return { events: [], reason: null };
    const w = this.s.fork ? this.s.fork() : this.make();
    try {
      if (!this.s.fork) w.advance(this.position);
      const out = w.step();
      if (out === undefined) return { events: [], reason: null };
      const { events, reason } = parseStep(out);
      return { events, reason };
    } finally {
      w.free();
    }
  }

  /** A new stepper at the start (page history replays with it). */
  fresh(): Stepper {
    return this.make();
  }

  free(): void {
    this.s.free();
    for (const c of this.checkpoints.values()) c.free();
    this.checkpoints.clear();
  }
}

/** Requests per tick for a speed in requests per second, carrying the fraction over. */
export function stepsForTick(speed: number, elapsedMs: number, carry: number): { steps: number; carry: number } {
  const exact = (speed * elapsedMs) / 1000 + carry;
  const steps = Math.floor(exact);
  return { steps, carry: exact - steps };
}
