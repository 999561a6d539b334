// UI: a link's trace, field by field — a generator's form, or an upload carried
// whole or named by its hash, with how it is read (format, page size, CSV mapping).

import * as v from 'valibot';
import type { CsvMapping, LoadSettings, Unit } from '../core/types';
import { CATALOG, limit } from '../core/catalog';
import { fromBase64Url } from './bytes';
import { DEFAULT_CSV, DEFAULT_GENERATOR, DEFAULT_LOAD } from './defaults';
import { bool, expected, matching, name, num, oneOf, text, type Field, type Problems } from './fields';
import type { GeneratorForm, SharedSource, WorkloadKind } from './types';

/** The core's limits on what one generated workload may ask for. */
export const MAX_LENGTH = limit('generated');
export const MAX_PAGES = limit('distinct_pages');

const KINDS = CATALOG.generators.map((g) => g.id) as WorkloadKind[];

// Bounds keep a link from asking the worker for more memory than a browser tab has.
const GENERATOR: { [K in keyof GeneratorForm]: Field<GeneratorForm[K]> } = {
  kind: oneOf(KINDS),
  pages: num(1, MAX_PAGES, true),
  alpha: num(0, 10),
  hotAccess: num(0, 1),
  hotPages: num(0, 1),
  set: num(1, 1e9, true),
  shiftEvery: num(1, 1e12, true),
  length: num(1, MAX_LENGTH, true),
  writeFraction: num(0, 1),
  seed: num(0, Number.MAX_SAFE_INTEGER, true),
};

const column = v.nullable(num(0, 1000, true));
const unit = oneOf<Unit>(['bytes', 'sectors', 'pages']);
const CSV: { [K in keyof CsvMapping]: Field<CsvMapping[K]> } = {
  // A delimiter left empty means "detect it", as null does.
  delimiter: v.pipe(
    matching(/^[^"\n\r\u0080-\uffff]?$/, 1, 'one ASCII character other than a quote or line end'),
    v.transform((d) => d || null),
  ),
  header: bool,
  id_column: num(0, 1000, true),
  unit,
  size_column: column,
  size_unit: unit,
  sector_size: num(1, 1 << 20, true),
  op_column: column,
  read_values: v.custom<string[]>(
    (x) => Array.isArray(x) && x.length <= 16 && x.every((w) => typeof w === 'string' && w.length <= 20),
    expected('a short list of words'),
  ),
  write_values: v.custom<string[]>(
    (x) => Array.isArray(x) && x.length <= 16 && x.every((w) => typeof w === 'string' && w.length <= 20),
    expected('a short list of words'),
  ),
  namespace_column: column,
  string_ids: bool,
};

function readCsv(p: Problems, value: unknown): CsvMapping {
  const o = p.object('source.load.csv', value) ?? {};
  // A null delimiter is the default (detect it); a null column is "none".
  return p.fields('source.load.csv', CSV, { ...o, delimiter: o.delimiter ?? undefined }, DEFAULT_CSV);
}

function readLoad(p: Problems, value: unknown): LoadSettings {
  const o = p.object('source.load', value) ?? {};
  return {
    format: p.read('source.load.format', v.nullable(name), o.format, null),
    pageSize: p.read('source.load.pageSize', num(1, 1 << 30, true), o.pageSize, DEFAULT_LOAD.pageSize),
    strict: p.read('source.load.strict', bool, o.strict, DEFAULT_LOAD.strict),
    csv: readCsv(p, o.csv),
  };
}

const SHA256 = matching(/^[0-9a-f]{64}$/, 64, '64 hexadecimal digits');

/** The link's trace; `def` when it is absent or cannot be read. */
export function readSource(p: Problems, value: unknown, def: SharedSource): SharedSource {
  const o = p.object('source', value);
  if (!o) return def;
  if (o.kind === 'generate') {
    const form = p.object('source.generator', o.generator) ?? {};
    return { kind: 'generate', generator: p.fields('source.generator', GENERATOR, form, DEFAULT_GENERATOR) };
  }
  if (o.kind === 'inline' || o.kind === 'hashed') {
    const file = p.read('source.name', text(200), o.name, 'trace.txt');
    const load = readLoad(p, o.load);
    if (o.kind === 'inline') {
      if (typeof o.text === 'string') return { kind: 'inline', name: file, load, text: o.text };
      if (typeof o.b64 === 'string' && fromBase64Url(o.b64)) return { kind: 'inline', name: file, load, b64: o.b64 };
      p.bad('source.text', 'the trace’s content', o.text ?? o.b64);
      return def;
    }
    const size = p.read('source.size', num(0, Number.MAX_SAFE_INTEGER, true), o.size, -1);
    const sha256 = p.read('source.sha256', SHA256, o.sha256, '');
    if (size < 0 || !sha256) return def;
    return { kind: 'hashed', name: file, load, size, sha256 };
  }
  p.bad('source.kind', 'generate, inline or hashed', o.kind);
  return def;
}
