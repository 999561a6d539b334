// UI: coalesces many updates into one commit per animation frame at most. A run's
// results arrive by the thousand; each used to be a store update, a render of
// the table and of every chart: minutes of frozen page. Now they accumulate and
// are committed together.

export interface FrameBatch {
  /** Asks for a commit: at the next animation frame, or later when the last one was costly. */
  schedule(): void;
  /** Commits now what is pending (nothing when nothing is). */
  flush(): void;
  /** Drops the pending commit. */
  cancel(): void;
}

/** A timer stands in for the animation frame where frames do not come (a hidden tab). */
const FALLBACK_MS = 250;

const raf: (cb: () => void) => number =
  typeof requestAnimationFrame === 'function' ? (cb) => requestAnimationFrame(cb) : (cb) => setTimeout(cb, 16) as unknown as number;
const cancelRaf: (h: number) => void =
  typeof cancelAnimationFrame === 'function'
    ? (h) => cancelAnimationFrame(h)
    : (h) => clearTimeout(h as unknown as ReturnType<typeof setTimeout>);

/**
 * `commit` runs at most once per animation frame. Its cost is measured to the
 * end of the frame it changes (a timer set during the frame runs only once the
 * page has been laid out and painted), and the next commit waits at least as
 * long again: commits and the rendering they cause take at most about half of
 * the main thread, whatever the machine.
 */
export function frameBatch(commit: () => void): FrameBatch {
  let pending = false;
  let armed = false;
  let measuring = false;
  let frame: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastEnd = -Infinity;
  let lastCost = 0;

  const disarm = () => {
    if (frame !== null) cancelRaf(frame);
    if (timer !== null) clearTimeout(timer);
    frame = null;
    timer = null;
    armed = false;
  };
  const run = () => {
    disarm();
    if (!pending) return;
    pending = false;
    const t0 = performance.now();
    measuring = true;
    try {
      commit();
    } finally {
      setTimeout(() => {
        measuring = false;
        lastEnd = performance.now();
        lastCost = lastEnd - t0;
        if (pending) arm();
      }, 0);
    }
  };
  const onFrame = () => {
    timer = null;
    frame = raf(run);
    timer = setTimeout(run, FALLBACK_MS);
  };
  const arm = () => {
    if (armed || measuring) return;
    armed = true;
    const rest = lastEnd + lastCost - performance.now();
    if (rest > 0) timer = setTimeout(onFrame, rest);
    else onFrame();
  };

  return {
    schedule() {
      pending = true;
      arm();
    },
    flush: run,
    cancel() {
      pending = false;
      disarm();
    },
  };
}
