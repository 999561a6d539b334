import { describe, expect, it } from 'vitest';
import { deflateSync, inflateSync, strFromU8, strToU8 } from 'fflate';
import { CATALOG, limit } from '../core/catalog';
import { DEFAULT_EXPERIMENT, DEFAULT_CSV } from './defaults';
import { INLINE_LIMIT, describeUpload, inlineBytes, sha256Hex } from './upload';
import { decodeExperiment } from './decode';
import { encodeExperiment } from './encode';
import { fromBase64Url, inflateCapped, toBase64Url } from './bytes';
import type { SharedExperiment } from './types';
import type { LoadSettings } from '../core/types';

const full: SharedExperiment = {
  source: {
    kind: 'generate',
    generator: {
      kind: 'hot-cold',
      pages: 12345,
      alpha: 0.8,
      hotAccess: 0.9,
      hotPages: 0.1,
      set: 77,
      shiftEvery: 999,
      length: 500000,
      writeFraction: 0.25,
      seed: 7,
    },
  },
  policies: [
    { id: 'lru', params: {} },
    { id: 'cflru', params: { window: 0.5 } },
    { id: 'clock-pro', params: { cold_fraction: 0.3, reading: 'text' } },
    { id: 'ts-clock', params: { pages_per_block: 256 } },
  ],
  frames: '1%, 2%, 5%, 100',
  cost: { read: 25, write: 200 },
  flush: true,
  collapse: true,
  warmup: '10%',
  interval: 500,
  flash: [
    {
      ftl: 'fast',
      gc: 'greedy',
      blocks: 256,
      overprovision: 0.07,
      latency: { read_us: 25, program_us: 200 },
      ftl_params: { log_blocks: 8 },
    },
  ],
  baseline: 2,
  view: 'explore',
  position: 4242,
};

const enc = (o: unknown) => `#v1=${toBase64Url(deflateSync(strToU8(JSON.stringify(o))))}`;

describe('URL codec', () => {
  it('round-trips every field', () => {
    const d = decodeExperiment(encodeExperiment(full));
    expect(d.problems).toEqual([]);
    expect(d.experiment).toEqual(full);
  });

  it('carries a batch: generated traces, uploads by name, size and SHA-256, and the seeds', () => {
    const load: LoadSettings = { format: null, pageSize: 4096, strict: true, csv: DEFAULT_CSV };
    const batch = {
      traces: [
        full.source,
        { kind: 'hashed' as const, name: 'big.trc', load, size: 123456789, sha256: 'ab'.repeat(32) },
        { kind: 'inline' as const, name: 'tiny.txt', load, text: '1\n2\n' },
      ],
      seeds: '1, 2, 3',
    };
    const d = decodeExperiment(encodeExperiment({ ...full, batch }));
    expect(d.problems).toEqual([]);
    expect(d.experiment!.batch).toEqual(batch);
    // A bad trace of the batch is named by its place, and the seeds must be numbers.
    const bad = decodeExperiment(
      enc({ ...full, batch: { traces: [full.source, { kind: 'hashed', name: 'x', size: 1, sha256: 'nope' }], seeds: '1; drop' } }),
    );
    expect(bad.problems.some((p) => p.startsWith('batch.traces[1].sha256'))).toBe(true);
    expect(bad.problems.some((p) => p.startsWith('batch.seeds'))).toBe(true);
    expect(bad.experiment!.batch!.seeds).toBe('');
  });

  it('pins every parameter and the core version in the link, and carries the Explore state', () => {
    const withExplore: SharedExperiment = {
      ...full,
      explore: { mode: 'cache', policy: 'clock-pro', params: { cold_fraction: 0.2 }, frames: 3, flash: {}, step: 12, selected: '7' },
    };
    const h = encodeExperiment(withExplore);
    expect(h.startsWith('#v2=')).toBe(true);
    const raw = JSON.parse(strFromU8(inflateSync(fromBase64Url(h.slice(4))!))) as {
      core: string;
      policies: { id: string; params: Record<string, unknown> }[];
    };
    expect(raw.core).toBe(CATALOG.version);
    // LRU has no parameters; CFLRU's whole configuration is written out, defaults included.
    expect(raw.policies[1].params).toEqual({ window: 0.5 });
    expect(Object.keys(raw.policies[2].params).sort()).toEqual(['cold_fraction', 'reading']);
    const d = decodeExperiment(h);
    expect(d.problems).toEqual([]);
    expect(d.experiment).toEqual(withExplore);
  });

  it('maps the old ignore_repeats parameter onto the collapse run option', () => {
    const old = (on: boolean) => ({
      ...full,
      collapse: undefined,
      policies: [
        { id: 'lirs', params: { ignore_repeats: on } },
        { id: 'lru', params: {} },
      ],
      explore: { mode: 'cache', policy: 'clock-pro', params: { ignore_repeats: on }, frames: 3, flash: {}, step: 0, selected: null },
    });
    for (const on of [true, false]) {
      const d = decodeExperiment(enc(old(on)));
      expect(d.problems).toEqual([]);
      expect(d.experiment?.collapse).toBe(on);
      expect(d.experiment?.policies[0].params).toEqual({});
      expect(d.experiment?.explore?.params).toEqual({});
    }
  });

  it('carries the warm-up and interval run options, and a link without them has none', () => {
    for (const [warmup, interval] of [
      ['12000', 1],
      ['12.5%', 250_000],
    ] as const) {
      const d = decodeExperiment(encodeExperiment({ ...full, warmup, interval }));
      expect(d.problems).toEqual([]);
      expect([d.experiment?.warmup, d.experiment?.interval]).toEqual([warmup, interval]);
    }
    const { warmup: _w, interval: _i, ...without } = full;
    const plain = decodeExperiment(encodeExperiment(without));
    expect(plain.problems).toEqual([]);
    expect(plain.experiment).not.toHaveProperty('warmup');
    expect(plain.experiment).not.toHaveProperty('interval');
    // What the link JSON holds: the warm-up as typed, the interval as a number.
    const json = JSON.parse(strFromU8(inflateSync(fromBase64Url(encodeExperiment(full).slice('#v2='.length))!)));
    expect([json.warmup, json.interval]).toEqual(['10%', 500]);
  });

  it('leaves out a tampered warm-up or interval and names it; the rest of the link loads', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ warmup: 'ten thousand' }, 'warmup: expected a number of requests or a share like 10%, found “ten thousand”; using the default.'],
      [{ warmup: 5000 }, 'warmup: expected a number of requests or a share like 10%, found “5000”; using the default.'],
      [{ warmup: '9'.repeat(41) }, 'warmup: expected a number of requests or a share like 10%'],
      [{ interval: 0 }, 'interval: expected an integer from 1 to 9007199254740991, found “0”; using the default.'],
      [{ interval: 2.5 }, 'interval: expected an integer from 1 to 9007199254740991, found “2.5”; using the default.'],
      [{ interval: '100' }, 'interval: expected an integer from 1 to 9007199254740991, found “100”; using the default.'],
    ];
    for (const [bad, problem] of cases) {
      const d = decodeExperiment(enc({ ...full, warmup: undefined, interval: undefined, ...bad }));
      expect(d.problems).toEqual([expect.stringContaining(problem)]);
      expect(d.experiment).not.toHaveProperty('warmup');
      expect(d.experiment).not.toHaveProperty('interval');
      expect(d.experiment?.frames).toBe(full.frames);
    }
    // A good one beside a bad one survives.
    const d = decodeExperiment(enc({ ...full, warmup: '25%', interval: -3 }));
    expect([d.experiment?.warmup, d.experiment?.interval, d.problems.length]).toEqual(['25%', undefined, 1]);
  });

  it('opens v1 links, and says when a link was made by another core', () => {
    const v1 = enc(full);
    expect(decodeExperiment(v1).experiment).toEqual(full);
    const other = decodeExperiment(enc({ ...full, core: '0.0.1' }));
    expect(other.problems).toEqual([expect.stringMatching(/^core: this link was made with core 0\.0\.1 .* pinned/)]);
    const bad = decodeExperiment(enc({ ...full, explore: { policy: 'nope', frames: 0, step: -1, mode: 'x' } }));
    expect(bad.problems.map((p) => p.split(':')[0])).toEqual(['explore.policy', 'explore.mode', 'explore.frames', 'explore.step']);
  });

  it('stops a deflate bomb at the link cap, and the largest inline upload still round-trips', async () => {
    // 32 MiB of zeros deflate to about 32 KB: the link is small, what it would inflate to is not.
    const bomb = `#v2=${toBase64Url(deflateSync(new Uint8Array(32 * 1024 * 1024), { level: 9 }))}`;
    expect(bomb.length).toBeLessThan(64 * 1024);
    const t0 = performance.now();
    const d = decodeExperiment(bomb);
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(d.experiment).toBeNull();
    expect(d.problems.join(' ')).toMatch(/more than 4 MiB \(limit link_inflated\).*upload it as a file/);
    expect(inflateCapped(deflateSync(new Uint8Array(100)), 99)).toBeNull();
    expect(inflateCapped(deflateSync(new Uint8Array(100)), 100)).toEqual(new Uint8Array(100));

    // The largest upload the app inlines: 1 MiB of text that compresses under the 64 KiB limit.
    const lines: string[] = [];
    for (let i = 0, n = 0; n < 1024 * 1024; i++) {
      const line = `${i % 512} ${i % 8 === 0 ? 'W' : 'R'}\n`;
      lines.push(line);
      n += line.length;
    }
    const text = lines.join('').slice(0, 1024 * 1024);
    const load: LoadSettings = { format: 'plain', pageSize: 4096, strict: true, csv: CATALOG.csv };
    const source = await describeUpload('big.txt', strToU8(text), load);
    expect(source.kind).toBe('inline');
    const back = decodeExperiment(encodeExperiment({ ...full, source }));
    expect(back.problems).toEqual([]);
    expect(back.experiment?.source).toEqual(source);
  });

  it('round-trips inline and hashed uploads', async () => {
    const load: LoadSettings = {
      format: 'csv',
      pageSize: 512,
      strict: false,
      csv: {
        delimiter: ';',
        header: true,
        id_column: 3,
        unit: 'sectors',
        size_column: 4,
        size_unit: 'bytes',
        sector_size: 4096,
        op_column: 1,
        read_values: ['Read'],
        write_values: ['Write', 'W'],
        namespace_column: 0,
        string_ids: true,
      },
    };
    const text = '1 R\n2 W\n3\n';
    const inline = await describeUpload('t.txt', strToU8(text), load);
    expect(inline).toEqual({ kind: 'inline', name: 't.txt', load, text });
    const binary = new Uint8Array([0x1f, 0x8b, 0xff, 0x00, 0xfe]);
    const bin = await describeUpload('t.gz', binary, load);
    expect(bin.kind === 'inline' && bin.b64 !== undefined).toBe(true);
    for (const source of [inline, bin]) {
      const d = decodeExperiment(encodeExperiment({ ...full, source }));
      expect(d.problems).toEqual([]);
      expect(d.experiment?.source).toEqual(source);
      expect(d.experiment?.source.kind === 'inline' && [...inlineBytes(d.experiment.source)]).toEqual([
        ...(source === inline ? strToU8(text) : binary),
      ]);
    }
    // Random bytes do not compress: over the limit they travel as name, size and hash.
    const big = new Uint8Array(INLINE_LIMIT + 4096);
    for (let i = 0; i < big.length; i += 65536) crypto.getRandomValues(big.subarray(i, i + 65536));
    const hashed = await describeUpload('big.bin', big, load);
    expect(hashed.kind).toBe('hashed');
    expect(hashed).toEqual({ kind: 'hashed', name: 'big.bin', load, size: big.length, sha256: await sha256Hex(big) });
    expect(decodeExperiment(encodeExperiment({ ...full, source: hashed })).experiment?.source).toEqual(hashed);
  });

  it('hashes with SHA-256', async () => {
    expect(await sha256Hex(strToU8('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('an empty hash is no experiment and no problem', () => {
    expect(decodeExperiment('')).toEqual({ experiment: null, problems: [] });
    expect(decodeExperiment('#')).toEqual({ experiment: null, problems: [] });
  });

  it('rejects a hash that is not a cachescope link', () => {
    const d = decodeExperiment('#section-2');
    expect(d.experiment).toBeNull();
    expect(d.problems[0]).toMatch(/does not hold a cachescope experiment/);
  });

  it('rejects a truncated link with a clear message', () => {
    const h = encodeExperiment(full);
    // Every cut length, including those base64 cannot even decode.
    for (let cut = 1; cut <= 8; cut++) {
      const d = decodeExperiment(h.slice(0, h.length - cut * 3));
      expect(d.experiment, `cut ${cut * 3}`).toBeNull();
      expect(d.problems.join(' '), `cut ${cut * 3}`).toMatch(/damaged or cut short/);
    }
  });

  it('rejects foreign characters and non-JSON content', () => {
    expect(decodeExperiment('#v1=<script>alert(1)</script>').problems[0]).toMatch(/characters a cachescope link never has/);
    expect(decodeExperiment(`#v1=${toBase64Url(deflateSync(strToU8('{not json')))}`).problems[0]).toMatch(/not readable/);
    expect(decodeExperiment(enc([1, 2])).experiment).toBeNull();
  });

  it('loads a newer-version link best-effort and says so', () => {
    const d = decodeExperiment(enc({ ...full, futureField: 1 }).replace('#v1=', '#v9='));
    expect(d.problems[0]).toMatch(/newer version of cachescope \(link format v9/);
    expect(d.problems[1]).toMatch(/^futureField: not a field of this version's links; ignored\.$/);
    expect(d.experiment).toEqual(full);
  });

  it('checks policy ids and parameters against the core catalogue', () => {
    const d = decodeExperiment(
      enc({
        ...full,
        policies: [
          { id: 'no-such-policy', params: {} },
          { id: 'cflru', params: { window: 7, bogus: 1 } },
          { id: 'ts-clock', params: { pages_per_block: 64 } },
        ],
      }),
    );
    expect(d.experiment?.policies).toEqual([
      { id: 'cflru', params: {} },
      { id: 'ts-clock', params: { pages_per_block: 64 } },
    ]);
    expect(d.problems).toEqual([
      'policies[0].id: “no-such-policy” is not a policy of this version of cachescope; it is left out.',
      'policies[1].params.window: CFLRU window must be between 0 and 1 of the frames. Using the default.',
      'policies[1].params.bogus: CFLRU has no parameter bogus. Using the default.',
    ]);
  });

  it('replaces each bad field by its default and names the field', () => {
    const d = decodeExperiment(
      enc({
        ...full,
        cost: { read: -1, write: 'x' },
        frames: '<b>10</b>',
        flush: 'yes',
        view: 'admin',
        policies: [{ id: 'lru', params: { window: { nested: 1 } } }, { id: '../evil' }, 5],
        source: {
          kind: 'generate',
          generator: { ...(full.source.kind === 'generate' && full.source.generator), pages: 0, kind: 'fractal' },
        },
      }),
    );
    const e = d.experiment!;
    expect(e.cost).toEqual(DEFAULT_EXPERIMENT.cost);
    expect(e.frames).toBe(DEFAULT_EXPERIMENT.frames);
    expect(e.flush).toBe(false);
    expect(e.view).toBe('compare');
    expect(e.policies).toEqual([{ id: 'lru', params: {} }]);
    expect(e.source.kind === 'generate' && e.source.generator.pages).toBe(
      DEFAULT_EXPERIMENT.source.kind === 'generate' && DEFAULT_EXPERIMENT.source.generator.pages,
    );
    expect(e.source.kind === 'generate' && e.source.generator.seed).toBe(7); // good fields survive
    const text = d.problems.join('\n');
    for (const field of [
      'cost.read',
      'cost.write',
      'frames',
      'flush',
      'view',
      'policies[0].params.window',
      'policies[1].id',
      'policies[2]',
      'source.generator.pages',
      'source.generator.kind',
    ])
      expect(text).toContain(`${field}:`);
    expect(d.problems).toHaveLength(10);
  });

  it('checks the CSV mapping of an upload field by field', () => {
    const source = {
      kind: 'inline',
      name: 't.csv',
      text: '1,R\n',
      load: { format: 'csv', pageSize: 4096, strict: true, csv: { ...DEFAULT_CSV, unit: 'furlongs', id_column: -1, read_values: 'r' } },
    };
    const d = decodeExperiment(enc({ ...full, source }));
    expect(d.experiment?.source.kind === 'inline' && d.experiment.source.load.csv).toEqual(DEFAULT_CSV);
    expect(d.problems.map((p) => p.split(':')[0])).toEqual([
      'source.load.csv.id_column',
      'source.load.csv.unit',
      'source.load.csv.read_values',
    ]);
  });

  it('refuses generator sizes a browser tab could not hold', () => {
    const g = full.source.kind === 'generate' ? full.source.generator : null;
    const d = decodeExperiment(enc({ ...full, source: { kind: 'generate', generator: { ...g, length: 5e9, pages: 1e12 } } }));
    expect(d.problems.map((p) => p.split(':')[0])).toEqual(['source.generator.pages', 'source.generator.length']);
    expect(d.experiment?.source.kind === 'generate' && d.experiment.source.generator.length).toBe(
      DEFAULT_EXPERIMENT.source.kind === 'generate' && DEFAULT_EXPERIMENT.source.generator.length,
    );
  });

  it('flash configurations keep one level of nesting and no deeper', () => {
    const d = decodeExperiment(enc({ ...full, flash: [{ ftl: 'page', latency: { read_us: 25, deep: { x: 1 } }, 'bad key!': 1 }] }));
    expect(d.experiment?.flash).toEqual([{ ftl: 'page', latency: { read_us: 25 } }]);
    expect(d.problems.map((p) => p.split(':')[0])).toEqual(['flash[0].latency.deep', 'flash[0] key']);
  });

  it('rejects a hashed source without a valid hash', () => {
    const d = decodeExperiment(enc({ ...full, source: { kind: 'hashed', name: 'x', size: 10, sha256: 'abc' } }));
    expect(d.experiment?.source).toEqual(DEFAULT_EXPERIMENT.source);
    expect(d.problems.join(' ')).toMatch(/source.sha256/);
  });

  it('keeps a typical experiment link short', () => {
    const typical = encodeExperiment({
      ...DEFAULT_EXPERIMENT,
      policies: ['lru', 'fifo', 'clock', 'opt'].map((id) => ({ id, params: {} })),
      frames: '1%, 2%, 5%, 10%, 20%',
    });
    expect(typical.length).toBeLessThan(400);
    console.info(`typical generated-trace experiment link: ${typical.length} characters after #`);
  });
});

describe('hard link values are named in the user’s words (issue 27, point 11)', () => {
  // The JSON as written, not as JavaScript would write it back: numbers keep their digits.
  const raw = (json: string) => `#v2=${toBase64Url(deflateSync(strToU8(json)))}`;

  it('an unknown key in a flash configuration is named and ignored, not sent to the core', () => {
    const d = decodeExperiment(enc({ ...full, flash: [{ ftl: 'page', blocks: 64, new_knob: 3, latency: { read_us: 30, warp_us: 1 } }] }));
    expect(d.problems).toContain('flash[0].new_knob: the flash device has no setting new_knob; ignored.');
    expect(d.problems).toContain('flash[0].latency.warp_us: the flash device has no setting latency.warp_us; ignored.');
    expect(d.experiment!.flash).toEqual([{ ftl: 'page', blocks: 64, latency: { read_us: 30 } }]);
    // The settings the core has and the catalogue does not list still travel.
    const ok = decodeExperiment(enc({ ...full, flash: [{ page_size: 8192, write_erase_ratio: 0.5, ftl_params: { log_blocks: 4 } }] }));
    expect(ok.problems).toEqual([]);
  });

  it('frames and seeds over 400 characters say so, and a bad one says what is expected', () => {
    const long = '1, '.repeat(150);
    const d = decodeExperiment(enc({ ...full, frames: long, batch: { traces: [full.source], seeds: long } }));
    expect(d.problems).toContain(`frames: 450 characters, more than the 400 it may hold (“${long.slice(0, 40)}…”); using the default.`);
    expect(d.problems.find((p) => p.startsWith('batch.seeds'))).toMatch(/^batch.seeds: 450 characters, more than the 400/);
    expect(d.problems.join('\n')).not.toContain('a valid name');
    const bad = decodeExperiment(enc({ ...full, frames: 'lots' }));
    expect(bad.problems).toEqual(['frames: expected cache sizes separated by commas (3, 5%), found “lots”; using the default.']);
  });

  it('1e999 and 2^64 are named as written, with the field’s limit', () => {
    const json = JSON.stringify({ ...full, cost: { read: 7, write: 8 } })
      .replace('"read":7', '"read":1e999')
      .replace('"write":8', '"write":-1e999')
      .replace('"pages":12345', '"pages":18446744073709551616')
      .replace('"position":4242', '"position":9007199254740993');
    const d = decodeExperiment(raw(json));
    expect(d.problems).toContain('cost.read: expected a number from 0 to 1000000000, found “1e999”; using the default.');
    expect(d.problems).toContain('cost.write: expected a number from 0 to 1000000000, found “-1e999”; using the default.');
    expect(d.problems).toContain(
      `source.generator.pages: expected an integer from 1 to ${limit('distinct_pages')}, found “18446744073709551616”; using the default.`,
    );
    expect(d.problems).toContain(
      `position: expected an integer from 0 to ${Number.MAX_SAFE_INTEGER}, found “9007199254740993”; using the default.`,
    );
    expect(d.problems.join('\n')).not.toMatch(/null|18446744073709552000/);
    // In a parameter or a flash setting too; and in a string the digits are left alone.
    const inParams = decodeExperiment(
      raw(
        JSON.stringify({
          ...full,
          policies: [{ id: 'cflru', params: { window: 5 } }],
          flash: [{ blocks: 7, threshold: 8 }],
          source: { ...full.source, name: '1e999' },
        })
          .replace('"window":5', '"window":1e999')
          .replace('"blocks":7', '"blocks":1e400')
          .replace('"threshold":8', '"threshold":18446744073709551615'),
      ),
    );
    expect(inParams.problems).toEqual([
      'policies[0].params.window: 1e999 is beyond the largest number a link can carry (about 1.8e308); using the default.',
      'flash[0].blocks: 1e400 is beyond the largest number a link can carry (about 1.8e308); using the default.',
      'flash[0].threshold: 18446744073709551615 is a whole number beyond 2^53, which a link cannot carry exactly; using the default.',
    ]);
  });

  it('a CSV delimiter of more than one character is refused by the link check, naming the field', () => {
    const load = (delimiter: unknown) =>
      decodeExperiment(
        enc({ ...full, source: { kind: 'inline', name: 't.csv', text: '1,2\n', load: { csv: { ...DEFAULT_CSV, delimiter } } } }),
      );
    for (const delimiter of ['ab', '::', ';;;;']) {
      const d = load(delimiter);
      expect(d.problems).toEqual([
        `source.load.csv.delimiter: expected one ASCII character other than a quote or line end, found “${delimiter}”; using the default.`,
      ]);
      expect(d.experiment!.source.kind === 'inline' && d.experiment!.source.load.csv.delimiter).toBe(DEFAULT_CSV.delimiter);
    }
    expect(load('"').problems).toEqual([
      'source.load.csv.delimiter: expected one ASCII character other than a quote or line end, found “"”; using the default.',
    ]);
    for (const ok of [';', '\t', ' ', '|']) expect(load(ok).problems).toEqual([]);
  });
});
