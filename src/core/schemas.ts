// Both threads: Valibot schemas of the JSON the core emits, each checked against its
// generated type (src/core/generated/core.ts) by the compiler: a schema that
// drifts from the Rust type no longer type-checks. The worker parses the core's
// output with these instead of trusting `JSON.parse(...) as T`.

import * as v from 'valibot';
import type * as G from './generated/core';

const str = v.string();
const num = v.number();
const bool = v.boolean();
const optNum = v.nullable(num);
const optStr = v.nullable(str);

/**
 * Typed arrays as the rest of the code (and wasm-bindgen) types them: on any
 * buffer (`v.instance` alone would type them on an `ArrayBuffer` only).
 */
export const Uint8ArraySchema = v.instance(Uint8Array) as v.GenericSchema<Uint8Array>;
export const Uint32ArraySchema = v.instance(Uint32Array) as v.GenericSchema<Uint32Array>;
export const Float64ArraySchema = v.instance(Float64Array) as v.GenericSchema<Float64Array>;
export const BigUint64ArraySchema = v.instance(BigUint64Array) as v.GenericSchema<BigUint64Array>;

export const JsonValueSchema: v.GenericSchema<G.JsonValue> = v.custom<G.JsonValue>((x) => x !== undefined);

// ---- catalogue ----

const ParamDocSchema: v.GenericSchema<G.ParamDoc> = v.object({
  key: str,
  label: str,
  kind: v.picklist(['number', 'integer', 'bool', 'choice']),
  min: optNum,
  max: optNum,
  unit: str,
  doc: str,
  choices: v.array(str),
  follows: optStr,
  default: JsonValueSchema,
});
const MarkSchema: v.GenericSchema<G.Mark> = v.object({ name: str, label: str, colour: str, shape: str });
const ListHintSchema: v.GenericSchema<G.ListHint> = v.object({
  list: str,
  pointer_gauge: optStr,
  pointer_label: str,
  split_status: optStr,
  caption: str,
  caption_gauge: optStr,
  caption_none: str,
});
const ViewSchema: v.GenericSchema<G.View> = v.object({
  kind: v.picklist(['ring', 'list', 'mixed']),
  max_bits: num,
  hands: v.array(MarkSchema),
  statuses: v.array(MarkSchema),
  lists: v.array(ListHintSchema),
  block_param: optStr,
  from_hand: bool,
  numeric_ids: bool,
});
const NamedSchema: v.GenericSchema<G.Named> = v.object({ id: str, name: str, summary: str });
const CostModelSchema: v.GenericSchema<G.CostModel> = v.object({ read: num, write: num });
const UnitSchema = v.picklist(['bytes', 'sectors', 'pages']);
export const CsvMappingSchema: v.GenericSchema<G.CsvMapping> = v.object({
  delimiter: optStr,
  header: bool,
  id_column: num,
  unit: UnitSchema,
  size_column: optNum,
  size_unit: UnitSchema,
  sector_size: num,
  op_column: optNum,
  read_values: v.array(str),
  write_values: v.array(str),
  namespace_column: optNum,
  string_ids: bool,
});

/** A paper's table for the Reproduce view (the catalogue's, or one a test registers). */
/** How an upload is read: format (null: detect it), page size of byte-addressed formats, strictness, and the CSV mapping. */
export const LoadSettingsSchema = v.object({
  format: v.nullable(str),
  pageSize: num,
  strict: bool,
  /** Used when format is 'csv'. */
  csv: CsvMappingSchema,
});

export const ReproduceTableSchema: v.GenericSchema<G.Table> = v.object({
  id: str,
  title: str,
  source: str,
  input: v.variant('kind', [
    v.object({ kind: v.literal('file'), name: str, format: str, requests: optNum, distinct: optNum }),
    v.object({ kind: v.literal('generate'), spec: str }),
  ]),
  collapse_repeats: bool,
  row_key: str,
  row_label: str,
  unit: str,
  columns: v.array(v.object({ label: str, policy: str, params: str, flash: str, value: str })),
  rows: v.array(v.object({ x: num, published: v.array(v.nullable(v.object({ lo: num, hi: num }))) })),
  notes: v.array(str),
});

const CurveMethodSchema: v.GenericSchema<G.CurveMethod> = v.picklist(['stack', 'exact_only', 'sampled']);

/** A policy as the catalogue describes it (a user policy's entry, once defined, too). */
export const PolicyDocSchema: v.GenericSchema<G.PolicyDoc> = v.object({
  id: str,
  name: str,
  short: str,
  group: v.picklist(['classic', 'adaptive', 'flash', 'textbook', 'yours']),
  curve: CurveMethodSchema,
  source: str,
  summary: str,
  how: str,
  params: v.array(ParamDocSchema),
  view: ViewSchema,
});

export const CatalogSchema: v.GenericSchema<G.Catalog> = v.object({
  version: str,
  groups: v.array(NamedSchema),
  policies: v.array(PolicyDocSchema),
  ftls: v.array(v.object({ id: str, name: str, summary: str, reserve: str, defaults: JsonValueSchema })),
  cleaning: v.array(NamedSchema),
  flash: v.array(ParamDocSchema),
  formats: v.array(v.object({ id: str, label: str, binary: bool, keys: bool })),
  generators: v.array(v.object({ id: str, name: str, summary: str, params: v.array(ParamDocSchema) })),
  phase: v.array(ParamDocSchema),
  cost_presets: v.array(v.object({ id: str, name: str, source: str, cost: CostModelSchema, latency: bool })),
  limits: v.array(v.object({ name: str, value: num, scope: v.picklist(['native', 'browser', 'both']), unit: str, doc: str })),
  csv: CsvMappingSchema,
  experiment: v.object({
    policies: v.array(str),
    frames: str,
    sweep: str,
    cost_preset: str,
    explore_policy: str,
    explore_frames: num,
  }),
  curves: v.object({ points: num, smallest: num, options: v.array(ParamDocSchema), min_miniature: num, min_blocks: num }),
  reproduce: v.array(ReproduceTableSchema),
  link_keys: v.array(v.object({ key: str, value: str, flash: v.nullable(str) })),
  templates: v.array(v.object({ id: str, name: str, source: str })),
});

/** A curve as the core assembles it; a point another worker computes is null (NaN in Rust). */
export const CurveSchema = v.object({
  policy: str,
  method: CurveMethodSchema,
  frames: v.array(num),
  miss_ratio: v.array(v.nullable(num)),
  rate: v.array(num),
  error: v.array(v.nullable(num)),
  samples: num,
  exact: bool,
});

// ---- results ----

export const MetricsSchema: v.GenericSchema<G.Metrics> = v.object({
  requests: num,
  hits: num,
  misses: num,
  hit_ratio: num,
  reads: num,
  writebacks: num,
  flushed: num,
  cost: num,
});

export const SummarySchema: v.GenericSchema<G.Summary> = v.object({
  requests: num,
  distinct_pages: num,
  reads: num,
  writes: num,
  written_pages: num,
  footprint_pages: num,
  footprint_bytes: num,
  page_size: num,
  reuse: v.array(num),
  cold: num,
});

export const LoadInfoSchema: v.GenericSchema<G.LoadInfo> = v.object({
  format: str,
  detected: bool,
  lines: num,
  skipped: num,
  skip_reasons: v.array(v.tuple([num, str])),
  bytes: num,
  decoded_bytes: num,
  filtered: num,
  notes: v.array(str),
});

const FlashMetricsSchema: v.GenericSchema<G.FlashMetrics> = v.object({
  host_writes: num,
  host_reads: num,
  flash_writes: num,
  flash_reads: num,
  copied: num,
  erases: num,
  gc_victims: num,
  waf: num,
  erase_mean: num,
  erase_stddev: num,
  erase_max: num,
  erase_min: num,
  cleaning_cost: num,
  time_us: num,
  host_bytes_written: num,
  utilisation: num,
  block_util: v.array(num),
  block_util_mean: num,
});

export const FlashRunOutputSchema: v.GenericSchema<G.FlashRunOutput> = v.object({
  metrics: FlashMetricsSchema,
  erase_counts: v.array(num),
});

// ---- explorer: snapshots and events ----

const SlotSchema: v.GenericSchema<G.Slot<string>> = v.object({ page: optStr, status: str, bits: num, dirty: bool, resident: bool });

/** A snapshot as the core gives it out: pages named as the trace names them. */
export const SnapshotSchema: v.GenericSchema<G.Snapshot<string>> = v.object({
  policy: str,
  capacity: num,
  resident: num,
  rings: v.array(v.object({ name: str, size: num, slots: v.array(SlotSchema), hands: v.array(v.object({ name: str, pos: num })) })),
  lists: v.array(v.object({ name: str, entries: v.array(SlotSchema) })),
  gauges: v.array(v.object({ name: str, value: num, target: optNum })),
});

export const EventSchema: v.GenericSchema<G.Event<string>> = v.variant('kind', [
  v.object({ kind: v.literal('hit'), page: str, write: bool }),
  v.object({ kind: v.literal('miss'), page: str, write: bool }),
  v.object({ kind: v.literal('insert'), page: str, place: str, slot: optNum }),
  v.object({ kind: v.literal('evict'), page: str, dirty: bool, why: str }),
  v.object({ kind: v.literal('write_back'), page: str, why: str }),
  v.object({ kind: v.literal('hand'), hand: str, from_slot: optNum, to_slot: optNum, from_page: optStr, to_page: optStr }),
  v.object({ kind: v.literal('visit'), hand: str, page: str, action: str }),
  v.object({ kind: v.literal('status'), page: str, from: str, to: str, why: str }),
  v.object({ kind: v.literal('move'), page: str, from: str, to: str, why: str }),
  v.object({ kind: v.literal('gauge'), name: str, from: num, to: num, why: str }),
  v.object({ kind: v.literal('count'), page: str, name: str, from: num, to: num, binary: num, why: str }),
  v.object({ kind: v.literal('ghost'), page: str, list: str, action: str }),
  v.object({ kind: v.literal('repeat'), page: str, write: v.boolean() }),
  v.object({ kind: v.literal('reason'), why: str }),
]);

export const StepRecordSchema: v.GenericSchema<G.StepRecord> = v.object({ hit: bool, events: v.array(EventSchema), reason: optStr });

export const FlashEventSchema: v.GenericSchema<G.FlashEvent> = v.variant('kind', [
  v.object({ kind: v.literal('host_write'), lpn: num, ppn: num }),
  v.object({ kind: v.literal('host_read'), lpn: num, ppn: optNum }),
  v.object({ kind: v.literal('invalidate'), lpn: num, ppn: num }),
  v.object({ kind: v.literal('open'), block: num, role: str, region: optNum }),
  v.object({ kind: v.literal('victim'), block: num, valid: num, invalid: num, policy: str }),
  v.object({ kind: v.literal('copy'), lpn: num, from: num, to: num }),
  v.object({ kind: v.literal('erase'), block: num }),
  v.object({ kind: v.literal('region'), lpn: num, from: num, to: num, why: str }),
  v.object({ kind: v.literal('merge'), merge: str, lbn: num }),
]);

export const FlashStepSchema: v.GenericSchema<G.FlashStep> = v.object({ events: v.array(FlashEventSchema) });

/** The flash snapshot as the explorer receives it: per-page states travel apart, as bytes. */
export type FlashSnapshotLite = Omit<G.FlashSnapshot, 'block'> & { block: Omit<G.BlockView, 'pages'>[] };

/** Where a logical page's current data lives on the device. */
export const PageViewSchema: v.GenericSchema<G.PageView> = v.object({ lpn: num, ppn: optNum, block: optNum, offset: optNum, version: num });

export const FlashSnapshotSchema: v.GenericSchema<FlashSnapshotLite> = v.object({
  ftl: str,
  gc: str,
  blocks: num,
  pages_per_block: num,
  logical_pages: num,
  fill: num,
  free_blocks: num,
  block: v.array(v.object({ valid: num, invalid: num, erases: num, role: str, region: optNum })),
  write_points: v.array(num),
  victim: optNum,
  copies: v.array(v.object({ lpn: num, from: num, to: num })),
  selected: v.nullable(PageViewSchema),
});

/**
 * Parses the core's JSON output with `schema`; a mismatch is a bug in the core
 * or the bindings, reported with what was expected.
 */
export function parseCore<T>(what: string, schema: v.GenericSchema<T>, text: string): T {
  return parseCoreValue(what, schema, JSON.parse(text));
}

/** One stepped request, a cache's or a flash device's (which has no hit). */
export function parseStep(text: string): { hit: boolean | null; events: (G.Event<string> | G.FlashEvent)[]; reason: string | null } {
  const raw: unknown = JSON.parse(text);
  if (typeof raw === 'object' && raw !== null && 'hit' in raw) return parseCoreValue('step', StepRecordSchema, raw);
  return { hit: null, reason: null, ...parseCoreValue('flash step', FlashStepSchema, raw) };
}

function parseCoreValue<T>(what: string, schema: v.GenericSchema<T>, raw: unknown): T {
  const r = v.safeParse(schema, raw);
  if (!r.success) throw new Error(`The core's ${what} does not have the expected shape: ${v.summarize(r.issues)}`);
  return r.output;
}

export const HandLinkSchema: v.GenericSchema<G.HandLink> = v.object({
  trace: optStr,
  requests: num,
  policies: v.array(str),
  params: v.record(str, v.record(str, JsonValueSchema)),
  frames: optStr,
  flash: v.record(str, JsonValueSchema),
  view: optStr,
  step: optNum,
  collapse: bool,
  warmup: optStr,
  interval: optNum,
  code: v.record(str, str),
  quiz: bool,
  exercise: optStr,
  exercise_requests: optNum,
  embed: bool,
  problems: v.array(str),
});

/** Where a policy and a reference first decided differently (*Check against*). */
const DifferenceSchema: v.GenericSchema<G.Difference> = v.object({
  trace: str,
  generator: v.unknown(),
  frames: num,
  request: num,
  page: str,
  hit: bool,
  reference_hit: bool,
  victim: optStr,
  reference_victim: optStr,
});

export const CheckReportSchema: v.GenericSchema<G.CheckReport> = v.object({
  policy: str,
  reference: str,
  cases: num,
  requests: num,
  difference: v.nullable(DifferenceSchema),
  traces: v.array(v.object({ trace: str, cases: num, requests: num, difference: v.nullable(DifferenceSchema) })),
});

// ---- trace analysis ----

const Log2HistogramSchema: v.GenericSchema<G.Log2Histogram> = v.object({ counts: v.array(num) });

/**
 * What the page shows of the core's `Analysis`. Loose objects: figures the core adds later pass
 * through untouched (the JSON export carries them) and need no change here.
 */
export type AnalysisShown = Omit<Pick<G.Analysis, ShownKeys>, 'popularity' | 'windows'> & {
  popularity: Pick<G.Popularity, 'points' | 'alpha' | 'r2' | 'fit_scale' | 'fit_ranks' | 'top_page' | 'top_count'>;
  windows: Pick<G.Windows, 'distinct' | 'one_hit_share' | 'write_share'>;
};
type ShownKeys =
  | 'requests'
  | 'distinct'
  | 'writes'
  | 'one_hit_pages'
  | 'one_hit_share'
  | 'popularity'
  | 'stack_distance'
  | 'cold'
  | 'reuse_time'
  | 'runs'
  | 'sequential_share'
  | 'window'
  | 'windows';

export const AnalysisSchema: v.GenericSchema<AnalysisShown> = v.looseObject({
  requests: num,
  distinct: num,
  writes: num,
  one_hit_pages: num,
  one_hit_share: num,
  popularity: v.looseObject({
    points: v.array(v.tuple([num, num])),
    alpha: optNum,
    r2: optNum,
    fit_scale: optNum,
    fit_ranks: num,
    top_page: optStr,
    top_count: num,
  }),
  stack_distance: v.nullable(Log2HistogramSchema),
  cold: num,
  reuse_time: Log2HistogramSchema,
  runs: Log2HistogramSchema,
  sequential_share: num,
  window: num,
  windows: v.looseObject({ distinct: v.array(num), one_hit_share: v.array(num), write_share: v.array(num) }),
});
