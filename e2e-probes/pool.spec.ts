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
  await timed(page, 2); // warm-up: the helper loads the trace
  const one = await timed(page, 1);
  const two = await timed(page, 2);
  expect(two.rows).toEqual(one.rows);
  console.log(
    `probe:pool: ${REQUESTS.toLocaleString('en-US')} requests, 36 cells: 1 worker ${one.seconds.toFixed(1)} s, 2 workers ${two.seconds.toFixed(1)} s, speed-up ${(one.seconds / two.seconds).toFixed(2)}×`,
  );
});
