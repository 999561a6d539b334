// One state, one picture: the Explore view at step k looks the same whether it
// was reached by stepping forward, by stepping back from further on, or from its
// link.
import { expect, test, type Page } from './fixtures';

const LINK = '/?trace=7,0,1,2,0,3,0,4,2,3,0,3,2,1,2,0,1,7,0,1&policy=clock-pro&frames=3&view=explore&step=';

async function settled(page: Page, step: number) {
  await expect(page.getByLabel('Explore status')).toContainText(`Step ${step} of 20`);
  await expect(page.locator('.explorer-views canvas[data-settled="false"]')).toHaveCount(0);
}

async function picture(page: Page) {
  // The same scroll position each time, so that the region sits on the same pixel grid.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.mouse.move(0, 0);
  return {
    contents: await page.getByRole('list', { name: 'Cache contents' }).innerText(),
    ghosts: await page.getByRole('list', { name: 'Ghosts' }).innerText(),
    text: await page.locator('.explorer-views').innerText(),
    // The drawings themselves, pixel for pixel.
    shot: Buffer.concat(
      await Promise.all((await page.locator('.explorer-views canvas').all()).map((c) => c.screenshot({ animations: 'disabled' }))),
    ),
  };
}

test('the Explore view at a step is the same however it was reached', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${LINK}10`);
  await settled(page, 10);
  const fromLink = await picture(page);

  for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Step forward' }).click();
  await settled(page, 14);
  for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Step back' }).click();
  await settled(page, 10);
  const back = await picture(page);

  await page.goto(`${LINK}7`);
  await settled(page, 7);
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Step forward' }).click();
  await settled(page, 10);
  const forward = await picture(page);

  expect(back.contents).toBe(fromLink.contents);
  expect(forward.contents).toBe(fromLink.contents);
  expect(back.ghosts).toBe(fromLink.ghosts);
  expect(back.text).toBe(fromLink.text);
  expect(forward.text).toBe(fromLink.text);
  expect(forward.ghosts).toBe(fromLink.ghosts);
  expect(back.shot.equals(fromLink.shot), 'stepping back draws what the link drew').toBe(true);
  expect(forward.shot.equals(fromLink.shot), 'stepping forward draws what the link drew').toBe(true);
});
