// Predict the victim: the student names the page that will leave; the core answers.
import { expect, test } from './fixtures';

test('quiz mode: a right and a wrong answer change the score', async ({ page }) => {
  await page.goto('/?trace=7,0,1,2,0,3,0,4&policy=fifo&frames=3&step=3');
  const status = page.getByLabel('Explore status');
  await expect(status).toContainText('Step 3 of 8');
  await page.getByRole('button', { name: 'Predict the victim' }).click();
  const score = page.getByRole('status', { name: 'Quiz score' }).or(page.getByLabel('Quiz score'));
  await expect(score).toHaveText('0 right, 0 wrong');

  // Request 4 (page 2) evicts FIFO's oldest page, 7.
  await page.getByRole('button', { name: 'Next request' }).click();
  const ask = page.getByRole('group', { name: 'Which page will leave?' });
  await expect(ask).toContainText('Request 4 (page 2) will evict a page');
  await expect(status).toContainText('Step 3 of 8'); // not shown before the answer
  await ask.getByRole('button', { name: 'Page 7' }).click();
  await expect(score).toHaveText('1 right, 0 wrong');
  await expect(page.getByLabel('Quiz answer')).toHaveText('Right: page 7 left. Oldest in the queue.');
  await expect(status).toContainText('Step 4 of 8');

  // Request 5 (page 0) is a hit: nothing to predict, the step is just shown.
  await page.getByRole('button', { name: 'Next request' }).click();
  await expect(status).toContainText('Step 5 of 8');
  await expect(ask).toHaveCount(0);

  // Request 6 (page 3) evicts 0; answering 1 is wrong.
  await page.getByRole('button', { name: 'Next request' }).click();
  await ask.getByRole('button', { name: 'Page 1' }).click();
  await expect(score).toHaveText('1 right, 1 wrong');
  await expect(page.getByLabel('Quiz answer')).toHaveText('Not quite: page 0 left, not page 1. Oldest in the queue.');
  await expect(status).toContainText('Step 6 of 8');
});

test("quiz=1 in a link opens the quiz; its feedback gives the core's reason", async ({ page }) => {
  // CLOCK, 3 frames: 3 5 4 fill the ring, 3 and 5 are used again (bits set). Request 6 (page 6):
  // the hand clears 3's and 5's bits and stops at 4.
  await page.goto('/?trace=3,5,4,3,5,6,7&policy=clock&frames=3&step=5&quiz=1');
  const status = page.getByLabel('Explore status');
  await expect(status).toContainText('Step 5 of 7');
  await expect(page.getByRole('button', { name: 'Predict the victim' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Next request' }).click();
  const ask = page.getByRole('group', { name: 'Which page will leave?' });
  await expect(ask).toContainText('Request 6 (page 6) will evict a page');
  await ask.getByRole('button', { name: 'Page 5' }).click();
  await expect(page.getByLabel('Quiz answer')).toHaveText(
    'Not quite: page 4 left, not page 5. The hand passed pages 3 and 5 (cleared reference bit) and stopped at page 4: reference bit clear under the hand.',
  );
  // The link stays as written: reloading opens the quiz again.
  expect(page.url()).toContain('quiz=1');
});

test("ARC's quiz reason compares |T1| with p", async ({ page }) => {
  // c = 2: 1 is used twice (T2), 2 enters T1; request 4 (page 3): REPLACE finds |T1| = 1 > p = 0.
  await page.goto('/?trace=1,1,2,3&policy=arc&frames=2&step=3&quiz=1');
  await expect(page.getByLabel('Explore status')).toContainText('Step 3 of 4');
  await page.getByRole('button', { name: 'Next request' }).click();
  await page.getByRole('group', { name: 'Which page will leave?' }).getByRole('button', { name: 'Page 2' }).click();
  await expect(page.getByLabel('Quiz answer')).toHaveText("Right: page 2 left. |T1| = 1 > p = 0, so T1's LRU page leaves.");
  // The narration says the same.
  await expect(page.getByLabel('Narration')).toContainText("|T1| = 1 > p = 0, so T1's LRU page leaves");
});

test('the Explore picture downloads as a PNG for slides', async ({ page }) => {
  await page.goto('/?trace=7,0,1,2,0,3,0,4&policy=clock&frames=3&step=5');
  await expect(page.getByLabel('Explore status')).toContainText('Step 5 of 8');
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download picture (PNG)' }).click()]);
  expect(file.suggestedFilename()).toBe('clock-step-5.png');
  const path = await file.path();
  const { readFileSync } = await import('node:fs');
  const png = readFileSync(path);
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  expect(png.readUInt32BE(16)).toBeGreaterThanOrEqual(1200); // width: twice the drawing's
});
