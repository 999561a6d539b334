// Warm-up and intervals in the app (issue 25): what the table, the chart, the exports and the link
// show equals slicing the trace's per-request hits by hand, computed here in Node by the same WASM
// core stepping the whole trace without a warm-up (as the parity tests run it).
import { expect, test, type Page } from './fixtures';
import { readFileSync } from 'node:fs';
import { initSync, WasmSession, WasmTrace } from '../src/wasm-pkg/cachescope.js';

initSync({ module: readFileSync(new URL('../src/wasm-pkg/cachescope_bg.wasm', import.meta.url)) });

const ready = async (page: Page) => expect(page.getByText(/^core \d/)).toBeVisible();

/** The trace the generator form below makes (the form's fields as `state/generator.ts` sends them). */
const GEN = { seed: 11, phases: [{ workload: { kind: 'zipf', pages: 300, alpha: 0.9 }, length: 5000, write_fraction: 0.3 }] };
const WARM = 500; // 10 % of 5,000
const INTERVAL = 1000;
const FRAMES = 40;
// The app's default policies: LRU, CLOCK and OPT.
const POLICIES = { LRU: 'lru', CLOCK: 'clock', 'OPT (Belady)': 'opt' } as const;

/** Hits after the warm-up and per interval, from each request's hit or miss with nothing left out. */
function byHand(t: WasmTrace, policy: string, frames: number, warm: number, interval: number): { hits: number; intervals: number[] } {
  const s = new WasmSession(t, policy, frames, '', '');
  const hit: boolean[] = [];
  for (let step = s.step(); step !== undefined; step = s.step()) hit.push((JSON.parse(step) as { hit: boolean }).hit);
  s.free();
  t.free();
  const counted = hit.slice(warm);
  const intervals: number[] = [];
  for (let i = 0; i < counted.length; i += interval) intervals.push(counted.slice(i, i + interval).filter(Boolean).length);
  return { hits: counted.filter(Boolean).length, intervals };
}

async function generateAndRun(page: Page) {
  await page.goto('/');
  await ready(page);
  await page.getByRole('spinbutton', { name: 'Pages' }).fill('300');
  await page.getByRole('spinbutton', { name: 'Zipf α' }).fill('0.9');
  await page.getByRole('spinbutton', { name: 'Length (requests)' }).fill('5000');
  await page.getByRole('spinbutton', { name: 'Write fraction' }).fill('0.3');
  await page.getByRole('spinbutton', { name: 'Seed' }).fill('11');
  await page.getByRole('button', { name: 'Generate workload' }).click();
  await expect(page.getByRole('region', { name: 'Trace summary' })).toContainText('5,000');
  await page.getByRole('textbox', { name: 'Cache sizes (frames)' }).fill(String(FRAMES));
  await page.getByRole('textbox', { name: 'Warm-up (requests or %)' }).fill('10%');
  await page.getByRole('textbox', { name: 'Interval (requests)' }).fill(String(INTERVAL));
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(1 + 3);
}

const NOTE = 'The first 500 requests (10 %) were warm-up, not counted: every figure counts the 4,500 after them.';

/** The table's rows: the label, then the numbers as digits. */
async function rowsOf(page: Page): Promise<string[][]> {
  const rows = await page.getByRole('table').getByRole('row').allInnerTexts();
  return rows.slice(1).map((r) => r.split('\t').map((c, i) => (i === 0 ? c.trim() : c.replace(/[,★ ]/g, ''))));
}

test('a warm-up and intervals: the table says what was left out and counts as slicing by hand, the chart has a point per interval, the link and exports carry both', async ({
  page,
}, info) => {
  await generateAndRun(page);
  const section = page.getByRole('region', { name: 'Results table' });
  await expect(section.getByText(NOTE)).toBeVisible();
  const expected = Object.fromEntries(
    Object.entries(POLICIES).map(([label, id]) => [label, byHand(WasmTrace.generate(JSON.stringify(GEN)), id, FRAMES, WARM, INTERVAL)]),
  );
  for (const [label, frames, requests, hits] of await rowsOf(page)) {
    expect([label, frames, requests, Number(hits)]).toEqual([label, String(FRAMES), '4500', expected[label].hits]);
  }

  // One point per interval: 4,500 requests in intervals of 1,000 are five points, the last one 500 long.
  const chart = page.getByRole('img', { name: 'Hit ratio over the run' });
  await expect(chart.locator('path[data-series]')).toHaveCount(3);
  for (const path of await chart.locator('path[data-series]').all()) await expect(path).toHaveAttribute('data-points', '5');
  await expect(chart).toContainText('requests after the warm-up');
  await expect(page.getByRole('region', { name: 'Hit ratio over the run' })).toContainText(
    'One point per interval of 1,000 requests after the warm-up (the first 500 requests, not counted): 5 intervals',
  );
  await page.screenshot({ path: info.outputPath('warmup.png'), fullPage: true });

  const save = async (button: string) => {
    const [dl] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
    return readFileSync((await dl.path())!).toString();
  };
  const csv = (await save('Export CSV')).trim().split('\n');
  const head = csv[0].split(',');
  for (const line of csv.slice(1)) {
    // The last fields are plain (no quoting): count from the end.
    const cells = line.split(',');
    const at = (k: string) => cells[cells.length - (head.length - head.indexOf(k))];
    expect([at('warmup_requests'), at('interval'), at('requests')]).toEqual(['500', '1000', '4500']);
  }
  const json = JSON.parse(await save('Export JSON'));
  expect(json.options).toMatchObject({ warmup: '10%', warmup_requests: WARM, interval: INTERVAL });
  expect(json.experiment).toMatchObject({ warmup: '10%', interval: INTERVAL });
  for (const r of json.results) {
    const want = expected[r.policy];
    expect(r.intervals.size).toBe(INTERVAL);
    expect(r.intervals.hits).toEqual(want.intervals);
    expect(r.intervals.hit_ratio).toEqual(want.intervals.map((h, i) => h / (i < 4 ? INTERVAL : 500)));
    expect(r.hits).toBe(want.hits);
  }

  // The link reproduces the settings and the numbers after a reload.
  await expect.poll(() => page.url()).toMatch(/#v2=/);
  const before = await rowsOf(page);
  await page.reload();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(1 + 3);
  await expect(page.getByRole('textbox', { name: 'Warm-up (requests or %)' })).toHaveValue('10%');
  await expect(page.getByRole('textbox', { name: 'Interval (requests)' })).toHaveValue(String(INTERVAL));
  await expect(section.getByText(NOTE)).toBeVisible();
  expect(await rowsOf(page)).toEqual(before);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a warm-up the core cannot read, or that leaves nothing to count, is named by the core', async ({ page }) => {
  await generateAndRun(page);
  const warm = page.getByRole('textbox', { name: 'Warm-up (requests or %)' });
  await warm.fill('ten');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const alert = (text: string) => page.getByRole('alert').filter({ hasText: text });
  await expect(alert('invalid warm-up: "ten" is not a number of requests or a share like 10%')).toBeVisible();
  await warm.fill('5000');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(alert("invalid warm-up: a warm-up of 5000 leaves none of the trace's 5000 requests to count")).toBeVisible();
  // An interval is a whole number from 1: anything else is said beside the field.
  await page.getByRole('textbox', { name: 'Interval (requests)' }).fill('0');
  await expect(alert('Interval: “0” is not a whole number of requests from 1')).toBeVisible();
});

test('a hand-written warm-up link: warmup= and interval= run, a bad one is left out and named', async ({ page }) => {
  await page.goto('/?trace=1,2,3,1,2,3,4,1,2,3&policy=lru&frames=3&warmup=4&interval=3');
  await ready(page);
  const section = page.getByRole('region', { name: 'Results table' });
  await expect(section).toContainText('The first 4 requests (40 %) were warm-up, not counted: every figure counts the 6 after them.');
  const pages = [1, 2, 3, 1, 2, 3, 4, 1, 2, 3];
  const want = byHand(WasmTrace.from_pages(pages, new Uint8Array(pages.length)), 'lru', 3, 4, 3);
  expect(want.intervals).toHaveLength(2);
  expect((await rowsOf(page))[0].slice(0, 4)).toEqual(['LRU', '3', '6', String(want.hits)]);
  await expect(page.getByRole('img', { name: 'Hit ratio over the run' }).locator('path[data-series]')).toHaveAttribute('data-points', '2');
  await expect(page.getByRole('textbox', { name: 'Warm-up (requests or %)' })).toHaveValue('4');

  await page.goto('/?trace=1,2,3,1,2,3&policy=lru&frames=3&warmup=lots&interval=2');
  await ready(page);
  await expect(page.getByRole('alert', { name: 'Problems with the link' })).toContainText('invalid link parameter warmup: "lots"');
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Results table' })).not.toContainText('warm-up');
  await expect(page.getByRole('textbox', { name: 'Interval (requests)' })).toHaveValue('2');
});
