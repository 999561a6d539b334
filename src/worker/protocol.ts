// Every message between the UI thread and the simulation worker, as types and as
// valibot schemas: each side checks what it receives. The worker owns the trace
// and the simulation; bulk data (per-bucket hits, uploaded files) crosses as
// typed arrays or File objects, never as JSON arrays.

import * as v from 'valibot';
import type { GenConfig, LoadSettings, Metrics, RunJob, RunOptions, TraceSummary } from '../core/types';
import type { CurveMethod, FlashMetrics, HandLink, Table as ReproduceTable } from '../core/generated/core';
import type { ExploreFrame, FlashSetup, PageHistory } from '../core/explore';
import type { FrameTable } from '../core/frameTable';
import type { SharedSource } from '../state/shared';
import {
  CsvMappingSchema,
  EventSchema,
  HandLinkSchema,
  FlashEventSchema,
  FlashSnapshotSchema,
  MetricsSchema,
  SnapshotSchema,
} from '../core/schemas';

export type { FlashMetrics } from '../core/generated/core';

export type TraceSource = { kind: 'generate'; config: GenConfig } | { kind: 'file'; file: File; settings: LoadSettings };

/** Sample the policy's snapshot gauges every `every` requests, for caches up to `maxFrames`. */
export interface GaugeRequest {
  every: number;
  maxFrames: number;
}

/** Gauge samples of one run: row r, gauge g at `values[r * names.length + g]`, taken after `(r + 1) * every` requests (the last row at the end). */
export interface GaugeSeries {
  names: string[];
  every: number;
  values: Float64Array;
}

export interface FlashOutcome {
  metrics: FlashMetrics;
  /** Erases of each physical block during measurement. */
  eraseCounts: Uint32Array;
}

/** One policy of a miss-ratio curve request. */
export interface CurveSpec {
  policy: string;
  params: Record<string, unknown>;
}

/** A policy's miss-ratio curve; `missRatio[i]` is NaN where another worker of a pool computed the point. */
export interface CurveResult {
  policy: string;
  method: CurveMethod;
  frames: number[];
  missRatio: Float64Array;
  /** Fraction of the distinct pages simulated at each size (1 where exact). */
  rate: number[];
  exact: boolean;
}

/** A worker's part of a pool's work: the jobs `shareJobs` gives bin `index` of `count`. */
export interface Share {
  index: number;
  count: number;
}

export type ToWorker =
  /** `budget`: bytes the loaded trace and this one may take together; `dropFirst`: free the loaded trace before reading. */
  | { type: 'load'; id: number; source: TraceSource; budget?: number; dropFirst?: boolean }
  /** With `flash`, each job's after-cache stream also runs on every FTL configuration given. */
  | { type: 'run'; id: number; jobs: RunJob[]; options: RunOptions; gauges?: GaugeRequest; flash?: Record<string, unknown>[] }
  /** Reruns one job keeping the after-cache stream (miss reads and write-backs, in order). */
  | { type: 'stream'; id: number; job: RunJob; options: RunOptions; header: string }
  | { type: 'cancel'; id: number }
  /** Reads a chosen file in the worker: its SHA-256 (streamed) and how it travels in a link. */
  | { type: 'describe'; id: number; file: File; load: LoadSettings }
  /** Test hook: makes the core trap, as running out of memory would (see client.ts, recovery). */
  | { type: 'debug-trap'; id: number }
  /** Computes a paper's table (its own trace: generated, or `file`); the loaded trace stays as it is. */
  | { type: 'reproduce'; id: number; table: ReproduceTable; file?: File }
  /** Reads a hand-written link's query with the core's parser. */
  | { type: 'parse-link'; id: number; query: string }
  /** One cell of a batch: `source` loaded on its own (the loaded trace stays), every policy at every size
   *  (`frames` as the experiment writes them, percentages of this trace's pages) run on it, the trace freed. */
  | { type: 'batch'; id: number; source: TraceSource; specs: CurveSpec[]; frames: string; options: RunOptions }
  /** Miss-ratio curves of the loaded trace; `sizes` empty: the core's default sizes. */
  | { type: 'curve'; id: number; specs: CurveSpec[]; sizes: number[]; samplePages: number; options: RunOptions; share?: Share };

export type FromWorker =
  | { type: 'ready'; version: string }
  | { type: 'progress'; id: number; phase: 'load' | 'run'; done: number; total: number; label: string }
  | { type: 'loaded'; id: number; summary: TraceSummary }
  | {
      type: 'result';
      id: number;
      index: number;
      job: RunJob;
      metrics: Metrics;
      bucketSize: number;
      bucketHits: Uint32Array;
      gauges?: GaugeSeries;
      /** One per flash configuration of the run, in order. */
      flash?: FlashOutcome[];
    }
  /** The after-cache stream as a plain trace's UTF-8 text (`id R|W` per line, the trace's own ids). */
  | { type: 'streamed'; id: number; text: Uint8Array; requests: number }
  | { type: 'link'; id: number; link: HandLink }
  | { type: 'curves'; id: number; curves: CurveResult[] }
  /** A batch cell's metrics, policy by policy and size by size, the sizes in frames, and its trace's size. */
  | { type: 'batched'; id: number; metrics: Metrics[]; frames: number[]; requests: number; distinct: number }
  | { type: 'described'; id: number; described: Described }
  /** A reproduced table: `values[row * columns + column]`, and how its trace differs from the documented one. */
  | { type: 'reproduced'; id: number; values: Float64Array; warnings: string[]; requests: number; distinct: number }
  | { type: 'done'; id: number }
  | { type: 'cancelled'; id: number }
  /** `trap`: the WASM instance trapped (out of memory, most likely) and the worker is no longer usable.
   *  `overBudget`: the new trace would not fit beside the loaded one; loading again with `dropFirst` may. */
  | { type: 'error'; id: number | null; message: string; trap?: boolean; overBudget?: boolean };

export type FromWorkerType = FromWorker['type'];

export type { ReproduceTable };

/** A chosen file as the link describes it, with its SHA-256 and size (computed in the worker). */
export interface Described {
  sha256: string;
  size: number;
  source: SharedSource;
}

/** What a reproduced table gives the page. */
export type Reproduced = Omit<Extract<FromWorker, { type: 'reproduced' }>, 'type' | 'id'>;

// ---- schemas of the control messages ----

const id = v.pipe(v.number(), v.integer());
const record = v.record(v.string(), v.unknown());
const RunJobSchema = v.object({ policy: v.string(), frames: v.number(), params: record });
const RunOptionsSchema = v.object({
  cost: v.object({ read: v.number(), write: v.number() }),
  buckets: v.number(),
  flush: v.boolean(),
  record_stream: v.boolean(),
  collapse_repeats: v.boolean(),
});
const LoadSettingsSchema = v.object({ format: v.nullable(v.string()), pageSize: v.number(), strict: v.boolean(), csv: CsvMappingSchema });

/** What the worker accepts from the UI; the generator's content is the core's to check. */
const ToWorkerSchema = v.variant('type', [
  v.object({
    type: v.literal('load'),
    id,
    source: v.variant('kind', [
      v.object({ kind: v.literal('generate'), config: v.custom<GenConfig>((x) => typeof x === 'object' && x !== null) }),
      v.object({ kind: v.literal('file'), file: v.instance(File), settings: LoadSettingsSchema }),
    ]),
    budget: v.optional(v.number()),
    dropFirst: v.optional(v.boolean()),
  }),
  v.object({
    type: v.literal('run'),
    id,
    jobs: v.array(RunJobSchema),
    options: RunOptionsSchema,
    gauges: v.optional(v.object({ every: v.number(), maxFrames: v.number() })),
    flash: v.optional(v.array(record)),
  }),
  v.object({ type: v.literal('stream'), id, job: RunJobSchema, options: RunOptionsSchema, header: v.string() }),
  v.object({ type: v.literal('cancel'), id }),
  v.object({ type: v.literal('debug-trap'), id }),
  v.object({ type: v.literal('describe'), id, file: v.instance(File), load: LoadSettingsSchema }),
  v.object({ type: v.literal('parse-link'), id, query: v.string() }),
  v.object({
    type: v.literal('batch'),
    id,
    source: v.variant('kind', [
      v.object({ kind: v.literal('generate'), config: v.custom<GenConfig>((x) => typeof x === 'object' && x !== null) }),
      v.object({ kind: v.literal('file'), file: v.instance(File), settings: LoadSettingsSchema }),
    ]),
    specs: v.array(v.object({ policy: v.string(), params: record })),
    frames: v.pipe(v.string(), v.maxLength(400)),
    options: RunOptionsSchema,
  }),
  v.object({
    type: v.literal('curve'),
    id,
    specs: v.array(v.object({ policy: v.string(), params: record })),
    sizes: v.array(v.pipe(v.number(), v.integer(), v.minValue(1))),
    samplePages: v.pipe(v.number(), v.integer(), v.minValue(0)),
    options: RunOptionsSchema,
    share: v.optional(
      v.object({ index: v.pipe(v.number(), v.integer(), v.minValue(0)), count: v.pipe(v.number(), v.integer(), v.minValue(1)) }),
    ),
  }),
  v.object({
    type: v.literal('reproduce'),
    id,
    table: v.custom<ReproduceTable>((x) => typeof x === 'object' && x !== null),
    file: v.optional(v.instance(File)),
  }),
]);

const FlashOutcomeSchema = v.object({
  metrics: v.custom<FlashMetrics>((x) => typeof x === 'object' && x !== null),
  eraseCounts: v.instance(Uint32Array),
});

const FromWorkerSchema = v.variant('type', [
  v.object({ type: v.literal('ready'), version: v.string() }),
  v.object({ type: v.literal('progress'), id, phase: v.picklist(['load', 'run']), done: v.number(), total: v.number(), label: v.string() }),
  v.object({ type: v.literal('loaded'), id, summary: v.custom<TraceSummary>((x) => typeof x === 'object' && x !== null) }),
  v.object({
    type: v.literal('result'),
    id,
    index: v.number(),
    job: RunJobSchema,
    metrics: MetricsSchema,
    bucketSize: v.number(),
    bucketHits: v.instance(Uint32Array),
    gauges: v.optional(v.object({ names: v.array(v.string()), every: v.number(), values: v.instance(Float64Array) })),
    flash: v.optional(v.array(FlashOutcomeSchema)),
  }),
  v.object({ type: v.literal('streamed'), id, text: v.instance(Uint8Array), requests: v.number() }),
  v.object({ type: v.literal('link'), id, link: HandLinkSchema }),
  v.object({
    type: v.literal('batched'),
    id,
    metrics: v.array(MetricsSchema),
    frames: v.array(v.number()),
    requests: v.number(),
    distinct: v.number(),
  }),
  v.object({
    type: v.literal('curves'),
    id,
    curves: v.array(
      v.object({
        policy: v.string(),
        method: v.picklist(['stack', 'exact_only', 'sampled']),
        frames: v.array(v.number()),
        missRatio: v.instance(Float64Array),
        rate: v.array(v.number()),
        exact: v.boolean(),
      }),
    ),
  }),
  v.object({
    type: v.literal('described'),
    id,
    described: v.object({
      sha256: v.string(),
      size: v.number(),
      source: v.custom<SharedSource>((x) => typeof x === 'object' && x !== null),
    }),
  }),
  v.object({
    type: v.literal('reproduced'),
    id,
    values: v.instance(Float64Array),
    warnings: v.array(v.string()),
    requests: v.number(),
    distinct: v.number(),
  }),
  v.object({ type: v.literal('done'), id }),
  v.object({ type: v.literal('cancelled'), id }),
  v.object({
    type: v.literal('error'),
    id: v.nullable(id),
    message: v.string(),
    trap: v.optional(v.boolean()),
    overBudget: v.optional(v.boolean()),
  }),
]);

/** The UI accepts only our messages. */
export function isFromWorker(data: unknown): data is FromWorker {
  return v.is(FromWorkerSchema, data);
}

/** The worker's check of a request; a malformed one is answered with what was wrong. */
export function checkToWorker(data: unknown): { ok: true; msg: ToWorker } | { ok: false; message: string } {
  const r = v.safeParse(ToWorkerSchema, data);
  return r.success ? { ok: true, msg: r.output as ToWorker } : { ok: false, message: `malformed request: ${v.summarize(r.issues)}` };
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
  if (msg.type === 'reproduced') return [msg.values.buffer as ArrayBuffer];
  if (msg.type === 'curves') return msg.curves.map((c) => c.missRatio.buffer as ArrayBuffer);
  return [];
}

// ---- Explorer (step-by-step sessions) ------------------------------------
// Explorer messages carry no request id: there is at most one session, and the
// worker answers each with the frame it ends on. During play the worker sends
// a new frame only after the UI acknowledges the previous one (explore-ack), so
// fast playback never queues more frames than the UI can draw.

export type ExploreToWorker =
  /** With `flash`, the trace is served by that flash device instead of a cache policy. */
  | { type: 'explore-open'; policy: string; frames: number; params: Record<string, unknown>; flash?: FlashSetup; collapse?: boolean }
  | { type: 'explore-seek'; position: number }
  | { type: 'explore-play'; speed: number }
  | { type: 'explore-pause' }
  | { type: 'explore-ack' }
  /** `page` as the trace names it. */
  | { type: 'explore-history'; page: string }
  /** Quiz: what the next request will evict, without moving. */
  | { type: 'explore-peek' }
  | { type: 'explore-close' };

export type ExploreFromWorker =
  | ({ type: 'explore-frame' } & ExploreFrame)
  | ({ type: 'explore-history' } & PageHistory)
  /** The pages the request after `position` evicts (the quiz's answer), as the trace names them. */
  | { type: 'explore-peek'; position: number; victims: string[] }
  /** The whole run as the textbook frame table (short runs of small caches only). */
  | { type: 'explore-table'; table: FrameTable }
  /** A long seek on its way (it advances in slices, so Pause cancels it). */
  | { type: 'explore-seeking'; position: number; target: number }
  | { type: 'explore-error'; message: string };

const ExploreToWorkerSchema = v.variant('type', [
  v.object({
    type: v.literal('explore-open'),
    policy: v.string(),
    frames: v.number(),
    params: record,
    flash: v.optional(record),
    collapse: v.optional(v.boolean()),
  }),
  v.object({ type: v.literal('explore-seek'), position: v.number() }),
  v.object({ type: v.literal('explore-play'), speed: v.number() }),
  v.object({ type: v.literal('explore-pause') }),
  v.object({ type: v.literal('explore-ack') }),
  v.object({ type: v.literal('explore-history'), page: v.string() }),
  v.object({ type: v.literal('explore-peek') }),
  v.object({ type: v.literal('explore-close') }),
]);

export function isExploreToWorker(data: unknown): data is ExploreToWorker {
  const t = (data as { type?: unknown } | null)?.type;
  return typeof t === 'string' && t.startsWith('explore-');
}

export function checkExploreToWorker(data: unknown): { ok: true; msg: ExploreToWorker } | { ok: false; message: string } {
  const r = v.safeParse(ExploreToWorkerSchema, data);
  return r.success
    ? { ok: true, msg: r.output as ExploreToWorker }
    : { ok: false, message: `malformed explorer request: ${v.summarize(r.issues)}` };
}

/** A frame's shape: what production builds check (frames arrive many times a second). */
const FrameShape = v.object({
  type: v.literal('explore-frame'),
  position: v.number(),
  total: v.number(),
  snapshot: v.object({ policy: v.string(), rings: v.array(v.unknown()), lists: v.array(v.unknown()), gauges: v.array(v.unknown()) }),
  events: v.array(v.unknown()),
});

/** The whole frame: every slot and event, as development and test builds check it. */
const FrameFull = v.object({
  type: v.literal('explore-frame'),
  position: v.number(),
  total: v.number(),
  hit: v.nullable(v.boolean()),
  request: v.nullable(v.object({ page: v.number(), write: v.boolean() })),
  events: v.array(v.union([EventSchema, FlashEventSchema])),
  snapshot: SnapshotSchema,
  playing: v.boolean(),
  hits: v.nullable(v.number()),
  flash: v.optional(FlashSnapshotSchema),
  flashPages: v.optional(v.instance(Uint8Array)),
  flashOwners: v.optional(v.instance(Uint32Array)),
  groups: v.optional(v.object({ list: v.string(), blocks: v.array(v.number()) })),
  remark: v.optional(v.string()),
});

const ExploreFromShape = (full: boolean) =>
  v.variant('type', [
    full ? FrameFull : FrameShape,
    v.object({ type: v.literal('explore-history'), page: v.string(), accesses: v.array(v.unknown()) }),
    v.object({ type: v.literal('explore-peek'), position: v.number(), victims: v.array(v.string()) }),
    v.object({
      type: v.literal('explore-table'),
      table: v.object({ requests: v.array(v.string()), frames: v.array(v.array(v.nullable(v.string()))), faults: v.array(v.boolean()) }),
    }),
    v.object({ type: v.literal('explore-seeking'), position: v.number(), target: v.number() }),
    v.object({ type: v.literal('explore-error'), message: v.string() }),
  ]);
const exploreFull = ExploreFromShape(true);
const exploreShape = ExploreFromShape(false);

/** Checks an explorer reply: fully in development and tests, by shape only in production. */
export function isExploreFromWorker(data: unknown, full = !import.meta.env.PROD): data is ExploreFromWorker {
  return v.is(full ? exploreFull : exploreShape, data);
}

/** The flash page states move to the UI instead of being copied. */
export function exploreTransferables(msg: ExploreFromWorker): Transferable[] {
  if (msg.type !== 'explore-frame') return [];
  const t: Transferable[] = [];
  if (msg.flashPages) t.push(msg.flashPages.buffer as ArrayBuffer);
  if (msg.flashOwners) t.push(msg.flashOwners.buffer as ArrayBuffer);
  return t;
}
