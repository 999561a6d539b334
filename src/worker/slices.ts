// Worker: the one loop every long piece of work runs in — a slice of work,
// then where it is, then a yield to the worker's event loop (so a Cancel or a
// Pause can arrive), then a stop if the work was called off.

/** Requests a run advances between two looks at the event loop. */
export const SLICE = 1 << 18;

/** The work was called off (the page cancelled it, or a newer seek replaced it). */
export class Cancelled extends Error {}

/** Yields to the worker's event loop (faster than setTimeout, which clamps to 4 ms), so a Cancel or Pause can arrive. */
export function yieldToEvents(): Promise<void> {
  return new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => resolve();
    ch.port2.postMessage(null);
  });
}

/**
 * Runs `slice` until it says the work is finished. After each slice that leaves
 * work to do, `report` says where it is, the worker yields, and the loop throws
 * `Cancelled` once `work.cancelled()`. `owned` (the core's object doing the work)
 * is freed when the loop stops on an error or a cancel; otherwise it is the caller's.
 */
export async function sliced(
  work: { cancelled(): boolean },
  slice: () => boolean | Promise<boolean>,
  report: () => void,
  owned?: { free(): void },
): Promise<void> {
  try {
    while (!(await slice())) {
      report();
      await yieldToEvents();
      if (work.cancelled()) throw new Cancelled();
    }
  } catch (e) {
    owned?.free();
    throw e;
  }
}
