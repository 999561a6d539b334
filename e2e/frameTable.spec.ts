// The frame table keeps the current request in view (issue 24): a table wider than its box
// scrolls sideways to the current column on opening, on stepping and on jumping back.
import { expect, test, type Page } from './fixtures';

const TRACE = Array.from({ length: 40 }, (_, i) => (i * 7) % 11).join(',');

/** The current column's header against the table's scrolling box, in page pixels. */
async function placement(page: Page) {
  const table = page.getByRole('region', { name: 'Frame table' });
  const box = (await table.locator('.results-wrap').boundingBox())!;
  const now = (await table.locator('thead th.now').boundingBox())!;
  return { box, now };
}

async function expectInView(page: Page) {
  await expect
    .poll(async () => {
      const { box, now } = await placement(page);
      return now.x >= box.x && now.x + now.width <= box.x + box.width;
    })
    .toBe(true);
}

test('the frame table scrolls to the current request', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`/?trace=${TRACE}&policy=fifo&frames=3&view=explore&step=38`);
  const status = page.getByLabel('Explore status');
  await expect(status).toContainText('Step 38 of 40');
  const table = page.getByRole('region', { name: 'Frame table' });
  await expect(table.locator('thead th.now')).toHaveText(String((37 * 7) % 11));
  // The table is wider than its box, so this is a test of scrolling.
  const { box } = await placement(page);
  expect(await table.locator('table').evaluate((t) => t.scrollWidth)).toBeGreaterThan(box.width);
  await expectInView(page);
  await page.getByRole('button', { name: 'Step forward' }).click();
  await expect(status).toContainText('Step 39 of 40');
  await expectInView(page);
  await page.getByRole('button', { name: 'Go to start' }).click();
  await expect(status).toContainText('Step 0 of 40');
  await page.getByRole('button', { name: 'Step forward' }).click();
  await expect(status).toContainText('Step 1 of 40');
  await expectInView(page);
});
