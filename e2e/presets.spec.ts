// Teaching presets as a class meets them at 1280×720 (issue 24): a preset clicked low in the
// sidebar brings its sentence and its view into sight.
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
  await expect(page.getByLabel('Explore status')).toContainText('Step 8 of 10');
  await expect(watch).toBeInViewport({ ratio: 1 });
  await expect(page.getByLabel('Explore status')).toBeInViewport();
  await expect(preset).not.toBeInViewport();
});
