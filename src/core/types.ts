// Both threads: shapes shared by the UI, the worker and the link format. Whatever the core emits
// or reads is generated from its Rust types (./generated/core.ts); what is left
// here is the UI's own.

import type * as v from 'valibot';
import type { LoadSettingsSchema } from './schemas';

export type { CostModel, CsvMapping, GenConfig, LoadInfo, Metrics, Phase, RunOptions, Unit, Workload } from './generated/core';

export interface TraceSummary {
  source: string;
  /** Format the file was read as, and whether it was detected or chosen. */
  format?: string;
  detected?: boolean;
  /** Malformed lines skipped (lenient mode). */
  skipped?: number;
  requests: number;
  distinct: number;
  writes: number;
  /** Bytes of the core's memory (the WASM heap) once the trace is loaded: what it costs the browser. */
  coreBytes?: number;
  /** Page size used for byte-addressed formats. */
  pageSize?: number;
  /** Reuse (LRU stack) distance histogram: bucket i counts distances in [2^i, 2^(i+1)). */
  reuse?: number[];
  /** First accesses (infinite reuse distance). */
  cold?: number;
  /** The first skipped lines and why (lenient mode). */
  skipReasons?: [number, string][];
  /** What the load report says of how the file was read (key traces: what is not modelled). */
  notes?: string[];
}

export type LoadSettings = v.InferOutput<typeof LoadSettingsSchema>;
