// UI: what every export says about how its numbers were made: the core version,
// the run options, each policy's whole configuration (defaults filled in, the
// `reading` included) and the SHA-256 of the trace file when there is one.

import { CATALOG, defaultsOf, policyDoc } from '../core/catalog';
import { inlineBytes, sha256Hex } from '../link/upload';
import type { AppState } from './store';

export interface Provenance {
  core: string;
  options: { collapse_repeats: boolean; flush: boolean; cost: { read: number; write: number } };
  trace_sha256: string | null;
}

/** A policy's parameters with every default filled in: what the core ran. */
export function resolvedParams(policy: string, params: Record<string, unknown>): Record<string, unknown> {
  const doc = policyDoc(policy);
  return doc ? { ...defaultsOf(doc.params), ...params } : params;
}

export async function provenanceOf(s: AppState): Promise<Provenance> {
  const u = s.trace && s.loadedFrom?.sourceKind !== 'generate' ? s.upload : null;
  const sha = !u || u.kind === 'generate' ? null : u.kind === 'hashed' ? u.sha256 : await sha256Hex(inlineBytes(u));
  return { core: CATALOG.version, options: { collapse_repeats: s.collapse, flush: s.flush, cost: s.cost }, trace_sha256: sha };
}

/** One line for an image's metadata. */
export function provenanceLine(p: Provenance): string {
  const o = p.options;
  return `cachescope core ${p.core}; collapse_repeats ${o.collapse_repeats}; flush ${o.flush}; cost read ${o.cost.read} write ${o.cost.write}${p.trace_sha256 ? `; trace sha256 ${p.trace_sha256}` : ''}`;
}
