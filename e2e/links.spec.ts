// Hand-written links, as a lecturer types them into a slide: the trace's own page
// numbers, the policy and size, and the step to show.
import { ALONE, expect, test, type Page } from './fixtures';
import { deflateSync } from 'fflate';

const BOOK = '7,0,1,2,0,3,0,4,2,3,0,3,2,1,2,0,1,7,0,1';

async function openLink(page: Page, query: string) {
  await page.goto(`/${query}`);
  await expect(page.getByText(/^core \d/)).toBeVisible();
}

const contents = (page: Page) => page.getByRole('list', { name: 'Cache contents' }).getByRole('listitem');
const status = (page: Page) => page.getByLabel('Explore status');

for (const [policy, faults] of [
  ['fifo', 15],
  ['lru', 12],
  ['opt', 9],
] as const) {
  test(`the textbook string on ${policy} with 3 frames: ${faults} faults at step 20`, async ({ page }) => {
    await openLink(page, `?trace=${BOOK}&policy=${policy}&frames=3&view=explore&step=20`);
    await expect(status(page)).toContainText('Step 20 of 20');
    await expect(status(page)).toContainText(`${20 - faults} hits, ${faults} misses`);
    await expect(contents(page)).toHaveCount(3);
    if (policy === 'fifo') {
      const pages = (await contents(page).allInnerTexts()).map((t) => /^page ([^,\s]+)/.exec(t)?.[1]).sort();
      expect(pages).toEqual(['0', '1', '7']);
    }
    // The textbook frame table, as on the blackboard: faults marked, frames as rows.
    const table = page.getByRole('table', { name: /Frame table|Requests 1–20/ });
    await expect(table.getByRole('row').last().getByRole('cell').filter({ hasText: 'F' })).toHaveCount(faults);
    // The query gives way to the canonical link, which reopens the same picture.
    await expect.poll(() => page.url()).toMatch(/#v2=/);
    expect(new URL(page.url()).search).toBe('');
  });
}

test('a hand-written link reopens at its step after a reload, and stepping replaces the history entry', async ({ page }) => {
  await openLink(page, `?trace=${BOOK}&policy=fifo&frames=3&step=5`);
  await expect(status(page)).toContainText('Step 5 of 20');
  await expect.poll(() => page.url()).toMatch(/#v2=/);
  const entries = await page.evaluate(() => history.length);
  const before = page.url();
  await page.getByRole('button', { name: 'Step forward' }).click();
  await expect(status(page)).toContainText('Step 6 of 20');
  await expect.poll(() => page.url()).not.toBe(before);
  expect(await page.evaluate(() => history.length)).toBe(entries);
  await page.reload();
  await expect(status(page)).toContainText('Step 6 of 20');
  const pages = (await contents(page).allInnerTexts()).map((t) => /^page ([^,\s]+)/.exec(t)?.[1]).sort();
  expect(pages).toEqual(['1', '2', '3']);
});

test('a bad value in a hand-written link names the parameter', async ({ page }) => {
  await openLink(page, `?trace=7,x,1&policy=fifo&frames=3`);
  await expect(page.getByRole('alert')).toContainText('link parameter trace');
  await expect(page.getByRole('alert')).toContainText('request 2');
  await openLink(page, `?trace=7,0,1&policy=fifo&frames=0`);
  await expect(page.getByRole('alert')).toContainText('link parameter frames');
});

test('one bad value in a hand-written link costs only itself: the rest loads, a step past the end opens at the end', async ({ page }) => {
  // A 20-request trace at step 50, a cleaning policy that does not exist, a key that is not one.
  await openLink(page, `?trace=${BOOK}&policy=lru&frames=3&view=explore&step=50&gc=lru&colour=red`);
  await expect(status(page)).toContainText('Step 20 of 20');
  await expect(status(page)).toContainText('8 hits, 12 misses');
  const problems = page.getByRole('alert', { name: 'Problems with the link' });
  await expect(problems).toContainText('link parameter step: 50 is past the end of the trace (20 requests): opened at the end');
  await expect(problems).toContainText('link parameter gc');
  await expect(problems).toContainText('link parameter colour');
  await expect(problems.getByRole('listitem')).toHaveCount(3);
  // The runner's flash flags are link keys too: fill=0.5 once blanked the page.
  await openLink(
    page,
    `?trace=0,1,2,3,0w,1w,2w,3w&view=explore&ftl=page&blocks=8&pages-per-block=4&overprovision=0.5&fill=0.25&watermark=2`,
  );
  await expect(page.getByRole('status', { name: 'Position' })).toHaveText('0 / 8');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByText('More device settings').click();
  await expect(page.getByRole('spinbutton', { name: 'Initial fill' })).toHaveValue('0.25');
});

test('a deflate-bomb link shows its message at once and the page keeps responding', ALONE, async ({ page }) => {
  // 64 MiB of zeros deflate to about 64 KB: a small link that would inflate to far more than any the app makes.
  const bomb = Buffer.from(deflateSync(new Uint8Array(64 * 1024 * 1024), { level: 9 })).toString('base64url');
  const t0 = Date.now();
  await page.goto(`/#v2=${bomb}`);
  await expect(page.getByRole('alert')).toContainText('limit link_inflated', { timeout: 2000 });
  expect(Date.now() - t0).toBeLessThan(5000); // page load included; the message itself is bounded above
  await page.getByRole('tab', { name: 'Explore' }).click();
  await expect(page.getByRole('tab', { name: 'Explore' })).toHaveAttribute('aria-selected', 'true');
});

test('a hand-written link near the 64 KiB trace limit is served and opens (the servers read long request lines)', async ({ page }) => {
  const trace = Array.from({ length: 12_000 }, (_, i) => (i * 7919) % 3000).join(',');
  expect(trace.length).toBeGreaterThan(40_000);
  const response = await page.goto(`/?trace=${trace}&policy=lru&frames=100&step=12000`);
  expect(response?.status()).toBe(200);
  await expect(status(page)).toContainText('Step 12,000 of 12,000');
});
