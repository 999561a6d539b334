// Worker: the `stream` request — one job rerun keeping its after-cache stream,
// written by the core as a plain trace of the trace's own page ids (decimal
// text, so ids up to 2^64 − 1 stay exact).

import type { WasmTrace } from '../wasm-pkg/cachescope.js';
import type { RunOptions } from '../core/types';
import type { Reply, RunJob } from '../protocol/messages';
import { sessionOf, toEnd } from './run';
import type { Task } from './task';

export async function stream(task: Task, trace: WasmTrace, job: RunJob, options: RunOptions, header: string): Promise<Reply<'streamed'>> {
  const session = sessionOf(trace, job, { ...options, record_stream: true });
  const total = trace.len();
  await toEnd(task, session, (done) => task.progress('run', done, total, `after-cache stream of ${job.policy}`));
  const r = session.finish();
  const packed = r.stream() ?? new Uint32Array();
  r.free();
  return { text: trace.plain_text(packed, header), requests: packed.length };
}
