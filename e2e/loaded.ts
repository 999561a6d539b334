// A page with a generated trace of 1,000 requests, run: the rows a cancelled load must keep.
import { expect, type Page } from '@playwright/test';

export async function loadedWithResults(page: Page) {
  await page.getByRole('spinbutton', { name: 'Length (requests)' }).fill('1000');
  await page.getByRole('button', { name: 'Generate workload' }).click();
  const summary = page.getByRole('region', { name: 'Trace summary' });
  await expect(summary).toContainText('1,000');
  await page.getByRole('button', { name: 'Run' }).click();
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  return { summary, rows, count: await rows.count() };
}
