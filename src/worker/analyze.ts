// Worker: the `analyze` request — the core's trace analysis of the loaded trace (popularity and
// its Zipf fit, stack distances, reuse times, one-hit wonders, windows, runs), a slice of requests
// at a time, so the page sees how far it got and its Cancel arrives between slices.

import { AnalysisSchema, parseCore, type AnalysisShown } from '../core/schemas';
import { WasmAnalyzer, type WasmTrace } from './instance';
import { SLICE, sliced } from './slices';
import type { Task } from './task';

/** `window`: requests per window (0: a hundredth of the trace, the core's default). */
export async function analyze(task: Task, trace: WasmTrace, window: number): Promise<AnalysisShown> {
  const a = new WasmAnalyzer(trace, window);
  const total = a.len();
  const fmt = (n: number) => n.toLocaleString('en-US');
  await sliced(
    task,
    () => a.advance(SLICE),
    () => task.progress('run', a.position(), total, `analysed ${fmt(a.position())} of ${fmt(total)} requests`),
    a,
  );
  const text = a.finish();
  a.free();
  return parseCore('trace analysis', AnalysisSchema, text);
}
