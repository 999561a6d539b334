import { expect, test } from '@playwright/test';

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText(/^core \d/)).toBeVisible();
  await page.getByRole('radio', { name: 'Upload' }).check();
});

const plain = ['# a tiny plain trace', '1 R', '2 W', '3', '1', '', '4 w', '2', '1 r', ''].join('\r\n');

test('upload a plain trace, see its summary, run on it', async ({ page }, info) => {
  await page.getByLabel('Trace file').setInputFiles({ name: 'tiny.txt', mimeType: 'text/plain', buffer: Buffer.from(plain) });
  await page.getByRole('button', { name: 'Load trace' }).click();
  const summary = page.getByRole('region', { name: 'Trace summary' });
  await expect(summary).toContainText('tiny.txt');
  await expect(summary).toContainText(/plain.*detected/);
  await expect(summary.getByText('7', { exact: true })).toBeVisible(); // requests
  await expect(summary).toContainText('5 / 2'); // reads / writes
  await expect(page.getByRole('img', { name: 'Reuse distance histogram' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Cache sizes (frames)' }).fill('2');
  await page.getByRole('button', { name: 'Run' }).click();
  const lru = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'LRU', exact: true }) });
  // LRU with 2 frames over 1 2 3 1 4 2 1: each page is evicted just before it returns, so all 7 miss.
  await expect(lru.getByRole('cell').nth(2)).toHaveText('0');
  await page.screenshot({ path: info.outputPath('upload.png'), fullPage: true });
});

test('a malformed trace gets a line-numbered error; lenient mode skips and counts', async ({ page }) => {
  const bad = ['1', '2 W', '3', '4', '5 R', 'seven', '8', ''].join('\n');
  await page.getByLabel('Format').selectOption('plain');
  await page.getByLabel('Trace file').setInputFiles({ name: 'bad.txt', mimeType: 'text/plain', buffer: Buffer.from(bad) });
  await page.getByRole('button', { name: 'Load trace' }).click();
  await expect(page.getByRole('alert')).toContainText('line 6');
  await expect(page.getByRole('alert')).toContainText('seven');

  await page.getByRole('checkbox', { name: 'Skip malformed lines' }).check();
  await page.getByRole('button', { name: 'Load trace' }).click();
  const summary = page.getByRole('region', { name: 'Trace summary' });
  await expect(summary).toContainText('Skipped lines');
  await expect(summary).toContainText('line 6');
});

test('an empty file and a binary file get plain messages', async ({ page }) => {
  await page.getByLabel('Trace file').setInputFiles({ name: 'empty.txt', mimeType: 'text/plain', buffer: Buffer.alloc(0) });
  await page.getByRole('button', { name: 'Load trace' }).click();
  await expect(page.getByRole('alert')).toContainText(/empty/i);

  await page.getByLabel('Format').selectOption('plain');
  const binary = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256));
  await page.getByLabel('Trace file').setInputFiles({ name: 'blob.txt', mimeType: 'application/octet-stream', buffer: binary });
  await page.getByRole('button', { name: 'Load trace' }).click();
  await expect(page.getByRole('alert')).toContainText(/binary/i);
});
