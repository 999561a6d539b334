// Main-thread responsiveness with a 30 MB trace: loading it, sweeping 80 cache
// sizes, and playing the explorer at full speed. The longest main-thread task of
// each phase is printed for the closing note; the test asserts only the results
// (timings are not asserted: they depend on the machine). `npm run probe:big`
// does the same with 1 GB.
import { ALONE, expect, test } from './fixtures';
import { writeFileSync } from 'node:fs';
import { longTasks, resetLongTasks, watchLongTasks } from './longTasks';

test('a 30 MB trace: load, an 80-size sweep and full-speed playback, with the long tasks measured', ALONE, async ({ page }) => {
  test.setTimeout(180_000);
  await watchLongTasks(page);
  await page.goto('/');
  await expect(page.getByText(/^core \d/)).toBeVisible();
  await page.getByRole('radio', { name: 'Upload' }).check();
  await page.getByLabel('Format').selectOption('plain');
  const lines: string[] = [];
  let x = 7;
  for (let i = 0; i < 4_500_000; i++) {
    x = (x * 48271) % 2147483647;
    lines.push(String(x % 200_000));
  }
  const text = lines.join('\n') + '\n';
  expect(text.length).toBeGreaterThan(20_000_000);
  // From a file on disk: a buffer would be decoded on the page's main thread by the test harness itself.
  const path = test.info().outputPath('thirty.txt');
  writeFileSync(path, text);
  await page.getByLabel('Trace file').setInputFiles(path);
  await expect(page.getByRole('button', { name: 'Load trace' })).toBeEnabled();
  await resetLongTasks(page);
  await page.getByRole('button', { name: 'Load trace' }).click();
  const summary = page.getByRole('region', { name: 'Trace summary' });
  await expect(summary).toContainText('4,500,000', { timeout: 120_000 });
  const load = await longTasks(page);
  const perRequest = (await summary.innerText()).match(/\(([\d.]+) B per request\)/)?.[1];
  expect(Number(perRequest)).toBeGreaterThan(0);

  await resetLongTasks(page);
  for (const name of ['FIFO', 'CLOCK', 'OPT (Belady)']) await page.getByRole('checkbox', { name, exact: true }).uncheck();
  const sizes = Array.from({ length: 80 }, (_, i) => 100 * (i + 1)).join(',');
  await page.getByRole('textbox', { name: 'Cache sizes (frames)' }).fill(sizes);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(81, { timeout: 150_000 });
  const sweep = await longTasks(page);

  await resetLongTasks(page);
  await page.getByRole('tab', { name: 'Explore' }).click();
  await page.getByRole('button', { name: 'Explore' }).click();
  await expect(page.getByRole('status', { name: 'Position' })).toHaveText('0 / 4,500,000');
  await page.getByRole('combobox', { name: 'Speed (requests per second)' }).selectOption('10000');
  await page.getByRole('button', { name: 'Play' }).click();
  await expect(page.getByRole('status', { name: 'Position' })).toHaveText(/^[2-9]\d,\d{3} \/|^\d{3},\d{3} \//, { timeout: 60_000 });
  await page.getByRole('button', { name: 'Pause' }).click();
  const play = await longTasks(page);
  console.log(
    `long tasks with a ${(text.length / 1e6).toFixed(0)} MB trace (core ${perRequest} B per request): load ${load.count} (longest ${load.longest.toFixed(0)} ms), 80-size sweep ${sweep.count} (longest ${sweep.longest.toFixed(0)} ms), full-speed playback ${play.count} (longest ${play.longest.toFixed(0)} ms)`,
  );
});
