// Both threads: every request the page sends the simulation worker and every
// reply, as valibot schemas with their types inferred from them: each side
// checks what it receives, and a reply that fails the check is shown as an
// error (engine/client.ts). The worker owns the trace and the simulation; bulk
// data (per-bucket hits, uploaded files) crosses as typed arrays or File
// objects, never as JSON arrays. The explorer's messages are in explore.ts.

import * as v from 'valibot';
import type { GenConfig, RunOptions, TraceSummary } from '../core/types';
import type { FlashMetrics, Table as ReproduceTable } from '../core/generated/core';
import type { SharedSource } from '../link/types';
import { check, typeOf, type Checked } from './check';
import {
  AnalysisSchema,
  BigUint64ArraySchema,
  CheckReportSchema,
  Float64ArraySchema,
  HandLinkSchema,
  LoadSettingsSchema,
  MetricsSchema,
  Uint32ArraySchema,
  Uint8ArraySchema,
} from '../core/schemas';
import { CheckRequestSchema, CodeField, DefinedSchema, UserCodeSchema } from './own';

// Each message is written once, as a schema; its TypeScript type is inferred
// from it (`v.InferOutput`), so what is checked and what is typed cannot drift.
// What the core defines (run options) is checked against its generated type;
// values another side owns and checks itself (a generator's configuration, the
// trace summary, a paper's table) are opaque objects here.

export type { FlashMetrics } from '../core/generated/core';
export type { ReproduceTable };

const id = v.pipe(v.number(), v.integer());
const record = v.record(v.string(), v.unknown());
const isObject = (x: unknown) => typeof x === 'object' && x !== null;
/** An object whose content another part checks (typed as `T`, checked as an object). */
const opaque = <T>() => v.custom<T>(isObject);

/** One (policy, frames) run of a comparison. */
const RunJobSchema = v.object({ policy: v.string(), frames: v.number(), params: record });
export type RunJob = v.InferOutput<typeof RunJobSchema>;

const RunOptionsSchema: v.GenericSchema<RunOptions> = v.object({
  cost: v.object({ read: v.number(), write: v.number() }),
  buckets: v.number(),
  flush: v.boolean(),
  record_stream: v.boolean(),
  collapse_repeats: v.boolean(),
  /** `N` requests or `P%` of the trace, served first and not counted (the core reads it). */
  warmup: v.optional(v.union([v.number(), v.string()])),
  /** Requests per point of the hit series after the warm-up. */
  interval: v.optional(v.number()),
});

const TraceSourceSchema = v.variant('kind', [
  v.object({ kind: v.literal('generate'), config: opaque<GenConfig>() }),
  v.object({ kind: v.literal('file'), file: v.instance(File), settings: LoadSettingsSchema }),
]);
export type TraceSource = v.InferOutput<typeof TraceSourceSchema>;

/**
 * A loaded trace as its parts, copied out of one worker's core and moved to another's (a pool's
 * helper builds its trace from them instead of reading and parsing the file again; the core checks
 * them): packed requests (dense page, bit 31 for a write), each dense page's original id, whether
 * ids carry devices, a key trace's keys end to end with each key's end, and times when kept.
 */
const TracePartsSchema = v.object({
  reqs: Uint32ArraySchema,
  ids: BigUint64ArraySchema,
  devices: v.boolean(),
  keys: v.optional(v.object({ bytes: Uint8ArraySchema, ends: Uint32ArraySchema })),
  times: v.optional(Float64ArraySchema),
});
export type TraceParts = v.InferOutput<typeof TracePartsSchema>;

/** What a load cost the worker: bytes it read from a file, and milliseconds by phase (probes print them; nothing asserts them). */
const LoadCostSchema = v.object({ fileBytes: v.number(), ms: v.record(v.string(), v.number()) });
export type LoadCost = v.InferOutput<typeof LoadCostSchema>;

/** Sample the policy's snapshot gauges every `every` requests, for caches up to `maxFrames`. */
const GaugeRequestSchema = v.object({ every: v.number(), maxFrames: v.number() });
export type GaugeRequest = v.InferOutput<typeof GaugeRequestSchema>;

/** Gauge samples of one run: row r, gauge g at `values[r * names.length + g]`, taken after `(r + 1) * every` requests (the last row at the end). */
const GaugeSeriesSchema = v.object({ names: v.array(v.string()), every: v.number(), values: Float64ArraySchema });
export type GaugeSeries = v.InferOutput<typeof GaugeSeriesSchema>;

const FlashOutcomeSchema = v.object({
  metrics: opaque<FlashMetrics>(),
  /** Erases of each physical block during measurement. */
  eraseCounts: Uint32ArraySchema,
});
export type FlashOutcome = v.InferOutput<typeof FlashOutcomeSchema>;

/** One policy of a miss-ratio curve request. */
const CurveSpecSchema = v.object({ policy: v.string(), params: record });
export type CurveSpec = v.InferOutput<typeof CurveSpecSchema>;

/** A policy's miss-ratio curve; `missRatio[i]` is NaN where another worker of a pool computed the point. */
const CurveResultSchema = v.object({
  policy: v.string(),
  method: v.picklist(['stack', 'exact_only', 'sampled']),
  frames: v.array(v.number()),
  missRatio: Float64ArraySchema,
  /** Fraction of the distinct pages simulated at each size (1 where exact). */
  rate: v.array(v.number()),
  /** Error estimate of each point (± miss ratio; 0 where exact, NaN with one sample or where another worker computed it). */
  error: Float64ArraySchema,
  /** Independent samples averaged at each sampled point. */
  samples: v.number(),
  exact: v.boolean(),
});
export type CurveResult = v.InferOutput<typeof CurveResultSchema>;

/** A worker's part of a pool's work: the jobs `divideJobs` gives bin `index` of `count`. */
const PartSchema = v.object({
  index: v.pipe(v.number(), v.integer(), v.minValue(0)),
  count: v.pipe(v.number(), v.integer(), v.minValue(1)),
});
export type Part = v.InferOutput<typeof PartSchema>;

/** A chosen file as the link describes it, with its SHA-256 and size (computed in the worker). */
const DescribedSchema = v.object({ sha256: v.string(), size: v.number(), source: opaque<SharedSource>() });
export type Described = v.InferOutput<typeof DescribedSchema>;

/** What the worker accepts from the UI; the generator's content is the core's to check. */
const ToWorkerSchema = v.variant('type', [
  /** `budget`: bytes the loaded trace and this one may take together; `dropFirst`: free the loaded trace before reading;
   *  `parts`: the trace another worker loaded from `source`, built from them instead of reading it. */
  v.object({
    type: v.literal('load'),
    id,
    source: TraceSourceSchema,
    budget: v.optional(v.number()),
    dropFirst: v.optional(v.boolean()),
    parts: v.optional(TracePartsSchema),
  }),
  /** The loaded trace's parts, copied out for another worker of the pool. */
  v.object({ type: v.literal('share'), id }),
  /** With `flash`, each job's after-cache stream also runs on every FTL configuration given. */
  v.object({
    type: v.literal('run'),
    id,
    jobs: v.array(RunJobSchema),
    options: RunOptionsSchema,
    gauges: v.optional(GaugeRequestSchema),
    flash: v.optional(v.array(record)),
    code: CodeField,
  }),
  /** Reruns one job keeping the after-cache stream (miss reads and write-backs, in order); `header` heads the file. */
  v.object({ type: v.literal('stream'), id, job: RunJobSchema, options: RunOptionsSchema, header: v.string(), code: CodeField }),
  v.object({ type: v.literal('cancel'), id }),
  /** Test hook: makes the core trap, as running out of memory would (see engine/client.ts, recovery). */
  v.object({ type: v.literal('debug-trap'), id }),
  /**
   * Reads a chosen file in the worker: its SHA-256 and how it travels in a link. `whole`: the file may
   * be read into one buffer and hashed by the browser (faster, twice the file's size in memory while
   * it runs, Cancel seen only at the end): for a worker of its own that ends after; else streamed.
   */
  v.object({ type: v.literal('describe'), id, file: v.instance(File), load: LoadSettingsSchema, whole: v.boolean() }),
  /** Reads a hand-written link's query with the core's parser. */
  v.object({ type: v.literal('parse-link'), id, query: v.string() }),
  // Cache sizes as typed (`100, 5%`), read with the core's grammar; percentages are of `distinct` pages.
  v.object({ type: v.literal('parse-frames'), id, text: v.string(), distinct: v.nullable(v.number()) }),
  /** The core's sentences for block-aware policies whose block size differs from a flash device's. */
  v.object({
    type: v.literal('block-mismatches'),
    id,
    policies: v.array(v.object({ id: v.string(), params: record })),
    flash: v.array(record),
  }),
  /** One cell of a batch: `source` loaded on its own (the loaded trace stays), every policy at every size
   *  (`frames` as the experiment writes them, percentages of this trace's pages) run on it, the trace freed. */
  v.object({
    type: v.literal('batch'),
    id,
    source: TraceSourceSchema,
    specs: v.array(CurveSpecSchema),
    frames: v.pipe(v.string(), v.maxLength(400)),
    options: RunOptionsSchema,
    code: CodeField,
  }),
  /** Miss-ratio curves of the loaded trace; `sizes` empty: the core's default sizes. */
  v.object({
    type: v.literal('curve'),
    id,
    specs: v.array(CurveSpecSchema),
    sizes: v.array(v.pipe(v.number(), v.integer(), v.minValue(1))),
    /** The curve options (`curves.options` in the catalogue; the core checks them). */
    sampling: v.record(v.string(), v.union([v.number(), v.boolean()])),
    options: RunOptionsSchema,
    part: v.optional(PartSchema),
    code: CodeField,
  }),
  /** Computes a paper's table (its own trace: generated, or `file`); the loaded trace stays as it is. */
  v.object({ type: v.literal('reproduce'), id, table: opaque<ReproduceTable>(), file: v.optional(v.instance(File)) }),
  /** Defines policies the user wrote (the worker loads its JavaScript engine first if it runs without it). */
  v.object({ type: v.literal('define'), id, code: v.array(UserCodeSchema) }),
  /** *Check against* on the loaded trace and the core's generated suite. */
  v.object({ type: v.literal('check'), id, ...CheckRequestSchema.entries, code: CodeField }),
  /** The core's trace analysis of the loaded trace; `window`: requests per window (0: a hundredth of the trace). */
  v.object({ type: v.literal('analyze'), id, window: v.pipe(v.number(), v.integer(), v.minValue(0)) }),
]);
export type ToWorker = v.InferOutput<typeof ToWorkerSchema>;

const FromWorkerSchema = v.variant('type', [
  v.object({ type: v.literal('ready'), version: v.string() }),
  v.object({ type: v.literal('progress'), id, phase: v.picklist(['load', 'run']), done: v.number(), total: v.number(), label: v.string() }),
  v.object({ type: v.literal('loaded'), id, summary: opaque<TraceSummary>(), cost: LoadCostSchema }),
  v.object({ type: v.literal('shared'), id, parts: TracePartsSchema }),
  v.object({
    type: v.literal('result'),
    id,
    index: v.number(),
    job: RunJobSchema,
    metrics: MetricsSchema,
    bucketSize: v.number(),
    /** Hits per bucket after the warm-up: per interval when the run options ask for intervals. */
    bucketHits: Uint32ArraySchema,
    /** Requests of the warm-up, served and not counted (the core's count). */
    warmup: v.number(),
    gauges: v.optional(GaugeSeriesSchema),
    /** One per flash configuration of the run, in order. */
    flash: v.optional(v.array(FlashOutcomeSchema)),
  }),
  /** The after-cache stream as a plain trace's UTF-8 text (`id R|W` per line, the trace's own ids, exact to 2^64 − 1). */
  v.object({ type: v.literal('streamed'), id, text: Uint8ArraySchema, requests: v.number() }),
  v.object({ type: v.literal('link'), id, link: HandLinkSchema }),
  v.object({ type: v.literal('frames'), id, frames: v.array(v.number()) }),
  v.object({ type: v.literal('mismatches'), id, sentences: v.array(v.string()) }),
  /** A batch cell's metrics, policy by policy and size by size, the sizes in frames, and its trace's size. */
  v.object({
    type: v.literal('batched'),
    id,
    metrics: v.array(MetricsSchema),
    frames: v.array(v.number()),
    requests: v.number(),
    distinct: v.number(),
  }),
  v.object({ type: v.literal('curves'), id, curves: v.array(CurveResultSchema) }),
  v.object({ type: v.literal('described'), id, described: DescribedSchema }),
  /** A reproduced table: `values[row * columns + column]`, and how its trace differs from the documented one. */
  v.object({
    type: v.literal('reproduced'),
    id,
    values: Float64ArraySchema,
    warnings: v.array(v.string()),
    requests: v.number(),
    distinct: v.number(),
  }),
  /** Each defined policy's catalogue entry and SHA-256, in the order given. */
  v.object({ type: v.literal('defined'), id, defined: v.array(DefinedSchema) }),
  v.object({ type: v.literal('checked'), id, report: CheckReportSchema }),
  v.object({ type: v.literal('analysed'), id, analysis: AnalysisSchema }),
  v.object({ type: v.literal('done'), id }),
  v.object({ type: v.literal('cancelled'), id }),
  /** `trap`: the WASM instance trapped (out of memory, most likely) and the worker is no longer usable.
   *  `overBudget`: the new trace would not fit beside the loaded one; loading again with `dropFirst` may. */
  v.object({
    type: v.literal('error'),
    id: v.nullable(id),
    message: v.string(),
    trap: v.optional(v.boolean()),
    overBudget: v.optional(v.boolean()),
  }),
]);
export type FromWorker = v.InferOutput<typeof FromWorkerSchema>;
export type FromWorkerType = FromWorker['type'];

/** What a reply of type `K` gives whoever asked: the message without its type and id. */
export type Reply<K extends FromWorkerType> = Omit<Extract<FromWorker, { type: K }>, 'type' | 'id'>;

/** What a reproduced table gives the page. */
export type Reproduced = Reply<'reproduced'>;

/** The UI accepts only our messages. */
export function isFromWorker(data: unknown): data is FromWorker {
  return v.is(FromWorkerSchema, data);
}

/** The UI's check of a reply; a malformed one is a bug in the worker, reported with what was wrong. */
export function checkFromWorker(data: unknown): Checked<FromWorker> {
  return check(FromWorkerSchema, data, `malformed ${typeOf(data)} message from the worker`);
}

/** The worker's check of a request; a malformed one is answered with what was wrong. */
export function checkToWorker(data: unknown): Checked<ToWorker> {
  return check(ToWorkerSchema, data, 'malformed request');
}

/** Transferable buffers of a message, so posting it moves instead of copying. */
export function transferablesOf(msg: FromWorker): Transferable[] {
  if (msg.type === 'result') {
    const t: Transferable[] = [msg.bucketHits.buffer as ArrayBuffer];
    if (msg.gauges) t.push(msg.gauges.values.buffer as ArrayBuffer);
    for (const f of msg.flash ?? []) t.push(f.eraseCounts.buffer as ArrayBuffer);
    return t;
  }
  if (msg.type === 'streamed') return [msg.text.buffer as ArrayBuffer];
  if (msg.type === 'shared') return partBuffers(msg.parts);
  if (msg.type === 'reproduced') return [msg.values.buffer as ArrayBuffer];
  if (msg.type === 'curves') return msg.curves.flatMap((c) => [c.missRatio.buffer as ArrayBuffer, c.error.buffer as ArrayBuffer]);
  return [];
}

/** The buffers of a trace's parts (each its own, so moving them moves nothing else). */
function partBuffers(p: TraceParts): Transferable[] {
  const arrays = [p.reqs, p.ids, p.keys?.bytes, p.keys?.ends, p.times];
  return arrays.flatMap((a) => (a ? [a.buffer as ArrayBuffer] : []));
}

/** Transferable buffers of a request: a trace's parts move to the worker that builds from them. */
export function transferablesTo(msg: ToWorker): Transferable[] {
  return msg.type === 'load' && msg.parts ? partBuffers(msg.parts) : [];
}
