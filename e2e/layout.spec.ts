// Accessibility and layout on every tab, in both themes, at phone, tablet and
// laptop widths; presentation mode as a lecture hall sees it.
import { expect, test, type Page } from './fixtures';
import AxeBuilder from '@axe-core/playwright';

const BOOK = '7,0,1,2,0,3,0,4,2,3,0,3,2,1,2,0,1,7,0,1';
const TABS = [
  { tab: 'Compare', url: `/?trace=${BOOK}&policy=fifo,lru,opt&frames=3&view=compare` },
  { tab: 'Explore', url: `/?trace=${BOOK}&policy=clock-pro&frames=3&view=explore&step=12` },
];

async function open(page: Page, url: string, tab: string) {
  await page.goto(url);
  await expect(page.getByText(/^core \d/)).toBeVisible();
  await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
  if (tab === 'Explore') await expect(page.getByLabel('Explore status')).toContainText('Step 12 of 20');
  else await expect(page.getByRole('table').getByRole('row')).toHaveCount(4);
}

for (const scheme of ['light', 'dark'] as const) {
  for (const { tab, url } of TABS) {
    test(`${tab} in the ${scheme} theme: no serious accessibility violation, no sideways scrolling`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width: 1280, height: 800 });
      await open(page, url, tab);
      const axe = await new AxeBuilder({ page }).analyze();
      const serious = axe.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious).toEqual([]);
      for (const width of [390, 800, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        const [doc, win] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
        expect(doc, `${tab} at ${width} px`).toBeLessThanOrEqual(win);
      }
    });
  }
}

test('presentation mode: the view fills the screen with large text; screenshots of every view', async ({ page }, info) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  for (const { tab, url } of TABS) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await open(page, url, tab);
      await page.getByRole('button', { name: 'Presentation' }).click();
      await expect(page.getByRole('button', { name: 'Presentation' })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.locator('aside.controls')).toBeHidden();
      const size = await page.evaluate(() => parseFloat(getComputedStyle(document.querySelector('.app')!).fontSize));
      expect(size).toBeGreaterThanOrEqual(16);
      await page.screenshot({ path: info.outputPath(`presentation-${tab.toLowerCase()}-${scheme}.png`), fullPage: true });
      await page.keyboard.press('p');
      await expect(page.locator('aside.controls')).toBeVisible();
    }
  }
});

test('several quick export clicks each download, and a chart PNG carries its title', async ({ page }) => {
  await open(page, TABS[0].url, 'Compare');
  const chart = page
    .getByRole('region', { name: 'Hit ratio over the run' })
    .or(page.locator('section').filter({ hasText: 'Hit ratio over the run' }).first());
  const svg = chart.getByRole('button', { name: 'Download SVG' }).first();
  const downloads: string[] = [];
  page.on('download', (d) => downloads.push(d.suggestedFilename()));
  await svg.click();
  await svg.click();
  await svg.click();
  await expect.poll(() => downloads.length).toBe(3);
  const [png] = await Promise.all([page.waitForEvent('download'), chart.getByRole('button', { name: 'Download PNG' }).first().click()]);
  expect(png.suggestedFilename()).toMatch(/\.png$/);
  const [file] = await Promise.all([page.waitForEvent('download'), svg.click()]);
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(await file.path(), 'utf8')).toContain('>Hit ratio over the run</text>');
});
