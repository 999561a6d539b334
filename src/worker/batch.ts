// Worker: the `batch` request — one cell of a batch: its trace made apart from
// the loaded one, every policy at every size run on it in slices, the trace freed.

import type { Metrics, RunOptions } from '../core/types';
import { MetricsSchema, parseCore } from '../core/schemas';
import type { CurveSpec, Reply, TraceSource } from '../protocol/messages';
import { traceOf } from './read';
import { sessionOf, toEnd } from './run';
import type { Task } from './task';
import { parse_frames } from './instance';

/** `framesText` as the experiment writes it: percentages are of this cell's trace. */
export async function batch(
  task: Task,
  source: TraceSource,
  specs: CurveSpec[],
  framesText: string,
  options: RunOptions,
): Promise<Reply<'batched'>> {
  const t = await traceOf(task, source);
  try {
    let frames: number[];
    try {
      frames = Array.from(parse_frames(framesText, t.distinct()));
    } catch (e) {
      throw new Error(`Cache sizes: ${(e as Error).message}`);
    }
    const jobs = specs.flatMap((s) => frames.map((f) => ({ policy: s.policy, frames: f, params: s.params })));
    const metrics: Metrics[] = [];
    for (const [index, job] of jobs.entries()) {
      const session = sessionOf(t, job, { ...options, buckets: 1 });
      const label = `${job.policy} · ${job.frames} frames`;
      await toEnd(task, session, (done) => task.progress('run', index * t.len() + done, jobs.length * t.len(), label));
      const r = session.finish();
      metrics.push(parseCore('metrics', MetricsSchema, r.metrics()));
      r.free();
    }
    return { metrics, frames, requests: t.len(), distinct: t.distinct() };
  } finally {
    t.free();
  }
}
