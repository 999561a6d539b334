import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './fixtures';

/** A skewed trace of `n` requests over up to `pages` pages, as text. */
function traceText(n: number, pages: number, seed = 1): string {
  let x = seed;
  const rnd = () => (x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const lines: string[] = [];
  for (let i = 0; i < n; i++) lines.push(`${Math.floor(pages * rnd() * rnd())}${rnd() < 0.3 ? ' W' : ''}`);
  return lines.join('\n') + '\n';
}

async function upload(page: Page, name: string, text: string) {
  await page.goto('/');
  await expect(page.getByText(/^core \d/)).toBeVisible();
  await page.getByRole('radio', { name: 'Upload' }).check();
  await page.getByLabel('Trace file').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });
  await page.getByRole('button', { name: 'Load trace' }).click();
  await expect(page.getByRole('region', { name: 'Trace summary' })).toContainText(name);
}

async function curvesCsv(page: Page): Promise<string[][]> {
  await page.getByRole('button', { name: 'Compute miss-ratio curves' }).click();
  const panel = page.getByRole('region', { name: 'Miss-ratio curves' });
  await expect(panel.getByRole('img', { name: 'Miss-ratio curves' })).toBeVisible();
  const [dl] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(dl.suggestedFilename()).toBe('cachescope-miss-ratio-curves.csv');
  return readFileSync((await dl.path())!)
    .toString()
    .trim()
    .split('\n')
    .map((l) => l.split(','));
}

test('curves of three policies on an uploaded trace, drawn and exported', async ({ page }) => {
  const text = traceText(6000, 900);
  await upload(page, 'skewed.txt', text);
  const distinct = new Set(
    text
      .trim()
      .split('\n')
      .map((l) => l.split(' ')[0]),
  ).size;
  const rows = await curvesCsv(page);
  const head = rows[0];
  const col = (r: string[], k: string) => r[head.indexOf(k)];
  // LRU, CLOCK and OPT are the default policies.
  const chart = page.getByRole('img', { name: 'Miss-ratio curves' });
  for (const label of ['LRU', 'CLOCK', 'OPT (Belady)']) await expect(chart.locator(`path[data-series="${label}"]`)).toHaveCount(1);
  const how = page.getByRole('list', { name: 'How each curve was computed' });
  await expect(how.getByRole('listitem')).toHaveCount(3);
  await expect(how).toContainText('LRU: exact at every size, in one pass');
  await expect(how).toContainText('OPT (Belady): exact only');
  const policies = new Set(rows.slice(1).map((r) => col(r, 'policy_id')));
  expect([...policies].sort()).toEqual(['clock', 'lru', 'opt']);
  // With a frame per page nothing is evicted: only first references miss, for every policy.
  for (const p of policies) {
    const last = rows.filter((r) => col(r, 'policy_id') === p).at(-1)!;
    expect(Number(col(last, 'frames'))).toBe(distinct);
    expect(Number(col(last, 'miss_ratio'))).toBeCloseTo(distinct / 6000, 12);
  }
  // Smaller caches miss more.
  const lru = rows.filter((r) => col(r, 'policy_id') === 'lru').map((r) => Number(col(r, 'miss_ratio')));
  expect(lru.every((m, i) => i === 0 || m <= lru[i - 1])).toBe(true);
});

test('a pool of two workers gives the curves and the table of one, and Cancel stops every worker', async ({ page }) => {
  // Above the sample's 16 Ki pages, so CLOCK's curve is sampled and its jobs are many.
  await upload(page, 'large.txt', traceText(400_000, 120_000, 3));
  await page.evaluate(() => (window.__cachescopeCores = 1));
  const one = await curvesCsv(page);
  const how = page.getByRole('list', { name: 'How each curve was computed' });
  await expect(how).toContainText(/CLOCK \(± \d+\.\d\d pp\): sampled: mean of 4 miniature caches/);
  // Every sampled point carries its error estimate in the export; exact points carry 0.
  const col = (k: string) => one[0].indexOf(k);
  const clock = one.slice(1).filter((r) => r[col('policy_id')] === 'clock');
  const sampledRows = clock.filter((r) => Number(r[col('sample_rate')]) < 1);
  expect(sampledRows.length).toBeGreaterThan(10);
  expect(sampledRows.every((r) => Number(r[col('error')]) > 0 && r[col('samples')] === '4')).toBe(true);
  expect(
    one
      .slice(1)
      .filter((r) => r[col('policy_id')] === 'lru')
      .every((r) => r[col('error')] === '0'),
  ).toBe(true);
  await page.evaluate(() => (window.__cachescopeCores = 2));
  const two = await curvesCsv(page);
  expect(await page.evaluate(() => window.__cachescopePool!.workers())).toBe(2);
  expect(two).toEqual(one);
  // The sample's seed is an option: another seed draws other samples, and another estimate.
  const before = await how.innerText();
  await page.getByRole('spinbutton', { name: 'Sample seed' }).fill('1');
  await page.getByRole('button', { name: 'Compute miss-ratio curves' }).click();
  await expect(how).not.toHaveText(before);
  // A comparison's cells too: the table of two workers is the table of one.
  await page.getByRole('textbox', { name: 'Cache sizes (frames)' }).fill('100, 1000, 10000');
  const table = async (cores: number) => {
    await page.evaluate((n) => (window.__cachescopeCores = n), cores);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(1 + 3 * 3);
    await expect(page.getByRole('progressbar', { name: 'Run progress' })).toHaveCount(0);
    return page.getByRole('table').getByRole('row').allInnerTexts();
  };
  expect(await table(2)).toEqual(await table(1));

  await page.evaluate(() => (window.__cachescopeCores = 2));
  // More policies, so that the work outlasts the click on Cancel.
  for (const name of ['CLOCK-Pro', 'LIRS', 'ARC', 'CAR', 'FIFO', 'LFU']) await page.getByRole('checkbox', { name, exact: true }).check();
  await page.getByRole('button', { name: 'Compute miss-ratio curves' }).click();
  await expect(page.getByText(/on 2 workers/)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel curves' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Cancelled; every worker stopped.' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.__cachescopePool!.inFlight())).toBe(0);
});
