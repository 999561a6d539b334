// The stage for a projector: in presentation mode, at 1280 × 720 and 1920 × 1080, every policy in
// the catalogue (read from the catalogue the page reads, so new policies are covered) and the
// lecture-sized flash device show their drawing, narration, step controls and status on the first
// screen without scrolling, the drawing's box covering at least 40 % of it. One page per screen
// size, switching policies in it; a screenshot of each is kept under test-results/.
import { expect, test, type Page } from './fixtures';
import { readFileSync } from 'node:fs';

const catalog = JSON.parse(readFileSync(new URL('../src/wasm-pkg/catalog.json', import.meta.url), 'utf8')) as {
  policies: { id: string; name: string }[];
  experiment: { explore_frames: number };
};
const FRAMES = catalog.experiment.explore_frames;
const STEP = 300;
const BOOK = '7,0,1,2,0,3,0,4,2,3,0,3,2,1,2,0,1,7,0,1';

const status = (page: Page) => page.getByLabel('Explore status');
const position = (page: Page) => page.getByRole('status', { name: 'Position' });

async function jumpTo(page: Page, n: number) {
  await page.getByRole('spinbutton', { name: 'Jump to request' }).fill(String(n));
  await page.getByRole('button', { name: 'Jump', exact: true }).click();
  await expect(position(page)).toHaveText(new RegExp(`^${n.toLocaleString('en')} /`));
}

/** The folded set-up opens to the whole form; Explore folds it again. */
async function unfold(page: Page) {
  await page.getByLabel('Explorer set-up (folded)').click();
  await expect(page.getByRole('form', { name: 'Explorer set-up' })).toBeVisible();
}

/** Drawing, narration, controls and status inside the first screen, nothing scrolled; the drawing's box ≥ 40 % of it. */
async function checkStage(page: Page, what: string) {
  // Every canvas drawn at its final size (a ring's hands settled).
  await expect(page.locator('.explorer-views canvas[data-settled="false"]')).toHaveCount(0);
  const boxes = await page.evaluate(() => {
    const r = (sel: string) => {
      const b = document.querySelector(sel)?.getBoundingClientRect();
      return b ? { top: b.top, bottom: b.bottom, left: b.left, right: b.right, area: b.width * b.height } : null;
    };
    return {
      scroll: [window.scrollX, window.scrollY],
      view: [window.innerWidth, window.innerHeight],
      drawing: r('.explorer-views'),
      narration: r('[aria-label="Narration"]'),
      controls: r('[role="toolbar"][aria-label="Playback"]'),
      status: r('[aria-label="Explore status"]'),
      canvases: [...document.querySelectorAll('.explorer-views canvas')].map((c) => {
        const b = c.getBoundingClientRect();
        return { bottom: b.bottom, right: b.right, label: (c as HTMLElement).dataset.labelPx ?? '' };
      }),
    };
  });
  const [w, h] = boxes.view;
  expect(boxes.scroll, `${what}: scrolled`).toEqual([0, 0]);
  for (const part of ['drawing', 'narration', 'controls', 'status'] as const) {
    const b = boxes[part];
    expect(b, `${what}: ${part} is on the page`).not.toBeNull();
    expect(b!.top, `${what}: ${part} top`).toBeGreaterThanOrEqual(0);
    expect(b!.left, `${what}: ${part} left`).toBeGreaterThanOrEqual(0);
    expect(b!.bottom, `${what}: ${part} bottom`).toBeLessThanOrEqual(h);
    expect(b!.right, `${what}: ${part} right`).toBeLessThanOrEqual(w);
  }
  expect(boxes.drawing!.area / (w * h), `${what}: the drawing's share of the screen`).toBeGreaterThanOrEqual(0.4);
  // Every canvas lies within the drawing's box, its labels drawn at least 24 px.
  expect(boxes.canvases.length, `${what}: drawings`).toBeGreaterThan(0);
  for (const c of boxes.canvases) {
    expect(c.bottom, `${what}: a canvas below the box`).toBeLessThanOrEqual(boxes.drawing!.bottom + 1);
    expect(c.right, `${what}: a canvas right of the box`).toBeLessThanOrEqual(boxes.drawing!.right + 1);
    expect(Number(c.label), `${what}: label size`).toBeGreaterThanOrEqual(24);
  }
}

for (const [width, height] of [
  [1280, 720],
  [1920, 1080],
] as const) {
  test(`the stage at ${width}×${height}: every policy and the 8 × 4 flash device on one screen`, async ({ page }, info) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height });
    const [first, ...rest] = catalog.policies;
    await page.goto(`/?policy=${first.id}&frames=${FRAMES}&view=explore&step=${STEP}`);
    await expect(status(page)).toContainText(`Step ${STEP} of`);
    await page.getByRole('button', { name: 'Presentation' }).click();
    await expect(page.locator('aside.controls')).toBeHidden();
    // The set-up is folded into one line.
    await expect(page.getByRole('form', { name: 'Explorer set-up' })).toBeHidden();
    const fold = await page
      .getByLabel('Explorer set-up (folded)')
      .evaluate((e) => [
        e.getBoundingClientRect().height,
        parseFloat(getComputedStyle(e).lineHeight) || 1.2 * parseFloat(getComputedStyle(e).fontSize),
      ]);
    expect(fold[0]).toBeLessThan(1.6 * fold[1]);
    const shoot = (name: string) => page.screenshot({ path: info.outputPath(`stage-${width}x${height}-${name}.png`) });
    await checkStage(page, first.id);
    await shoot(first.id);
    for (const p of rest) {
      await unfold(page);
      await page.getByRole('combobox', { name: 'Explorer policy' }).selectOption({ label: p.name });
      await page.getByRole('spinbutton', { name: 'Explorer frames' }).fill(String(FRAMES));
      await page.getByRole('button', { name: 'Explore' }).click();
      await expect(status(page)).toContainText(`${p.name} · ${FRAMES} frames`);
      await expect(position(page)).toHaveText(/^0 \//);
      await jumpTo(page, STEP);
      await checkStage(page, p.id);
      await shoot(p.id);
    }
    // The lecture-sized flash device on the textbook string, written twice.
    await page.goto(`/?trace=${BOOK},${BOOK.replace(/,/g, 'w,')}w&view=explore&step=0`);
    await expect(position(page)).toHaveText(/^0 \//);
    await page.getByRole('button', { name: 'Presentation' }).click();
    await expect(page.locator('aside.controls')).toBeHidden();
    await unfold(page);
    await page.getByRole('radio', { name: 'Flash device' }).check();
    await page.getByRole('spinbutton', { name: 'Blocks' }).fill('8');
    await page.getByRole('spinbutton', { name: 'Pages per block' }).fill('4');
    await page.getByRole('spinbutton', { name: 'Over-provisioning' }).fill('0.5');
    await page.getByText('More device settings').click();
    await page.getByRole('spinbutton', { name: 'Initial fill' }).fill('0.5');
    await page.getByRole('button', { name: 'Explore' }).click();
    await expect(status(page)).toContainText('flash device · 8 blocks of 4 pages');
    await jumpTo(page, 30);
    await checkStage(page, 'flash 8 × 4');
    await shoot('flash-8x4');
  });
}

test('on a phone, a link that opens Explore shows the stage first, the set-up and side panel after it', async ({ page }, info) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/?trace=${BOOK}&policy=clock&frames=3&view=explore&step=12`);
  await expect(status(page)).toContainText('Step 12 of 20');
  await expect(page.getByRole('img', { name: /^Ring clock/ })).toBeVisible();
  const top = (sel: string) =>
    page
      .locator(sel)
      .first()
      .evaluate((e) => e.getBoundingClientRect().top);
  const stage = await top('[role="group"][aria-label="Stage"]');
  expect(stage).toBeLessThan(await top('form[aria-label="Explorer set-up"]'));
  expect(stage).toBeLessThan(await top('aside.controls'));
  // Status, controls and narration on the first screen; the drawing starts on it.
  for (const sel of ['[aria-label="Explore status"]', '[role="toolbar"][aria-label="Playback"]', '[aria-label="Narration"]'])
    expect(await page.locator(sel).evaluate((e) => e.getBoundingClientRect().bottom)).toBeLessThanOrEqual(844);
  expect(await top('.explorer-views')).toBeLessThan(844);
  const [doc, win] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(doc).toBeLessThanOrEqual(win);
  await page.screenshot({ path: info.outputPath('stage-phone.png') });
});
