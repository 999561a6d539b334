// Every message between the UI thread and the simulation worker. The worker
// owns the trace and the simulation; bulk data (per-bucket hits, uploaded
// files) crosses as typed arrays or File objects, never as JSON arrays.

import type { FormatInfo, GenConfig, LoadSettings, Metrics, PolicyInfo, RunJob, RunOptions, TraceSummary } from '../core/types';

export type TraceSource =
  | { kind: 'generate'; config: GenConfig }
  | { kind: 'file'; file: File; settings: LoadSettings };

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

export type ToWorker =
  | { type: 'load'; id: number; source: TraceSource }
  | { type: 'run'; id: number; jobs: RunJob[]; options: RunOptions; gauges?: GaugeRequest }
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
