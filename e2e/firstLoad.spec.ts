// The first page load, counted as the bytes the browser fetches to show the Compare tab with
// an empty cache (page and workers): the JavaScript engine for user policies and the code
// editor are loaded only when a user policy is used, so they are not among them.
import { expect, test } from './fixtures';

test('the first load fetches neither the code editor nor the JavaScript engine', async ({ page, context }) => {
  const fetched = new Map<string, number>();
  const pending: Promise<void>[] = [];
  const count = (url: string, body: Promise<Buffer>) =>
    pending.push(
      body.then(
        (b) => void fetched.set(url, b.length),
        () => void fetched.set(url, 0),
      ),
    );
  context.on('response', (r) => count(r.url(), r.body()));
  await page.goto('/');
  await expect(page.getByText(/^core \d/)).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Compare' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  const urls = [...fetched.keys()];
  const bytes = [...fetched.values()].reduce((a, b) => a + b, 0);
  console.log(`first load: ${urls.length} responses, ${bytes} bytes`);
  for (const [u, b] of fetched) console.log(`  ${b}\t${new URL(u).pathname}`);
  // The core's own WASM is there (so workers' fetches are counted); the engine's build and the editor are not.
  expect(urls.some((u) => /cachescope_bg[-.]/.test(u))).toBe(true);
  expect(urls.filter((u) => /cachescope_js|codemirror|PolicyEditor/i.test(u))).toEqual([]);
});
