// `npm run probe:big`: a 1 GB trace through the browser, measured. Opt-in (it
// writes a 1 GB file to the temporary directory and takes minutes); the figures
// go to the closing note, and nothing here asserts a timing.
import { expect, test, type Page } from '../e2e/fixtures';
import { createWriteStream, existsSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { longTasks, watchLongTasks } from '../e2e/longTasks';

const SIZE = Number(process.env.PROBE_BYTES ?? 1024 * 1024 * 1024);

async function bigTrace(): Promise<string> {
  const path = join(tmpdir(), `cachescope-probe-v2-${SIZE}.txt`);
  if (existsSync(path) && statSync(path).size >= SIZE) return path;
  const out = createWriteStream(path);
  let written = 0;
  let x = 12345;
  while (written < SIZE) {
    const lines: string[] = [];
    for (let i = 0; i < 100_000; i++) {
      x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
      lines.push(String(x % 5_000_000));
    }
    const chunk = lines.join('\n') + '\n';
    written += chunk.length;
    if (!out.write(chunk)) await new Promise((r) => out.once('drain', r));
  }
  await new Promise((r) => out.end(r));
  return path;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const phases = (ms: Record<string, number>) =>
  Object.entries(ms)
    .map(([k, v]) => `${k} ${seconds(v)}`)
    .join(', ');

/** Seconds from the probe's start to the page's mark `name` (runSlice.ts), once it is made. */
async function markAt(page: Page, name: string): Promise<number> {
  await expect.poll(() => page.evaluate((n) => performance.getEntriesByName(n).length, name), { timeout: 25 * 60_000 }).toBeGreaterThan(0);
  return page.evaluate(
    (n) => performance.getEntriesByName(n)[0].startTime - performance.getEntriesByName('probe:start')[0].startTime,
    name,
  );
}

test('probe: a 1 GB trace loads in the worker; bytes per request and the longest main-thread task', async ({ page }) => {
  test.setTimeout(30 * 60_000);
  const path = await bigTrace();
  await watchLongTasks(page);
  await page.goto('/');
  await expect(page.getByText(/^core \d/)).toBeVisible();
  await page.getByRole('radio', { name: 'Upload' }).check();
  await page.getByLabel('Format').selectOption('plain');
  await page.evaluate(() => performance.mark('probe:start'));
  await page.getByLabel('Trace file').setInputFiles(path);
  await page.getByRole('button', { name: 'Load trace' }).click();
  const summary = page.getByRole('region', { name: 'Trace summary' });
  await expect(summary).toContainText('Core memory', { timeout: 25 * 60_000 });
  const loaded = await markAt(page, 'cachescope:loaded');
  const hashed = await markAt(page, 'cachescope:described');
  console.log(
    `probe:big: ${(SIZE / 2 ** 30).toFixed(2)} GiB loaded in ${seconds(loaded)}, hashed in ${seconds(hashed)}; ${await summary.innerText()}`,
  );
  const app = await page.evaluate(() => window.__cachescopePool!.appLoad());
  console.log(`probe:big: the load's worker time: ${phases(app?.ms ?? {})}; ${app?.fileBytes.toLocaleString('en-US')} bytes read`);
  const tasks = await longTasks(page);
  console.log(`probe:big: long main-thread tasks: ${tasks.count}, longest ${tasks.longest.toFixed(0)} ms`);

  // The pool: a second worker receives the trace from the first (when the memory budget allows two copies).
  await page.evaluate(() => (window.__cachescopeCores = 2));
  await page.getByRole('checkbox', { name: 'OPT (Belady)', exact: true }).uncheck();
  await page.getByRole('textbox', { name: 'Cache sizes (frames)' }).fill('1000, 100000');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(1 + 2, { timeout: 25 * 60_000 });
  const helpers = await page.evaluate(() => window.__cachescopePool!.helperLoads());
  for (const [i, h] of helpers.entries())
    console.log(
      `probe:big: worker ${i + 2} held the trace ${seconds(h?.ms ?? NaN)} after asking for it (${phases(h?.cost?.ms ?? {})}; ${h?.cost?.fileBytes} bytes read); its core's memory ${((h?.coreBytes ?? 0) / 2 ** 20).toFixed(1)} MiB`,
    );
  const all = await longTasks(page);
  console.log(`probe:big: long main-thread tasks with the pool: ${all.count}, longest ${all.longest.toFixed(0)} ms`);
});
