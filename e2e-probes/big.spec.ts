// `npm run probe:big`: a 1 GB trace through the browser, measured. Opt-in (it
// writes a 1 GB file to the temporary directory and takes minutes); the figures
// go to the closing note, and nothing here asserts a timing.
import { expect, test } from '../e2e/fixtures';
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

test('probe: a 1 GB trace loads in the worker; bytes per request and the longest main-thread task', async ({ page }) => {
  test.setTimeout(30 * 60_000);
  const path = await bigTrace();
  await watchLongTasks(page);
  await page.goto('/');
  await expect(page.getByText(/^core \d/)).toBeVisible();
  await page.getByRole('radio', { name: 'Upload' }).check();
  await page.getByLabel('Format').selectOption('plain');
  const t0 = Date.now();
  await page.getByLabel('Trace file').setInputFiles(path);
  await page.getByRole('button', { name: 'Load trace' }).click();
  const summary = page.getByRole('region', { name: 'Trace summary' });
  await expect(summary).toContainText('Core memory', { timeout: 25 * 60_000 });
  const seconds = (Date.now() - t0) / 1000;
  console.log(`probe:big: ${(SIZE / 2 ** 30).toFixed(2)} GiB loaded in ${seconds.toFixed(1)} s; ${await summary.innerText()}`);
  const tasks = await longTasks(page);
  console.log(`probe:big: long main-thread tasks: ${tasks.count}, longest ${tasks.longest.toFixed(0)} ms`);
});
