// A link whose step lies far past the end of its trace opens at the end and says so; the page
// keeps answering (a seek past the end once looped forever, flooding the page with messages).
import { ALONE, expect, test, type Page } from './fixtures';
import { answersWithin } from './answers';
import { deflateSync, inflateSync } from 'fflate';

const BOOK = '7,0,1,2,0,3,0,4,2,3,0,3,2,1,2,0,1,7,0,1';
const status = (page: Page) => page.getByLabel('Explore status');
const notice = (page: Page) => page.getByRole('status', { name: 'Explorer notice' });

test('a hand-written step past the end of the default trace opens at the end', ALONE, async ({ page }) => {
  await page.goto('/?policy=lru&step=5000000');
  await expect(status(page)).toContainText(/Step ([\d,]+) of \1/);
  await expect(notice(page)).toContainText('Step 5,000,000 is past the end of the trace');
  await answersWithin(page, 1000);
  await page.getByRole('button', { name: 'Step back' }).click();
  await expect(status(page)).not.toContainText(/Step ([\d,]+) of \1/);
});

test('a v2 link with its step at 2^53 − 1 opens at the end', ALONE, async ({ page }) => {
  await page.goto(`/?trace=${BOOK}&policy=fifo&frames=3&step=5`);
  await expect(status(page)).toContainText('Step 5 of 20');
  await expect.poll(() => page.url()).toMatch(/#v2=/);
  const packed = new URL(page.url()).hash.slice('#v2='.length);
  const state = JSON.parse(new TextDecoder().decode(inflateSync(Buffer.from(packed, 'base64url'))));
  expect(state.explore.step).toBe(5);
  state.explore.step = Number.MAX_SAFE_INTEGER;
  const far = Buffer.from(deflateSync(new TextEncoder().encode(JSON.stringify(state)))).toString('base64url');
  await page.goto('/');
  await page.goto(`/#v2=${far}`);
  await expect(status(page)).toContainText('Step 20 of 20');
  await expect(notice(page)).toContainText('past the end of the trace (20 requests): opened at the end');
  await answersWithin(page, 1000);
});
