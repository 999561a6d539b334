// `embed=1`: the Explore stage alone (drawing, narration, controls, status), sized to its frame,
// for a slide or a course page. At top level; inside a course page whose host allows framing
// (the test rewrites the app's CSP header as such a host would); and, by default, refused as a
// frame (`frame-ancestors 'none'`).
import { expect, test, type Page } from './fixtures';
import type { FrameLocator, Route } from '@playwright/test';

const BOOK = '7,0,1,2,0,3,0,4,2,3,0,3,2,1,2,0,1,7,0,1';
const LINK = `/?trace=${BOOK}&policy=clock&frames=3&step=12&embed=1`;

/** What an embedded page shows, and that nothing else of the app is there. */
async function stageAlone(at: Page | FrameLocator) {
  await expect(at.getByLabel('Explore status')).toContainText('Step 12 of 20');
  await expect(at.getByRole('img', { name: /^Ring clock/ })).toBeVisible();
  await expect(at.getByLabel('Narration')).toContainText('Request 12');
  await expect(at.getByRole('toolbar', { name: 'Playback' })).toBeVisible();
  await expect(at.getByRole('tab')).toHaveCount(0);
  await expect(at.getByRole('button', { name: 'Presentation' })).toHaveCount(0);
  await expect(at.locator('aside.controls')).toHaveCount(0);
  await expect(at.getByRole('form', { name: 'Explorer set-up' })).toHaveCount(0);
  await expect(at.getByRole('region', { name: 'Page inspector' })).toHaveCount(0);
  await expect(at.getByRole('region', { name: 'Frame table' })).toHaveCount(0);
  await at.getByRole('button', { name: 'Step forward' }).click();
  await expect(at.getByLabel('Explore status')).toContainText('Step 13 of 20');
}

/** The stage's box and the window's, inside the page that shows it. */
const fit = () => {
  const s = document.querySelector('[role="group"][aria-label="Stage"]')!.getBoundingClientRect();
  const d = document.querySelector('.explorer-views')!.getBoundingClientRect();
  return {
    stage: [s.left, s.top, s.right, s.bottom],
    drawing: d.width * d.height,
    window: [window.innerWidth, window.innerHeight],
    scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight],
  };
};

function expectFitted(f: Awaited<ReturnType<typeof fit>>) {
  const [w, h] = f.window;
  expect(f.stage[0]).toBeGreaterThanOrEqual(0);
  expect(f.stage[1]).toBeGreaterThanOrEqual(0);
  expect(f.stage[2]).toBeLessThanOrEqual(w);
  expect(f.stage[3]).toBeLessThanOrEqual(h);
  // Filling the frame: no scrolling, the drawing most of it.
  expect(f.scroll[0]).toBeLessThanOrEqual(w);
  expect(f.scroll[1]).toBeLessThanOrEqual(h);
  expect(f.drawing / (w * h)).toBeGreaterThanOrEqual(0.4);
}

/** A course page on the app's own host, holding the explorer in a frame. */
const course = (route: Route) =>
  route.fulfill({
    contentType: 'text/html',
    body: `<!doctype html><html lang="en"><title>Week 3</title><h1>Week 3: CLOCK</h1><iframe title="cachescope" src="${LINK}" width="800" height="450"></iframe></html>`,
  });

test('embed=1 at top level shows the stage alone, sized to the window, and a reload keeps it', async ({ page }, info) => {
  await page.setViewportSize({ width: 960, height: 540 });
  await page.goto(LINK);
  await stageAlone(page);
  expectFitted(await page.evaluate(fit));
  await page.screenshot({ path: info.outputPath('embed-top.png') });
  // The address became the canonical link, which carries embed.
  await expect(page).toHaveURL(/#v2=/);
  await page.reload();
  // (The address follows stepping within half a second: the reload opens at step 12 or 13.)
  await expect(page.getByLabel('Explore status')).toContainText(/Step 1[23] of 20/);
  await expect(page.getByRole('img', { name: /^Ring clock/ })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
});

test('embed=1 inside a course page whose host allows framing: the stage fills the frame', async ({ page }, info) => {
  await page.route('**/course.html', course);
  // The host's change (README): frame-ancestors names who may frame the app, here its own pages.
  await page.route(
    (url) => url.searchParams.get('embed') === '1',
    async (route) => {
      const response = await route.fetch();
      const csp = response.headers()['content-security-policy'];
      expect(csp).toContain("frame-ancestors 'none'");
      await route.fulfill({
        response,
        headers: { ...response.headers(), 'content-security-policy': csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'") },
      });
    },
  );
  await page.goto('/course.html');
  const frame = page.frameLocator('iframe[title="cachescope"]');
  await stageAlone(frame);
  const inner = page.frames().find((f) => f !== page.mainFrame())!;
  const f = await inner.evaluate(fit);
  expect(f.window).toEqual([800, 450]);
  expectFitted(f);
  await page.screenshot({ path: info.outputPath('embed-course.png') });
});

test("by default the app keeps frame-ancestors 'none': a course page cannot frame it", async ({ page, csp }) => {
  csp.allow.push(/frame-ancestors/);
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/frame-ancestors 'none'/.test(m.text())) refused.push(m.text());
  });
  await page.route('**/course.html', course);
  await page.goto('/course.html', { waitUntil: 'load' });
  await expect(page.getByRole('heading', { name: 'Week 3: CLOCK' })).toBeVisible();
  // The browser says why, and the frame never runs the app.
  await expect.poll(() => refused.length).toBeGreaterThan(0);
  await expect(page.frameLocator('iframe[title="cachescope"]').locator('#root')).toHaveCount(0);
});
