/// <reference lib="webworker" />
// The simulation worker: owns the WASM core, the loaded trace and every run.
// Runs advance in slices so that a cancel message is seen between slices.

import init, { formats, policies, core_version, WasmLoader, WasmSession, WasmTrace } from '../wasm-pkg/cachescope.js';
import { exploreTransferables, isExploreToWorker, transferablesOf, type ExploreToWorker, type FromWorker, type ToWorker, type TraceSource } from './protocol';
import { closeExplorer, handleExplore } from './explorerWorker';
import type { FormatInfo, Metrics, PolicyInfo, RunJob, RunOptions, TraceSummary } from '../core/types';

declare const self: DedicatedWorkerGlobalScope;

const SLICE = 1 << 18;
const CHUNK = 4 << 20;
/** Above this many requests the reuse histogram is skipped (it needs 4 bytes per request more). */
const REUSE_LIMIT = 20_000_000;
let trace: WasmTrace | null = null;
const cancelled = new Set<number>();

function post(msg: FromWorker): void {
  self.postMessage(msg, transferablesOf(msg));
}

/** Yields to the event loop (faster than setTimeout, which clamps to 4 ms). */
function yieldToEvents(): Promise<void> {
  return new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => resolve();
    ch.port2.postMessage(null);
  });
}

class Cancelled extends Error {}

async function load(id: number, source: TraceSource): Promise<TraceSummary> {
  closeExplorer(); // its session borrows the trace about to be freed
  trace?.free();
  trace = null;
  if (source.kind === 'generate') {
    post({ type: 'progress', id, phase: 'load', done: 0, total: 1, label: 'generating' });
    const t = WasmTrace.generate(JSON.stringify(source.config));
    trace = t;
    return { source: 'generated', ...summaryOf(t, 4096) };
  }
  const { file } = source;
  const { format, pageSize, strict, csv } = source.settings;
  const options = { format, page_size: pageSize, strict, csv: format === 'csv' ? csv : null };
  const loader = new WasmLoader(file.name, JSON.stringify(options));
  loader.size_hint(file.size);
  try {
    for (let off = 0; off < file.size; off += CHUNK) {
      const chunk = new Uint8Array(await file.slice(off, off + CHUNK).arrayBuffer());
      loader.feed(chunk);
      post({ type: 'progress', id, phase: 'load', done: off + chunk.length, total: file.size, label: `reading ${file.name}` });
      await yieldToEvents();
      if (cancelled.has(id)) throw new Cancelled();
    }
  } catch (e) {
    loader.free();
    throw e;
  }
  const loaded = loader.finish();
  const info = JSON.parse(loaded.info()) as { format: string; detected: boolean; skipped: number; skip_reasons: [number, string][] };
  const t: WasmTrace = loaded.take_trace();
  loaded.free();
  trace = t;
  return {
    source: file.name,
    format: info.format,
    detected: info.detected,
    skipped: info.skipped,
    skipReasons: info.skip_reasons,
    ...summaryOf(t, pageSize),
  };
}

function summaryOf(t: WasmTrace, pageSize: number): Omit<TraceSummary, 'source'> {
  const base = { requests: t.len(), distinct: t.distinct(), writes: t.writes(), pageSize };
  if (t.len() > REUSE_LIMIT) return base;
  const s = JSON.parse(t.summary(pageSize)) as { reuse: number[]; cold: number };
  return { ...base, reuse: s.reuse, cold: s.cold };
}

async function run(id: number, jobs: RunJob[], options: RunOptions): Promise<void> {
  if (!trace) throw new Error('load a trace before running');
  const total = trace.len() * jobs.length;
  for (const [index, job] of jobs.entries()) {
    const session = new WasmSession(trace, job.policy, job.frames, JSON.stringify(job.params), JSON.stringify(options));
    try {
      while (!session.done()) {
        session.advance(SLICE);
        post({
          type: 'progress',
          id,
          phase: 'run',
          done: index * trace.len() + session.position(),
          total,
          label: `${job.policy} · ${job.frames} frames`,
        });
        await yieldToEvents();
        if (cancelled.has(id)) throw new Cancelled();
      }
    } catch (e) {
      session.free();
      throw e;
    }
    const r = session.finish();
    const metrics = JSON.parse(r.metrics()) as Metrics;
    post({ type: 'result', id, index, job, metrics, bucketSize: r.bucket_size(), bucketHits: r.bucket_hits() });
    r.free();
  }
}

async function handle(msg: ToWorker): Promise<void> {
  if (msg.type === 'cancel') {
    cancelled.add(msg.id);
    return;
  }
  try {
    if (msg.type === 'load') {
      const summary = await load(msg.id, msg.source);
      post({ type: 'loaded', id: msg.id, summary });
    } else {
      await run(msg.id, msg.jobs, msg.options);
      post({ type: 'done', id: msg.id });
    }
  } catch (e) {
    if (e instanceof Cancelled) post({ type: 'cancelled', id: msg.id });
    else post({ type: 'error', id: msg.id, message: e instanceof Error ? e.message : String(e) });
  } finally {
    cancelled.delete(msg.id);
  }
}

const ready = init().then(() => {
  post({
    type: 'ready',
    version: core_version(),
    policies: JSON.parse(policies()) as PolicyInfo[],
    formats: JSON.parse(formats()) as FormatInfo[],
  });
});
ready.catch((e: unknown) => post({ type: 'error', id: null, message: `the simulation core failed to load: ${String(e)}` }));

// Loads and runs are served one at a time, in order; a cancel acts at once.
let queue: Promise<void> = ready;
self.onmessage = (ev: MessageEvent<ToWorker | ExploreToWorker>) => {
  const msg = ev.data;
  // Explorer: served at once, after the core is ready (see explorerWorker.ts).
  if (isExploreToWorker(msg)) {
    void ready.then(() => handleExplore(msg, trace, (m) => self.postMessage(m, exploreTransferables(m))));
    return;
  }
  if (msg.type === 'cancel') void handle(msg);
  else queue = queue.then(() => handle(msg));
};
