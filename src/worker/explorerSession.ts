// One explorer session over a loaded trace: seek to any request, exactly.
// Going back replays from the start: the core is deterministic, so the state
// reached equals the state first seen there. (The adapter offers no way to copy
// a session, so there are no checkpoints; advance() runs untraced at full speed.)

import type { AnyEvent, ExploreFrame, Snapshot } from '../explorer/types';

/** What the session needs from WasmSession (tests supply a fake). */
export interface Stepper {
  step(): string | undefined;
  advance(n: number): number;
  position(): number;
  snapshot(): string;
  free(): void;
  /** More of the frame (the flash device, TS-CLOCK's blocks), given the snapshot and the last events. */
  extras?(snapshot: Snapshot, events: AnyEvent[]): Partial<ExploreFrame>;
}

export class ExplorerSession {
  private s: Stepper;
  private last: { hit: boolean | null; events: AnyEvent[]; at: number } = { hit: null, events: [], at: 0 };
  /** Times the session was rebuilt to go back (tests read it). */
  replays = 0;

  constructor(
    private make: () => Stepper,
    readonly total: number,
    private requestAt: (t: number) => { page: number; write: boolean },
  ) {
    this.s = make();
  }

  get position(): number {
    return this.s.position();
  }

  /** Moves to `target` (clamped to [0, total]) and returns the state there. */
  seek(target: number): void {
    const to = Math.max(0, Math.min(this.total, Math.floor(target)));
    if (to < this.position || (to === this.position && to > 0 && this.last.at !== to)) {
      this.s.free();
      this.s = this.make();
      this.replays++;
      this.last = { hit: null, events: [], at: 0 };
    }
    if (to === this.position) return;
    // Untraced up to the request before the target, then one traced step so the
    // frame carries the events of the request that led here.
    if (to - 1 > this.position) this.s.advance(to - 1 - this.position);
    const out = this.s.step();
    if (out === undefined) throw new Error('the trace ended before the requested position');
    const r = JSON.parse(out) as { hit: boolean | null; events: AnyEvent[] };
    this.last = { hit: r.hit, events: r.events, at: this.position };
  }

  frame(playing: boolean): ExploreFrame {
    const position = this.position;
    const snapshot = JSON.parse(this.s.snapshot()) as Snapshot;
    return {
      position,
      total: this.total,
      hit: this.last.hit,
      request: position > 0 ? this.requestAt(position - 1) : null,
      events: this.last.events,
      snapshot,
      playing,
      ...this.s.extras?.(snapshot, this.last.events),
    };
  }

  /** A new stepper at the start (page history replays with it). */
  fresh(): Stepper {
    return this.make();
  }

  free(): void {
    this.s.free();
  }
}

/** Requests per tick for a speed in requests per second, carrying the fraction over. */
export function stepsForTick(speed: number, elapsedMs: number, carry: number): { steps: number; carry: number } {
  const exact = (speed * elapsedMs) / 1000 + carry;
  const steps = Math.floor(exact);
  return { steps, carry: exact - steps };
}
