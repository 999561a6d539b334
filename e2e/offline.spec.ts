// Offline and installable: after one visit the built app's service worker has the app and the
// core, so with the network gone the page reloads and explores; a link opens offline too. The
// development server registers no service worker.
import { expect, test } from './fixtures';

const BOOK = '7,0,1,2,0,3,0,4,2,3,0,3,2,1,2,0,1,7,0,1';
const status = (page: import('@playwright/test').Page) => page.getByLabel('Explore status');

// Other tests block service workers (playwright.config.ts); these are about them.
test.use({ serviceWorkers: 'allow' });

test.describe('the built app', () => {
  test.beforeEach(({ page }, info) => {
    void page;
    test.skip(info.project.name !== 'preview', 'only the built app has a service worker');
  });

  test('after one visit it reloads and explores offline, and a new link opens offline', async ({ page, context }) => {
    await page.goto(`/?trace=${BOOK}&policy=fifo&frames=3&view=explore&step=5`);
    await expect(status(page)).toContainText('Step 5 of 20');
    // Installed (everything precached) and in control of the page.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await context.setOffline(true);
    // The network is gone: a file the service worker does not hold cannot be fetched.
    const probe = () =>
      page.evaluate(() =>
        fetch(`./not-cached-${Date.now()}.txt`).then(
          () => 'online',
          () => 'offline',
        ),
      );
    expect(await probe()).toBe('offline');
    await page.reload();
    await expect(page.getByText(/^core \d/)).toBeVisible();
    await expect(status(page)).toContainText('Step 5 of 20');
    await page.getByRole('button', { name: 'Step forward' }).click();
    await expect(status(page)).toContainText('Step 6 of 20');
    await expect(page.getByLabel('Narration')).toContainText('Request 6');

    await page.goto(`/?trace=1,2,3,1,4,1&policy=lru&frames=2&view=explore&step=6`);
    await expect(status(page)).toContainText('Step 6 of 6');
    await expect(page.getByLabel('Explore status')).toContainText('LRU · 2 frames');
  });

  test('it can be installed: a manifest with a start page and icons, all served', async ({ page, request }) => {
    await page.goto('/');
    await expect(page.getByText(/^core \d/)).toBeVisible();
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const manifest = (await (await request.get(new URL(href!, page.url()).href)).json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string }[];
    };
    expect(manifest.name).toContain('cachescope');
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const i of manifest.icons) expect((await request.get(new URL(i.src, page.url()).href)).ok()).toBe(true);
    // The service worker is registered from a script file: the page has no inline script.
    expect(await page.locator('script:not([src])').count()).toBe(0);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).toBe(1);
  });
});

test('the development server has no service worker', async ({ page }, info) => {
  test.skip(info.project.name !== 'dev', 'about the development server');
  await page.goto('/');
  await expect(page.getByText(/^core \d/)).toBeVisible();
  expect(await page.locator('script[src*="registerSW"]').count()).toBe(0);
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).toBe(0);
});
