// UI: how the link decoder reads one field. Each kind of value is a valibot
// schema whose issue is the complaint in words ("expected …, found “…”");
// `Problems` reads a field with one, and a bad field is named and falls back
// to its default, so a damaged link loses only what is damaged.

import * as v from 'valibot';
import type { ParamDoc } from '../core/catalog';
import { problemOf } from '../core/params';
import { shown, Written } from './json';
import type { Params } from './types';

/** A field's schema; its first issue's message is the whole complaint. */
export type Field<T> = v.GenericSchema<unknown, T>;

/** The complaint about a value that is not `want`. */
export const expected = (want: string) => (issue: v.BaseIssue<unknown>) => `expected ${want}, found “${shown(issue.input)}”`;

/** A number from `min` to `max`, a whole one when `integer`. */
export function num(min: number, max: number, integer = false): Field<number> {
  const m = expected(`${integer ? 'an integer' : 'a number'} from ${min} to ${max}`);
  return v.pipe(
    v.number(m),
    v.finite(m),
    v.check((x) => !integer || Number.isInteger(x), m),
    v.minValue(min, m),
    v.maxValue(max, m),
  );
}

export const bool: Field<boolean> = v.boolean(expected('true or false'));

/** Text of at most `max` characters. */
export function text(max: number): Field<string> {
  const m = expected(`text of at most ${max} characters`);
  return v.pipe(v.string(m), v.maxLength(max, m));
}

/**
 * Text of at most `max` characters matching `pattern`, which `want` describes. A
 * long one (a list a person typed, `max` ≥ 100) is named by its length instead.
 */
export function matching(pattern: RegExp, max: number, want: string): Field<string> {
  const m = expected(want);
  const long = (issue: v.BaseIssue<unknown>) => {
    const s = issue.input as string;
    return `${s.length.toLocaleString('en-US')} characters, more than the ${max} it may hold (“${shown(s)}”)`;
  };
  return v.pipe(v.string(m), v.maxLength(max, max < 100 ? m : long), v.regex(pattern, m));
}

/** Ids of policies, formats and parameters. */
export const ID = /^[a-z0-9][a-z0-9_.-]{0,39}$/i;
export const name: Field<string> = matching(ID, 40, 'a valid name');

/** One of `options`, which the message lists. */
export const oneOf = <T extends string>(options: readonly T[], want = options.join(', ')): Field<T> =>
  v.picklist(options, expected(want)) as Field<T>;

/** A JSON object (a number kept as written is not one). */
export const object: Field<Record<string, unknown>> = v.custom<Record<string, unknown>>(
  (x) => typeof x === 'object' && x !== null && !Array.isArray(x) && !(x instanceof Written),
  expected('an object'),
);

/** What a parameter may hold in a link; the catalogue checks the rest. */
const paramValue = v.custom<boolean | number | string>(
  (x) => typeof x === 'boolean' || (typeof x === 'number' && Number.isFinite(x)) || (typeof x === 'string' && x.length <= 40),
  expected('a number, true/false or short text'),
);
const paramKey = matching(ID, 40, 'a parameter name');

/** The problems of one link, in words, one per bad field. */
export class Problems {
  readonly list: string[] = [];

  say(text: string): void {
    this.list.push(text);
  }

  bad(field: string, want: string, got: unknown): void {
    this.say(`${field}: expected ${want}, found “${shown(got)}”; using the default.`);
  }

  /** The value of `field` under `schema`: `def` when it is absent, or bad (then named). */
  read<T, D = T>(field: string, schema: Field<T>, value: unknown, def: D): T | D {
    if (value === undefined) return def;
    const r = v.safeParse(schema, value);
    if (r.success) return r.output;
    this.say(`${field}: ${r.issues[0].message}; using the default.`);
    return def;
  }

  /** Every field of `schemas`, read from `o` under `prefix`, each falling back to its own default. */
  fields<T extends object>(prefix: string, schemas: { [K in keyof T]: Field<T[K]> }, o: Record<string, unknown>, defaults: T): T {
    const keys = Object.keys(schemas) as (keyof T & string)[];
    return Object.fromEntries(keys.map((k) => [k, this.read(`${prefix}.${k}`, schemas[k], o[k], defaults[k])])) as T;
  }

  /** An object, or null when absent or not one. */
  object(field: string, value: unknown): Record<string, unknown> | null {
    return this.read(field, object, value, null);
  }

  /** A set of parameters: named keys, each a number, true/false or short text. */
  params(field: string, value: unknown): Params {
    const out: Params = {};
    for (const [k, val] of Object.entries(this.object(field, value) ?? {})) {
      if (this.read(`${field} key`, paramKey, k, null) === null) continue;
      if (val instanceof Written) this.say(`${field}.${k}: ${shown(val)} is ${val.why()}; using the default.`);
      else {
        const x = this.read(`${field}.${k}`, paramValue, val, undefined);
        if (x !== undefined) out[k] = x;
      }
    }
    return out;
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
        this.say(`${field}.${k}: ${problem} Using the default.`);
        delete params[k];
      }
    }
    return params;
  }
}
