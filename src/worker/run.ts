// Worker: the `run` request — each (policy, frames) job of a comparison over
// the loaded trace in slices, with its gauges sampled along the way and its
// after-cache stream run on every flash configuration given; a result per job.

import { WasmSession, run_without_cache, warmup_requests, type WasmTrace } from './instance';
import type { RunOptions } from '../core/types';
import { NO_CACHE } from '../core/catalog';
import { MetricsSchema, SnapshotSchema, parseCore } from '../core/schemas';
import type { GaugeRequest, GaugeSeries, Reply, RunJob } from '../protocol/messages';
import { flashRuns } from './flash';
import { SLICE, sliced } from './slices';
import { post, type Task } from './task';

/** A session of `job` on `t` under `options`. */
export function sessionOf(t: WasmTrace, job: RunJob, options: RunOptions): WasmSession {
  return new WasmSession(t, job.policy, job.frames, JSON.stringify(job.params), JSON.stringify(options));
}

/** The gauges of a session's snapshot. */
function gaugesOf(session: WasmSession): { name: string; value: number }[] {
  return parseCore('snapshot', SnapshotSchema, session.snapshot()).gauges;
}

/**
 * Advances a session to its end in slices; `report` hears its position. With `every`, its gauges
 * are sampled every `every` requests: row r after `(r + 1) * every` requests, the last row at the
 * end. A cancelled or failed session is freed.
 */
export async function toEnd(
  task: Task,
  session: WasmSession,
  report: (position: number) => void,
  every = 0,
): Promise<GaugeSeries | undefined> {
  const names = every ? gaugesOf(session).map((g) => g.name) : [];
  const rows: number[] = [];
  const slice = () => {
    if (session.done()) return true;
    const toSample = every ? (Math.floor(session.position() / every) + 1) * every - session.position() : SLICE;
    session.advance(Math.min(SLICE, toSample));
    if (every && (session.position() % every === 0 || session.done())) {
      const g = gaugesOf(session);
      for (const name of names) rows.push(g.find((x) => x.name === name)?.value ?? NaN);
    }
    return session.done();
  };
  await sliced(task, slice, () => report(session.position()), session);
  return every ? { names, every, values: Float64Array.from(rows) } : undefined;
}

/** What a job's `result` message says besides which job it is. */
type Outcome = Omit<Reply<'result'>, 'index' | 'job' | 'warmup'>;

export async function run(
  task: Task,
  trace: WasmTrace,
  jobs: RunJob[],
  options: RunOptions,
  gaugeReq?: GaugeRequest,
  flash: Record<string, unknown>[] = [],
): Promise<void> {
  const total = trace.len() * jobs.length;
  // The warm-up as typed is read once by the core, whose message names it (before any job starts).
  const warmup = warmupOf(options, trace.len());
  for (const [index, job] of jobs.entries()) {
    const progress = (done: number) => task.progress('run', index * trace.len() + done, total, `${job.policy} · ${job.frames} frames`);
    const outcome =
      job.policy === NO_CACHE
        ? await runDirect(task, trace, options, flash)
        : await runCached(task, trace, job, options, progress, gaugeReq, flash);
    post({ type: 'result', id: task.id, index, job, ...outcome, warmup });
  }
}

/** Requests of the run's warm-up on a trace of `n` requests: the core reads `N` or `P%`. */
function warmupOf(options: RunOptions, n: number): number {
  return options.warmup === undefined ? 0 : warmup_requests(String(options.warmup), n);
}

/** One job through its cache policy, its gauges sampled, its after-cache stream run on each flash configuration. */
async function runCached(
  task: Task,
  trace: WasmTrace,
  job: RunJob,
  options: RunOptions,
  progress: (done: number) => void,
  gaugeReq: GaugeRequest | undefined,
  flash: Record<string, unknown>[],
): Promise<Outcome> {
  const session = sessionOf(trace, job, flash.length > 0 ? { ...options, record_stream: true } : options);
  // Gauges only if the policy has any and the cache is small enough to snapshot often.
  const every = gaugeReq && job.frames <= gaugeReq.maxFrames && gaugesOf(session).length > 0 ? gaugeReq.every : 0;
  const gauges = await toEnd(task, session, progress, every);
  const r = session.finish();
  try {
    const metrics = parseCore('metrics', MetricsSchema, r.metrics());
    const label = `${job.policy} · ${job.frames} frames`;
    const outcomes = flash.length > 0 ? await flashRuns(task, trace, flash, r.stream() ?? new Uint32Array(), label) : undefined;
    return { metrics, bucketSize: r.bucket_size(), bucketHits: r.bucket_hits(), gauges, flash: outcomes };
  } finally {
    r.free();
  }
}

/**
 * The trace straight to each flash configuration, no cache: every request
 * reaches the device, reads as reads and writes as writes (the core's `run_without_cache`).
 */
async function runDirect(task: Task, t: WasmTrace, options: RunOptions, flash: Record<string, unknown>[]): Promise<Outcome> {
  const r = run_without_cache(t, JSON.stringify(options));
  try {
    const metrics = parseCore('metrics', MetricsSchema, r.metrics());
    return {
      metrics,
      bucketSize: r.bucket_size(),
      bucketHits: r.bucket_hits(),
      flash: await flashRuns(task, t, flash, undefined, 'no cache'),
    };
  } finally {
    r.free();
  }
}
