// Every message between the UI thread and the simulation worker. The worker
// owns the trace and the simulation; bulk data (per-bucket hits, uploaded
// files) crosses as typed arrays or File objects, never as JSON arrays.

import type { FormatInfo, GenConfig, LoadSettings, Metrics, PolicyInfo, RunJob, RunOptions, TraceSummary } from '../core/types';

export type TraceSource =
  | { kind: 'generate'; config: GenConfig }
  | { kind: 'file'; file: File; settings: LoadSettings };

export type ToWorker =
  | { type: 'load'; id: number; source: TraceSource }
  | { type: 'run'; id: number; jobs: RunJob[]; options: RunOptions }
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
    }
  | { type: 'done'; id: number }
  | { type: 'cancelled'; id: number }
  | { type: 'error'; id: number | null; message: string };

export type FromWorkerType = FromWorker['type'];

/** Transferable buffers of a message, so posting it moves instead of copying. */
export function transferablesOf(msg: FromWorker): Transferable[] {
  return msg.type === 'result' ? [msg.bucketHits.buffer as ArrayBuffer] : [];
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
    case 'error':
      return typeof (data as { message?: unknown }).message === 'string';
    default:
      return false;
  }
}
