/// <reference lib="webworker" />
// The simulation worker: owns the WASM core, the loaded trace and every run.
// Runs advance in slices so that a cancel message is seen between slices.

import { yieldToEvents } from './yieldToEvents';
import { isTrap, trapMessage } from './trap';
import { BYTES_PER_REQUEST } from '../core/memory';
import {
  core_version,
  debug_trap,
  hasJsEngine,
  heapBytes,
  jsEngine,
  parse_link,
  reproduce_cell,
  reproduce_check,
  startCore,
  startJsEngine,
  WasmFlashRun,
  WasmLoader,
  WasmGenerator,
  WasmSha256,
  WasmSession,
  WasmTrace,
} from './core';
import { withCode } from './userCode';
import type { UserCode } from '../protocol/own';
import {
  checkExploreToWorker,
  checkToWorker,
  exploreTransferables,
  isExploreToWorker,
  transferablesOf,
  type ExploreFromWorker,
  type FlashOutcome,
  type FromWorker,
  type GaugeRequest,
  type GaugeSeries,
  type ReproduceTable,
  type ToWorker,
  type TraceSource,
  type CurveSpec,
} from './protocol';
import { closeExplorer, explorerAt, handleExplore } from './explorerWorker';
import { computeCurves } from './curveWorker';
import { parseFrames } from '../core/frames';
import * as v from 'valibot';
import type { GenConfig, LoadSettings, Metrics, RunJob, RunOptions, TraceSummary } from '../core/types';
import { CATALOG, NO_CACHE } from '../core/catalog';
import { describeUpload, INLINE_TRY } from '../state/urlCodec';
import type { SharedSource } from '../state/shared';
import {
  CheckReportSchema,
  FlashRunOutputSchema,
  HandLinkSchema,
  LoadInfoSchema,
  MetricsSchema,
  SnapshotSchema,
  SummarySchema,
  parseCore,
} from '../core/schemas';

declare const self: DedicatedWorkerGlobalScope;

const SLICE = 1 << 18;
const CHUNK = 4 << 20;
/** Above this many requests the reuse histogram is skipped (it needs 4 bytes per request more). */
const REUSE_LIMIT = 20_000_000;
let trace: WasmTrace | null = null;
/** What the loaded trace was made from: to load it again into the build with the JavaScript engine. */
let traceSource: TraceSource | null = null;
const cancelled = new Set<number>();

/**
 * Progress is news for a person: at most one message per request every PROGRESS_MS. (Posted after
 * every slice and every flash configuration, a run of thousands of short jobs sent the page tens of
 * thousands of messages a second.)
 */
const PROGRESS_MS = 50;
const lastProgress = new Map<number, number>();

function post(msg: FromWorker): void {
  const id = 'id' in msg && typeof msg.id === 'number' ? msg.id : null;
  if (id !== null && msg.type === 'progress') {
    const now = performance.now();
    const last = lastProgress.get(id);
    if (last !== undefined && now - last < PROGRESS_MS) return;
    lastProgress.set(id, now);
  } else if (id !== null && msg.type !== 'result') lastProgress.delete(id);
  self.postMessage(msg, transferablesOf(msg));
}

class Cancelled extends Error {}

/** Makes `t` the loaded trace; the previous one (and the explorer session borrowing it) goes only now. */
function replaceTrace(t: WasmTrace | null): void {
  closeExplorer();
  trace?.free();
  trace = t;
}

class OverBudget extends Error {}

/** Refuses a trace that would not fit beside the loaded one; `requests` is its (estimated) length. */
function checkBudget(requests: number, budget: number | undefined, name: string): void {
  if (!budget || !trace) return;
  const held = trace.len() * BYTES_PER_REQUEST;
  const more = requests * BYTES_PER_REQUEST;
  if (held + more > budget)
    throw new OverBudget(
      `${name} (about ${mb(more)} for ${Math.round(requests).toLocaleString('en')} requests) would not fit beside the loaded trace (${mb(held)}) in the browser's ${mb(budget)} for traces (limit memory). Drop the loaded trace and load ${name} alone, or run it with the runner (npm run sim).`,
    );
}
const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20).toLocaleString('en')} MB`;

// A load that fails or is cancelled leaves the previous trace loaded, unless `dropFirst` asked to free it first.
async function load(id: number, source: TraceSource, budget?: number, dropFirst?: boolean): Promise<TraceSummary> {
  if (dropFirst) {
    closeExplorer();
    trace?.free();
    trace = null;
    traceSource = null;
  }
  if (source.kind === 'generate') {
    const total = source.config.phases.reduce((n, p) => n + p.length, 0);
    checkBudget(total, budget, 'the generated workload');
    const t = await generate(id, source.config);
    replaceTrace(t);
    traceSource = source;
    return { source: 'generated', ...summaryOf(t, 4096) };
  }
  const { file } = source;
  const { pageSize } = source.settings;
  const { t, info } = await readFile(id, file, source.settings, (requests) => checkBudget(requests, budget, file.name));
  replaceTrace(t);
  traceSource = source;
  return {
    source: file.name,
    format: info.format,
    detected: info.detected,
    skipped: info.skipped,
    skipReasons: info.skip_reasons,
    ...summaryOf(t, pageSize),
  };
}

/** Generates a trace a slice at a time, reporting progress and seeing a cancel between slices. */
async function generate(id: number, config: GenConfig): Promise<WasmTrace> {
  const g = new WasmGenerator(JSON.stringify(config));
  try {
    for (;;) {
      post({ type: 'progress', id, phase: 'load', done: g.done(), total: g.total(), label: 'generating' });
      await yieldToEvents();
      if (cancelled.has(id)) throw new Cancelled();
      if (g.advance(SLICE * 4)) break;
    }
  } catch (e) {
    g.free();
    throw e;
  }
  return g.finish();
}

/** A chosen file, read here in chunks: its SHA-256, and whether a link carries it inline or by hash. */
async function describe(id: number, file: File, load: LoadSettings) {
  const hash = new WasmSha256();
  try {
    for (let off = 0; off < file.size; off += CHUNK) {
      hash.update(new Uint8Array(await file.slice(off, off + CHUNK).arrayBuffer()));
      post({
        type: 'progress',
        id,
        phase: 'load',
        done: Math.min(file.size, off + CHUNK),
        total: file.size,
        label: `hashing ${file.name}`,
      });
      await yieldToEvents();
      if (cancelled.has(id)) throw new Cancelled();
    }
  } catch (e) {
    hash.free();
    throw e;
  }
  const sha256 = hash.finish();
  const source: SharedSource =
    file.size <= INLINE_TRY
      ? await describeUpload(file.name, new Uint8Array(await file.arrayBuffer()), load)
      : { kind: 'hashed', name: file.name, load, size: file.size, sha256 };
  return { sha256, size: file.size, source };
}

/**
 * Reads and parses a file in chunks. A chunk is pushed to the loader and decoded in slices of
 * `CHUNK` decoded bytes (a few compressed bytes may inflate to gigabytes, and a zstd file is
 * decoded once read), so progress follows the bytes decoded and a cancel is seen between slices.
 */
async function readFile(id: number, file: File, settings: LoadSettings, estimate?: (requests: number) => void) {
  const { format, pageSize, strict, csv } = settings;
  const options = { format, page_size: pageSize, strict, csv: format === 'csv' ? csv : null };
  const loader = new WasmLoader(file.name, JSON.stringify(options));
  loader.size_hint(file.size);
  const report = () => {
    const decoded = loader.decoded();
    const consumed = loader.consumed();
    const inflated = decoded > consumed ? ` · ${mb(decoded)} decoded` : '';
    post({ type: 'progress', id, phase: 'load', done: consumed, total: file.size, label: `reading ${file.name}${inflated}` });
  };
  const step = async () => {
    report();
    await yieldToEvents();
    if (cancelled.has(id)) throw new Cancelled();
  };
  try {
    for (let off = 0; off < file.size; off += CHUNK) {
      const chunk = new Uint8Array(await file.slice(off, off + CHUNK).arrayBuffer());
      loader.push(chunk);
      while (!loader.pump(CHUNK)) await step();
      // After the first chunk, the file's length in requests can be estimated from what it held.
      if (off === 0 && estimate) estimate((loader.requests() / chunk.length) * file.size);
      await step();
    }
    loader.end_input();
    while (!loader.pump(CHUNK)) await step();
  } catch (e) {
    loader.free();
    throw e;
  }
  const loaded = loader.finish();
  const info = parseCore('load report', LoadInfoSchema, loaded.info());
  const t: WasmTrace = loaded.take_trace();
  loaded.free();
  return { t, info };
}

/**
 * Runs one flash configuration over the trace (or an after-cache stream of it) in slices: the
 * device's fill and aging first, then the requests, reporting each slice and seeing a cancel
 * between them. `fi` is the configuration's index, `label` what the progress bar says runs.
 */
async function flashRun(
  id: number,
  t: WasmTrace,
  cfg: Record<string, unknown>,
  stream: Uint32Array | undefined,
  fi: number,
  label: string,
) {
  const failed = (e: unknown) => new Error(`Flash configuration ${fi + 1}: ${e instanceof Error ? e.message : String(e)}`);
  label = `${label} · flash ${fi + 1}`;
  let run: WasmFlashRun;
  try {
    run = new WasmFlashRun(t, JSON.stringify(cfg), stream);
  } catch (e) {
    throw isTrap(e) ? e : failed(e);
  }
  try {
    while (!run.advance(SLICE)) {
      const what = run.preparing() ? 'filling and aging the device' : 'serving the requests';
      post({ type: 'progress', id, phase: 'run', done: run.done(), total: run.total(), label: `${label}: ${what}` });
      await yieldToEvents();
      if (cancelled.has(id)) throw new Cancelled();
    }
  } catch (e) {
    run.free();
    throw e instanceof Cancelled || isTrap(e) ? e : failed(e);
  }
  try {
    return parseCore('flash result', FlashRunOutputSchema, run.finish());
  } catch (e) {
    throw isTrap(e) ? e : failed(e);
  }
}

/**
 * Advances a session to its end in slices, reporting the position after each and
 * seeing a cancel between slices; a cancelled or failed session is freed.
 */
async function sliced(id: number, session: WasmSession, report: (position: number) => void): Promise<void> {
  try {
    while (!session.done()) {
      session.advance(SLICE);
      report(session.position());
      await yieldToEvents();
      if (cancelled.has(id)) throw new Cancelled();
    }
  } catch (e) {
    session.free();
    throw e;
  }
}

/** A batch cell: its trace loaded apart from the loaded one, every job run on it in slices, the trace freed. */
async function batch(id: number, source: TraceSource, specs: CurveSpec[], framesText: string, options: RunOptions) {
  const t = source.kind === 'generate' ? await generate(id, source.config) : (await readFile(id, source.file, source.settings)).t;
  try {
    const sizes = parseFrames(framesText, t.distinct());
    if (!sizes.ok) throw new Error(`Cache sizes: ${sizes.error}`);
    const frames = sizes.frames;
    const jobs = specs.flatMap((s) => frames.map((f) => ({ policy: s.policy, frames: f, params: s.params })));
    const metrics: Metrics[] = [];
    for (const [index, job] of jobs.entries()) {
      const session = new WasmSession(t, job.policy, job.frames, JSON.stringify(job.params), JSON.stringify({ ...options, buckets: 1 }));
      const label = `${job.policy} · ${job.frames} frames`;
      await sliced(id, session, (done) =>
        post({ type: 'progress', id, phase: 'run', done: index * t.len() + done, total: jobs.length * t.len(), label }),
      );
      const r = session.finish();
      metrics.push(parseCore('metrics', MetricsSchema, r.metrics()));
      r.free();
    }
    return { metrics, frames, requests: t.len(), distinct: t.distinct() };
  } finally {
    t.free();
  }
}

/** A paper's table on its own trace, one cell at a time so that a cancel is seen between cells. */
async function reproduce(id: number, table: ReproduceTable, file?: File) {
  const json = JSON.stringify(table);
  let t: WasmTrace;
  if (table.input.kind === 'generate') {
    post({ type: 'progress', id, phase: 'load', done: 0, total: 1, label: `generating ${table.input.spec}` });
    t = WasmTrace.for_table(json);
  } else if (file) {
    const settings = { format: table.input.format, pageSize: 4096, strict: true, csv: CATALOG.csv };
    t = (await readFile(id, file, settings)).t;
  } else throw new Error(`${table.title} runs on ${table.input.name}: choose that file first`);
  try {
    const warnings = parseCore('trace check', v.array(v.string()), reproduce_check(t, json));
    const cols = table.columns.length;
    const values = new Float64Array(table.rows.length * cols);
    for (let i = 0; i < values.length; i++) {
      const label = `${table.row_label} ${table.rows[Math.floor(i / cols)].x}, ${table.columns[i % cols].label}`;
      post({ type: 'progress', id, phase: 'run', done: i, total: values.length, label });
      await yieldToEvents();
      if (cancelled.has(id)) throw new Cancelled();
      values[i] = reproduce_cell(t, json, Math.floor(i / cols), i % cols);
    }
    return { values, warnings, requests: t.len(), distinct: t.distinct() };
  } finally {
    t.free();
  }
}

function summaryOf(t: WasmTrace, pageSize: number): Omit<TraceSummary, 'source'> {
  const base = { requests: t.len(), distinct: t.distinct(), writes: t.writes(), pageSize, coreBytes: heapBytes() };
  if (t.len() > REUSE_LIMIT) return base;
  const s = parseCore('trace summary', SummarySchema, t.summary(pageSize));
  return { ...base, reuse: s.reuse, cold: s.cold };
}

/** Reads the gauges of a session's snapshot as (names, values). */
function gaugesOf(session: WasmSession): { name: string; value: number }[] {
  return parseCore('snapshot', SnapshotSchema, session.snapshot()).gauges;
}

async function run(
  id: number,
  jobs: RunJob[],
  options: RunOptions,
  gaugeReq?: GaugeRequest,
  flash?: Record<string, unknown>[],
): Promise<void> {
  if (!trace) throw new Error('load a trace before running');
  const total = trace.len() * jobs.length;
  const withFlash = flash !== undefined && flash.length > 0;
  for (const [index, job] of jobs.entries()) {
    if (job.policy === NO_CACHE) {
      await runDirect(id, index, job, options, flash ?? []);
      continue;
    }
    const runOptions = withFlash ? { ...options, record_stream: true } : options;
    const session = new WasmSession(trace, job.policy, job.frames, JSON.stringify(job.params), JSON.stringify(runOptions));
    // Gauges only if the policy has any and the cache is small enough to snapshot often.
    const sample = gaugeReq && job.frames <= gaugeReq.maxFrames && gaugesOf(session).length > 0 ? gaugeReq.every : 0;
    const names: string[] = sample ? gaugesOf(session).map((g) => g.name) : [];
    const rows: number[] = [];
    const takeRow = () => {
      const g = gaugesOf(session);
      for (const name of names) rows.push(g.find((x) => x.name === name)?.value ?? NaN);
    };
    try {
      while (!session.done()) {
        if (sample) {
          const next = (Math.floor(session.position() / sample) + 1) * sample;
          session.advance(Math.min(SLICE, next - session.position()));
          if (session.position() % sample === 0 || session.done()) takeRow();
        } else {
          session.advance(SLICE);
        }
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
    const metrics = parseCore('metrics', MetricsSchema, r.metrics());
    const gauges: GaugeSeries | undefined = sample ? { names, every: sample, values: Float64Array.from(rows) } : undefined;
    let outcomes: FlashOutcome[] | undefined;
    if (withFlash) {
      const stream = r.stream() ?? new Uint32Array();
      outcomes = [];
      for (const [fi, cfg] of flash.entries()) {
        let out;
        try {
          out = await flashRun(id, trace, cfg, stream, fi, `${job.policy} · ${job.frames} frames`);
        } catch (e) {
          r.free();
          throw e;
        }
        outcomes.push({ metrics: out.metrics, eraseCounts: Uint32Array.from(out.erase_counts) });
      }
    }
    post({ type: 'result', id, index, job, metrics, bucketSize: r.bucket_size(), bucketHits: r.bucket_hits(), gauges, flash: outcomes });
    r.free();
  }
}

/**
 * The trace straight to each flash configuration, no cache: every request
 * reaches the device, reads as reads and writes as writes.
 */
async function runDirect(id: number, index: number, job: RunJob, options: RunOptions, flash: Record<string, unknown>[]): Promise<void> {
  const t = trace!;
  const n = t.len();
  const writes = t.writes();
  const reads = n - writes;
  const metrics: Metrics = {
    requests: n,
    hits: 0,
    misses: n,
    hit_ratio: 0,
    reads,
    writebacks: writes,
    flushed: 0,
    cost: reads * options.cost.read + writes * options.cost.write,
  };
  const outcomes: FlashOutcome[] = [];
  for (const [fi, cfg] of flash.entries()) {
    const out = await flashRun(id, t, cfg, undefined, fi, 'no cache');
    outcomes.push({ metrics: out.metrics, eraseCounts: Uint32Array.from(out.erase_counts) });
  }
  const buckets = Math.max(1, Math.min(options.buckets, n));
  post({
    type: 'result',
    id,
    index,
    job,
    metrics,
    bucketSize: Math.ceil(n / buckets),
    bucketHits: new Uint32Array(Math.ceil(n / Math.ceil(n / buckets))),
    flash: outcomes,
  });
}

/**
 * Reruns one job keeping the after-cache stream, written by the core as a plain trace of the
 * trace's own page ids (decimal text, so ids up to 2^64 − 1 stay exact).
 */
async function stream(id: number, job: RunJob, options: RunOptions, header: string): Promise<{ text: Uint8Array; requests: number }> {
  if (!trace) throw new Error('load a trace before exporting');
  const session = new WasmSession(
    trace,
    job.policy,
    job.frames,
    JSON.stringify(job.params),
    JSON.stringify({ ...options, record_stream: true }),
  );
  const total = trace.len();
  await sliced(id, session, (done) =>
    post({ type: 'progress', id, phase: 'run', done, total, label: `after-cache stream of ${job.policy}` }),
  );
  const r = session.finish();
  const packed = r.stream() ?? new Uint32Array();
  r.free();
  return { text: trace.plain_text(packed, header), requests: packed.length };
}

/**
 * The first request with user code: the build with the JavaScript engine replaces the plain one,
 * the loaded trace is made again in it from its source (the plain build's copy is freed; its
 * memory is not given back to the browser), and an open explorer session opens again where it was.
 */
async function switchEngine(id: number): Promise<void> {
  post({ type: 'progress', id, phase: 'load', done: 0, total: 1, label: 'loading the JavaScript engine for your policy' });
  const source = traceSource;
  const explorer = explorerAt();
  replaceTrace(null);
  traceSource = null;
  await startJsEngine();
  if (!source) return;
  try {
    await load(id, source);
  } catch (e) {
    throw new Error(
      `The JavaScript engine started, but loading the trace into it again failed (${e instanceof Error ? e.message : String(e)}): load the trace again.`,
    );
  }
  if (explorer) {
    const toPage = (m: ExploreFromWorker) => self.postMessage(m, exploreTransferables(m));
    handleExplore(explorer.msg, trace, toPage);
    handleExplore({ type: 'explore-seek', position: explorer.position }, trace, toPage);
  }
}

const defineCode = (id: number, code: UserCode[] | undefined) => withCode(code, () => switchEngine(id));

/** *Check against* on the loaded trace at `sizes`, then on the core's generated suite. */
function check(msg: Extract<ToWorker, { type: 'check' }>) {
  if (!trace) throw new Error('load a trace before checking a policy');
  const text = jsEngine().check(
    trace,
    Uint32Array.from(msg.sizes),
    msg.policy,
    JSON.stringify(msg.params),
    msg.reference,
    JSON.stringify(msg.referenceParams),
  );
  return parseCore('check report', CheckReportSchema, text);
}

async function handle(msg: ToWorker): Promise<void> {
  if (msg.type === 'cancel') {
    cancelled.add(msg.id);
    return;
  }
  try {
    const defined = 'code' in msg ? await defineCode(msg.id, msg.code) : [];
    if (msg.type === 'define') post({ type: 'defined', id: msg.id, defined });
    else if (msg.type === 'check') post({ type: 'checked', id: msg.id, report: check(msg) });
    else if (msg.type === 'debug-trap') debug_trap('requested by a test');
    else if (msg.type === 'describe') post({ type: 'described', id: msg.id, described: await describe(msg.id, msg.file, msg.load) });
    else if (msg.type === 'load') {
      const summary = await load(msg.id, msg.source, msg.budget, msg.dropFirst);
      post({ type: 'loaded', id: msg.id, summary });
    } else if (msg.type === 'reproduce') {
      post({ type: 'reproduced', id: msg.id, ...(await reproduce(msg.id, msg.table, msg.file)) });
    } else if (msg.type === 'parse-link') {
      post({ type: 'link', id: msg.id, link: parseCore('link', HandLinkSchema, parse_link(msg.query)) });
    } else if (msg.type === 'batch') {
      post({ type: 'batched', id: msg.id, ...(await batch(msg.id, msg.source, msg.specs, msg.frames, msg.options)) });
    } else if (msg.type === 'curve') {
      if (!trace) throw new Error('load a trace before computing curves');
      const curves = await computeCurves(trace, msg, {
        progress: (done, total, label) => post({ type: 'progress', id: msg.id, phase: 'run', done, total, label }),
        check: () => {
          if (cancelled.has(msg.id)) throw new Cancelled();
        },
      });
      post({ type: 'curves', id: msg.id, curves });
    } else if (msg.type === 'stream') {
      post({ type: 'streamed', id: msg.id, ...(await stream(msg.id, msg.job, msg.options, msg.header)) });
    } else {
      await run(msg.id, msg.jobs, msg.options, msg.gauges, msg.flash);
      post({ type: 'done', id: msg.id });
    }
  } catch (e) {
    if (e instanceof Cancelled) post({ type: 'cancelled', id: msg.id });
    else if (e instanceof OverBudget) post({ type: 'error', id: msg.id, message: e.message, overBudget: true });
    else if (isTrap(e)) post({ type: 'error', id: msg.id, trap: true, message: trapMessage(e) });
    else post({ type: 'error', id: msg.id, message: e instanceof Error ? e.message : String(e) });
  } finally {
    cancelled.delete(msg.id);
  }
}

const ready = startCore().then(() => post({ type: 'ready', version: core_version() }));
ready.catch((e: unknown) => post({ type: 'error', id: null, message: `the simulation core failed to load: ${String(e)}` }));

// Loads and runs are served one at a time, in order; a cancel acts at once.
let queue: Promise<void> = ready;
/** Explorer messages in order (an open with user code may wait for the engine). */
let explorerQueue: Promise<void> = ready;
self.onmessage = (ev: MessageEvent<unknown>) => {
  // Explorer: served at once, after the core is ready (see explorerWorker.ts).
  if (isExploreToWorker(ev.data)) {
    const checked = checkExploreToWorker(ev.data);
    if (!checked.ok) return self.postMessage({ type: 'explore-error', message: checked.message });
    const msg = checked.msg;
    const toPage = (m: ExploreFromWorker) => self.postMessage(m, exploreTransferables(m));
    // An open with user code waits for what is queued before it when the engine must change (the trace is made again).
    if (msg.type === 'explore-open' && msg.code?.length) {
      const switching = !hasJsEngine();
      const defined = switching ? queue.then(() => defineCode(-1, msg.code)) : defineCode(-1, msg.code);
      if (switching)
        queue = defined.then(
          () => undefined,
          () => undefined,
        );
      explorerQueue = explorerQueue
        .then(() => defined)
        .then(
          () => handleExplore(msg, trace, toPage),
          (e: unknown) => toPage({ type: 'explore-error', message: e instanceof Error ? e.message : String(e) }),
        );
    } else explorerQueue = explorerQueue.then(() => handleExplore(msg, trace, toPage));
    return;
  }
  const checked = checkToWorker(ev.data);
  if (!checked.ok) {
    const id = (ev.data as { id?: unknown } | null)?.id;
    post({ type: 'error', id: typeof id === 'number' ? id : null, message: checked.message });
    return;
  }
  const msg: ToWorker = checked.msg;
  if (msg.type === 'cancel') void handle(msg);
  else queue = queue.then(() => handle(msg));
};
