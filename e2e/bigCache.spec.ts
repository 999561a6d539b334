// Explore on a huge cache holding a few pages: the snapshot follows the contents (CLOCK's ring
// once listed every empty frame, 69 MB a step at 1 M frames), so the page answers and draws.
import { ALONE, expect, test, type Page } from './fixtures';
import { answersWithin } from './answers';

const status = (page: Page) => page.getByLabel('Explore status');

for (const [policy, frames] of [
  ['clock', 1_000_000],
  ['cfclock', 1_000_000],
  ['clock', 2 ** 26],
] as const) {
  test(`${policy} with ${frames.toLocaleString('en')} frames steps and draws`, ALONE, async ({ page }) => {
    await page.goto(`/?trace=7,0,1,2,0,3,0,4,2,3,0,3,2,1,2,0,1,7,0,1&policy=${policy}&frames=${frames}&view=explore&step=10`);
    await expect(status(page)).toContainText('Step 10 of 20');
    await expect(page.getByRole('img', { name: `Ring clock: ${frames} slots` })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Cache contents' }).getByRole('listitem')).toHaveCount(6);
    await answersWithin(page, 1000);
    for (const step of [11, 12, 13]) {
      await page.getByRole('button', { name: 'Step forward' }).click();
      await expect(status(page)).toContainText(`Step ${step} of 20`);
    }
    await page.getByRole('button', { name: 'Go to start' }).click();
    await expect(status(page)).toContainText('Step 0 of 20');
    await answersWithin(page, 1000);
  });
}
