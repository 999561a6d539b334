// UI: what every export says about how its numbers were made: the core version,
// the run options, each policy's whole configuration (defaults filled in, the
// `reading` included), the SHA-256 of the trace file when there is one and of the
// source of each policy the user wrote.

import { CATALOG, defaultsOf, policyDoc } from '../core/catalog';
import { inlineBytes, sha256Hex } from '../link/upload';
import type { AppState } from './store';
import { runWindow } from './runWindow';

export interface Provenance {
  core: string;
  /** The run options; `warmup` (as typed: `N` or `P%`) and `interval` when the results' run had them, as the runner's JSON writes them. */
  options: {
    collapse_repeats: boolean;
    flush: boolean;
    cost: { read: number; write: number };
    warmup?: string;
    /** Requests of the warm-up, as the core counted them. */
    warmup_requests?: number;
    interval?: number;
  };
  trace_sha256: string | null;
  /** `sha256:…` of each user policy's source, by name (as the runner's rows give `source`). */
  sources: Record<string, string>;
}

/** A policy's parameters with every default filled in: what the core ran. */
export function resolvedParams(policy: string, params: Record<string, unknown>): Record<string, unknown> {
  const doc = policyDoc(policy);
  return doc ? { ...defaultsOf(doc.params), ...params } : params;
}

export async function provenanceOf(s: AppState): Promise<Provenance> {
  const u = s.trace && s.loadedFrom?.sourceKind !== 'generate' ? s.upload : null;
  const sha = !u || u.kind === 'generate' ? null : u.kind === 'hashed' ? u.sha256 : await sha256Hex(inlineBytes(u));
  const sources = Object.fromEntries(s.own.map((o) => [o.name, `sha256:${o.sha256}`]));
  // The warm-up and interval of the run the results are from, not the form's later edits.
  const ran = s.ranWith && s.results.length > 0 ? runWindow(s.ranWith) : {};
  const warmed = s.results[0]?.warmup;
  const options = { collapse_repeats: s.collapse, flush: s.flush, cost: s.cost, ...ran, ...(warmed ? { warmup_requests: warmed } : {}) };
  return { core: CATALOG.version, options, trace_sha256: sha, sources };
}

/** One line for an image's metadata. */
export function provenanceLine(p: Provenance): string {
  const o = p.options;
  const span = `${o.warmup ? `; warmup ${o.warmup} (${o.warmup_requests ?? 0} requests)` : ''}${o.interval ? `; interval ${o.interval}` : ''}`;
  return `cachescope core ${p.core}; collapse_repeats ${o.collapse_repeats}; flush ${o.flush}; cost read ${o.cost.read} write ${o.cost.write}${span}${p.trace_sha256 ? `; trace sha256 ${p.trace_sha256}` : ''}`;
}
