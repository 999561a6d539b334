// Fuzzing links in the browser (issue 27): hand-written queries (`?trace=…&policy=…&step=…`, every
// key link.rs reads) and `#v2=` links (deflated JSON, written as text so that numbers keep their
// digits: 1e999, 2^64 − 1, NaN) whose values come from the extremes. For every case the page must
// keep answering (no main-thread task and no gap between timer callbacks of 1 s or more, the
// gaps timed inside the page), raise no uncaught error, keep its shell (header, tabs, status bar)
// and word any problem for a person. One page, a navigation per case: hand-written links load the
// page anew (the query is read once, at start), v2 links alternate between a new load and a change
// of the hash (back/forward's path). FUZZ_RUNS cases (300 in `npm test`; `npm run fuzz` runs 10,000).
import { readFileSync } from 'node:fs';
import { ALONE, expect, test, type Page } from './fixtures';
import fc from 'fast-check';
import { deflateSync } from 'fflate';

// 150 in `npm test` (its time on two cores); `npm run fuzz` runs 10,000. The decoder itself gets 300 in Vitest.
const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
/** How long each case watches the page after its shell is back. */
const WATCH_MS = Number(process.env.FUZZ_WATCH_MS ?? 100);
/** The page must answer within this (issue 27's bound). */
const ANSWER_MS = 1000;

interface Doc {
  id: string;
  key: string;
}
const catalog = JSON.parse(readFileSync(new URL('../src/wasm-pkg/catalog.json', import.meta.url), 'utf8')) as {
  policies: { id: string; params: { key: string }[] }[];
  ftls: Doc[];
  cleaning: Doc[];
  generators: Doc[];
  flash: { key: string }[];
};
const POLICIES = catalog.policies.map((p) => p.id);
const PARAMS = catalog.policies.flatMap((p) => p.params.map((q) => `${p.id}.${q.key}`));

// ---------- values from the extremes ----------

/** Numbers as written in a link: the edges of u32, doubles and u64, overflow, NaN, negative, fractions. */
const EXTREME_NUMBERS = [
  '0',
  '-0',
  '1',
  '-1',
  '-5',
  '2',
  '3',
  '0.5',
  '1e-320',
  '2147483647',
  '2147483648',
  '4294967296',
  '9007199254740991',
  '9007199254740992',
  '9007199254740993',
  '18446744073709551615',
  '18446744073709551616',
  '1e308',
  '-1e308',
  '1e999',
  '-1e999',
  '1.7976931348623157e308',
  '67108864',
  '1048576',
];
const EXTREME_WORDS = [
  'NaN',
  'Infinity',
  '-Infinity',
  'null',
  'true',
  'false',
  '',
  ' ',
  '%',
  '5%',
  '100%',
  '0%',
  '1e999%',
  'x',
  '0x10',
  '1_000',
];
const huge = fc
  .constantFrom(401, 4096, 70_000)
  .chain((n) => fc.constantFrom('9', '1,', 'a', '%', '€').map((c) => c.repeat(c === '€' ? Math.min(n, 20_000) : n)));
const number = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...EXTREME_NUMBERS) },
  { weight: 2, arbitrary: fc.integer({ min: -3, max: 300 }).map(String) },
  { weight: 2, arbitrary: fc.double({ noNaN: false }).map(String) },
);
/** Any value a field might be given. */
const value = fc.oneof(
  { weight: 8, arbitrary: number },
  { weight: 2, arbitrary: fc.constantFrom(...EXTREME_WORDS) },
  { weight: 1, arbitrary: huge },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);

// ---------- hand-written links ----------

const page_ = fc.tuple(number, fc.constantFrom('', '', 'w', 'W')).map(([n, w]) => `${n}${w}`);
const handValue: Record<string, fc.Arbitrary<string>> = {
  trace: fc.oneof(
    fc.array(page_, { minLength: 1, maxLength: 40 }).map((a) => a.join(',')),
    fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 1, maxLength: 60 }).map((a) => a.join(',')),
    value,
  ),
  policy: fc.oneof(
    fc.subarray(POLICIES, { minLength: 1, maxLength: 4 }).map((a) => a.join(',')),
    value,
  ),
  frames: fc.oneof(
    fc
      .array(
        fc.oneof(
          number,
          number.map((n) => `${n}%`),
        ),
        { minLength: 1, maxLength: 3 },
      )
      .map((a) => a.join(',')),
    value,
  ),
  param: fc.tuple(fc.constantFrom(...PARAMS), value).map(([k, v]) => `${k}=${v}`),
  view: fc.oneof(fc.constantFrom('explore', 'compare', 'reproduce'), value),
  step: value,
  'collapse-repeats': fc.oneof(fc.constantFrom('true', 'false'), value),
  warmup: fc.oneof(
    value,
    number.map((n) => `${n}%`),
  ),
  interval: value,
  embed: fc.oneof(fc.constantFrom('1', '0'), value),
  ftl: fc.oneof(fc.constantFrom(...catalog.ftls.map((f) => f.id)), value),
  gc: fc.oneof(fc.constantFrom(...catalog.cleaning.map((c) => c.id)), value),
  blocks: value,
  'pages-per-block': value,
  overprovision: value,
  regions: value,
  colour: value,
};
const handLink = fc
  .array(fc.tuple(fc.constantFrom(...Object.keys(handValue)), fc.nat()), { minLength: 1, maxLength: 7 })
  .chain((keys) => fc.tuple(...keys.map(([k]) => handValue[k].map((v) => [k, v] as const))))
  .map((pairs) => `/?${pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`)
  // The servers read request lines up to 512 KiB (vite.config.ts): a longer address never reaches the app.
  .filter((u) => u.length < 400_000);

// ---------- v2 links ----------

/** A value written into the JSON as is (a bare number token such as 1e999 or NaN, or quoted text). */
const jsonValue = fc.oneof(
  { weight: 8, arbitrary: number },
  { weight: 1, arbitrary: fc.constantFrom('NaN', 'null', 'true', '"5%"', '[]', '{}', '"lru"', '-') },
  { weight: 1, arbitrary: huge.map((s) => JSON.stringify(s)) },
);
const BASE = {
  source: {
    kind: 'generate',
    generator: {
      kind: 'zipf',
      pages: 500,
      alpha: 0.8,
      hotAccess: 0.8,
      hotPages: 0.2,
      set: 50,
      shiftEvery: 1000,
      length: 2000,
      writeFraction: 0.3,
      seed: 1,
    },
  },
  policies: [
    { id: 'lru', params: {} },
    { id: 'clock', params: {} },
  ],
  frames: '1%, 5%',
  cost: { read: 1, write: 1 },
  flush: false,
  collapse: false,
  flash: [] as unknown[],
  baseline: 0,
  view: 'compare',
  position: 0,
  explore: { mode: 'cache', policy: 'lru', params: {}, frames: 8, flash: {}, step: 0, selected: null },
};
const INLINE = {
  kind: 'inline',
  name: 'fuzz.txt',
  load: { format: 'plain', pageSize: 4096, strict: true, csv: { delimiter: ',', header: false, id_column: 0, unit: 'pages' } },
};
/** Where a value may be put: every numeric field of an experiment, and some that are not numbers. */
const PATHS: string[] = [
  ...Object.keys(BASE.source.generator).map((k) => `source.generator.${k}`),
  'frames',
  'warmup',
  'interval',
  'cost.read',
  'cost.write',
  'baseline',
  'position',
  'view',
  'embed',
  'explore.step',
  'explore.frames',
  'explore.policy',
  'explore.mode',
  'explore.selected',
  'explore.params.window',
  ...catalog.flash.map((p) => `explore.flash.${p.key}`),
  ...catalog.flash.map((p) => `flash.0.${p.key}`),
  'flash.0.latency.read_us',
  'flash.0.new_knob',
  'flash.0.page_size',
  'policies.0.params.window',
  'policies.1.params.k',
  'batch.seeds',
  'batch.traces.0.generator.pages',
  'batch.traces.0.generator.length',
  'source.load.pageSize',
  'source.load.csv.delimiter',
  'source.load.csv.id_column',
  'source.size',
];

function setAt(o: Record<string, unknown>, path: string, v: unknown): void {
  const keys = path.split('.');
  let at: Record<string, unknown> = o;
  for (const k of keys.slice(0, -1)) {
    if (typeof at[k] !== 'object' || at[k] === null) at[k] = /^\d+$/.test(k) ? [] : {};
    at = at[k] as Record<string, unknown>;
  }
  at[keys.at(-1)!] = v;
}

const v2Link = fc
  .record({
    source: fc.constantFrom('generate', 'inline', 'inline-big', 'hashed'),
    view: fc.constantFrom('compare', 'explore'),
    policies: fc.subarray(POLICIES, { minLength: 1, maxLength: 4 }),
    flash: fc.boolean(),
    batch: fc.boolean(),
    sets: fc.array(fc.tuple(fc.constantFrom(...PATHS), jsonValue), { minLength: 1, maxLength: 5 }),
    trace: fc.array(page_, { minLength: 1, maxLength: 30 }),
  })
  .map((c) => {
    const o = structuredClone(BASE) as unknown as Record<string, unknown>;
    o.view = c.view;
    o.policies = c.policies.map((id) => ({ id, params: {} }));
    if (c.source === 'inline') o.source = { ...structuredClone(INLINE), text: c.trace.map((t) => t.replace(/w$/i, ' W')).join('\n') };
    if (c.source === 'inline-big')
      o.source = { ...structuredClone(INLINE), text: EXTREME_NUMBERS.filter((n) => /^\d+$/.test(n)).join('\n') };
    if (c.source === 'hashed') o.source = { ...structuredClone(INLINE), kind: 'hashed', size: 12, sha256: 'ab'.repeat(32) };
    if (c.flash) o.flash = [{ ftl: 'page', gc: 'greedy', blocks: 64, pages_per_block: 8 }];
    if (c.batch) o.batch = { traces: [structuredClone(BASE.source)], seeds: '1, 2' };
    // Each value goes in as a marker, replaced in the text by the value as written.
    c.sets.forEach(([path, _], i) => setAt(o, path, `@@fuzz${i}@@`));
    const json = JSON.stringify(o).replace(/"@@fuzz(\d+)@@"/g, (_m, i: string) => c.sets[Number(i)][1]);
    return `/#v2=${Buffer.from(deflateSync(new TextEncoder().encode(json))).toString('base64url')}`;
  });

// ---------- watching the page ----------

/** Set before the page's scripts: every long task, and uncaught errors the page saw. */
async function installWatch(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __fuzzLong: number[] };
    w.__fuzzLong = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__fuzzLong.push(e.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
}

/**
 * One round trip per case: waits for the app's shell (header and tabs, or the embedded explorer) to be drawn, then runs
 * timer callbacks for `ms` (a blocked main thread shows as a gap between two), and reads the
 * longest task since the last case and the messages shown.
 */
async function watch(page: Page, ms: number): Promise<{ shell: boolean; gap: number; longTask: number; alerts: string[] }> {
  const probe = page.evaluate(async (ms) => {
    const w = window as unknown as { __fuzzLong?: number[] };
    const tick = () => new Promise((r) => setTimeout(r, 0));
    // The header and tabs, or (embed=1) the page that is the explorer alone.
    const hasShell = () =>
      (document.querySelector('h1')?.textContent === 'cachescope' && document.querySelector('[role=tablist][aria-label=Views]') !== null) ||
      document.querySelector('.app.embed main[aria-label="cachescope explorer"]') !== null;
    const until = performance.now() + 10_000;
    while (!hasShell() && performance.now() < until) await new Promise((r) => setTimeout(r, 10));
    let gap = 0;
    let last = performance.now();
    const end = last + ms;
    while (last < end) {
      await tick();
      const now = performance.now();
      gap = Math.max(gap, now - last);
      last = now;
    }
    const longTask = Math.max(0, ...(w.__fuzzLong ?? []));
    if (w.__fuzzLong) w.__fuzzLong.length = 0;
    const alerts = [...document.querySelectorAll('[role=alert]')].map((a) => (a as HTMLElement).innerText);
    return { shell: hasShell(), gap, longTask, alerts };
  }, ms);
  // A page that does not even start the probe is frozen too.
  const limit = ms + 10_000 + 10 * ANSWER_MS;
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`the page did not answer within ${limit} ms`)), limit),
  );
  return Promise.race([probe, timeout]);
}

const short = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n)}… (${s.length} characters)` : s);

/** Words no message for a person should hold: the machinery's own. */
const INTERNAL =
  /\bundefined\b|\[object |RuntimeError|unreachable|panicked|Rust value|borrowed|wasm-bindgen|TypeError|ReferenceError|\bat \S+\.(ts|js):\d/;

test('fuzzed hand-written and v2 links never freeze or crash the page', ALONE, async ({ page }) => {
  test.setTimeout(Math.max(240_000, RUNS * 3_000));
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
  page.on('crash', () => errors.push('the renderer crashed'));
  await installWatch(page);
  await page.goto('/');
  await expect(page.getByText(/^core \d/)).toBeVisible();

  const t0 = Date.now();
  let cases = 0;
  let worst = { gap: 0, longTask: 0, url: '' };
  const messages = new Set<string>();
  /** Time spent changing the hash, loading a page, and watching it (ms). */
  const phases = [0, 0, 0];

  const check = async ([url, sameDocument]: [string, boolean]) => {
    cases++;
    errors.length = 0;
    const shortUrl = short(url);
    let t = performance.now();
    const lap = (i: number) => {
      const now = performance.now();
      phases[i] += now - t;
      t = now;
    };
    if (sameDocument) await page.evaluate((h) => (location.hash = h), url.slice(1));
    else await page.goto(url, { timeout: 30_000, waitUntil: 'domcontentloaded' });
    lap(sameDocument ? 0 : 1);
    const seen = await watch(page, WATCH_MS);
    lap(2);
    if (seen.gap > worst.gap || seen.longTask > worst.longTask)
      worst = { gap: Math.max(seen.gap, worst.gap), longTask: Math.max(seen.longTask, worst.longTask), url: shortUrl };
    expect(errors, `uncaught errors after ${shortUrl}`).toEqual([]);
    expect(seen.shell, `the app's header and tabs after ${shortUrl}`).toBe(true);
    expect(seen.gap, `a ${Math.round(seen.gap)} ms gap between timer callbacks after ${shortUrl}`).toBeLessThan(ANSWER_MS);
    expect(seen.longTask, `a ${Math.round(seen.longTask)} ms task after ${shortUrl}`).toBeLessThan(ANSWER_MS);
    for (const a of seen.alerts) {
      messages.add(a.slice(0, 160));
      expect(a, `a message after ${shortUrl}`).not.toMatch(INTERNAL);
      expect(a.length, `a message of ${a.length} characters after ${shortUrl}`).toBeLessThan(8000);
    }
  };

  // A case prints short: a failure names the link by its first 300 characters.
  const asCase = (url: string, sameDocument: boolean) => ({
    url,
    sameDocument,
    [fc.toStringMethod]: () => `${sameDocument ? 'hash ' : ''}${short(url)}`,
  });
  const cases_ = fc.oneof(
    handLink.map((u) => asCase(u, false)),
    // Three in four v2 links arrive as a change of the hash, as Back and Forward bring them.
    fc.tuple(v2Link, fc.nat(3)).map(([u, n]) => asCase(u, n > 0)),
  );
  await fc.assert(
    fc.asyncProperty(cases_, async (c) => {
      try {
        await check([c.url, c.sameDocument]);
      } catch (e) {
        // Start the next case (or the shrinking) from a fresh page.
        await page.goto('about:blank').catch(() => undefined);
        throw new Error(short((e as Error).message, 2000));
      }
    }),
    { numRuns: RUNS, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined, endOnFailure: true },
  );
  const took = (Date.now() - t0) / 1000;
  console.info(
    `link fuzz: ${cases} cases in ${took.toFixed(1)} s (${((took * 1000) / cases).toFixed(0)} ms a case); ` +
      `longest gap ${Math.round(worst.gap)} ms, longest task ${Math.round(worst.longTask)} ms (${worst.url}); ${messages.size} distinct messages; ` +
      `time in hash changes, loads and watching: ${phases.map((p) => (p / 1000).toFixed(1)).join(', ')} s`,
  );
  if (process.env.FUZZ_MESSAGES) console.info([...messages].join('\n'));
});
