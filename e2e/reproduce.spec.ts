import { expect, test, type Page } from './fixtures';

// A table registered by the test through the documented hook (src/reproduce/tables.ts).
// tiny.trc: 1 2 1 3 1 2 4 1. LRU: 2 hits with 2 frames (25 %), 4 with 3 (50 %);
// FIFO: 1 hit with 2 frames (12.5 %), 3 with 3 (37.5 %).
const fixture = {
  id: 'fixture-tiny',
  title: 'Fixture: LRU and FIFO on a tiny trace',
  source: 'a test fixture',
  input: { kind: 'file', name: 'tiny.trc', format: 'lirs', requests: 8, distinct: 4 },
  collapse_repeats: false,
  row_key: 'frames',
  row_label: 'frames',
  unit: '%',
  columns: [
    { label: 'LRU', policy: 'lru', params: '', flash: '', value: 'hit_ratio' },
    { label: 'FIFO', policy: 'fifo', params: '', flash: '', value: 'hit_ratio' },
  ],
  rows: [
    {
      x: 2,
      published: [
        { lo: 25, hi: 25 },
        { lo: 0, hi: 10 },
      ],
    },
    { x: 3, published: [null, { lo: 50, hi: 50 }] },
  ],
  notes: ['A fixture registered by the test.'],
};

const tiny = Buffer.from('1\n2\n1\n3\n1\n2\n4\n1\n');

async function openReproduce(page: Page) {
  await page.addInitScript((t) => {
    (window as unknown as { __cachescopeTables: unknown[] }).__cachescopeTables = [t];
  }, fixture);
  await page.goto('/');
  await expect(page.getByText(/^core \d/)).toBeVisible();
  await page.getByRole('tab', { name: 'Reproduce' }).click();
}

const cellsOf = (page: Page, x: string) =>
  page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: x, exact: true }) })
    .getByRole('cell');

test('a generated workload reproduces CLOCK-Pro’s loop: LRU and CLOCK get nothing', async ({ page }) => {
  await openReproduce(page);
  await page.getByRole('combobox', { name: 'Table' }).selectOption({ label: 'CLOCK-Pro paper, §2.1: a loop one page larger than memory' });
  await expect(page.getByText('loop:pages=101,length=10100')).toBeVisible();
  await page.getByRole('button', { name: 'Reproduce' }).click();
  const cells = cellsOf(page, '100');
  // LRU: published, computed, difference; then CLOCK; then CLOCK-Pro (nothing published).
  await expect(cells.nth(0)).toHaveText('0.0');
  await expect(cells.nth(1)).toHaveText('0.00');
  await expect(cells.nth(2)).toHaveText('0.00');
  await expect(cells.nth(4)).toHaveText('0.00');
  await expect(cells.nth(6)).toHaveText('—');
  expect(Number(await cells.nth(7).textContent())).toBeGreaterThan(90);
  await expect(page.getByRole('list', { name: 'Notes' })).toContainText('comparison');
});

test('a registered fixture on a dropped file: checked against its documented size, computed, differences shown', async ({ page }) => {
  await openReproduce(page);
  await page.getByRole('combobox', { name: 'Table' }).selectOption({ label: fixture.title });
  await page.getByRole('button', { name: 'Reproduce' }).click();
  await expect(page.getByRole('alert')).toContainText('choose that file first');

  // The wrong file: computed anyway, with the difference from the documented trace said.
  const file = page.getByLabel('Trace file (tiny.trc)');
  await file.setInputFiles({ name: 'tiny.trc', mimeType: 'text/plain', buffer: Buffer.from('1\n2\n3\n') });
  await page.getByRole('button', { name: 'Reproduce' }).click();
  await expect(page.getByRole('alert')).toContainText('tiny.trc has 8 requests as documented; this file has 3.');

  await file.setInputFiles({ name: 'tiny.trc', mimeType: 'text/plain', buffer: tiny });
  await page.getByRole('button', { name: 'Reproduce' }).click();
  await expect(page.getByRole('table')).toContainText('8 requests, 4 distinct pages');
  await expect(page.getByRole('alert')).toHaveCount(0);
  const two = cellsOf(page, '2');
  await expect(two.nth(0)).toHaveText('25.0');
  await expect(two.nth(1)).toHaveText('25.00');
  await expect(two.nth(2)).toHaveText('0.00');
  await expect(two.nth(3)).toHaveText('0.0–10.0');
  await expect(two.nth(4)).toHaveText('12.50');
  await expect(two.nth(5)).toHaveText('+2.50');
  const three = cellsOf(page, '3');
  await expect(three.nth(0)).toHaveText('—');
  await expect(three.nth(1)).toHaveText('50.00');
  await expect(three.nth(5)).toHaveText('−12.50');
});
