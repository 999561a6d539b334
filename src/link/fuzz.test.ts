// Fuzzing the link decoder and the CSV mapping with fast-check: no input may
// throw, hang or produce an experiment that does not survive its own link.
// `npm test` runs a few hundred cases per property; `npm run fuzz` runs the
// campaign (FUZZ_RUNS cases each, 100,000 by default).
import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { deflateSync, strToU8 } from 'fflate';
import { decodeExperiment } from './decode';
import { encodeExperiment } from './encode';
import { toBase64Url } from './bytes';
import { validateExperiment } from './validate';
import { DEFAULT_EXPERIMENT } from './defaults';
import { splitPreview } from '../components/csvPreview';

const runs = Number(process.env.FUZZ_RUNS ?? 300);
const opts = { numRuns: runs };
// A campaign of 100,000 cases a property takes minutes, not the default 5 s.
vi.setConfig({ testTimeout: Math.max(10_000, runs * 20) });

const link = (o: unknown) => `#v2=${toBase64Url(deflateSync(strToU8(JSON.stringify(o))))}`;

/** Values shaped like an experiment's fields, with wrong types, ranges and extra keys mixed in. */
const field = fc.oneof(
  fc.anything(),
  fc.double(),
  fc.integer(),
  fc.string(),
  fc.boolean(),
  fc.constantFrom(null, -1, 0, 1e308, Number.MAX_SAFE_INTEGER, '1%, 5%', 'lru', 'clock-pro', 'csv', 'inline', 'hashed', 'explore'),
);
const csvMapping = fc.record(
  {
    delimiter: fc.oneof(fc.constant(null), fc.string({ maxLength: 3 })),
    header: field,
    id_column: field,
    unit: fc.oneof(fc.constantFrom('bytes', 'sectors', 'pages'), fc.string()),
    size_column: field,
    size_unit: field,
    sector_size: field,
    op_column: field,
    read_values: fc.oneof(fc.array(fc.string()), field),
    write_values: fc.oneof(fc.array(fc.string()), field),
    namespace_column: field,
    string_ids: field,
  },
  { requiredKeys: [] },
);
const experimentLike = fc.record(
  {
    source: fc.oneof(
      field,
      fc.record(
        {
          kind: fc.constantFrom('generate', 'inline', 'hashed', 'x'),
          name: field,
          text: field,
          b64: field,
          size: field,
          sha256: field,
          load: fc.record({ format: field, pageSize: field, strict: field, csv: csvMapping }, { requiredKeys: [] }),
          generator: fc.dictionary(fc.string(), field),
        },
        { requiredKeys: [] },
      ),
    ),
    policies: fc.oneof(field, fc.array(fc.record({ id: field, params: fc.dictionary(fc.string(), field) }, { requiredKeys: [] }))),
    frames: field,
    cost: fc.oneof(field, fc.record({ read: field, write: field }, { requiredKeys: [] })),
    flush: field,
    collapse: field,
    flash: fc.oneof(field, fc.array(fc.dictionary(fc.string(), field))),
    baseline: field,
    view: field,
    position: field,
    explore: fc.oneof(
      field,
      fc.record(
        { mode: field, policy: field, params: field, frames: field, flash: field, step: field, selected: field },
        { requiredKeys: [] },
      ),
    ),
    core: field,
  },
  { requiredKeys: [] },
);

describe('fuzzed links', () => {
  it('any text in the hash gives problems or an experiment, never an exception', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string().map((s) => `#v2=${s}`),
          fc.uint8Array().map((b) => `#v1=${toBase64Url(b)}`),
        ),
        (h) => {
          const d = decodeExperiment(h);
          expect(Array.isArray(d.problems)).toBe(true);
        },
      ),
      opts,
    );
  });

  it('any deflated bytes give problems or an experiment, never an exception', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2048 }), (b) => {
        expect(Array.isArray(decodeExperiment(`#v2=${toBase64Url(deflateSync(b))}`).problems)).toBe(true);
      }),
      opts,
    );
  });

  it('whatever a link holds, what is read from it survives its own link unchanged', () => {
    fc.assert(
      fc.property(experimentLike, (o) => {
        const d = decodeExperiment(link(o));
        if (d.experiment === null) return;
        const again = decodeExperiment(encodeExperiment(d.experiment));
        expect(again.problems).toEqual([]);
        expect(again.experiment).toEqual(d.experiment);
      }),
      opts,
    );
  });

  it('the validator takes any value, and a clean experiment passes it unchanged', () => {
    fc.assert(
      fc.property(fc.anything(), (v) => {
        const d = validateExperiment(v);
        expect(Array.isArray(d.problems)).toBe(true);
      }),
      opts,
    );
    expect(validateExperiment(JSON.parse(JSON.stringify(DEFAULT_EXPERIMENT))).problems).toEqual([]);
  });
});

describe('fuzzed CSV preview', () => {
  it('splits any text with any delimiter into at most the rows asked for', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 2000 }),
        fc.oneof(fc.constant(null), fc.string({ maxLength: 2 })),
        fc.integer({ min: 0, max: 50 }),
        (text, delim, n) => {
          const rows = splitPreview(text, delim, n);
          expect(rows.length).toBeLessThanOrEqual(n);
        },
      ),
      opts,
    );
  });
});
