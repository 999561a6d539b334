// Worker: the `load` request — a new trace, generated or read, checked against
// the memory budget beside the loaded one, becomes the loaded trace only once
// it has loaded; its summary (with the reuse histogram) goes to the page.

import type { WasmTrace } from './instance';
import type { TraceSummary } from '../core/types';
import { BYTES_PER_REQUEST } from '../core/memory';
import { SummarySchema, parseCore } from '../core/schemas';
import type { LoadCost, TraceParts, TraceSource } from '../protocol/messages';
import { heapBytes } from './instance';
import { generate, mb, readFile, spent } from './read';
import { traceOfParts } from './share';
import type { Task } from './task';
import { currentTrace, replaceTrace } from './trace';

/** Above this many requests the reuse histogram is skipped (it needs 4 bytes per request more). */
const REUSE_LIMIT = 20_000_000;

/** The new trace would not fit beside the loaded one. */
export class OverBudget extends Error {}

/** Refuses a trace that would not fit beside the loaded one; `requests` is its (estimated) length. */
function checkBudget(requests: number, budget: number | undefined, name: string): void {
  const trace = currentTrace();
  if (!budget || !trace) return;
  const held = trace.len() * BYTES_PER_REQUEST;
  const more = requests * BYTES_PER_REQUEST;
  if (held + more > budget)
    throw new OverBudget(
      `${name} (about ${mb(more)} for ${Math.round(requests).toLocaleString('en')} requests) would not fit beside the loaded trace (${mb(held)}) in the browser's ${mb(budget)} for traces (limit memory). Drop the loaded trace and load ${name} alone, or run it with the runner (npm run sim).`,
    );
}

/** The summary; `counts` alone leaves out the reuse histogram (a pool's helper, whose summary nobody shows). */
function summaryOf(t: WasmTrace, pageSize: number, counts = false): Omit<TraceSummary, 'source'> {
  const base = { requests: t.len(), distinct: t.distinct(), writes: t.writes(), pageSize, coreBytes: heapBytes() };
  if (counts || t.len() > REUSE_LIMIT) return base;
  const s = parseCore('trace summary', SummarySchema, t.summary(pageSize));
  return { ...base, reuse: s.reuse, cold: s.cold };
}

/** A load's summary, and what it cost. */
export interface Loaded {
  summary: TraceSummary;
  cost: LoadCost;
}

/**
 * A load that fails or is cancelled leaves the previous trace loaded, unless `dropFirst` asked to free it first.
 * With `parts` (another worker's copy of the trace `source` makes) the trace is built from them, nothing read.
 */
export async function load(task: Task, source: TraceSource, budget?: number, dropFirst?: boolean, parts?: TraceParts): Promise<Loaded> {
  const cost: LoadCost = { fileBytes: 0, ms: {} };
  return { summary: await loadInto(task, cost, source, budget, dropFirst, parts), cost };
}

async function loadInto(
  task: Task,
  cost: LoadCost,
  source: TraceSource,
  budget?: number,
  dropFirst?: boolean,
  parts?: TraceParts,
): Promise<TraceSummary> {
  if (dropFirst) replaceTrace(null);
  if (parts) {
    checkBudget(parts.reqs.length, budget, 'the trace');
    const since = performance.now();
    const t = traceOfParts(parts);
    replaceTrace(t, source);
    const summary = summaryOf(t, source.kind === 'file' ? source.settings.pageSize : 4096, true);
    spent(cost, 'building from parts', since);
    return { source: source.kind === 'file' ? source.file.name : 'generated', ...summary };
  }
  if (source.kind === 'generate') {
    const total = source.config.phases.reduce((n, p) => n + p.length, 0);
    checkBudget(total, budget, 'the generated workload');
    const t = await generate(task, source.config);
    replaceTrace(t, source);
    return { source: 'generated', ...summaryOf(t, 4096) };
  }
  const { file } = source;
  const { t, info } = await readFile(task, file, source.settings, (requests) => checkBudget(requests, budget, file.name), cost);
  replaceTrace(t, source);
  const since = performance.now();
  const summary = summaryOf(t, source.settings.pageSize);
  spent(cost, 'summary', since);
  return {
    source: file.name,
    format: info.format,
    detected: info.detected,
    skipped: info.skipped,
    skipReasons: info.skip_reasons,
    notes: info.notes,
    ...summary,
  };
}
