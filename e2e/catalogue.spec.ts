// The UI is built from the core's catalogue: every policy it declares can be
// chosen and run from the page, and CSV traces follow RFC 4180 in the browser.
import { expect, test } from './fixtures';
import { readFileSync } from 'node:fs';

const catalog = JSON.parse(readFileSync(new URL('../src/wasm-pkg/catalog.json', import.meta.url), 'utf8')) as {
  policies: { id: string; name: string }[];
};

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText(/^core \d/)).toBeVisible();
});

test('every policy in the catalogue runs from the UI at a tiny size', async ({ page }) => {
  await page.getByRole('spinbutton', { name: 'Pages' }).fill('40');
  await page.getByRole('spinbutton', { name: 'Length (requests)' }).fill('400');
  await page.getByRole('button', { name: 'Generate workload' }).click();
  await expect(page.getByRole('region', { name: 'Trace summary' })).toContainText('400');
  for (const p of catalog.policies) await page.getByRole('checkbox', { name: p.name, exact: true }).check();
  await page.getByRole('textbox', { name: 'Cache sizes (frames)' }).fill('4');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(1 + catalog.policies.length);
  for (const p of catalog.policies) {
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: p.name, exact: true }) });
    await expect(row, p.id).toHaveCount(1);
    await expect(row.getByRole('cell').first(), p.id).toHaveText('4');
  }
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('an MSR trace whose host name is quoted ("hm,x") loads in the browser', async ({ page }) => {
  const lines = [];
  for (let i = 0; i < 12; i++)
    lines.push(`${128166372003061629n + BigInt(i)},"hm,x",0,${i % 3 ? 'Read' : 'Write'},${(i % 4) * 4096},4096,100`);
  await page.getByRole('radio', { name: 'Upload' }).check();
  await page
    .getByLabel('Trace file')
    .setInputFiles({ name: 'quoted.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n') + '\n') });
  await page.getByRole('button', { name: 'Load trace' }).click();
  const summary = page.getByRole('region', { name: 'Trace summary' });
  await expect(summary).toContainText('quoted.csv');
  await expect(summary).toContainText('MSR Cambridge CSV');
  // Twelve requests over four pages of one device: the quoted "hm,x" is one host name.
  await expect(summary).toContainText(/Requests\s*12\s*Reads/);
  await expect(summary).toContainText(/Distinct pages\s*4\s*Footprint/);
  await expect(page.getByRole('alert')).toHaveCount(0);
});
