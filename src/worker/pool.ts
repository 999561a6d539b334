// A pool of simulation workers, one WASM instance each: the app's own worker
// and helpers that load the same trace. A request is sent to every worker with
// its share (see share.ts); the replies are merged here, so the result is the
// one worker's, computed by all of them. Nothing here simulates.

import { CancelledError, engine, SimClient, type Port, type ProgressMsg } from './client';
import type { CurveResult, TraceSource } from './protocol';
import { poolSize } from '../core/memory';

interface Helper {
  client: SimClient;
  /** The source its trace was loaded from (the same object as the app's). */
  source: TraceSource | null;
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
    /** Test hook (e2e): workers of the pool, and requests they have not answered. */
    __cachescopePool?: { workers(): number; inFlight(): number };
  }
}

function cores(): number {
  return (typeof window !== 'undefined' ? window.__cachescopeCores : undefined) ?? navigator.hardwareConcurrency ?? 1;
}

if (typeof window !== 'undefined')
  window.__cachescopePool = {
    workers: () => 1 + helpers.length,
    inFlight: () => [engine(), ...helpers.map((h) => h.client)].reduce((n, c) => n + c.inFlight(), 0),
  };

/** Frees the helpers (a new trace makes their copies stale). */
export function resetPool(): void {
  for (const h of helpers.splice(0)) h.client.terminate('the pool was reset');
}

/** The workers for a trace of `requests` from `source`: the app's and helpers holding the same trace. */
async function workers(source: TraceSource, requests: number, budget: number, onProgress: (label: string) => void): Promise<SimClient[]> {
  const n = poolSize(cores(), requests, budget);
  while (helpers.length > n - 1) helpers.pop()!.client.terminate('the pool shrank');
  while (helpers.length < n - 1) {
    const w = new Worker(new URL('./sim.worker.ts', import.meta.url), { type: 'module' }) as unknown as Port;
    helpers.push({ client: new SimClient(w), source: null });
  }
  await Promise.all(
    helpers.map(async (h, i) => {
      if (h.source === source) return;
      await h.client.ready;
      onProgress(`loading the trace into worker ${i + 2} of ${n}`);
      await h.client.load(source).done;
      h.source = source;
    }),
  );
  return [engine(), ...helpers.map((h) => h.client)];
}

/**
 * Miss-ratio curves on every worker the cores and the memory budget allow.
 * `source` must be the source of the trace the app's worker holds.
 */
export function curvesOnPool(
  req: Omit<Parameters<SimClient['curves']>[0], 'share'>,
  trace: { source: TraceSource; requests: number; budget: number },
  onProgress: (p: { done: number; total: number; label: string }) => void,
): PoolRequest<CurveResult[]> {
  let stopped = false;
  const running: { client: SimClient; id: number }[] = [];
  const count = poolSize(cores(), trace.requests, trace.budget);
  const done = (async () => {
    const clients = await workers(trace.source, trace.requests, trace.budget, (label) => onProgress({ done: 0, total: 1, label }));
    if (stopped) throw new CancelledError();
    const parts = clients.map(() => ({ done: 0, total: 1 }));
    const report = (i: number, p: ProgressMsg) => {
      parts[i] = { done: p.done, total: p.total };
      const sum = (k: 'done' | 'total') => parts.reduce((n, x) => n + x[k], 0);
      onProgress({ done: sum('done'), total: sum('total'), label: `${p.label} (${clients.length} workers)` });
    };
    const reqs = clients.map((c, index) => c.curves({ ...req, share: { index, count: clients.length } }, (p) => report(index, p)));
    reqs.forEach((r, i) => running.push({ client: clients[i], id: r.id }));
    try {
      return mergeCurves(await Promise.all(reqs.map((r) => r.done)));
    } catch (e) {
      for (const r of running) r.client.cancel(r.id);
      throw e;
    }
  })();
  return {
    workers: count,
    done,
    cancel() {
      stopped = true;
      for (const r of running) r.client.cancel(r.id);
    },
  };
}

/** One curve per policy from every worker's part: each point from the worker that computed it. */
export function mergeCurves(parts: CurveResult[][]): CurveResult[] {
  return parts[0].map((c, p) => {
    const missRatio = Float64Array.from(c.missRatio, (m, i) => {
      const found = parts.map((part) => part[p].missRatio[i]).find((x) => !Number.isNaN(x));
      return found ?? m;
    });
    return { ...c, missRatio };
  });
}
