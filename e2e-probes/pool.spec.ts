// `npm run probe:pool`: the worker pool's speed-up in Chromium, on the
// benchmark's sweep (4 policies × 9 sizes) over a 4 M-request trace: one worker
// against two. Opt-in; the figures go to the closing note, nothing asserts a timing.
import { expect, test, type Page } from '../e2e/fixtures';

const REQUESTS = Number(process.env.PROBE_REQUESTS ?? 4_000_000);

function traceText(): string {
  let x = 7;
  const lines: string[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    const u = x / 2 ** 32;
    lines.push(String(Math.floor(1_000_000 * u * u * u)));
  }
  return lines.join('\n') + '\n';
}

async function timed(page: Page, cores: number): Promise<{ seconds: number; rows: string[] }> {
  await page.evaluate((n) => (window.__cachescopeCores = n), cores);
  const t0 = Date.now();
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(1 + 4 * 9, { timeout: 20 * 60_000 });
  await expect(page.getByRole('progressbar', { name: 'Run progress' })).toHaveCount(0, { timeout: 20 * 60_000 });
  return { seconds: (Date.now() - t0) / 1000, rows: await page.getByRole('table').getByRole('row').allInnerTexts() };
}

test('probe: a 4-policy × 9-size sweep on one worker and on two', async ({ page }) => {
  test.setTimeout(30 * 60_000);
  await page.goto('/');
  await expect(page.getByText(/^core \d/)).toBeVisible();
  await page.getByRole('radio', { name: 'Upload' }).check();
  await page.getByLabel('Format').selectOption('plain');
  await page.getByLabel('Trace file').setInputFiles({ name: 'pool.txt', mimeType: 'text/plain', buffer: Buffer.from(traceText()) });
  await page.getByRole('button', { name: 'Load trace' }).click();
  await expect(page.getByRole('region', { name: 'Trace summary' })).toContainText('pool.txt', { timeout: 10 * 60_000 });
  for (const name of ['LRU', 'OPT (Belady)']) await page.getByRole('checkbox', { name, exact: true }).uncheck();
  for (const name of ['ARC', 'CLOCK-Pro', 'S3-FIFO']) await page.getByRole('checkbox', { name, exact: true }).check();
  await page.getByRole('button', { name: 'Sweep sizes 1%–100%' }).click();
  const warm = await timed(page, 2); // warm-up: the helper receives the trace
  const app = await page.evaluate(() => window.__cachescopePool!.appLoad());
  const [helper] = await page.evaluate(() => window.__cachescopePool!.helperLoads());
  const ms = (r: Record<string, number> | undefined) => Object.values(r ?? {}).reduce((a, b) => a + b, 0);
  const memory = (await page.getByRole('region', { name: 'Trace summary' }).innerText()).match(/Core memory\s+(.*)/)?.[1];
  console.log(
    `probe:pool: worker 1 loaded the file in ${(ms(app?.ms) / 1000).toFixed(2)} s (core memory ${memory}); worker 2 held it ${((helper?.ms ?? NaN) / 1000).toFixed(2)} s after asking, ${helper?.cost?.fileBytes} bytes read, core memory ${((helper?.coreBytes ?? 0) / 2 ** 20).toFixed(1)} MiB; first 2-worker run ${warm.seconds.toFixed(1)} s`,
  );
  const one = await timed(page, 1);
  const two = await timed(page, 2);
  expect(two.rows).toEqual(one.rows);
  console.log(
    `probe:pool: ${REQUESTS.toLocaleString('en-US')} requests, 36 cells: 1 worker ${one.seconds.toFixed(1)} s, 2 workers ${two.seconds.toFixed(1)} s, speed-up ${(one.seconds / two.seconds).toFixed(2)}×`,
  );
});
