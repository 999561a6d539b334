// UI: a batch: the experiment's policies and sizes on several traces, generated
// ones at several seeds, on the worker pool. Results are grouped by trace and,
// across seeds, summarised by their mean and a 95 % Student-t interval. The
// loaded trace is not touched: each cell loads its own.

import { runWindow } from './runWindow';
import { create } from 'zustand';
import { limit } from '../core/catalog';
import { BYTES_PER_REQUEST } from '../core/memory';
import { summarise, type Summary } from '../core/stats';
import { CancelledError, type BatchCell } from '../engine/client';
import { batchOnPool, type BatchCellRequest, type PoolRequest } from '../engine/pool';
import type { TraceSource } from '../protocol/messages';
import type { SharedSource } from '../link/types';
import { checkedSpecs } from './runSlice';
import { useApp } from './store';
import { genConfigOf } from './generator';
import { inlineBytes } from '../link/upload';

export interface BatchTrace {
  source: SharedSource;
  /** The file of an upload (for a hashed source, once the user has chosen it again). */
  file: File | null;
}

export interface BatchRow {
  trace: number;
  traceLabel: string;
  spec: number;
  label: string;
  /** Frames of each seed's run (percentages resolve per trace). */
  frames: number[];
  hit: Summary;
}

export interface BatchState {
  traces: BatchTrace[];
  seeds: string;
  status: 'idle' | 'running';
  progress: { done: number; total: number; label: string } | null;
  rows: BatchRow[] | null;
  error: string | null;
  notice: string | null;
  request: PoolRequest<void> | null;
  addCurrent(): void;
  remove(index: number): void;
  setSeeds(text: string): void;
  setFile(index: number, file: File): void;
  run(): Promise<void>;
  cancel(): void;
}

/** A short name for a trace of the batch. */
export function traceLabel(s: SharedSource): string {
  if (s.kind !== 'generate') return s.name;
  const g = s.generator;
  return `${g.kind} · ${g.pages.toLocaleString('en-US')} pages · ${g.length.toLocaleString('en-US')} requests`;
}

/** The seeds a text gives, or what is wrong with it. */
export function parseSeeds(text: string): { seeds: number[] } | { error: string } {
  const parts = text.split(/[,\s]+/).filter(Boolean);
  const seeds: number[] = [];
  for (const p of parts) {
    if (!/^\d+$/.test(p) || !Number.isSafeInteger(Number(p))) return { error: `Seeds: “${p}” is not a whole number ≥ 0.` };
    if (!seeds.includes(Number(p))) seeds.push(Number(p));
  }
  if (seeds.length > 100) return { error: 'Seeds: at most 100.' };
  return { seeds };
}

/** The cells of a batch: one per upload, one per seed of each generated trace. */
function cellsOf(traces: BatchTrace[], seeds: number[]): { cells: (BatchCellRequest & { trace: number })[] } | { error: string } {
  const cells: (BatchCellRequest & { trace: number })[] = [];
  for (const [i, t] of traces.entries()) {
    const s = t.source;
    if (s.kind === 'generate') {
      for (const seed of seeds.length ? seeds : [s.generator.seed]) {
        const config = { ...genConfigOf(s.generator), seed };
        cells.push({ trace: i, source: { kind: 'generate', config }, requests: s.generator.length });
      }
      continue;
    }
    const file = t.file ?? (s.kind === 'inline' ? new File([inlineBytes(s) as Uint8Array<ArrayBuffer>], s.name) : null);
    if (!file) return { error: `Choose ${s.name} again to run the batch.` };
    const source: TraceSource = { kind: 'file', file, settings: s.load };
    cells.push({ trace: i, source, requests: file.size / 4 });
  }
  return { cells };
}

export const useBatch = create<BatchState>((set, get) => ({
  traces: [],
  seeds: '',
  status: 'idle',
  progress: null,
  rows: null,
  error: null,
  notice: null,
  request: null,
  addCurrent() {
    const app = useApp.getState();
    const upload = app.upload && app.upload.kind !== 'generate' ? { ...app.upload, load: app.load } : null;
    const source: SharedSource | null = app.sourceKind === 'generate' ? { kind: 'generate', generator: app.generator } : upload;
    if (!source) {
      set({ error: app.file ? `${app.file.name} is still being read; add it in a moment.` : 'Choose a file or a generator first.' });
      return;
    }
    const file = source.kind === 'generate' ? null : app.file;
    set((s) => ({ traces: [...s.traces, { source, file }], error: null }));
  },
  remove: (index) => set((s) => ({ traces: s.traces.filter((_, i) => i !== index), rows: null })),
  setSeeds: (seeds) => set({ seeds }),
  setFile: (index, file) => set((s) => ({ traces: s.traces.map((t, i) => (i === index ? { ...t, file } : t)), error: null })),
  async run() {
    const s = get();
    if (s.status === 'running') return;
    const app = useApp.getState();
    if (s.traces.length === 0) return set({ error: 'Add at least one trace to the batch.' });
    const seeds = parseSeeds(s.seeds);
    if ('error' in seeds) return set({ error: seeds.error });
    const checked = checkedSpecs(app.policies);
    if ('error' in checked) return set({ error: checked.error });
    const made = cellsOf(s.traces, seeds.seeds);
    if ('error' in made) return set({ error: made.error });
    const { cells } = made;
    const specs = checked.specs;
    const results: (BatchCell | undefined)[] = cells.map(() => undefined);
    const request = batchOnPool(
      cells,
      specs.map((p) => ({ policy: p.id, params: p.params })),
      app.framesText,
      {
        cost: app.cost,
        buckets: 1,
        flush: app.flush,
        record_stream: false,
        collapse_repeats: app.collapse,
        // The experiment's warm-up holds for every trace of the batch (a share, of each trace).
        ...runWindow({ warmup: app.warmup, interval: null }),
      },
      { loaded: app.trace ? app.trace.requests * BYTES_PER_REQUEST : 0, budget: window.__cachescopeMemoryBudget ?? limit('memory') },
      (i, cell) => (results[i] = cell),
      (progress) => set({ progress }),
    );
    set({ status: 'running', request, error: null, notice: null, progress: null });
    try {
      await request.done;
      const labels = s.traces.map((t) => traceLabel(t.source));
      set({ rows: rowsOf(cells, results as BatchCell[], labels, specs) });
    } catch (e) {
      set(e instanceof CancelledError ? { notice: 'Batch cancelled; every worker stopped.' } : { error: `Batch: ${(e as Error).message}` });
    } finally {
      set({ status: 'idle', progress: null, request: null });
    }
  },
  cancel() {
    get().request?.cancel();
  },
}));

/** One row per trace, policy and size, summarised across the trace's cells (its seeds). */
export function rowsOf(
  cells: { trace: number }[],
  results: BatchCell[],
  traceLabels: string[],
  specs: { index: number; label: string }[],
): BatchRow[] {
  const rows: BatchRow[] = [];
  for (const [t, traceLabel] of traceLabels.entries()) {
    const mine = results.filter((_, i) => cells[i].trace === t);
    if (mine.length === 0) continue;
    const sizes = Math.min(...mine.map((r) => r.frames.length));
    for (const [p, spec] of specs.entries())
      for (let f = 0; f < sizes; f++) {
        const at = (r: BatchCell) => r.metrics[p * r.frames.length + f];
        rows.push({
          trace: t,
          traceLabel,
          spec: spec.index,
          label: spec.label,
          frames: mine.map((r) => r.frames[f]),
          hit: summarise(mine.map((r) => at(r).hit_ratio)),
        });
      }
  }
  return rows;
}

export const selectBatchTraces = (s: BatchState) => s.traces;
export const selectBatchSeeds = (s: BatchState) => s.seeds;
export const selectBatchRows = (s: BatchState) => s.rows;
export const selectBatchStatus = (s: BatchState) => s.status;
export const selectBatchProgress = (s: BatchState) => s.progress;
export const selectBatchError = (s: BatchState) => s.error;
export const selectBatchNotice = (s: BatchState) => s.notice;
