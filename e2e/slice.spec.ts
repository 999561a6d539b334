import { expect, test } from './fixtures';
import { loadedWithResults } from './loaded';

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText(/^core \d/)).toBeVisible();
});

test('generate a workload, run four policies, see the numbers and the chart', async ({ page }, info) => {
  await page.getByRole('spinbutton', { name: 'Pages' }).fill('1000');
  await page.getByRole('spinbutton', { name: 'Length (requests)' }).fill('50000');
  await page.getByRole('button', { name: 'Generate workload' }).click();

  const summary = page.getByRole('region', { name: 'Trace summary' });
  await expect(summary).toContainText('50,000');

  for (const name of ['LRU', 'FIFO', 'CLOCK', 'OPT (Belady)']) {
    await page.getByRole('checkbox', { name, exact: true }).check();
  }
  await page.getByRole('textbox', { name: 'Cache sizes (frames)' }).fill('50, 200');
  await page.getByRole('button', { name: 'Run' }).click();

  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(1 + 8);
  const ratio = async (policy: string, frames: string) => {
    const row = table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: policy, exact: true }) })
      .filter({ hasText: frames });
    const cells = await row.getByRole('cell').allInnerTexts();
    return parseFloat(cells[4]);
  };
  const lru = await ratio('LRU', '200');
  const opt = await ratio('OPT (Belady)', '200');
  expect(lru).toBeGreaterThan(10);
  expect(opt).toBeGreaterThanOrEqual(lru);

  const chart = page.getByRole('img', { name: 'Hit ratio over the run' });
  await expect(chart).toBeVisible();
  await expect(chart.locator('path[data-series]')).toHaveCount(8);
  await page.screenshot({ path: info.outputPath('slice.png'), fullPage: true });
});

test('a bad cache size and a bad generator get clear messages', async ({ page }) => {
  await page.getByRole('spinbutton', { name: 'Length (requests)' }).fill('1000');
  await page.getByRole('button', { name: 'Generate workload' }).click();
  await expect(page.getByRole('region', { name: 'Trace summary' })).toContainText('1,000');

  await page.getByRole('textbox', { name: 'Cache sizes (frames)' }).fill('10, lots');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('alert')).toContainText('"lots" is not a cache size');

  await page.getByRole('spinbutton', { name: 'Write fraction' }).fill('1.5');
  await page.getByRole('button', { name: 'Generate workload' }).click();
  await expect(page.getByRole('alert')).toContainText('write fraction must be in [0, 1], got 1.5');
});

test('a long run can be cancelled and the page stays usable', async ({ page }) => {
  await page.getByRole('spinbutton', { name: 'Pages' }).fill('100000');
  await page.getByRole('spinbutton', { name: 'Length (requests)' }).fill('30000000');
  await page.getByRole('button', { name: 'Generate workload' }).click();
  await expect(page.getByRole('region', { name: 'Trace summary' })).toContainText('30,000,000', { timeout: 60_000 });
  await page.getByRole('checkbox', { name: 'OPT (Belady)' }).check();
  await page.getByRole('textbox', { name: 'Cache sizes (frames)' }).fill('10, 100, 1000, 10000');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('progressbar', { name: 'Run progress' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('status')).toContainText('Run cancelled');
  await expect(page.getByRole('button', { name: 'Run' })).toBeEnabled();
});

test('Cancel during generation keeps the previous trace and its results', async ({ page }) => {
  const { summary, rows, count: before } = await loadedWithResults(page);

  // Generation runs in slices, so Cancel is seen long before 60 million requests are made.
  await page.getByRole('spinbutton', { name: 'Length (requests)' }).fill('60000000');
  await page.getByRole('button', { name: 'Generate workload' }).click();
  await expect(page.getByRole('progressbar', { name: 'Loading progress' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('status')).toContainText('Loading cancelled. The previous trace (generated) is still loaded.');
  await expect(summary).toContainText('1,000');
  await expect(rows).toHaveCount(before);
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(rows).toHaveCount(before);
});

test('a trap in the core is reported; the worker is replaced and the next run and Explore work', async ({ page }) => {
  await page.getByRole('spinbutton', { name: 'Length (requests)' }).fill('3000');
  await page.getByRole('button', { name: 'Generate workload' }).click();
  await expect(page.getByRole('region', { name: 'Trace summary' })).toContainText('3,000');

  // The test hook makes the WASM core trap, as running out of memory does.
  await page.evaluate(() => window.__cachescopeTrap?.());
  await expect(page.getByRole('alert')).toContainText('The simulation core stopped');
  await expect(page.getByRole('alert')).toContainText('out of memory');
  await expect(page.getByRole('status')).toContainText('The core was restarted and generated loaded again.');

  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText('3,000');
  await page.getByRole('tab', { name: 'Explore' }).click();
  await page.getByRole('button', { name: 'Explore' }).click();
  await expect(page.getByRole('status', { name: 'Position' })).toHaveText('0 / 3,000');
  await page.getByRole('button', { name: 'Step forward' }).click();
  await expect(page.getByRole('status', { name: 'Position' })).toHaveText('1 / 3,000');
});

test('a trace that would not fit beside the loaded one: said, the old one kept, and dropped on request', async ({ page }) => {
  // A 100 KB budget for traces (the core's `memory` limit is 3 GiB): 8 bytes a request at most.
  await page.addInitScript(() => {
    window.__cachescopeMemoryBudget = 100_000;
  });
  await page.goto('/');
  await expect(page.getByText(/^core \d/)).toBeVisible();
  const summary = page.getByRole('region', { name: 'Trace summary' });
  await page.getByRole('spinbutton', { name: 'Length (requests)' }).fill('5000');
  await page.getByRole('button', { name: 'Generate workload' }).click();
  await expect(summary).toContainText('5,000');

  await page.getByRole('spinbutton', { name: 'Length (requests)' }).fill('10000');
  await page.getByRole('button', { name: 'Generate workload' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('would not fit beside the loaded trace');
  await expect(alert).toContainText('(limit memory)');
  await expect(summary).toContainText('5,000');
  await alert.getByRole('button', { name: 'Drop the loaded trace and load' }).click();
  await expect(summary).toContainText('10,000');
  await expect(page.getByRole('alert')).toHaveCount(0);
});
