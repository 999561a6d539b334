// Shapes shared by the UI, the worker and the URL codec. They mirror the Rust
// core's serde types (generate::GenConfig, sim::RunOptions, sim::Metrics).

export type Workload =
  | { kind: 'uniform'; pages: number }
  | { kind: 'zipf'; pages: number; alpha: number }
  | { kind: 'loop'; pages: number }
  | { kind: 'hot-cold'; pages: number; hot_access: number; hot_pages: number }
  | { kind: 'sequential'; start: number }
  | { kind: 'working-set'; pages: number; set: number; shift_every: number; shift: number };

export interface Phase {
  workload: Workload;
  length: number;
  write_fraction: number;
}

export interface GenConfig {
  seed: number;
  phases: Phase[];
}

export interface CostModel {
  read: number;
  write: number;
}

export interface RunOptions {
  cost: CostModel;
  buckets: number;
  flush: boolean;
}

export interface Metrics {
  requests: number;
  hits: number;
  misses: number;
  hit_ratio: number;
  reads: number;
  writebacks: number;
  flushed: number;
  cost: number;
}

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
  /** Page size used for byte-addressed formats. */
  pageSize?: number;
  /** Reuse (LRU stack) distance histogram: bucket i counts distances in [2^i, 2^(i+1)). */
  reuse?: number[];
  /** First accesses (infinite reuse distance). */
  cold?: number;
  /** The first skipped lines and why (lenient mode). */
  skipReasons?: [number, string][];
}

export interface FormatInfo {
  id: string;
  label: string;
}

export type Unit = 'bytes' | 'sectors' | 'pages';

/** Column mapping of a generic CSV/TSV trace (the core's formats::CsvMapping). */
export interface CsvMapping {
  delimiter: string | null;
  header: boolean;
  id_column: number;
  unit: Unit;
  size_column: number | null;
  size_unit: Unit;
  sector_size: number;
  op_column: number | null;
  read_values: string[];
  write_values: string[];
  namespace_column: number | null;
}

export interface LoadSettings {
  format: string | null;
  pageSize: number;
  strict: boolean;
  /** Used when format is 'csv'. */
  csv: CsvMapping;
}

export interface PolicyInfo {
  id: string;
  name: string;
  summary: string;
  defaults: Record<string, unknown>;
}

/** One (policy, frames) run of a comparison. */
export interface RunJob {
  policy: string;
  frames: number;
  params: Record<string, unknown>;
}
