// Changing the theme redraws the explorer's canvases at once (issue 24): page numbers, bit bands
// and dirty outlines take the new ink without a step, the flash grid sits on the new background,
// the legend's "dirty" swatch follows the text colour. Checked by the canvases' pixels.
import { expect, test, type Page } from './fixtures';

const LIGHT_INK = [0x1b, 0x1f, 0x24];
const DARK_INK = [0xe8, 0xea, 0xed];
const DARK_PANEL = [0x1e, 0x22, 0x27];

/** Opaque pixels of the canvas named `name` within 2 of each channel (the dark panel is 3 from the light ink) of `rgb`. */
async function inked(page: Page, name: string, rgb: number[]): Promise<number> {
  return page.getByRole('img', { name }).evaluate((c, want) => {
    const canvas = c as HTMLCanvasElement;
    const px = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let n = 0;
    for (let i = 0; i < px.length; i += 4)
      if (px[i + 3] > 200 && Math.abs(px[i] - want[0]) <= 2 && Math.abs(px[i + 1] - want[1]) <= 2 && Math.abs(px[i + 2] - want[2]) <= 2)
        n++;
    return n;
  }, rgb);
}

const theme = (page: Page, to: 'Light' | 'Dark') => page.getByRole('combobox', { name: 'Theme' }).selectOption({ label: to });

test('switching the theme redraws the ring and the legend without a step', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  // CLOCK with writes: page numbers, reference bits and dirty bands on the ring.
  await page.goto('/?trace=7w,0,1w,2,0,3w,0,4,2,3&policy=clock&frames=3&view=explore&step=8');
  const ring = 'Ring clock: 3 slots';
  await expect(page.getByRole('img', { name: ring })).toHaveAttribute('data-settled', 'true');
  await theme(page, 'Light');
  await expect.poll(() => inked(page, ring, LIGHT_INK)).toBeGreaterThan(100);
  expect(await inked(page, ring, DARK_INK)).toBe(0);
  await theme(page, 'Dark');
  await expect.poll(() => inked(page, ring, DARK_INK)).toBeGreaterThan(100);
  expect(await inked(page, ring, LIGHT_INK)).toBe(0);
  // The legend's dirty swatch is the text colour: light on the dark page.
  const swatch = page.getByRole('list', { name: 'Legend' }).getByRole('listitem').filter({ hasText: 'dirty' }).locator('.swatch');
  await expect(swatch).toHaveCSS('background-color', `rgb(${DARK_INK.join(', ')})`);
  // And back: nothing white on white.
  await theme(page, 'Light');
  await expect.poll(() => inked(page, ring, DARK_INK)).toBe(0);
  expect(await inked(page, ring, LIGHT_INK)).toBeGreaterThan(100);
  await expect(swatch).toHaveCSS('background-color', `rgb(${LIGHT_INK.join(', ')})`);
  // No step was taken.
  await expect(page.getByLabel('Explore status')).toContainText('Step 8 of 10');
});

test('switching the theme repaints the flash grid on the new background', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/?trace=0,1,2,3,0w,1w,2w,3w&view=explore&ftl=page&blocks=8&pages-per-block=4&overprovision=0.5&fill=0');
  const grid = 'Flash grid: 8 blocks of 4 pages';
  await expect(page.getByRole('img', { name: grid })).toBeVisible();
  await theme(page, 'Light');
  await expect.poll(() => inked(page, grid, [255, 255, 255])).toBeGreaterThan(100);
  await theme(page, 'Dark');
  await expect.poll(() => inked(page, grid, DARK_PANEL)).toBeGreaterThan(100);
  expect(await inked(page, grid, [255, 255, 255])).toBe(0);
});
