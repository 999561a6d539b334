// With flash configurations the results come as two tables, each within its box at 1280×720
// (issue 24: one table of sixteen columns was 1,500 px wide in a 904 px box).
import { expect, test, type Page } from './fixtures';

async function fits(page: Page, name: string) {
  const table = page.getByRole('table', { name });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const { width, box } = await table.evaluate((t) => ({ width: t.scrollWidth, box: t.parentElement!.clientWidth }));
  expect(width, `${name}: ${width} px in a ${box} px box`).toBeLessThanOrEqual(box);
}

test('flash results fit their box beside the cache results', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await expect(page.getByText(/^core \d/)).toBeVisible();
  await page.getByText('Teaching presets').click();
  await page.getByRole('button', { name: 'Open preset: Greedy against cost-benefit cleaning' }).click();
  await fits(page, 'Flash results');
  await fits(page, 'Each row is one policy at one cache size');
  await expect(page.getByRole('table', { name: 'Flash results' }).getByRole('columnheader', { name: 'Write amplification' })).toBeVisible();
});
