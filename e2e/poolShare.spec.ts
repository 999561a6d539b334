// One parse for the whole pool: a helper worker builds its trace from the parts
// the app's worker hands it (requests, ids, keys), never reading the file, and
// the pool's table is the one worker's.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './fixtures';

/** Ids beyond 2^32 and writes, so the parts carry wide ids and bit 31. */
function traceText(n: number): string {
  let x = 11;
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    const page = x % 3000 < 2000 ? x % 700 : 5_000_000_000 + (x % 2300);
    lines.push(`${page}${x % 10 < 3 ? ' W' : ''}`);
  }
  return lines.join('\n') + '\n';
}

async function load(page: Page, name: string, buffer: Buffer) {
  await page.goto('/');
  await expect(page.getByText(/^core \d/)).toBeVisible();
  await page.getByRole('radio', { name: 'Upload' }).check();
  await page.getByLabel('Trace file').setInputFiles({ name, mimeType: 'text/plain', buffer });
  await page.getByRole('button', { name: 'Load trace' }).click();
  await expect(page.getByRole('region', { name: 'Trace summary' })).toContainText(name);
}

async function table(page: Page, cores: number, rows: number): Promise<string[]> {
  await page.evaluate((n) => (window.__cachescopeCores = n), cores);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(1 + rows);
  await expect(page.getByRole('progressbar', { name: 'Run progress' })).toHaveCount(0);
  return page.getByRole('table').getByRole('row').allInnerTexts();
}

const helperLoads = (page: Page) => page.evaluate(() => window.__cachescopePool!.helperLoads());

test('a helper builds the trace from the parts the app worker hands it: the same table, the file read once', async ({ page }) => {
  const text = Buffer.from(traceText(60_000));
  await load(page, 'shared.txt', text);
  await page.getByRole('textbox', { name: 'Cache sizes (frames)' }).fill('50, 500, 2000');
  const one = await table(page, 1, 3 * 3);
  expect(await helperLoads(page)).toEqual([]);
  const two = await table(page, 2, 3 * 3);
  expect(two).toEqual(one);
  const app = await page.evaluate(() => window.__cachescopePool!.appLoad());
  expect(app?.fileBytes).toBe(text.length);
  const [helper] = await helperLoads(page);
  expect(helper?.cost?.fileBytes).toBe(0);
  expect(Object.keys(helper?.cost?.ms ?? {})).toEqual(['building from parts']);
  expect(helper?.coreBytes).toBeGreaterThan(0);
});

test('a key trace crosses with its keys: the pool of two gives the table of one', async ({ page }) => {
  const fixture = readFileSync(new URL('../wasm-core/sim/tests/fixtures/twitter.csv', import.meta.url));
  await load(page, 'cluster52.0', fixture);
  await page.getByRole('textbox', { name: 'Cache sizes (frames)' }).fill('2, 3');
  const one = await table(page, 1, 3 * 2);
  const two = await table(page, 2, 3 * 2);
  expect(two).toEqual(one);
  const [helper] = await helperLoads(page);
  expect(helper?.cost?.fileBytes).toBe(0);
});
