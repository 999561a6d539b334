// Key-value traces in the browser: a Twitter cache trace and a CSV with string ids load with their
// exact distinct keys, say what is not modelled, run, and show their keys in Explore and the inspector.
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';

const fixture = (name: string) => readFileSync(new URL(`../wasm-core/sim/tests/fixtures/${name}`, import.meta.url));

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText(/^core \d/)).toBeVisible();
  await page.getByRole('radio', { name: 'Upload' }).check();
});

test('a Twitter trace: keys as pages, in the summary, a run, Explore and the inspector', async ({ page }, info) => {
  await page.getByLabel('Trace file').setInputFiles({ name: 'cluster52.0', mimeType: 'text/plain', buffer: fixture('twitter.csv') });
  await page.getByRole('button', { name: 'Load trace' }).click();
  const summary = page.getByRole('region', { name: 'Trace summary' });
  await expect(summary).toContainText('Twitter cache trace (detected');
  await expect(summary).toContainText('8 / 3'); // reads / writes: the delete is skipped
  await expect(summary.getByRole('definition').getByText('7', { exact: true })).toBeVisible(); // distinct keys
  const notes = page.getByRole('list', { name: 'How the trace was read' });
  await expect(notes).toContainText('deletes are skipped');
  await expect(notes).toContainText('object sizes are not modelled');

  await page.getByRole('textbox', { name: 'Cache sizes (frames)' }).fill('3');
  await page.getByRole('button', { name: 'Run' }).click();
  const lru = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'LRU', exact: true }) });
  await expect(lru.getByRole('cell').nth(2)).toHaveText('3'); // hits: the second A, T and K

  await page.getByRole('tab', { name: 'Explore' }).click();
  await page.getByRole('combobox', { name: 'Explorer policy' }).selectOption({ label: 'LRU' });
  await page.getByRole('spinbutton', { name: 'Explorer frames' }).fill('3');
  await page.getByRole('button', { name: 'Explore' }).click();
  const position = page.getByRole('status', { name: 'Position' });
  await expect(position).toHaveText('0 / 11');
  await page.getByRole('button', { name: 'Step forward' }).click();
  await expect(position).toHaveText('1 / 11');
  await expect(page.getByLabel('Narration')).toContainText('hP7kQ8X5nN:user:1');

  await page.getByRole('textbox', { name: 'Page to inspect' }).fill('q:timeline:42');
  await page.getByRole('button', { name: 'Inspect' }).click();
  await expect(page.getByRole('region', { name: 'History of page q:timeline:42' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Page to inspect' }).fill('q:timeline:43');
  await page.getByRole('button', { name: 'Inspect' }).click();
  await expect(page.getByRole('alert')).toContainText('page q:timeline:43 is not in the trace: give a key as the trace writes it');
  await page.screenshot({ path: info.outputPath('twitter-explore.png'), fullPage: true });
});

test('a CSV whose id column holds strings, chosen in the mapping form', async ({ page }) => {
  await page.getByLabel('Format').selectOption('csv');
  await page.getByLabel('Trace file').setInputFiles({ name: 'objects.csv', mimeType: 'text/csv', buffer: fixture('kv.csv') });
  await expect(page.getByRole('table', { name: 'File preview' })).toContainText('/img/b.png');
  await page.getByRole('checkbox', { name: 'First line is a header' }).check();
  await page.getByRole('checkbox', { name: 'The id column holds strings (keys)' }).check();
  await expect(page.getByLabel('Offset unit')).toHaveCount(0); // keys have no unit or size
  await page.getByLabel('Key column').selectOption({ label: 'object (column 2)' });
  await page.getByLabel('Operation column').selectOption({ label: 'op (column 3)' });
  await page.getByRole('button', { name: 'Load trace' }).click();
  const summary = page.getByRole('region', { name: 'Trace summary' });
  await expect(summary).toContainText('6 / 1'); // reads / writes
  await expect(summary.getByRole('definition').getByText('4', { exact: true })).toBeVisible(); // distinct keys: /img/A.png is not /img/a.png
  await expect(page.getByRole('list', { name: 'How the trace was read' })).toContainText('each distinct key one page');
});
