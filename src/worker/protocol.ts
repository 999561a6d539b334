// Every message between the UI thread and the simulation worker. The worker
// owns the trace and the simulation; bulk data (per-bucket hits, uploaded
// files) crosses as typed arrays or File objects, never as JSON arrays.

import type { FormatInfo, GenConfig, LoadSettings, Metrics, PolicyInfo, RunJob, RunOptions, TraceSummary } from '../core/types';

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

/** The flash figures of one run's after-cache stream on one FTL configuration (the core's FlashMetrics). */
export interface FlashMetrics {
  host_writes: number;
  host_reads: number;
  flash_writes: number;
  flash_reads: number;
  copied: number;
  erases: number;
  gc_victims: number;
  waf: number;
  erase_mean: number;
  erase_stddev: number;
  erase_max: number;
  erase_min: number;
  cleaning_cost: number;
  time_us: number;
  host_bytes_written: number;
  utilisation: number;
  /** TS-CLOCK Fig. 5: `block_util[k]` counts write runs that touched k pages of their block. */
  block_util: number[];
  block_util_mean: number;
}

export interface FlashOutcome {
  metrics: FlashMetrics;
  /** Erases of each physical block during measurement. */
  eraseCounts: Uint32Array;
}

export type ToWorker =
  | { type: 'load'; id: number; source: TraceSource }
  /** With `flash`, each job's after-cache stream also runs on every FTL configuration given. */
  | { type: 'run'; id: number; jobs: RunJob[]; options: RunOptions; gauges?: GaugeRequest; flash?: Record<string, unknown>[] }
  /** Reruns one job keeping the after-cache stream (miss reads and write-backs, in order). */
  | { type: 'stream'; id: number; job: RunJob; options: RunOptions }
  | { type: 'cancel'; id: number };

export type FromWorker =
  | { type: 'ready'; version: string; policies: PolicyInfo[]; formats: FormatInfo[] }
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
  /** The after-cache stream with the trace's original page ids; `writes[i]` is 1 for a write. */
  | { type: 'streamed'; id: number; pages: Float64Array; writes: Uint8Array }
  | { type: 'done'; id: number }
  | { type: 'cancelled'; id: number }
  | { type: 'error'; id: number | null; message: string };

export type FromWorkerType = FromWorker['type'];

/** Transferable buffers of a message, so posting it moves instead of copying. */
export function transferablesOf(msg: FromWorker): Transferable[] {
  if (msg.type === 'result') {
    const t: Transferable[] = [msg.bucketHits.buffer as ArrayBuffer];
    if (msg.gauges) t.push(msg.gauges.values.buffer as ArrayBuffer);
    for (const f of msg.flash ?? []) t.push(f.eraseCounts.buffer as ArrayBuffer);
    return t;
  }
  if (msg.type === 'streamed') return [msg.pages.buffer as ArrayBuffer, msg.writes.buffer as ArrayBuffer];
  return [];
}

/** Guards the UI against anything that is not one of our messages. */
export function isFromWorker(data: unknown): data is FromWorker {
  if (typeof data !== 'object' || data === null) return false;
  const t = (data as { type?: unknown }).type;
  switch (t) {
    case 'ready':
      return Array.isArray((data as { policies?: unknown }).policies);
    case 'progress':
    case 'loaded':
    case 'done':
    case 'cancelled':
      return typeof (data as { id?: unknown }).id === 'number';
    case 'result':
      return (data as { bucketHits?: unknown }).bucketHits instanceof Uint32Array;
    case 'streamed':
      return (data as { pages?: unknown }).pages instanceof Float64Array && (data as { writes?: unknown }).writes instanceof Uint8Array;
    case 'error':
      return typeof (data as { message?: unknown }).message === 'string';
    default:
      return false;
  }
}

// ---- Explorer (step-by-step sessions) ------------------------------------
// Explorer messages carry no request id: there is at most one session, and the
// worker answers each with the frame it ends on. During play the worker sends
// a new frame only after the UI acknowledges the previous one (explore-ack), so
// fast playback never queues more frames than the UI can draw.

import type { ExploreFrame, FlashSetup, PageHistory } from '../explorer/types';

export type ExploreToWorker =
  /** With `flash`, the trace is served by that flash device instead of a cache policy. */
  | { type: 'explore-open'; policy: string; frames: number; params: Record<string, unknown>; flash?: FlashSetup }
  | { type: 'explore-seek'; position: number }
  | { type: 'explore-play'; speed: number }
  | { type: 'explore-pause' }
  | { type: 'explore-ack' }
  | { type: 'explore-history'; page: number }
  | { type: 'explore-close' };

export type ExploreFromWorker =
  ({ type: 'explore-frame' } & ExploreFrame) | ({ type: 'explore-history' } & PageHistory) | { type: 'explore-error'; message: string };

export function isExploreToWorker(data: unknown): data is ExploreToWorker {
  const t = (data as { type?: unknown } | null)?.type;
  return typeof t === 'string' && t.startsWith('explore-');
}

export function isExploreFromWorker(data: unknown): data is ExploreFromWorker {
  if (typeof data !== 'object' || data === null) return false;
  const d = data as Record<string, unknown>;
  switch (d.type) {
    case 'explore-frame':
      return typeof d.position === 'number' && typeof d.total === 'number' && typeof d.snapshot === 'object' && Array.isArray(d.events);
    case 'explore-history':
      return typeof d.page === 'number' && Array.isArray(d.accesses);
    case 'explore-error':
      return typeof d.message === 'string';
    default:
      return false;
  }
}

/** The flash page states move to the UI instead of being copied. */
export function exploreTransferables(msg: ExploreFromWorker): Transferable[] {
  return msg.type === 'explore-frame' && msg.flashPages ? [msg.flashPages.buffer as ArrayBuffer] : [];
}
