// Worker: one flash configuration run over the trace (or a cache's after-stream
// of it) in slices — the device's fill and aging first, then the requests.

import { WasmFlashRun, type WasmTrace } from '../wasm-pkg/cachescope.js';
import { FlashRunOutputSchema, parseCore } from '../core/schemas';
import type { FlashOutcome } from '../protocol/messages';
import { Cancelled, SLICE, sliced } from './slices';
import type { Task } from './task';
import { isTrap } from './trap';

/**
 * Runs flash configuration `cfg` (number `fi`, from 0) over `t`, or over `stream` when given.
 * `label` is what the progress bar says runs; an error names the configuration.
 */
export async function flashRun(
  task: Task,
  t: WasmTrace,
  cfg: Record<string, unknown>,
  stream: Uint32Array | undefined,
  fi: number,
  label: string,
): Promise<FlashOutcome> {
  const failed = (e: unknown) =>
    e instanceof Cancelled || isTrap(e) ? e : new Error(`Flash configuration ${fi + 1}: ${e instanceof Error ? e.message : String(e)}`);
  label = `${label} · flash ${fi + 1}`;
  try {
    const run = new WasmFlashRun(t, JSON.stringify(cfg), stream);
    const report = () => {
      const what = run.preparing() ? 'filling and aging the device' : 'serving the requests';
      task.progress('run', run.done(), run.total(), `${label}: ${what}`);
    };
    await sliced(task, () => run.advance(SLICE), report, run);
    const out = parseCore('flash result', FlashRunOutputSchema, run.finish());
    return { metrics: out.metrics, eraseCounts: Uint32Array.from(out.erase_counts) };
  } catch (e) {
    throw failed(e);
  }
}

/** Every flash configuration of a run over the same requests, one after another. */
export async function flashRuns(
  task: Task,
  t: WasmTrace,
  configs: Record<string, unknown>[],
  stream: Uint32Array | undefined,
  label: string,
): Promise<FlashOutcome[]> {
  const outcomes: FlashOutcome[] = [];
  for (const [fi, cfg] of configs.entries()) outcomes.push(await flashRun(task, t, cfg, stream, fi, label));
  return outcomes;
}
