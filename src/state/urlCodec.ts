// The experiment ⇄ link codec: `#v1=` + base64url(deflate(JSON)). Decoding
// never throws: each field is checked on its own, a bad field falls back to
// its default with a message naming it, so a damaged link still loads what it can.

import { deflateSync, Inflate, strFromU8, strToU8 } from 'fflate';
import { DEFAULT_CSV, DEFAULT_GENERATOR, type GeneratorForm, type WorkloadKind } from './workloadSlice';
import type { BatchShare, ExploreShare, FlashSpec, Params, PolicySpec, SharedExperiment, SharedSource } from './shared';
import type { CsvMapping, LoadSettings, Unit } from '../core/types';
import * as v from 'valibot';
import { CATALOG, defaultsOf, flashParam, limit, policyDoc, type ParamDoc } from '../core/catalog';
import { problemOf } from '../core/params';
import { costPreset, defaultPolicies } from './experimentSlice';

/** v2 adds the Explore tab's state, the core version and pinned parameters; v1 links still open. */
export const URL_VERSION = 2;
/** Uploads whose compressed bytes fit in this travel inside the link. */
export const INLINE_LIMIT = limit('link_trace');
/** What a share link may decompress to (a larger one is no link this app made: a "deflate bomb"). */
export const INFLATED_LIMIT = limit('link_inflated');

/**
 * Inflates `bytes` as a stream, a little input at a time, stopping as soon as
 * the output passes `cap`: a few KB that would inflate to gigabytes cost at most
 * `cap` bytes and milliseconds. Null when the cap is passed.
 */
export function inflateCapped(bytes: Uint8Array, cap: number): Uint8Array | null {
  const parts: Uint8Array[] = [];
  let total = 0;
  const inflate = new Inflate((chunk) => {
    total += chunk.length;
    if (total <= cap) parts.push(chunk);
  });
  const STEP = 1024; // at most about 1 MiB of output per step (deflate's ratio is at most 1032:1)
  for (let off = 0; off < bytes.length && total <= cap; off += STEP)
    inflate.push(bytes.subarray(off, off + STEP), off + STEP >= bytes.length);
  if (total > cap) return null;
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
/** Larger files are not worth compressing to find out: traces shrink far less than 16×. */
export const INLINE_TRY = 16 * INLINE_LIMIT;

/** The core's limits on what one generated workload may ask for. */
export const MAX_LENGTH = limit('generated');
export const MAX_PAGES = limit('distinct_pages');

export const DEFAULT_EXPERIMENT: SharedExperiment = {
  source: { kind: 'generate', generator: DEFAULT_GENERATOR },
  policies: defaultPolicies(),
  frames: CATALOG.experiment.frames,
  cost: costPreset(CATALOG.experiment.cost_preset),
  flush: false,
  collapse: false,
  flash: [],
  baseline: 0,
  view: 'compare',
  position: 0,
};

export interface Decoded {
  /** What could be read, defaults elsewhere; null when nothing could be read. */
  experiment: SharedExperiment | null;
  /** Plain-text problems, one per bad field (empty when the link was clean). */
  problems: string[];
}

// ---------- bytes ⇄ base64url ----------

export function toBase64Url(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  // A length of 4k+1 cannot be base64: the link was cut; decode what is whole so inflate reports it.
  const whole = text.length % 4 === 1 ? text.slice(0, -1) : text;
  const b64 = whole.replace(/-/g, '+').replace(/_/g, '/');
  try {
    const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}

// ---------- encode ----------

/**
 * Every parameter written out, defaults included, so that a later change of a
 * default in the core cannot change what an old link computes.
 */
function pinned(id: string, params: Params): Params {
  const doc = policyDoc(id);
  return doc ? ({ ...defaultsOf(doc.params), ...params } as Params) : params;
}

/** Parameters equal to today's defaults are dropped again: they change nothing, and labels stay short. */
function unpinned(id: string, params: Params): Params {
  const doc = policyDoc(id);
  if (!doc) return params;
  return Object.fromEntries(Object.entries(params).filter(([k, v]) => doc.params.find((p) => p.key === k)?.default !== v));
}

export function encodeExperiment(e: SharedExperiment): string {
  const full: SharedExperiment = {
    ...e,
    policies: e.policies.map((p) => ({ id: p.id, params: pinned(p.id, p.params) })),
    ...(e.explore ? { explore: { ...e.explore, params: pinned(e.explore.policy, e.explore.params) } } : {}),
    core: CATALOG.version,
  };
  const json = JSON.stringify(full);
  return `#v${URL_VERSION}=${toBase64Url(deflateSync(strToU8(json), { level: 9 }))}`;
}

// ---------- decode ----------

/**
 * A number in a link's JSON that JavaScript cannot hold as written: beyond a
 * double (`1e999`, read as Infinity) or a whole number past 2^53 (`18446744073709551616`,
 * read rounded). It keeps the digits so that a message names the number as written;
 * no field accepts it.
 */
export class Written {
  constructor(readonly text: string) {}
  toJSON(): string {
    return this.text;
  }
  /** Why no setting takes it. */
  why(): string {
    return Number.isFinite(Number(this.text))
      ? 'a whole number beyond 2^53, which a link cannot carry exactly'
      : 'beyond the largest number a link can carry (about 1.8e308)';
  }
}

/** Quotes a value from the link for a message: short, plain text. */
function shown(v: unknown): string {
  let s: string;
  try {
    s = v instanceof Written ? v.text : typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v));
  } catch {
    s = String(v);
  }
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}

/** JSON strings (skipped) and numbers, as JSON writes them. */
const JSON_TOKENS = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

/**
 * Parses a link's JSON, keeping each number that a double would change (overflow to
 * Infinity, or a whole number past 2^53) as `Written`, so it is named as written.
 */
export function parseLinkJson(json: string): unknown {
  let marker = '\u0000n';
  while (json.includes(marker)) marker += 'n';
  let found = false;
  const text = json.replace(JSON_TOKENS, (tok) => {
    if (tok.startsWith('"') || (tok.length < 16 && !/[eE]/.test(tok))) return tok;
    const x = Number(tok);
    const lost = !Number.isFinite(x) || (/^-?\d+$/.test(tok) && !Number.isSafeInteger(x));
    if (!lost) return tok;
    found = true;
    return JSON.stringify(marker + tok);
  });
  if (!found) return JSON.parse(json);
  return JSON.parse(text, (_k, v: unknown) => (typeof v === 'string' && v.startsWith(marker) ? new Written(v.slice(marker.length)) : v));
}

const ID = /^[a-z0-9][a-z0-9_.-]{0,39}$/i;
const KINDS = CATALOG.generators.map((g) => g.id) as WorkloadKind[];
const UNITS: Unit[] = ['bytes', 'sectors', 'pages'];

class Checker {
  problems: string[] = [];
  bad(field: string, want: string, got: unknown): void {
    this.problems.push(`${field}: expected ${want}, found “${shown(got)}”; using the default.`);
  }
  num(field: string, v: unknown, def: number, min: number, max: number, integer = false): number {
    if (v === undefined) return def;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max || (integer && !Number.isInteger(v))) {
      this.bad(field, `${integer ? 'an integer' : 'a number'} from ${min} to ${max}`, v);
      return def;
    }
    return v;
  }
  bool(field: string, v: unknown, def: boolean): boolean {
    if (v === undefined) return def;
    if (typeof v !== 'boolean') {
      this.bad(field, 'true or false', v);
      return def;
    }
    return v;
  }
  /** Text of at most `max` characters matching `pattern`, which `want` describes (default: a name). */
  str(field: string, v: unknown, def: string, max: number, pattern?: RegExp, want = 'a valid name'): string {
    if (v === undefined) return def;
    if (typeof v !== 'string') {
      this.bad(field, pattern ? want : `text of at most ${max} characters`, v);
      return def;
    }
    if (v.length > max && (max < 100 || !pattern)) {
      this.bad(field, pattern ? want : `text of at most ${max} characters`, v);
      return def;
    }
    if (v.length > max) {
      this.problems.push(
        `${field}: ${v.length.toLocaleString('en-US')} characters, more than the ${max} it may hold (“${shown(v)}”); using the default.`,
      );
      return def;
    }
    if (pattern && !pattern.test(v)) {
      this.bad(field, want, v);
      return def;
    }
    return v;
  }
  obj(field: string, v: unknown): Record<string, unknown> | null {
    if (v === undefined) return null;
    if (typeof v !== 'object' || v === null || Array.isArray(v) || v instanceof Written) {
      this.bad(field, 'an object', v);
      return null;
    }
    return v as Record<string, unknown>;
  }
  /**
   * Drops each value the catalogue refuses for `owner`'s parameters (`specs`),
   * naming it; `unknown` says what to call a key with no declaration.
   */
  against(field: string, params: Params, owner: string, specs: ParamDoc[], unknown: (k: string) => string | null): Params {
    for (const [k, val] of Object.entries(params)) {
      const spec = specs.find((p) => p.key === k);
      const problem = spec ? problemOf(owner, spec, val) : unknown(k);
      if (problem) {
        this.problems.push(`${field}.${k}: ${problem} Using the default.`);
        delete params[k];
      }
    }
    return params;
  }
  params(field: string, v: unknown): Params {
    const o = this.obj(field, v);
    const out: Params = {};
    if (!o) return out;
    for (const [k, val] of Object.entries(o)) {
      if (!ID.test(k)) {
        this.bad(`${field} key`, 'a parameter name', k);
      } else if (val instanceof Written) {
        this.problems.push(`${field}.${k}: ${shown(val)} is ${val.why()}; using the default.`);
      } else if (
        typeof val === 'boolean' ||
        (typeof val === 'number' && Number.isFinite(val)) ||
        (typeof val === 'string' && val.length <= 40)
      ) {
        out[k] = val;
      } else {
        this.bad(`${field}.${k}`, 'a number, true/false or short text', val);
      }
    }
    return out;
  }
}

function checkGenerator(c: Checker, v: unknown): GeneratorForm {
  const o = c.obj('source.generator', v) ?? {};
  const d = DEFAULT_GENERATOR;
  const kind = KINDS.includes(o.kind as WorkloadKind)
    ? (o.kind as WorkloadKind)
    : (o.kind !== undefined && c.bad('source.generator.kind', KINDS.join(', '), o.kind), d.kind);
  return {
    kind,
    // Bounds keep a link from asking the worker for more memory than a browser tab has.
    pages: c.num('source.generator.pages', o.pages, d.pages, 1, MAX_PAGES, true),
    alpha: c.num('source.generator.alpha', o.alpha, d.alpha, 0, 10),
    hotAccess: c.num('source.generator.hotAccess', o.hotAccess, d.hotAccess, 0, 1),
    hotPages: c.num('source.generator.hotPages', o.hotPages, d.hotPages, 0, 1),
    set: c.num('source.generator.set', o.set, d.set, 1, 1e9, true),
    shiftEvery: c.num('source.generator.shiftEvery', o.shiftEvery, d.shiftEvery, 1, 1e12, true),
    length: c.num('source.generator.length', o.length, d.length, 1, MAX_LENGTH, true),
    writeFraction: c.num('source.generator.writeFraction', o.writeFraction, d.writeFraction, 0, 1),
    seed: c.num('source.generator.seed', o.seed, d.seed, 0, Number.MAX_SAFE_INTEGER, true),
  };
}

function checkCsv(c: Checker, v: unknown): CsvMapping {
  const o = c.obj('source.load.csv', v) ?? {};
  const d = DEFAULT_CSV;
  const f = (k: string) => `source.load.csv.${k}`;
  const col = (k: string, x: unknown, def: number | null) => (x === null ? null : c.num(f(k), x, def as number, 0, 1000, true));
  const unit = (k: string, x: unknown, def: Unit): Unit =>
    x === undefined ? def : UNITS.includes(x as Unit) ? (x as Unit) : (c.bad(f(k), UNITS.join(', '), x), def);
  const words = (k: string, x: unknown, def: string[]): string[] => {
    if (x === undefined) return def;
    if (Array.isArray(x) && x.length <= 16 && x.every((w) => typeof w === 'string' && w.length <= 20)) return x as string[];
    c.bad(f(k), 'a short list of words', x);
    return def;
  };
  return {
    delimiter:
      o.delimiter === null || o.delimiter === undefined
        ? d.delimiter
        : c.str(f('delimiter'), o.delimiter, '', 1, /^[^"\n\r\u0080-\uffff]?$/, 'one ASCII character other than a quote or line end') ||
          null,
    header: c.bool(f('header'), o.header, d.header),
    id_column: c.num(f('id_column'), o.id_column, d.id_column, 0, 1000, true),
    unit: unit('unit', o.unit, d.unit),
    size_column: o.size_column === undefined ? d.size_column : col('size_column', o.size_column, d.size_column),
    size_unit: unit('size_unit', o.size_unit, d.size_unit),
    sector_size: c.num(f('sector_size'), o.sector_size, d.sector_size, 1, 1 << 20, true),
    op_column: o.op_column === undefined ? d.op_column : col('op_column', o.op_column, d.op_column),
    read_values: words('read_values', o.read_values, d.read_values),
    write_values: words('write_values', o.write_values, d.write_values),
    namespace_column:
      o.namespace_column === undefined ? d.namespace_column : col('namespace_column', o.namespace_column, d.namespace_column),
  };
}

function checkLoad(c: Checker, v: unknown): LoadSettings {
  const o = c.obj('source.load', v) ?? {};
  const format = o.format === null || o.format === undefined ? null : c.str('source.load.format', o.format, '', 40, ID) || null;
  return {
    format,
    pageSize: c.num('source.load.pageSize', o.pageSize, 4096, 1, 1 << 30, true),
    strict: c.bool('source.load.strict', o.strict, true),
    csv: checkCsv(c, o.csv),
  };
}

function checkSource(c: Checker, v: unknown): SharedSource {
  const def = DEFAULT_EXPERIMENT.source;
  const o = c.obj('source', v);
  if (!o) return def;
  if (o.kind === 'generate') return { kind: 'generate', generator: checkGenerator(c, o.generator) };
  if (o.kind === 'inline' || o.kind === 'hashed') {
    const name = c.str('source.name', o.name, 'trace.txt', 200);
    const load = checkLoad(c, o.load);
    if (o.kind === 'inline') {
      if (typeof o.text === 'string') return { kind: 'inline', name, load, text: o.text };
      if (typeof o.b64 === 'string' && fromBase64Url(o.b64)) return { kind: 'inline', name, load, b64: o.b64 };
      c.bad('source.text', 'the trace’s content', o.text ?? o.b64);
      return def;
    }
    const size = c.num('source.size', o.size, -1, 0, Number.MAX_SAFE_INTEGER, true);
    const sha256 = c.str('source.sha256', o.sha256, '', 64, /^[0-9a-f]{64}$/, '64 hexadecimal digits');
    if (size < 0 || !sha256) return def;
    return { kind: 'hashed', name, load, size, sha256 };
  }
  c.bad('source.kind', 'generate, inline or hashed', o.kind);
  return def;
}

function checkPolicies(c: Checker, v: unknown): PolicySpec[] {
  if (v === undefined) return DEFAULT_EXPERIMENT.policies;
  if (!Array.isArray(v)) {
    c.bad('policies', 'a list', v);
    return DEFAULT_EXPERIMENT.policies;
  }
  const out: PolicySpec[] = [];
  v.slice(0, 32).forEach((p, i) => {
    const o = c.obj(`policies[${i}]`, p);
    if (!o) return;
    const id = c.str(`policies[${i}].id`, o.id, '', 40, ID);
    if (!id) return;
    const doc = policyDoc(id);
    if (!doc) {
      c.problems.push(`policies[${i}].id: “${shown(id)}” is not a policy of this version of cachescope; it is left out.`);
      return;
    }
    const field = `policies[${i}].params`;
    const params = c.against(field, c.params(field, o.params), doc.name, doc.params, (k) => `${doc.name} has no parameter ${k}.`);
    out.push({ id, params: unpinned(id, params) });
  });
  if (v.length > 32) c.problems.push('policies: more than 32; the rest are left out.');
  return out;
}

/** Fields of the core's flash configuration that the catalogue does not list as settings. */
const OTHER_FLASH = ['page_size', 'write_erase_ratio'];
/** Its nested objects and their keys (the FTL's own parameters are the core's to check). */
const NESTED_FLASH: Record<string, string[] | 'any'> = { latency: ['read_us', 'program_us', 'erase_us'], ftl_params: 'any' };

function checkFlash(c: Checker, v: unknown): FlashSpec[] {
  if (v === undefined) return [];
  if (!Array.isArray(v)) {
    c.bad('flash', 'a list', v);
    return [];
  }
  return v.slice(0, 8).map((f, i) => {
    const o = c.obj(`flash[${i}]`, f) ?? {};
    const out: FlashSpec = {};
    for (const [k, val] of Object.entries(o)) {
      const nested = NESTED_FLASH[k];
      if (!flashParam(k) && !OTHER_FLASH.includes(k) && !nested) {
        // The core refuses a field it does not know and would fail the whole run: named and left out here.
        if (ID.test(k)) c.problems.push(`flash[${i}].${shown(k)}: the flash device has no setting ${shown(k)}; ignored.`);
        else c.bad(`flash[${i}] key`, 'a parameter name', k);
        continue;
      }
      if (nested && typeof val === 'object' && val !== null && !Array.isArray(val) && !(val instanceof Written)) {
        // Nested objects (latency, ftl_params) go to the core, which names a bad value.
        const inner = c.params(`flash[${i}].${k}`, val);
        for (const key of Object.keys(inner))
          if (nested !== 'any' && !nested.includes(key)) {
            c.problems.push(`flash[${i}].${k}.${key}: the flash device has no setting ${k}.${key}; ignored.`);
            delete inner[key];
          }
        out[k] = inner;
        continue;
      }
      const spec = flashParam(k);
      const problem = spec && !(val instanceof Written) ? problemOf('flash', spec, val) : null;
      if (problem) c.problems.push(`flash[${i}].${k}: ${problem} Using the default.`);
      else Object.assign(out, c.params(`flash[${i}]`, { [k]: val }));
    }
    return out;
  });
}

/**
 * The link's outer shape: the fields an experiment has and no others. What each
 * holds is checked field by field below, so one bad value costs only itself; a
 * field this version does not know (a newer link, a typo) is named and ignored.
 */
const OuterShape = v.strictObject({
  explore: v.optional(v.unknown()),
  batch: v.optional(v.unknown()),
  core: v.optional(v.unknown()),
  source: v.optional(v.unknown()),
  policies: v.optional(v.unknown()),
  frames: v.optional(v.unknown()),
  cost: v.optional(v.unknown()),
  flush: v.optional(v.unknown()),
  collapse: v.optional(v.unknown()),
  flash: v.optional(v.unknown()),
  baseline: v.optional(v.unknown()),
  view: v.optional(v.unknown()),
  position: v.optional(v.unknown()),
});

/** Traces a batch may hold. */
const MAX_BATCH = 16;

function checkBatch(c: Checker, v: unknown): BatchShare | undefined {
  const o = c.obj('batch', v);
  if (!o) return undefined;
  let traces: SharedSource[] = [];
  if (Array.isArray(o.traces)) {
    if (o.traces.length > MAX_BATCH) c.problems.push(`batch.traces: at most ${MAX_BATCH} traces; the rest are left out.`);
    traces = o.traces.slice(0, MAX_BATCH).map((t, i) => {
      // Each trace is checked as a source is; its problems are named by its place in the batch.
      const sub = new Checker();
      const source = checkSource(sub, t);
      c.problems.push(...sub.problems.map((p) => p.replace(/^source/, `batch.traces[${i}]`)));
      return source;
    });
  } else if (o.traces !== undefined) c.bad('batch.traces', 'a list of traces', o.traces);
  const seeds = c.str('batch.seeds', o.seeds, '', 400, /^[0-9,\s]*$/, 'whole numbers separated by commas');
  return traces.length ? { traces, seeds } : undefined;
}

function checkExplore(c: Checker, v: unknown): ExploreShare | undefined {
  const o = c.obj('explore', v);
  if (!o) return undefined;
  const d = CATALOG.experiment;
  let policy = c.str('explore.policy', o.policy, d.explore_policy, 40, ID);
  const doc = policyDoc(policy);
  if (!doc) {
    c.problems.push(`explore.policy: “${shown(policy)}” is not a policy of this version of cachescope; using ${d.explore_policy}.`);
    policy = d.explore_policy;
  }
  const pdoc = policyDoc(policy)!;
  const params = c.against(
    'explore.params',
    c.params('explore.params', o.params),
    pdoc.name,
    pdoc.params,
    (k) => `${pdoc.name} has no parameter ${k}.`,
  );
  const flash = c.against(
    'explore.flash',
    c.params('explore.flash', o.flash),
    'flash',
    CATALOG.flash,
    (k) => `the flash device has no setting ${k}.`,
  );
  const selected = o.selected === null || o.selected === undefined ? null : c.str('explore.selected', o.selected, '', 64) || null;
  return {
    mode:
      o.mode === 'flash'
        ? 'flash'
        : o.mode === 'cache' || o.mode === undefined
          ? 'cache'
          : (c.bad('explore.mode', 'cache or flash', o.mode), 'cache'),
    policy,
    params: unpinned(policy, params),
    frames: c.num('explore.frames', o.frames, d.explore_frames, 1, limit('frames'), true),
    flash,
    step: c.num('explore.step', o.step, 0, 0, Number.MAX_SAFE_INTEGER, true),
    selected,
  };
}

/**
 * Links made before immediate repeats became a run option carried
 * `ignore_repeats` as a parameter of LIRS and CLOCK-Pro: it is taken out of
 * every parameter set, and any `true` turns the run option on.
 */
function liftRepeats(o: Record<string, unknown>): boolean {
  let on = false;
  const sets = [
    ...(Array.isArray(o.policies) ? o.policies.map((p) => (p as { params?: unknown } | null)?.params) : []),
    (o.explore as { params?: unknown } | null | undefined)?.params,
  ];
  for (const params of sets) {
    if (params && typeof params === 'object' && 'ignore_repeats' in params) {
      const p = params as Record<string, unknown>;
      on ||= p.ignore_repeats === true;
      delete p.ignore_repeats;
    }
  }
  return on;
}

/** Checks a parsed object field by field. */
export function validateExperiment(raw: unknown): Decoded {
  const c = new Checker();
  const o = c.obj('experiment', raw);
  if (!o) return { experiment: null, problems: c.problems };
  const outer = v.safeParse(OuterShape, o);
  if (!outer.success)
    for (const issue of outer.issues)
      c.problems.push(`${v.getDotPath(issue) ?? 'experiment'}: not a field of this version's links; ignored.`);
  const d = DEFAULT_EXPERIMENT;
  const repeats = liftRepeats(o);
  const costO = c.obj('cost', o.cost) ?? {};
  const experiment: SharedExperiment = {
    source: checkSource(c, o.source),
    policies: checkPolicies(c, o.policies),
    frames: c.str('frames', o.frames, d.frames, 400, /^[0-9.%,\s]*$/, 'cache sizes separated by commas (3, 5%)'),
    cost: {
      read: c.num('cost.read', costO.read, d.cost.read, 0, 1e9),
      write: c.num('cost.write', costO.write, d.cost.write, 0, 1e9),
    },
    flush: c.bool('flush', o.flush, d.flush),
    collapse: c.bool('collapse', o.collapse, d.collapse) || repeats,
    flash: checkFlash(c, o.flash),
    baseline: c.num('baseline', o.baseline, 0, 0, 31, true),
    view:
      o.view === 'compare' || o.view === 'explore' || o.view === 'reproduce' || o.view === 'yours'
        ? o.view
        : (o.view !== undefined && c.bad('view', 'compare, explore or reproduce', o.view), d.view),
    position: c.num('position', o.position, 0, 0, Number.MAX_SAFE_INTEGER, true),
  };
  const explore = checkExplore(c, o.explore);
  if (explore) experiment.explore = explore;
  const batch = checkBatch(c, o.batch);
  if (batch) experiment.batch = batch;
  if (typeof o.core === 'string' && o.core !== CATALOG.version)
    c.problems.push(
      `core: this link was made with core ${shown(o.core)} and this page runs core ${CATALOG.version}; its parameters are pinned, but numbers can differ where the core itself changed.`,
    );
  return { experiment, problems: c.problems };
}

/** Reads a location hash. An empty hash is no experiment and no problem. */
export function decodeExperiment(hash: string): Decoded {
  const h = hash.startsWith('#') ? hash.slice(1) : hash;
  if (h === '') return { experiment: null, problems: [] };
  const m = /^v(\d{1,4})=(.*)$/s.exec(h);
  if (!m)
    return { experiment: null, problems: [`This link does not hold a cachescope experiment (it should start with #v${URL_VERSION}=).`] };
  const version = Number(m[1]);
  const problems: string[] = [];
  if (version > URL_VERSION)
    problems.push(
      `This link was made by a newer version of cachescope (link format v${version}; this page reads v${URL_VERSION}). Loading what this version understands.`,
    );
  else if (version < 1) return { experiment: null, problems: [`Link format v${version} does not exist.`] };
  const bytes = fromBase64Url(m[2]);
  if (!bytes || bytes.length === 0)
    return { experiment: null, problems: [...problems, 'The link is damaged: it contains characters a cachescope link never has.'] };
  let json: string;
  try {
    const inflated = inflateCapped(bytes, INFLATED_LIMIT);
    if (inflated === null)
      return {
        experiment: null,
        problems: [
          ...problems,
          `This link would decompress to more than ${INFLATED_LIMIT / (1024 * 1024)} MiB (limit link_inflated), so it is not a link cachescope made and was not opened. To share a large trace, upload it as a file: the link then names the file by its hash.`,
        ],
      };
    json = strFromU8(inflated);
  } catch {
    return {
      experiment: null,
      problems: [...problems, 'The link is damaged or cut short (it could not be decompressed). Was it copied whole?'],
    };
  }
  let raw: unknown;
  try {
    raw = parseLinkJson(json);
  } catch {
    return { experiment: null, problems: [...problems, 'The link is damaged: its content is not readable.'] };
  }
  const d = validateExperiment(raw);
  return { experiment: d.experiment, problems: [...problems, ...d.problems] };
}

// ---------- uploads ----------

export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** How an uploaded file travels: inline when small once compressed, else by name, size and hash. */
export async function describeUpload(name: string, bytes: Uint8Array, load: LoadSettings): Promise<SharedSource> {
  if (bytes.length <= INLINE_TRY && deflateSync(bytes, { level: 9 }).length <= INLINE_LIMIT) {
    try {
      const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      return { kind: 'inline', name, load, text };
    } catch {
      return { kind: 'inline', name, load, b64: toBase64Url(bytes) };
    }
  }
  return { kind: 'hashed', name, load, size: bytes.length, sha256: await sha256Hex(bytes) };
}

/** The bytes of an inline source. */
export function inlineBytes(s: Extract<SharedSource, { kind: 'inline' }>): Uint8Array {
  return s.text !== undefined ? strToU8(s.text) : (fromBase64Url(s.b64 ?? '') ?? new Uint8Array());
}
