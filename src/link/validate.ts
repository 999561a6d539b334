// UI: a parsed link checked field by field. Each field is read on its own, so
// one bad value costs only itself: it falls back to its default and a message
// names it; a field this version does not know (a newer link, a typo) is named and ignored.

import * as v from 'valibot';
import { CATALOG, flashParam, isUserPolicy, limit, policyDoc } from '../core/catalog';
import { problemOf } from '../core/params';
import { DEFAULT_EXPERIMENT } from './defaults';
import { bool, ID, matching, name, num, oneOf, Problems, text } from './fields';
import { shown, Written } from './json';
import { liftRepeats } from './migrate';
import { unpinned } from './pin';
import type { BatchShare, ExploreShare, FlashSpec, PolicySpec, SharedExperiment, SharedSource } from './types';
import { readSource } from './validateSource';
import { readCode } from './validateCode';

export interface Decoded {
  /** What could be read, defaults elsewhere; null when nothing could be read. */
  experiment: SharedExperiment | null;
  /** Plain-text problems, one per bad field (empty when the link was clean). */
  problems: string[];
}

/** Whether `id` names a policy: a built-in, one of the user's, or one whose code the link carries. */
const known = (id: string, code: Record<string, string>) => policyDoc(id) !== undefined || id in code;

function readPolicies(p: Problems, value: unknown, code: Record<string, string>): PolicySpec[] {
  if (value === undefined) return DEFAULT_EXPERIMENT.policies;
  if (!Array.isArray(value)) {
    p.bad('policies', 'a list', value);
    return DEFAULT_EXPERIMENT.policies;
  }
  const out: PolicySpec[] = [];
  value.slice(0, 32).forEach((x, i) => {
    const o = p.object(`policies[${i}]`, x);
    if (!o) return;
    const id = p.read(`policies[${i}].id`, name, o.id, '');
    if (!id) return;
    const field = `policies[${i}].params`;
    // A policy the link brings is checked by the core once its code is defined.
    if (id in code && (!policyDoc(id) || isUserPolicy(id))) {
      out.push({ id, params: p.params(field, o.params) });
      return;
    }
    const doc = policyDoc(id);
    if (!doc) {
      p.say(`policies[${i}].id: “${shown(id)}” is not a policy of this version of cachescope; it is left out.`);
      return;
    }
    const params = p.against(field, p.params(field, o.params), doc.name, doc.params, (k) => `${doc.name} has no parameter ${k}.`);
    out.push({ id, params: unpinned(id, params) });
  });
  if (value.length > 32) p.say('policies: more than 32; the rest are left out.');
  return out;
}

/** Fields of the core's flash configuration that the catalogue does not list as settings. */
const OTHER_FLASH = ['page_size', 'write_erase_ratio'];
/** Its nested objects and their keys (the FTL's own parameters are the core's to check). */
const NESTED_FLASH: Record<string, string[] | 'any'> = { latency: ['read_us', 'program_us', 'erase_us'], ftl_params: 'any' };

function readFlash(p: Problems, value: unknown): FlashSpec[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    p.bad('flash', 'a list', value);
    return [];
  }
  return value.slice(0, 8).map((f, i) => {
    const out: FlashSpec = {};
    for (const [k, val] of Object.entries(p.object(`flash[${i}]`, f) ?? {})) {
      const nested = NESTED_FLASH[k];
      if (!flashParam(k) && !OTHER_FLASH.includes(k) && !nested) {
        // The core refuses a field it does not know and would fail the whole run: named and left out here.
        if (ID.test(k)) p.say(`flash[${i}].${shown(k)}: the flash device has no setting ${shown(k)}; ignored.`);
        else p.bad(`flash[${i}] key`, 'a parameter name', k);
        continue;
      }
      if (nested && typeof val === 'object' && val !== null && !Array.isArray(val) && !(val instanceof Written)) {
        // Nested objects (latency, ftl_params) go to the core, which names a bad value.
        const inner = p.params(`flash[${i}].${k}`, val);
        for (const key of Object.keys(inner))
          if (nested !== 'any' && !nested.includes(key)) {
            p.say(`flash[${i}].${k}.${key}: the flash device has no setting ${k}.${key}; ignored.`);
            delete inner[key];
          }
        out[k] = inner;
        continue;
      }
      const spec = flashParam(k);
      const problem = spec && !(val instanceof Written) ? problemOf('flash', spec, val) : null;
      if (problem) p.say(`flash[${i}].${k}: ${problem} Using the default.`);
      else Object.assign(out, p.params(`flash[${i}]`, { [k]: val }));
    }
    return out;
  });
}

/** Traces a batch may hold. */
const MAX_BATCH = 16;

function readBatch(p: Problems, value: unknown): BatchShare | undefined {
  const o = p.object('batch', value);
  if (!o) return undefined;
  let traces: SharedSource[] = [];
  if (Array.isArray(o.traces)) {
    if (o.traces.length > MAX_BATCH) p.say(`batch.traces: at most ${MAX_BATCH} traces; the rest are left out.`);
    traces = o.traces.slice(0, MAX_BATCH).map((t, i) => {
      // Each trace is read as a source is; its problems are named by its place in the batch.
      const sub = new Problems();
      const source = readSource(sub, t, DEFAULT_EXPERIMENT.source);
      for (const text of sub.list) p.say(text.replace(/^source/, `batch.traces[${i}]`));
      return source;
    });
  } else if (o.traces !== undefined) p.bad('batch.traces', 'a list of traces', o.traces);
  const seeds = p.read('batch.seeds', matching(/^[0-9,\s]*$/, 400, 'whole numbers separated by commas'), o.seeds, '');
  return traces.length ? { traces, seeds } : undefined;
}

function readExplore(p: Problems, value: unknown, code: Record<string, string>): ExploreShare | undefined {
  const o = p.object('explore', value);
  if (!o) return undefined;
  const d = CATALOG.experiment;
  let policy = p.read('explore.policy', name, o.policy, d.explore_policy);
  if (policy in code && (!policyDoc(policy) || isUserPolicy(policy)))
    return { ...readExploreRest(p, o, d.explore_frames), policy, params: p.params('explore.params', o.params) };
  if (!known(policy, code)) {
    p.say(`explore.policy: “${shown(policy)}” is not a policy of this version of cachescope; using ${d.explore_policy}.`);
    policy = d.explore_policy;
  }
  const doc = policyDoc(policy)!;
  const params = p.against(
    'explore.params',
    p.params('explore.params', o.params),
    doc.name,
    doc.params,
    (k) => `${doc.name} has no parameter ${k}.`,
  );
  return { ...readExploreRest(p, o, d.explore_frames), policy, params: unpinned(policy, params) };
}

/** The Explore fields besides the policy and its parameters, read in the order the link's problems name them. */
function readExploreRest(p: Problems, o: Record<string, unknown>, frames: number): Omit<ExploreShare, 'policy' | 'params'> {
  const flash = p.against(
    'explore.flash',
    p.params('explore.flash', o.flash),
    'flash',
    CATALOG.flash,
    (k) => `the flash device has no setting ${k}.`,
  );
  const selected = p.read('explore.selected', v.nullable(text(64)), o.selected, null) || null;
  return {
    mode: p.read('explore.mode', oneOf(['cache', 'flash'], 'cache or flash'), o.mode, 'cache'),
    frames: p.read('explore.frames', num(1, limit('frames'), true), o.frames, frames),
    flash,
    step: p.read('explore.step', num(0, Number.MAX_SAFE_INTEGER, true), o.step, 0),
    selected,
  };
}

/** Every field of an experiment, so that the compiler keeps the list whole. */
const FIELDS: Record<keyof SharedExperiment, true> = {
  source: true,
  policies: true,
  frames: true,
  cost: true,
  flush: true,
  collapse: true,
  warmup: true,
  interval: true,
  flash: true,
  baseline: true,
  view: true,
  position: true,
  explore: true,
  batch: true,
  core: true,
  code: true,
  embed: true,
};

/**
 * The link's outer shape: the fields an experiment has and no others. What each
 * holds is read field by field, so one bad value costs only itself.
 */
const OuterShape = v.strictObject(Object.fromEntries(Object.keys(FIELDS).map((k) => [k, v.optional(v.unknown())])));

const FRAMES = matching(/^[0-9.%,\s]*$/, 400, 'cache sizes separated by commas (3, 5%)');
const COST = { read: num(0, 1e9), write: num(0, 1e9) };
/** A warm-up's characters only: the core reads the value itself when the experiment runs (`Warmup::parse`). */
const WARMUP = matching(/^[0-9.%\s]*$/, 40, 'a number of requests or a share like 10%');
const INTERVAL = num(1, Number.MAX_SAFE_INTEGER, true);

/** Checks a parsed link field by field. */
export function validateExperiment(raw: unknown): Decoded {
  const p = new Problems();
  const o = p.object('experiment', raw);
  if (!o) return { experiment: null, problems: p.list };
  const outer = v.safeParse(OuterShape, o);
  if (!outer.success)
    for (const issue of outer.issues) p.say(`${v.getDotPath(issue) ?? 'experiment'}: not a field of this version's links; ignored.`);
  const d = DEFAULT_EXPERIMENT;
  const repeats = liftRepeats(o);
  const cost = p.object('cost', o.cost) ?? {};
  const code = readCode(p, o.code);
  const experiment: SharedExperiment = {
    source: readSource(p, o.source, d.source),
    policies: readPolicies(p, o.policies, code),
    frames: p.read('frames', FRAMES, o.frames, d.frames),
    cost: p.fields('cost', COST, cost, d.cost),
    flush: p.read('flush', bool, o.flush, d.flush),
    collapse: p.read('collapse', bool, o.collapse, d.collapse) || repeats,
    flash: readFlash(p, o.flash),
    baseline: p.read('baseline', num(0, 31, true), o.baseline, 0),
    view: p.read('view', oneOf(['compare', 'explore', 'reproduce', 'yours'], 'compare, explore, reproduce or yours'), o.view, d.view),
    position: p.read('position', num(0, Number.MAX_SAFE_INTEGER, true), o.position, 0),
  };
  const warmup = p.read('warmup', WARMUP, o.warmup, '').trim();
  if (warmup) experiment.warmup = warmup;
  const interval = p.read('interval', INTERVAL, o.interval, null);
  if (interval !== null) experiment.interval = interval;
  const explore = readExplore(p, o.explore, code);
  if (explore) experiment.explore = explore;
  if (Object.keys(code).length > 0) experiment.code = code;
  if (p.read('embed', bool, o.embed, false)) experiment.embed = true;
  const batch = readBatch(p, o.batch);
  if (batch) experiment.batch = batch;
  if (typeof o.core === 'string' && o.core !== CATALOG.version)
    p.say(
      `core: this link was made with core ${shown(o.core)} and this page runs core ${CATALOG.version}; its parameters are pinned, but numbers can differ where the core itself changed.`,
    );
  return { experiment, problems: p.list };
}
