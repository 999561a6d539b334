// Both threads: the core's catalogue, the one description of what the core offers: policies,
// FTLs, cleaning policies, formats, generators, cost presets, device parameters,
// limits and defaults. It is the WASM module's own `catalog()`, written beside
// the WASM build (wasm-core/scripts/catalog.mjs) and checked here against its
// generated type, so nothing in src/ lists ids by hand.

import * as v from 'valibot';
import raw from '../wasm-pkg/catalog.json';
import type { Catalog, Limit, ParamDoc, PolicyDoc } from './generated/core';
import { CatalogSchema } from './schemas';

export type { Catalog, FtlDoc, GeneratorDoc, Limit, Mark, ParamDoc, PolicyDoc, View } from './generated/core';

function load(): Catalog {
  const r = v.safeParse(CatalogSchema, raw);
  if (!r.success) throw new Error(`The core's catalogue does not have the expected shape: ${v.summarize(r.issues)}`);
  return r.output;
}

export const CATALOG: Catalog = load();

/** Not a policy: the run that sends the trace's own reads and writes straight to the flash model. */
export const NO_CACHE = 'no-cache';

// Drawings ask for a policy's view once per slot per frame: a map, not a search.
const POLICY_BY_ID = new Map(CATALOG.policies.map((p) => [p.id, p]));
export const policyDoc = (id: string): PolicyDoc | undefined => POLICY_BY_ID.get(id);
export const isPolicyId = (id: string): boolean => policyDoc(id) !== undefined;
export const policyLabel = (id: string): string => (id === NO_CACHE ? 'No cache (trace → flash)' : (policyDoc(id)?.name ?? id));
export const policyShort = (id: string): string => (id === NO_CACHE ? 'No cache' : (policyDoc(id)?.short ?? id));

/** The value of limit `name` for the browser (a limit for both scopes answers too). */
export function limit(name: string): number {
  const all: Limit[] = CATALOG.limits;
  const l = all.find((x) => x.name === name && x.scope === 'browser') ?? all.find((x) => x.name === name && x.scope === 'both');
  if (!l) throw new Error(`the core declares no limit named ${name}`);
  return l.value;
}

/** Each parameter's default, as an object (a policy's, a generator's or the device's). */
export function defaultsOf(params: ParamDoc[]): Record<string, unknown> {
  return Object.fromEntries(params.map((p) => [p.key, p.default]));
}

export const flashParam = (key: string): ParamDoc | undefined => CATALOG.flash.find((p) => p.key === key);

/** A flash setting's value for people: the chosen FTL's or cleaning policy's name, the default when unset. */
export function choiceLabelOf(key: string, value: unknown): string {
  const id = typeof value === 'string' ? value : String(flashParam(key)?.default ?? '');
  return CATALOG.ftls.find((f) => f.id === id)?.name ?? CATALOG.cleaning.find((c) => c.id === id)?.name ?? id;
}
