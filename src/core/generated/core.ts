// Generated from the Rust core by ts-rs (wasm-core/sim/src/catalog/bindings.rs).
// Do not edit: run `npm run bindings` after changing a type the core emits.

export type Catalog = { version: string, groups: Array<Named>, policies: Array<PolicyDoc>, ftls: Array<FtlDoc>, cleaning: Array<Named>, 
/**
 * The flash device's parameters (the runner's flash flags), with defaults.
 */
flash: Array<ParamDoc>, formats: Array<FormatDoc>, generators: Array<GeneratorDoc>, 
/**
 * Parameters every generator phase has (length, write fraction).
 */
phase: Array<ParamDoc>, cost_presets: Array<CostPreset>, limits: Array<Limit>, 
/**
 * The generic CSV mapping's defaults.
 */
csv: CsvMapping, 
/**
 * What a new experiment starts with.
 */
experiment: ExperimentDefaults, 
/**
 * How miss-ratio curves are drawn (`crate::mrc`).
 */
curves: CurveDefaults, 
/**
 * The papers' tables the Reproduce view and `--reproduce` rebuild.
 */
reproduce: Array<Table>, 
/**
 * The keys a hand-written link's query may carry (`crate::link`).
 */
link_keys: Array<LinkKey>, 
/**
 * Policies to start your own from (the editor's templates), JavaScript.
 */
templates: Array<Template>, };

export type Template = { id: string, name: string, source: string, };

export type Analysis = { requests: number, distinct: number, writes: number, 
/**
 * Pages referenced exactly once in the whole trace, and their share of the distinct pages.
 */
one_hit_pages: number, one_hit_share: number, popularity: Popularity, 
/**
 * LRU stack distances (distinct pages since the previous reference, itself
 * included); `None` when not asked for. First references are `cold`.
 */
stack_distance: Log2Histogram | null, cold: number, 
/**
 * The rate of the spatial sample `stack_distance` and `cold` were estimated
 * from (scaled by 1/rate): the share of the distinct pages it holds, the
 * rate asked for to within one page; None: they are exact (also when the
 * sample would hold every page). Nothing else is sampled.
 */
sampled: number | null, 
/**
 * Requests since the previous reference of the same page.
 */
reuse_time: Log2Histogram, 
/**
 * Lengths of runs of requests to consecutive pages (page p, then p + 1, …),
 * a lone request being a run of 1; and the share of requests in runs of 2 or more.
 */
runs: Log2Histogram, sequential_share: number, window: number, windows: Windows, 
/**
 * Duration and request rates, when the trace has timestamps ([`Trace::times`]); None: it has none.
 */
timing: Timing | null, };

export type Popularity = { 
/**
 * (rank, references) at log-spaced ranks, for a log–log plot; rank 1 is the most referenced page.
 */
points: Array<[number, number]>, 
/**
 * The fitted exponent: references ∝ rank^−α (null, as NaN, with fewer than two ranks to fit).
 */
alpha: number | null, 
/**
 * R² of the fit on log–log axes.
 */
r2: number | null, 
/**
 * The fitted line's references at rank 1, so a chart can draw it: references ≈ `fit_scale` · rank^−α.
 */
fit_scale: number | null, 
/**
 * Ranks the fit covers: those referenced at least [`FIT_MIN_COUNT`] times.
 */
fit_ranks: number, 
/**
 * The most referenced page, as the trace names it, and its references.
 */
top_page: string | null, top_count: number, };

export type Windows = { 
/**
 * Distinct pages referenced in the window (its working-set size).
 */
distinct: Array<number>, 
/**
 * Share of those referenced exactly once in the window.
 */
one_hit_share: Array<number>, 
/**
 * Share of the window's requests that write.
 */
write_share: Array<number>, };

export type Log2Histogram = { counts: Array<number>, };

export type Timing = { 
/**
 * The first request's time, in seconds from the format's origin (see its doc).
 */
start: number, 
/**
 * Seconds from the earliest request to the latest.
 */
duration: number, 
/**
 * Requests per second over `duration` (None when it is 0).
 */
rate: number | null, 
/**
 * Requests timed before the request ahead of them (a merged or unsorted trace);
 * the rates of the windows they fall in are then not to be trusted.
 */
backwards: number, 
/**
 * Per window of the analysis: its first request's time, seconds after `start`.
 */
window_start: Array<number>, 
/**
 * Per window: its requests over the seconds from its first request to the
 * next window's first (the last window: to its own last request); None when
 * that span is not above 0.
 */
window_rate: Array<number | null>, };

export type CheckReport = { policy: string, reference: string, cases: number, requests: number, difference: Difference | null, 
/**
 * Each trace checked, in order, with its own verdict (an exercise passes or fails per trace).
 */
traces: Array<TraceVerdict>, };

export type Difference = { 
/**
 * The trace: `current`, or the generator's description (`zipf … seed 2`).
 */
trace: string, 
/**
 * The generator configuration that rebuilds it (None for the current trace).
 */
generator: unknown, frames: number, 
/**
 * Counted from 1, as Explore's steps.
 */
request: number, 
/**
 * The requested page, as the trace names it.
 */
page: string, hit: boolean, reference_hit: boolean, 
/**
 * The page each evicted at that request, if any.
 */
victim: string | null, reference_victim: string | null, };

export type TraceVerdict = { 
/**
 * `current`, or the generator's description.
 */
trace: string, cases: number, requests: number, difference: Difference | null, };

export type Named = { id: string, name: string, summary: string, };

export type PolicyDoc = { id: string, name: string, short: string, group: Group, 
/**
 * How its whole miss-ratio curve is computed.
 */
curve: CurveMethod, source: string, summary: string, how: string, params: Array<ParamDoc>, view: View, };

export type Group = "classic" | "adaptive" | "flash" | "textbook" | "yours";

export type ParamDoc = { default: JsonValue, key: string, label: string, kind: ParamKind, 
/**
 * Inclusive bounds (numbers and integers).
 */
min: number | null, max: number | null, unit: string, doc: string, choices: Array<string>, 
/**
 * A default that follows another setting, in words (e.g. "the device's pages per block").
 */
follows: string | null, };

export type Param = { key: string, label: string, kind: ParamKind, 
/**
 * Inclusive bounds (numbers and integers).
 */
min: number | null, max: number | null, unit: string, doc: string, choices: Array<string>, 
/**
 * A default that follows another setting, in words (e.g. "the device's pages per block").
 */
follows: string | null, };

export type ParamKind = "number" | "integer" | "bool" | "choice";

export type View = { kind: ViewKind, 
/**
 * Largest value of a slot's `bits` (1 for a reference bit; TS-CLOCK counts to 4; 0 when the
 * policy keeps none, as FIFO, LRU, OPT and ARC: a list view has none unless it says so).
 */
max_bits: number, 
/**
 * Hands in drawing order.
 */
hands: Array<Mark>, 
/**
 * Page statuses in legend order; `""` is the plain resident page.
 */
statuses: Array<Mark>, lists: Array<ListHint>, 
/**
 * A parameter giving pages per block: list entries are grouped by block.
 */
block_param: string | null, 
/**
 * The snapshot reads its rings from a hand onward (the clock has no fixed
 * frames: CLOCK-Pro's holds test pages too), so drawings anchor on a page
 * rather than on slot 0, and the hands are seen to move.
 */
from_hand: boolean, 
/**
 * The policy orders or groups pages by their numbers (blocks of neighbouring
 * pages, sector order), so a trace whose pages are string keys is refused.
 */
numeric_ids: boolean, };

export type ViewKind = "ring" | "list" | "mixed";

export type Mark = { 
/**
 * The name the snapshot and events use (`hand_cold`, `hot`).
 */
name: string, 
/**
 * The name people read (the paper's: `HAND_cold`, `hot`).
 */
label: string, 
/**
 * Colour role: `hot`, `cold`, `test`, `ghost`, `accent1`…`accent4`, `neutral`.
 */
colour: string, 
/**
 * Shape that tells it apart without colour: `circle`, `square`, `triangle`, `diamond`, `bar`.
 */
shape: string, };

export type ListHint = { list: string, 
/**
 * A gauge whose value is an index into the list, drawn as a pointer.
 */
pointer_gauge: string | null, pointer_label: string, 
/**
 * The status at which the list's second region starts (a bar is drawn there).
 */
split_status: string | null, 
/**
 * Caption; `{gauge}` is replaced by that gauge's value (`-1` reads as `caption_none`).
 */
caption: string, caption_gauge: string | null, caption_none: string, };

export type FtlDoc = { id: string, name: string, summary: string, 
/**
 * The smallest device it accepts, and why.
 */
reserve: string, 
/**
 * The FTL's own parameters (`ftl_params`) with their defaults.
 */
defaults: JsonValue, };

export type FormatDoc = { id: string, label: string, binary: boolean, 
/**
 * Pages are named by string keys (key-value and object traces).
 */
keys: boolean, };

export type GeneratorDoc = { 
/**
 * The workload's `kind` (and the runner's `--generate` keyword).
 */
id: string, name: string, summary: string, params: Array<ParamDoc>, };

export type CostPreset = { id: string, name: string, source: string, cost: CostModel, 
/**
 * Costs are microseconds of flash I/O, so a cost is an I/O time.
 */
latency: boolean, };

export type CostModel = { read: number, write: number, };

export type ExperimentDefaults = { policies: Array<string>, 
/**
 * Cache sizes as the runner's `--frames` takes them.
 */
frames: string, 
/**
 * Sizes a sweep fills in (percentages of the distinct pages).
 */
sweep: string, cost_preset: string, 
/**
 * The explorer's first policy and size.
 */
explore_policy: string, explore_frames: number, };

export type CurveDefaults = { 
/**
 * Points of a default curve, log-spaced.
 */
points: number, 
/**
 * A default curve starts at this fraction of the distinct pages.
 */
smallest: number, 
/**
 * The options of a sampled curve (sample size, samples, seed, adjustment, stratification), with defaults.
 */
options: Array<ParamDoc>, 
/**
 * No miniature cache has fewer frames.
 */
min_miniature: number, 
/**
 * Blocks a block policy's sample holds at least.
 */
min_blocks: number, };

export type CurveMethod = "stack" | "exact_only" | "sampled";

export type Curve = { policy: string, method: CurveMethod, 
/**
 * Cache sizes in frames.
 */
frames: Array<number>, miss_ratio: Array<number>, 
/**
 * Fraction of the distinct pages simulated at each size, per sample (1 where exact).
 */
rate: Array<number>, 
/**
 * Error estimate of each point (± miss ratio): the half-width of a 95 %
 * Student-t interval from the spread of the independent samples, combined
 * (root of the sum of squares) with the binomial noise of the misses sampled;
 * 0 where exact, null with one sample.
 */
error: Array<number | null>, 
/**
 * Independent samples averaged at each sampled point.
 */
samples: number, 
/**
 * True when every point is exact.
 */
exact: boolean, };

export type Table = { 
/**
 * What `--reproduce` takes.
 */
id: string, title: string, 
/**
 * Paper, table or section, as printed.
 */
source: string, input: Input, collapse_repeats: boolean, 
/**
 * What a row's `x` is: `frames` (cache size) or `regions` (DAC regions).
 */
row_key: string, row_label: string, 
/**
 * Unit of the values (`%`).
 */
unit: string, columns: Array<Column>, rows: Array<Row>, 
/**
 * Readings and known differences, in words.
 */
notes: Array<string>, };

export type Input = { "kind": "file", name: string, format: string, requests: number | null, distinct: number | null, } | { "kind": "generate", spec: string, };

export type Column = { label: string, 
/**
 * A policy id for cache columns; empty for flash columns.
 */
policy: string, 
/**
 * JSON of the policy's parameters (empty: defaults).
 */
params: string, 
/**
 * JSON of a `FlashConfig` for flash columns (the trace goes straight to it).
 */
flash: string, 
/**
 * `hit_ratio`, or `<metric>_reduction`: how much lower a flash metric
 * (`erases`, `copied`, `cleaning_cost`) is than with one DAC region.
 */
value: string, };

export type Row = { x: number, 
/**
 * One per column; None where the paper prints nothing.
 */
published: Array<Published | null>, };

export type Published = { lo: number, hi: number, };

export type Limit = { name: string, value: number, scope: Scope, unit: string, doc: string, };

export type Scope = "native" | "browser" | "both";

export type CsvMapping = { 
/**
 * Field separator; `' '` splits on runs of blanks; None picks the first of
 * `,` tab `;` found in the first data line, else blanks.
 */
delimiter: string | null, 
/**
 * Skip the first non-comment line.
 */
header: boolean, 
/**
 * 0-based column of the id (page number) or offset.
 */
id_column: number, unit: Unit, 
/**
 * 0-based column of the request size; None: one unit per request.
 */
size_column: number | null, size_unit: Unit, sector_size: number, 
/**
 * 0-based column of the operation; None: every request is a read.
 */
op_column: number | null, 
/**
 * Spellings of a read and a write in `op_column`, compared ignoring case.
 */
read_values: Array<string>, write_values: Array<string>, 
/**
 * 0-based column of a device/volume number, stored above bit 48 of the id.
 */
namespace_column: number | null, 
/**
 * The id column holds strings (keys, object names): each distinct string is
 * one page ([`crate::keys`]), whatever `unit` says; a size or device column
 * is refused (object sizes are not modelled).
 */
string_ids: boolean, 
/**
 * 0-based column of the request's time, in `time_unit`s (decimal, with an
 * optional fraction); read only when the load asks for timestamps. Optional
 * in JSON, as the browser reads no times.
 */
time_column?: number, 
/**
 * The unit of `time_column` (None: seconds).
 */
time_unit?: TimeUnit, };

export type Unit = "bytes" | "sectors" | "pages";

export type TimeUnit = "s" | "ms" | "us" | "ns";

export type Summary = { requests: number, distinct_pages: number, reads: number, writes: number, 
/**
 * Distinct pages written at least once.
 */
written_pages: number, 
/**
 * The working set of the whole trace: every distinct page.
 */
footprint_pages: number, footprint_bytes: number, page_size: number, 
/**
 * See [`REUSE_BUCKETS`].
 */
reuse: Array<number>, 
/**
 * First accesses (infinite distance): the compulsory misses of any cache.
 */
cold: number, };

export type LoadInfo = { format: string, detected: boolean, lines: number, skipped: number, 
/**
 * Line number and reason of the first skipped lines.
 */
skip_reasons: Array<[number, string]>, bytes: number, decoded_bytes: number, filtered: number, 
/**
 * What people should know of how this trace was read (how a key trace's
 * operations were taken, what is not modelled).
 */
notes: Array<string>, };

export type Metrics = { requests: number, hits: number, misses: number, hit_ratio: number, reads: number, writebacks: number, flushed: number, cost: number, };

export type RunOptions = { cost: CostModel, 
/**
 * Number of points of the hit series (buckets of equal request counts).
 */
buckets: number, 
/**
 * Write back every dirty page still cached at the end (counted in `flushed`).
 */
flush: boolean, 
/**
 * Keep the after-cache stream (miss reads and write-backs, in order).
 */
record_stream: boolean, 
/**
 * Collapse immediate repeats, as the authors of LIRS and CLOCK-Pro did in
 * their simulators: a request for the page just requested counts as a
 * request and a hit, sets the dirty bit if it writes, and changes nothing
 * else. (A policy that files dirty pages apart serves such a write as an
 * ordinary request; see [`Policy::mark_dirty`].)
 */
collapse_repeats: boolean, 
/**
 * Requests served first but not counted (hits, misses, write-backs and the
 * series start after them): a number of requests, or a share of the trace.
 */
warmup?: number | string, 
/**
 * Requests per point of the hit series (none: `buckets` points over the run).
 */
interval?: number, };

export type StepRecord = { hit: boolean, 
/**
 * Pages named as the trace names them.
 */
events: Array<Event<string>>, 
/**
 * Why the pages this step evicted left, in words (`policy::reason`); None when none left.
 */
reason: string | null, };

export type Snapshot<P = number> = { policy: string, capacity: number, resident: number, rings: Array<Ring<P>>, lists: Array<List<P>>, gauges: Array<Gauge>, };

export type Slot<P = number> = { 
/**
 * The page: a dense id inside the core, the trace's own id as people read it
 * once labelled (`Snapshot::label`); `None` for an empty frame.
 */
page: P | null, 
/**
 * Policy-specific status (`"hot"`, `"cold"`, `"test"`, `"ghost"`, `""`).
 */
status: string, 
/**
 * Reference bit or counter.
 */
bits: number, dirty: boolean, resident: boolean, };

export type Ring<P = number> = { name: string, 
/**
 * Slots in the whole ring. `slots` lists the first of them and the rest are
 * empty frames: a ring is listed only as far as it is filled, so a snapshot
 * grows with what the cache holds, not with its size.
 */
size: number, slots: Array<Slot<P>>, hands: Array<Hand>, };

export type Hand = { name: string, pos: number, };

export type List<P = number> = { name: string, 
/**
 * Head first: MRU for LRU-ordered lists, oldest first for queues (see the policy).
 */
entries: Array<Slot<P>>, };

export type Gauge = { name: string, value: number, target: number | null, };

export type Event<P = number> = { "kind": "hit", page: P, write: boolean, } | { "kind": "miss", page: P, write: boolean, } | { "kind": "insert", page: P, place: string, slot: number | null, } | { "kind": "evict", page: P, dirty: boolean, why: string, } | { "kind": "write_back", page: P, why: string, } | { "kind": "hand", hand: string, from_slot: number | null, to_slot: number | null, from_page: P | null, to_page: P | null, } | { "kind": "visit", hand: string, page: P, action: string, } | { "kind": "status", page: P, from: string, to: string, why: string, } | { "kind": "move", page: P, from: string, to: string, why: string, } | { "kind": "gauge", name: string, from: number, to: number, why: string, } | { "kind": "count", page: P, name: string, from: number, to: number, binary: number, why: string, } | { "kind": "ghost", page: P, list: string, action: string, } | { "kind": "repeat", page: P, write: boolean, } | { "kind": "reason", why: string, };

export type FlashMetrics = { host_writes: number, host_reads: number, flash_writes: number, flash_reads: number, copied: number, erases: number, gc_victims: number, waf: number, erase_mean: number, erase_stddev: number, erase_max: number, erase_min: number, cleaning_cost: number, time_us: number, host_bytes_written: number, 
/**
 * Valid pages / physical pages at the end.
 */
utilisation: number, block_util: Array<number>, block_util_mean: number, };

export type FlashSnapshot = { ftl: string, gc: string, blocks: number, pages_per_block: number, logical_pages: number, 
/**
 * The initial fill the device was given, derived from the over-provisioning when not set
 * (the explorer's form shows it rather than the catalogue's default).
 */
fill: number, free_blocks: number, block: Array<BlockView>, write_points: Array<number>, 
/**
 * Victim (or merge source) of the last step, if it cleaned.
 */
victim: number | null, 
/**
 * Pages copied in the last step.
 */
copies: Array<CopyView>, selected: PageView | null, };

export type BlockView = { valid: number, invalid: number, 
/**
 * Lifetime erases (fill and aging included: this is the device's wear).
 */
erases: number, role: string, region: number | null, };

export type CopyView = { lpn: number, from: number, to: number, };

export type PageView = { lpn: number, ppn: number | null, block: number | null, offset: number | null, 
/**
 * Latest host version written (0 = never written).
 */
version: number, };

export type FlashEvent = { "kind": "host_write", lpn: number, ppn: number, } | { "kind": "host_read", lpn: number, ppn: number | null, } | { "kind": "invalidate", lpn: number, ppn: number, } | { "kind": "open", block: number, role: string, region: number | null, } | { "kind": "victim", block: number, valid: number, invalid: number, policy: string, } | { "kind": "copy", lpn: number, from: number, to: number, } | { "kind": "erase", block: number, } | { "kind": "region", lpn: number, from: number, to: number, why: string, } | { "kind": "merge", merge: string, lbn: number, };

export type FlashRunOutput = { metrics: FlashMetrics, erase_counts: Array<number>, };

export type FlashStep = { events: Array<FlashEvent>, };

export type HandLink = { 
/**
 * The trace as a plain trace (one page per line, ` W` for a write), when given.
 */
trace: string | null, 
/**
 * Requests in `trace`.
 */
requests: number, policies: Array<string>, 
/**
 * Parameters by policy id (`param=ID.KEY=VALUE`).
 */
params: { [key in string]: { [key in string]: JsonValue } }, 
/**
 * Cache sizes as the runner takes them (`3`, `3,4`, `5%`).
 */
frames: string | null, 
/**
 * Flash device settings by `FlashConfig` field (from the runner's flag names).
 */
flash: { [key in string]: JsonValue }, 
/**
 * `explore` or `compare`.
 */
view: string | null, 
/**
 * Requests applied (the explorer's position).
 */
step: number | null, 
/**
 * `collapse-repeats=true` (or an old link's `param=ID.ignore_repeats=true`).
 */
collapse: boolean, 
/**
 * `warmup=N` or `warmup=P%`: requests served first and not counted, as the core writes it.
 */
warmup: string | null, 
/**
 * `interval=N`: the hit ratio of every N requests after the warm-up.
 */
interval: number | null, 
/**
 * Sources of the user policies the link defines (`code.NAME=`), by name.
 */
code: { [key in string]: string }, 
/**
 * `quiz=1`: Explore opens with *Predict the victim* on.
 */
quiz: boolean, 
/**
 * `exercise=`: a lecturer's exercise, its answers hidden until submitted: `victims`
 * (predict each victim from `step` on; `exercise=1` says the same), `table` (fill in
 * the frame table for the next `exercise-requests` requests) or `policy` (write the
 * link's first policy, with its parameters, in *Your policy*).
 */
exercise: string | null, 
/**
 * `exercise-requests=K`: how many requests after `step` a table exercise asks for.
 */
exercise_requests: number | null, 
/**
 * `embed=1`: the page shows the Explore stage alone, sized to its frame (a slide, a course page).
 */
embed: boolean, 
/**
 * What the link carried that was left out or changed, each naming its link parameter;
 * everything else was read.
 */
problems: Array<string>, };

export type LinkKey = { 
/**
 * The query key, as the runner's flag is named.
 */
key: string, 
/**
 * The value's form.
 */
value: string, 
/**
 * The `FlashConfig` field a flash key sets.
 */
flash: string | null, };

export type GenConfig = { seed: number, phases: Array<Phase>, };

export type Phase = { workload: Workload, length: number, write_fraction: number, };

export type Workload = { "kind": "uniform", pages: number, } | { "kind": "zipf", pages: number, alpha: number, } | { "kind": "loop", pages: number, } | { "kind": "hot-cold", pages: number, hot_access: number, hot_pages: number, } | { "kind": "sequential", start: number, } | { "kind": "working-set", pages: number, set: number, shift_every: number, shift: number, };

export type JsonValue = number | string | boolean | Array<JsonValue> | { [key in string]: JsonValue } | null;
