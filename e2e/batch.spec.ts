import { expect, test, type Page } from './fixtures';

const batchTable = (page: Page) => page.getByRole('table', { name: 'Batch results' });

test('a two-trace, three-seed batch: means and intervals by trace, and the link reopens it', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByText(/^core \d/)).toBeVisible();
  await page.getByRole('spinbutton', { name: 'Pages' }).fill('500');
  await page.getByRole('spinbutton', { name: 'Length (requests)' }).fill('5000');
  await page.getByRole('button', { name: 'Add the current trace' }).click();
  await page.getByRole('spinbutton', { name: 'Pages' }).fill('2000');
  await page.getByRole('button', { name: 'Add the current trace' }).click();
  const list = page.getByRole('list', { name: 'Traces of the batch' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('textbox', { name: 'Seeds' }).fill('1, 2, 3');
  await page.getByRole('textbox', { name: 'Cache sizes (frames)' }).fill('50, 200');
  await page.getByRole('button', { name: 'Compute batch' }).click();

  const table = batchTable(page);
  // 2 traces × 3 policies (LRU, CLOCK, OPT) × 2 sizes, under a header row.
  await expect(table.getByRole('row')).toHaveCount(1 + 12);
  const groups = table.getByRole('rowheader');
  await expect(groups).toHaveText([/500 pages · 5,000 requests/, /2,000 pages · 5,000 requests/]);
  const rows = await table.getByRole('row').allInnerTexts();
  for (const r of rows.slice(1)) {
    expect(r).toMatch(/\t3$/); // n = 3 seeds
    expect(r).toMatch(/± \d+\.\d\d %/);
  }
  // The same policy and size on a larger page set hits less, seed for seed on average.
  // Rows come trace by trace: LRU at 200 frames on the small page set, then on the large one.
  const [small, large] = rows.filter((r) => /\tLRU\t200\t|^LRU\t200\t/.test(r)).map((r) => parseFloat(r.split('\t').at(-3)!));
  expect(small).toBeGreaterThan(large);
  for (const t of ['500', '2,000'])
    await expect(page.getByRole('img', { name: `Hit ratio against cache size — zipf · ${t} pages · 5,000 requests` })).toBeVisible();

  // The address now carries the batch: a new tab reruns it and shows the same numbers.
  await expect.poll(() => page.url()).toContain('#v2=');
  const other = await context.newPage();
  await other.goto(page.url());
  await expect(batchTable(other).getByRole('row')).toHaveCount(1 + 12);
  expect(await batchTable(other).getByRole('row').allInnerTexts()).toEqual(rows);
  await expect(other.getByRole('textbox', { name: 'Seeds' })).toHaveValue('1, 2, 3');
});

test('bad seeds and an empty batch get plain messages', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText(/^core \d/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Compute batch' })).toBeDisabled();
  await page.getByRole('button', { name: 'Add the current trace' }).click();
  await page.getByRole('textbox', { name: 'Seeds' }).fill('1, two');
  await page.getByRole('button', { name: 'Compute batch' }).click();
  await expect(page.getByRole('alert')).toContainText('Seeds: “two” is not a whole number');
});

test('a reload during a batch reruns it: the link is written when the batch starts', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText(/^core \d/)).toBeVisible();
  // Long enough to reload while it runs: 8 seeds of 400,000 requests.
  await page.getByRole('spinbutton', { name: 'Length (requests)' }).fill('400000');
  await page.getByRole('button', { name: 'Add the current trace' }).click();
  await page.getByRole('textbox', { name: 'Seeds' }).fill('1, 2, 3, 4, 5, 6, 7, 8');
  await page.getByRole('textbox', { name: 'Cache sizes (frames)' }).fill('50');
  const before = page.url(); // nothing has run yet: no link
  await page.getByRole('button', { name: 'Compute batch' }).click();
  await expect(page.getByRole('progressbar', { name: 'Batch progress' })).toBeVisible();
  // While it runs the address already carries the batch.
  await expect.poll(() => page.url()).not.toBe(before);
  await expect(page.getByRole('progressbar', { name: 'Batch progress' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('list', { name: 'Traces of the batch' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('textbox', { name: 'Seeds' })).toHaveValue('1, 2, 3, 4, 5, 6, 7, 8');
  // LRU, CLOCK and OPT at one size, under a header row: the batch ran again after the reload.
  await expect(batchTable(page).getByRole('row')).toHaveCount(1 + 3, { timeout: 60_000 });
});
