// Both threads: parameters as the catalogue declares them (type, range, unit, default), and the
// checks every editor and every link applies to a value. One model for every
// policy, generator and flash device, so there is one editor.

import type { ParamDoc } from './generated/core';
import { choiceLabelOf } from './catalog';

export type ParamValue = number | boolean | string;
export type Params = Record<string, ParamValue>;

/** What an editor draws for one parameter. */
export interface Field {
  key: string;
  label: string;
  kind: ParamDoc['kind'];
  /** The value shown: the one given, else the default. */
  value: ParamValue;
  default: ParamValue;
  min?: number;
  max?: number;
  step?: number | 'any';
  unit: string;
  doc: string;
  choices: { id: string; label: string }[];
}

const asValue = (x: unknown): ParamValue | undefined =>
  typeof x === 'number' || typeof x === 'boolean' || typeof x === 'string' ? x : undefined;

export function fieldsOf(params: ParamDoc[], values: Record<string, unknown>): Field[] {
  return params.map((p) => {
    const def = asValue(p.default) ?? (p.kind === 'bool' ? false : p.kind === 'choice' ? (p.choices[0] ?? '') : 0);
    return {
      key: p.key,
      label: p.label,
      kind: p.kind,
      value: asValue(values[p.key]) ?? def,
      default: def,
      min: p.min ?? undefined,
      max: p.max ?? undefined,
      step: p.kind === 'integer' ? 1 : 'any',
      unit: p.unit,
      doc: p.doc,
      choices: p.choices.map((id) => ({ id, label: choiceLabelOf(p.key, id) })),
    };
  });
}

/** Why `value` is not acceptable for `p`, in words naming `owner` and the key; null when it is. */
export function problemOf(owner: string, p: ParamDoc, value: unknown): string | null {
  const name = `${owner} ${p.key}`.trim();
  switch (p.kind) {
    case 'bool':
      return typeof value === 'boolean' ? null : `${name} must be true or false.`;
    case 'choice':
      return typeof value === 'string' && p.choices.includes(value) ? null : `${name} must be one of ${p.choices.join(', ')}.`;
    default: {
      if (typeof value !== 'number' || !Number.isFinite(value)) return `${name} must be a number.`;
      if (p.kind === 'integer' && !Number.isInteger(value)) return `${name} must be a whole number.`;
      const lo = p.min ?? -Infinity;
      const hi = p.max ?? Infinity;
      if (value < lo || value > hi) return `${name} must be between ${lo} and ${hi}${p.unit ? ` ${p.unit}` : ''}.`;
      return null;
    }
  }
}

/**
 * The values to send to the core: only those that differ from the defaults, each
 * checked; unknown keys are dropped. The first bad value is the error.
 */
export function paramsToSend(owner: string, params: ParamDoc[], values: Record<string, unknown>): { params: Params } | { error: string } {
  const out: Params = {};
  for (const p of params) {
    if (!(p.key in values)) continue;
    const v = values[p.key];
    const problem = problemOf(owner, p, v);
    if (problem) return { error: problem };
    if (v !== p.default) out[p.key] = v as ParamValue;
  }
  return { params: out };
}

/** The device settings shown at once (the runner's flash flags); the rest of the catalogue's flash parameters fold away. */
export const MAIN_FLASH_KEYS = ['ftl', 'gc', 'blocks', 'pages_per_block', 'overprovision', 'regions'];

export function splitFlashFields(fields: Field[]): [Field[], Field[]] {
  return [fields.filter((f) => MAIN_FLASH_KEYS.includes(f.key)), fields.filter((f) => !MAIN_FLASH_KEYS.includes(f.key))];
}
