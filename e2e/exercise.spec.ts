// Exercises from a lecturer's link: the answers stay hidden until the student submits, then the
// score, the worked answer and its export; a policy exercise checks the student's code per trace.
import { expect, test, type Page } from './fixtures';
import { readFileSync } from 'node:fs';

const catalog = JSON.parse(readFileSync(new URL('../src/wasm-pkg/catalog.json', import.meta.url), 'utf8')) as {
  templates: { id: string; source: string }[];
};

/** The file a click downloads, as text. */
async function downloaded(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return { name: file.suggestedFilename(), text: readFileSync(await file.path(), 'utf8') };
}

test('an exercise link hides the answers until submitted, then shows the score and exports it', async ({ page }) => {
  // FIFO, 3 frames, the textbook string's first 8 requests from step 3: requests 4, 6, 7 and 8 evict 7, 0, 1 and 2.
  const link = '/?trace=7,0,1,2,0,3,0,4&policy=fifo&frames=3&step=3&exercise=1';
  await page.goto(link);
  const status = page.getByLabel('Explore status');
  await expect(status).toContainText('Step 3 of 8');
  const exercise = page.getByRole('region', { name: 'Exercise' });
  await expect(exercise).toContainText('Predict every page FIFO evicts with 3 frames, from request 4 to the end');

  // Hidden: the counts, the Compare tab, the score, End, play, the scrubber and jumps.
  await expect(status).not.toContainText('hits');
  await expect(page.getByRole('tab', { name: 'Compare' })).toHaveCount(0);
  await expect(page.getByLabel('Quiz score')).toHaveCount(0);
  const playback = page.getByRole('toolbar', { name: 'Playback' });
  for (const name of ['Run to end', 'Play']) await expect(playback.getByRole('button', { name })).toHaveCount(0);
  await expect(page.getByRole('slider', { name: 'Position in trace' })).toHaveCount(0);
  await expect(page.getByRole('spinbutton', { name: 'Jump to request' })).toHaveCount(0);
  // The End key does not jump either: the next request is still request 4, asked first.
  await page.locator('body').press('End');
  await page.getByRole('button', { name: 'Next request' }).click();
  await expect(page.getByRole('group', { name: 'Which page will leave?' })).toContainText('Request 4 (page 2)');
  await expect(status).toContainText('Step 3 of 8');
  const submit = exercise.getByRole('button', { name: 'Submit answers' });
  await expect(submit).toBeDisabled();

  const ask = page.getByRole('group', { name: 'Which page will leave?' });
  const answer = async (request: number, pageNo: string) => {
    await expect(ask).toContainText(`Request ${request} `);
    await ask.getByRole('button', { name: `Page ${pageNo}` }).click();
    await expect(page.getByLabel('Quiz answer')).toHaveCount(0); // no feedback before submitting
  };
  await answer(4, '7'); // right
  await page.getByRole('button', { name: 'Next request' }).click(); // request 5 is a hit: shown at once
  await expect(status).toContainText('Step 5 of 8');
  await page.getByRole('button', { name: 'Next request' }).click();
  await answer(6, '1'); // wrong: 0 leaves
  await page.getByRole('button', { name: 'Next request' }).click();
  await answer(7, '1'); // right
  await page.getByRole('button', { name: 'Next request' }).click();
  await answer(8, '2'); // right
  await expect(status).toContainText('Step 8 of 8');
  await expect(status).not.toContainText('hits');

  await exercise.getByRole('textbox', { name: 'Your name' }).fill('Ada Lovelace');
  await submit.click();
  await expect(exercise.getByLabel('Exercise score')).toHaveText('Score: 3 of 4 right.');
  const worked = exercise.getByRole('table', { name: 'Worked answer' });
  await expect(worked.getByRole('row')).toHaveCount(5);
  await expect(worked).toContainText('Not quite: page 0 left, not page 1. Oldest in the queue.');
  // Shown again: the counts and the Compare tab.
  await expect(status).toContainText('1 hits, 7 misses');
  await expect(page.getByRole('tab', { name: 'Compare' })).toHaveCount(1);

  const json = await downloaded(page, 'Download score (JSON)');
  expect(json.name).toBe('exercise-score.json');
  const doc = JSON.parse(json.text) as {
    exercise: string;
    name: string;
    score: { right: number; of: number };
    sha256: string;
    answers: unknown[];
  };
  expect(doc.exercise).toContain('exercise=1');
  expect(doc.exercise).toContain('trace=7,0,1,2,0,3,0,4');
  expect(doc.name).toBe('Ada Lovelace');
  expect(doc.score).toEqual({ right: 3, of: 4 });
  expect(doc.answers).toHaveLength(4);
  expect(doc.sha256).toMatch(/^[0-9a-f]{64}$/);
  const csv = await downloaded(page, 'Download score (CSV)');
  const lines = csv.text.trim().split('\n');
  expect(lines[0]).toBe('exercise,name,request,page,answer,evicted,right,reason,sha256');
  expect(lines).toHaveLength(5);
  expect(lines[2]).toContain(',Ada Lovelace,6,3,1,0,false,oldest in the queue,');
  expect(lines[2].endsWith(doc.sha256)).toBe(true);
});

test("a student's wrong CLOCK fails a policy exercise with its first difference", async ({ page }) => {
  // The student's CLOCK sets the reference bit when a page is loaded; the reference (CLOCK as
  // shipped) starts it clear.
  const wrong = catalog.templates
    .find((t) => t.id === 'clock')!
    .source.replace('this.ref.set(page, 0);\n    this.free = null;', 'this.ref.set(page, 1);\n    this.free = null;');
  expect(wrong).toContain('this.ref.set(page, 1);\n    this.free = null;');
  await page.goto('/?trace=7,0,1,2,0,3,0,4,2,3,0,3,2,1,2,0,1,7,0,1&policy=clock&frames=3&exercise=policy');
  await expect(page.getByText(/^core \d/)).toBeVisible();
  const exercise = page.getByRole('region', { name: 'Exercise' });
  await expect(exercise).toContainText('Implement CLOCK in Your policy');
  await expect(page.getByRole('tab', { name: 'Compare' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Your policy', selected: true })).toBeVisible();

  await page.getByRole('textbox', { name: 'Policy name' }).fill('my-clock');
  const editor = page.getByRole('textbox', { name: 'Policy source' });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await editor.evaluate((el, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, wrong);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(exercise.getByRole('combobox', { name: 'Policy to submit' })).toHaveValue('my-clock');
  await exercise.getByRole('button', { name: 'Submit policy' }).click();

  await expect(exercise.getByLabel('Exercise score')).toContainText('Failed');
  const verdicts = exercise.getByRole('table', { name: 'Verdict per trace' });
  const linkRow = verdicts.getByRole('row').filter({ hasText: "the link's trace" });
  // On the textbook string they first differ at request 9 (page 2): a hand simulation of both gives
  // the student's code evicting 0 where CLOCK evicts 3.
  await expect(linkRow).toContainText('fails at request 9 (page 2), 3 frames: yours miss, evicted page 0; CLOCK miss, evicted page 3');
  await expect(page.getByRole('tab', { name: 'Compare' })).toHaveCount(1);
});

test('a table exercise asks for the next requests’ frames, keeps the run at its start, then marks each cell', async ({ page }) => {
  // FIFO, 3 frames, from step 3 (frames 7, 0, 1): request 4 (page 2) replaces 7, request 5 (0) hits,
  // request 6 (page 3) replaces 0.
  await page.goto('/?trace=7,0,1,2,0,3,0,4&policy=fifo&frames=3&step=3&exercise=table&exercise-requests=3');
  const status = page.getByLabel('Explore status');
  await expect(status).toContainText('Step 3 of 8');
  const exercise = page.getByRole('region', { name: 'Exercise' });
  await expect(exercise).toContainText('Fill in the frame table for requests 4–6 under FIFO with 3 frames');
  await expect(page.getByRole('button', { name: 'Download CSV' })).toHaveCount(0);
  const table = page.getByRole('region', { name: 'Frame table' });
  const want = { 4: ['2', '0', '1'], 5: ['2', '0', '1'], 6: ['2', '0', '1'] } as Record<number, string[]>; // frame 2 after 6 is wrong: 3
  for (const [request, frames] of Object.entries(want)) {
    for (const [i, p] of frames.entries()) await table.getByRole('textbox', { name: `Frame ${i + 1} after request ${request}` }).fill(p);
  }
  // Stepping forward would show the answers: the run stays where the exercise starts.
  await page.getByRole('button', { name: 'Step forward' }).click();
  await expect(status).toContainText('Step 3 of 8');
  await expect(status).not.toContainText('hits');

  await exercise.getByRole('button', { name: 'Submit table' }).click();
  await expect(exercise.getByLabel('Exercise score')).toHaveText('Score: 8 of 9 cells right.');
  await expect(table.getByRole('textbox')).toHaveCount(0);
  await expect(table).toContainText('3 (you: 0)');
  await expect(status).toContainText('0 hits, 3 misses');
  await page.getByRole('button', { name: 'Step forward' }).click();
  await expect(status).toContainText('Step 4 of 8');
  const csv = await downloaded(page, 'Download score (CSV)');
  const lines = csv.text.trim().split('\n');
  expect(lines[0]).toBe('exercise,name,request,frame,answer,page,right,sha256');
  expect(lines).toHaveLength(10);
  expect(lines.filter((l) => l.includes(',false,'))).toEqual([expect.stringContaining(',,6,2,0,3,false,')]);
});
