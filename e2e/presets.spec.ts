// Teaching presets as a class meets them at 1280×720 (issue 24): a preset clicked low in the
// sidebar brings its sentence and its view into sight; the TS-CLOCK preset replays the paper's Fig. 3.
import { expect, test } from './fixtures';

test('a teaching preset shows its sentence and view, not the preset list', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await expect(page.getByText(/^core \d/)).toBeVisible();
  await page.getByText('Teaching presets').click();
  const preset = page.getByRole('button', { name: 'Open preset: Two hands on a flash block (TS-CLOCK Fig. 3)' });
  await preset.scrollIntoViewIfNeeded();
  // The list is below the fold: clicking it starts scrolled down.
  expect(await page.evaluate(() => scrollY)).toBeGreaterThan(200);
  await preset.click();
  const watch = page.getByRole('complementary', { name: 'What to watch' });
  await expect(watch).toContainText('TS-CLOCK');
  await expect(page.getByLabel('Explore status')).toContainText('Step 11 of 15');
  await expect(watch).toBeInViewport({ ratio: 1 });
  await expect(page.getByLabel('Explore status')).toBeInViewport();
  await expect(preset).not.toBeInViewport();
});

test('the TS-CLOCK teaching preset replays Fig. 3: E1–E4 evict 31, 66 and 67, the s-hand staying in block 16', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText(/^core \d/)).toBeVisible();
  await page.getByText('Teaching presets').click();
  await page.getByRole('button', { name: 'Open preset: Two hands on a flash block (TS-CLOCK Fig. 3)' }).click();
  const status = page.getByLabel('Explore status');
  await expect(status).toContainText('Step 11 of 15');
  const narration = page.getByLabel('Narration');
  const victim = page.getByLabel('Victim');
  const forward = async (step: number) => {
    await page.getByRole('button', { name: 'Step forward' }).click();
    await expect(status).toContainText(`Step ${step} of 15`);
  };
  // E1: a hit on 16, its count set to 2.
  await forward(12);
  await expect(narration).toContainText('Read of page 16: hit');
  await expect(victim).toHaveCount(0);
  // E2: the clean 31 under the t-hand.
  await forward(13);
  await expect(victim).toHaveText('Victim: page 31 (clean)');
  // E3: the t-hand stops on 67; the s-hand starts at 65 in block 16 and evicts 66.
  await forward(14);
  await expect(narration).toContainText('t-hand met page 67: count 0 but dirty');
  await expect(narration).toContainText('s-hand met page 65: count not 0: passed; s-hand met page 66: count 0: victim');
  await expect(victim).toHaveText('Victim: page 66 (dirty, written back)');
  // E4: the t-hand stops on 14 (block 3), the s-hand stays in block 16 and evicts 67.
  await forward(15);
  await expect(narration).toContainText('t-hand met page 14: count 0 but dirty');
  await expect(narration).toContainText('s-hand met page 67: count 0: victim');
  await expect(victim).toHaveText('Victim: page 67 (dirty, written back)');
});
