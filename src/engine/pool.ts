// UI: a pool of simulation workers, one WASM instance each — the app's own
// worker and helpers holding the same trace, which the app's worker hands them
// as its parts (one parse for the whole pool). A request is sent to every
// worker with its part (protocol/divide.ts); the replies are merged here, so the
// result is the one worker's, computed by all of them. Nothing here simulates.

import { CancelledError, engine, SimClient, startWorker, type BatchCell, type ProgressMsg, type ResultMsg } from './client';
import type { RunOptions } from '../core/types';
import { poolSize } from '../core/memory';
import { divideJobs } from '../protocol/divide';
import type { CurveResult, CurveSpec, GaugeRequest, LoadCost, RunJob, TraceSource } from '../protocol/messages';

/** How a helper came to hold its trace: milliseconds from asking for the parts to holding it, what its load cost, its core's memory. */
export interface HelperLoad {
  ms: number;
  cost: LoadCost | null;
  coreBytes?: number;
}

interface Helper {
  client: SimClient;
  /** The source its trace was loaded from (the same object as the app's). */
  source: TraceSource | null;
  loaded?: HelperLoad;
}

const helpers: Helper[] = [];

export interface PoolRequest<T> {
  /** Cancels every worker's part. */
  cancel(): void;
  done: Promise<T>;
  workers: number;
}

declare global {
  interface Window {
    /** Test hook (e2e): the core count a pool may use, in place of navigator.hardwareConcurrency. */
    __cachescopeCores?: number;
    /** Test hook (e2e, probes): workers of the pool, requests they have not answered, what the app's worker's last load and each helper's cost. */
    __cachescopePool?: { workers(): number; inFlight(): number; appLoad(): LoadCost | null; helperLoads(): (HelperLoad | null)[] };
  }
}

function cores(): number {
  return (typeof window !== 'undefined' ? window.__cachescopeCores : undefined) ?? navigator.hardwareConcurrency ?? 1;
}

if (typeof window !== 'undefined')
  window.__cachescopePool = {
    workers: () => 1 + helpers.length,
    inFlight: () => [engine(), ...helpers.map((h) => h.client)].reduce((n, c) => n + c.inFlight(), 0),
    appLoad: () => engine().lastLoadCost,
    helperLoads: () => helpers.map((h) => h.loaded ?? null),
  };

/** Frees the helpers (a new trace makes their copies stale); work they were doing fails with `why`. */
export function resetPool(why: string): void {
  for (const h of helpers.splice(0)) h.client.terminate(why);
}

/** The app's worker and `n - 1` helpers. */
function clients(n: number): SimClient[] {
  while (helpers.length > n - 1) helpers.pop()!.client.terminate('the pool shrank');
  while (helpers.length < n - 1) {
    helpers.push({ client: new SimClient(startWorker()), source: null });
  }
  return [engine(), ...helpers.map((h) => h.client)];
}

/** The workers for a trace of `requests` from `source`: the app's and helpers holding the same trace. */
async function workers(source: TraceSource, requests: number, budget: number, onProgress: (label: string) => void): Promise<SimClient[]> {
  const n = poolSize(cores(), requests, budget);
  clients(n);
  // One helper at a time: each copy of the trace passes through the page, which so holds one at most.
  for (const [i, h] of helpers.entries()) {
    if (h.source === source) continue;
    await h.client.ready;
    onProgress(`copying the trace to worker ${i + 2} of ${n}`);
    const t0 = performance.now();
    // The app's worker, which holds the trace, copies it out; the copy moves to the helper.
    const parts = await engine().share().done;
    const summary = await h.client.load(source, undefined, { parts }).done;
    if (summary.requests !== requests)
      throw new Error(`worker ${i + 2} received a trace of ${summary.requests} requests, not the loaded trace's ${requests}: run again`);
    h.loaded = { ms: performance.now() - t0, cost: h.client.lastLoadCost, coreBytes: summary.coreBytes };
    h.source = source;
  }
  return [engine(), ...helpers.map((h) => h.client)];
}

/** The trace every worker of a pool must hold: its source (the app's loaded one), length and the memory budget. */
export interface PoolTrace {
  source: TraceSource;
  requests: number;
  budget: number;
}

type Progress = (p: { done: number; total: number; label: string }) => void;

/**
 * Sends one request to every worker of the pool (`send` gets the worker's
 * index and the pool's size), sums their progress, and cancels every part when
 * asked or when one part fails.
 */
function fanOut<R, T>(
  trace: PoolTrace,
  onProgress: Progress,
  send: (
    client: SimClient,
    index: number,
    count: number,
    progress: (p: ProgressMsg) => void,
    live: () => boolean,
  ) => { id: number; done: Promise<R> },
  merge: (parts: R[]) => T,
): PoolRequest<T> {
  let stopped = false;
  // Once the request has ended (or one part failed), the other parts' late messages are dropped.
  let settled = false;
  const live = () => !settled;
  const running: { client: SimClient; id: number }[] = [];
  const stopAll = () => {
    for (const r of running) r.client.cancel(r.id);
  };
  const done = (async () => {
    const clients = await workers(trace.source, trace.requests, trace.budget, (label) => onProgress({ done: 0, total: 1, label }));
    if (stopped) throw new CancelledError();
    const parts = clients.map(() => ({ done: 0, total: 0 }));
    const reqs = clients.map((c, index) =>
      send(
        c,
        index,
        clients.length,
        (p) => {
          if (settled) return;
          parts[index] = { done: p.done, total: p.total };
          const sum = (k: 'done' | 'total') => parts.reduce((n, x) => n + x[k], 0);
          const on = clients.length > 1 ? ` (${clients.length} workers)` : '';
          onProgress({ done: sum('done'), total: Math.max(1, sum('total')), label: `${p.label}${on}` });
        },
        live,
      ),
    );
    reqs.forEach((r, i) => running.push({ client: clients[i], id: r.id }));
    try {
      return merge(await Promise.all(reqs.map((r) => r.done)));
    } catch (e) {
      stopAll();
      throw e;
    } finally {
      settled = true;
    }
  })();
  return {
    workers: poolSize(cores(), trace.requests, trace.budget),
    done,
    cancel() {
      stopped = true;
      stopAll();
    },
  };
}

/** Miss-ratio curves on every worker the cores and the memory budget allow. */
export function curvesOnPool(
  req: Omit<Parameters<SimClient['curves']>[0], 'part'>,
  trace: PoolTrace,
  onProgress: Progress,
): PoolRequest<CurveResult[]> {
  return fanOut(trace, onProgress, (c, index, count, progress) => c.curves({ ...req, part: { index, count } }, progress), mergeCurves);
}

/**
 * A comparison's runs on the pool: each worker runs its share of the jobs and
 * its results reach `onResult` with their index in `jobs`, as from one worker.
 */
export function runOnPool(
  jobs: RunJob[],
  options: RunOptions,
  onResult: (r: ResultMsg) => void,
  trace: PoolTrace,
  onProgress: Progress,
  gauges?: GaugeRequest,
  flash?: Record<string, unknown>[],
): PoolRequest<void> {
  return fanOut(
    trace,
    onProgress,
    (c, index, count, progress, live) => {
      const bins = divideJobs(
        jobs.map(() => 1),
        count,
      );
      const mine = jobs.flatMap((job, i) => (bins[i] === index ? [{ job, i }] : []));
      return c.run(
        mine.map((m) => m.job),
        options,
        (r) => {
          if (live()) onResult({ ...r, index: mine[r.index].i });
        },
        progress,
        gauges,
        flash,
      );
    },
    () => undefined,
  );
}

/** A batch cell: a trace of its own and the jobs to run on it. */
export interface BatchCellRequest {
  source: TraceSource;
  /** About how many requests its trace holds (for the memory budget and the division). */
  requests: number;
}

/**
 * A batch's cells on the pool, each worker its share, cells of one worker one
 * after another; `onCell` gets each cell's result by its index. Every worker
 * holds the app's trace and one cell's at a time, so both count in the budget.
 */
export function batchOnPool(
  cells: BatchCellRequest[],
  specs: CurveSpec[],
  frames: string,
  options: RunOptions,
  budget: { loaded: number; budget: number },
  onCell: (index: number, cell: BatchCell) => void,
  onProgress: Progress,
): PoolRequest<void> {
  const largest = Math.max(1, ...cells.map((c) => c.requests));
  const n = Math.min(Math.max(1, cells.length), poolSize(cores(), largest + budget.loaded, budget.budget));
  let stopped = false;
  const running = new Set<{ client: SimClient; id: number }>();
  const done = (async () => {
    const pool = clients(n);
    const work = cells.map((c) => Math.max(1, c.requests));
    const bins = divideJobs(work, pool.length);
    const progress = pool.map(() => ({ done: 0, total: 0 }));
    await Promise.all(
      pool.map(async (client, w) => {
        const mine = cells.flatMap((_, i) => (bins[i] === w ? [i] : []));
        progress[w].total = mine.reduce((t, i) => t + work[i], 0);
        let before = 0;
        for (const i of mine) {
          if (stopped) throw new CancelledError();
          const r = client.batch(cells[i].source, specs, frames, options, (p) => {
            if (p.phase !== 'run') return;
            progress[w].done = before + (p.done / Math.max(1, p.total)) * work[i];
            const sum = (k: 'done' | 'total') => progress.reduce((t, x) => t + x[k], 0);
            onProgress({ done: sum('done'), total: Math.max(1, sum('total')), label: `${p.label} (${pool.length} workers)` });
          });
          const entry = { client, id: r.id };
          running.add(entry);
          try {
            onCell(i, await r.done);
          } finally {
            running.delete(entry);
          }
          before += work[i];
        }
      }),
    ).catch((e: unknown) => {
      stopped = true;
      for (const r of running) r.client.cancel(r.id);
      throw e;
    });
  })();
  return {
    workers: n,
    done,
    cancel() {
      stopped = true;
      for (const r of running) r.client.cancel(r.id);
    },
  };
}

/** One curve per policy from every worker's part: each point (and its error) from the worker that computed it. */
export function mergeCurves(parts: CurveResult[][]): CurveResult[] {
  return parts[0].map((c, p) => {
    const from = (i: number) => parts.find((part) => !Number.isNaN(part[p].missRatio[i]))?.[p] ?? c;
    const missRatio = Float64Array.from(c.missRatio, (_, i) => from(i).missRatio[i]);
    const error = Float64Array.from(c.error, (_, i) => from(i).error[i]);
    return { ...c, missRatio, error };
  });
}
