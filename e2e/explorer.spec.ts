import { ALONE, expect, test, type Page } from './fixtures';

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText(/^core \d/)).toBeVisible();
});

interface Workload {
  pages?: number;
  length?: number;
  writes?: number;
}

async function generate(page: Page, opts: Workload) {
  await page.getByRole('spinbutton', { name: 'Pages' }).fill(String(opts.pages ?? 200));
  await page.getByRole('spinbutton', { name: 'Length (requests)' }).fill(String(opts.length ?? 5000));
  if (opts.writes !== undefined) await page.getByRole('spinbutton', { name: 'Write fraction' }).fill(String(opts.writes));
  await page.getByRole('button', { name: 'Generate workload' }).click();
  await expect(page.getByRole('region', { name: 'Trace summary' })).toContainText((opts.length ?? 5000).toLocaleString('en'));
  await page.getByRole('tab', { name: 'Explore' }).click();
}

async function openFlash(page: Page, blocks: number, ppb: number, opts: Workload) {
  await generate(page, opts);
  await page.getByRole('radio', { name: 'Flash device' }).check();
  await page.getByRole('spinbutton', { name: 'Blocks' }).fill(String(blocks));
  await page.getByRole('spinbutton', { name: 'Pages per block' }).fill(String(ppb));
  await page.getByRole('button', { name: 'Explore' }).click();
  await expect(position(page)).toHaveText(`0 / ${(opts.length ?? 5000).toLocaleString('en')}`);
}

async function openExplorer(page: Page, policy: string | ((options: string[]) => string), frames: number, opts: Workload = {}) {
  await generate(page, opts);
  const select = page.getByRole('combobox', { name: 'Explorer policy' });
  const label = typeof policy === 'string' ? policy : policy(await select.locator('option').allInnerTexts());
  await select.selectOption({ label });
  await page.getByRole('spinbutton', { name: 'Explorer frames' }).fill(String(frames));
  await page.getByRole('button', { name: 'Explore' }).click();
  await expect(position(page)).toHaveText(`0 / ${(opts.length ?? 5000).toLocaleString('en')}`);
}

const position = (page: Page) => page.getByRole('status', { name: 'Position' });
const narration = (page: Page) => page.getByLabel('Narration');
const hands = (page: Page, ring: string) => page.getByRole('list', { name: `Hands of ${ring}` });

async function jumpTo(page: Page, n: number) {
  await page.getByRole('spinbutton', { name: 'Jump to request' }).fill(String(n));
  await page.getByRole('button', { name: 'Jump', exact: true }).click();
  await expect(position(page)).toHaveText(new RegExp(`^${n.toLocaleString('en')} /`));
}

/** Steps forward until `read` changes (at most `limit` steps); returns the steps taken. */
async function stepUntilChanged(page: Page, read: () => Promise<string>, limit = 60): Promise<number> {
  const before = await read();
  for (let k = 1; k <= limit; k++) {
    const at = await position(page).innerText();
    await page.getByRole('button', { name: 'Step forward' }).click();
    await expect(position(page)).not.toHaveText(at);
    if ((await read()) !== before) return k;
  }
  throw new Error(`no change within ${limit} steps`);
}

async function stepBack(page: Page, k: number) {
  for (let i = 0; i < k; i++) {
    const at = await position(page).innerText();
    await page.getByRole('button', { name: 'Step back' }).click();
    await expect(position(page)).not.toHaveText(at);
  }
}

test('CLOCK: the hand sweeps forward and comes back exactly when stepping back', async ({ page }, info) => {
  await openExplorer(page, 'CLOCK', 16);
  await expect(page.getByRole('img', { name: 'Ring clock: 16 slots' })).toBeVisible();
  await expect(narration(page)).toContainText('Nothing has happened yet');
  await jumpTo(page, 300);
  const handsAt300 = await hands(page, 'clock').innerText();
  const narrationAt300 = await narration(page).innerText();
  expect(handsAt300).toMatch(/the hand at slot \d+ \(page \d+\)$/);
  const k = await stepUntilChanged(page, () => hands(page, 'clock').innerText());
  await expect(narration(page)).toContainText(/the hand (moved|met)/);
  await expect(page.getByLabel('Victim')).toHaveText(/^Victim: page \d+ \((clean|dirty, written back)\)$/); // a full CLOCK's hand moves only to evict
  await page.screenshot({ path: info.outputPath('clock-ring.png'), fullPage: true });
  await stepBack(page, k);
  await expect(position(page)).toHaveText(/^300 \//);
  await expect(hands(page, 'clock')).toHaveText(handsAt300);
  await expect(narration(page)).toHaveText(narrationAt300);
});

test('CLOCK-Pro: three hands move and come back; statuses and m_c shown', async ({ page }, info) => {
  await openExplorer(page, 'CLOCK-Pro', 32, { pages: 300, length: 5000 });
  await jumpTo(page, 1000);
  const ring = hands(page, 'clock');
  await expect(ring.getByRole('listitem')).toHaveText([/HAND_hot at slot 0/, /HAND_cold at slot \d+/, /HAND_test at slot \d+/]);
  await expect(page.getByRole('list', { name: 'Gauges' })).toContainText('m_c');
  const legend = page.getByRole('list', { name: 'Legend' });
  await expect(legend).toContainText('hot');
  await expect(legend).toContainText('non-resident');
  const before = await ring.innerText();
  const narrationBefore = await narration(page).innerText();
  const k = await stepUntilChanged(page, () => ring.innerText());
  await expect(narration(page)).toContainText(/HAND_(hot|cold|test)/);
  await page.screenshot({ path: info.outputPath('clock-pro.png'), fullPage: true });
  await stepBack(page, k);
  await expect.poll(() => ring.innerText()).toBe(before);
  await expect(narration(page)).toHaveText(narrationBefore);
});

test('long trace: going back restarts from a checkpoint and lands on the same state', async ({ page }) => {
  await openExplorer(page, 'CLOCK-Pro', 500, { pages: 20000, length: 200000 });
  await jumpTo(page, 150000);
  const ring = hands(page, 'clock');
  const before = [await ring.innerText(), await narration(page).innerText(), await page.getByRole('list', { name: 'Gauges' }).innerText()];
  await jumpTo(page, 199000);
  await expect.poll(() => ring.innerText()).not.toBe(before[0]);
  await jumpTo(page, 150000);
  await expect
    .poll(async () => [
      await ring.innerText(),
      await narration(page).innerText(),
      await page.getByRole('list', { name: 'Gauges' }).innerText(),
    ])
    .toEqual(before);
});

test('flash grid: the GC victim and copied pages appear and go back exactly', async ({ page }, info) => {
  await openFlash(page, 64, 16, { pages: 500, length: 5000, writes: 1 });
  await expect(page.getByRole('img', { name: 'Flash grid: 64 blocks of 16 pages' })).toBeVisible();
  await jumpTo(page, 1000);
  const state = page.getByRole('list', { name: 'Flash state' });
  await expect(state).toContainText('64 blocks × 16 pages');
  const before = await state.innerText();
  let k = 0;
  for (;;) {
    k += await stepUntilChanged(page, () => state.innerText(), 200);
    if ((await state.innerText()).includes('GC victim: block')) break;
  }
  await expect(narration(page)).toContainText(/GC \(greedy\) chose block \d+/);
  await page.screenshot({ path: info.outputPath('flash-grid.png'), fullPage: true });
  await stepBack(page, k);
  await expect.poll(() => state.innerText()).toBe(before);
  await page.getByRole('textbox', { name: 'Page to inspect' }).fill('3');
  await page.getByRole('button', { name: 'Inspect' }).click();
  await expect(page.getByRole('region', { name: 'History of page 3' })).toContainText(
    /On flash: logical page \d+ lives in block \d+, page \d+/,
  );

  // DAC's regions show on the grid (once the device has the spare blocks they need); FAST opens too.
  await page.getByRole('spinbutton', { name: 'DAC regions' }).fill('4');
  await page.getByRole('button', { name: 'Explore' }).click();
  await expect(page.getByRole('alert')).toContainText('too small to garbage-collect');
  await page.getByRole('spinbutton', { name: 'Blocks' }).fill('256');
  await page.getByRole('button', { name: 'Explore' }).click();
  await expect(position(page)).toHaveText('0 / 5,000');
  await jumpTo(page, 3000);
  await expect(state).toContainText(/DAC regions in use: \d+(, \d+)+/);
  await page.screenshot({ path: info.outputPath('flash-dac.png'), fullPage: true });
  await page.getByRole('spinbutton', { name: 'DAC regions' }).fill('1');
  await page.getByRole('combobox', { name: 'FTL' }).selectOption({ label: 'FAST hybrid FTL' });
  await page.getByRole('button', { name: 'Explore' }).click();
  await expect(position(page)).toHaveText('0 / 5,000');
  await jumpTo(page, 3000);
  // FAST's own victim order, round-robin (the cleaning policy's default, `auto`).
  await expect(page.getByText('Flash · fast FTL · fifo cleaning')).toBeVisible();
});

test('TS-CLOCK: the s-hand moves along the per-block dirty lists and comes back', async ({ page }, info) => {
  await generate(page, { pages: 5000, length: 20000, writes: 0.6 });
  await page.getByRole('combobox', { name: 'Explorer policy' }).selectOption({ label: 'TS-CLOCK' });
  await page.getByRole('spinbutton', { name: 'Explorer frames' }).fill('64');
  await page.getByRole('spinbutton', { name: 'TS-CLOCK pages_per_block' }).fill('256');
  await page.getByRole('button', { name: 'Explore' }).click();
  await jumpTo(page, 4000);
  await expect(page.getByRole('img', { name: 'Ring clock: 64 slots' })).toBeVisible();
  const marker = page.getByLabel('dirty blocks marker');
  await expect(marker).toContainText(/\b([2-9]|\d{2,}) blocks with dirty pages/); // 256-page blocks over 5,000 pages
  const sHand = async () => /s-hand[^·]*/.exec(await marker.innerText())?.[0] ?? '';
  const tHand = await hands(page, 'clock').innerText();
  const before = await sHand();
  const k = await stepUntilChanged(page, sHand, 200);
  await page.screenshot({ path: info.outputPath('ts-clock.png'), fullPage: true });
  await stepBack(page, k);
  await expect.poll(sHand).toBe(before);
  await expect(hands(page, 'clock')).toHaveText(tHand);
});

test('CFLRU (dynamic): the clean-first window moves at a period end and moves back', async ({ page }, info) => {
  await openExplorer(page, 'CFLRU (dynamic window)', 64, { pages: 500, length: 5000, writes: 0.5 });
  await jumpTo(page, 1015);
  const marker = page.getByLabel('LRU marker');
  const windowSize = async () => /clean-first window: \d+ pages/.exec(await marker.innerText())?.[0] ?? '';
  const before = await windowSize();
  expect(before).toMatch(/clean-first window: \d+ pages/);
  const k = await stepUntilChanged(page, windowSize, 40);
  await expect(narration(page)).toContainText(/window/);
  await page.screenshot({ path: info.outputPath('cflru-dynamic.png'), fullPage: true });
  await stepBack(page, k);
  await expect.poll(windowSize).toBe(before);
});

test('every policy family has its view: CRAW areas, ARC, LIRS, CAR, 2Q lists', async ({ page }, info) => {
  await generate(page, { pages: 400, length: 3000, writes: 0.4 });
  const views: [string, string[]][] = [
    ['CRAW', ['Ring R: ', "List R': "]],
    ['ARC', ['List T1: ', 'List B2: ']],
    ['LIRS', ['List S: ', 'List Q: ']],
    ['CAR', ['Ring T1: ', 'List B1: ']],
    ['2Q', ['List A1in: ', 'List Am: ']],
  ];
  for (const [policy, images] of views) {
    await page.getByRole('combobox', { name: 'Explorer policy' }).selectOption({ label: policy });
    await page.getByRole('spinbutton', { name: 'Explorer frames' }).fill('48');
    await page.getByRole('button', { name: 'Explore' }).click();
    await expect(position(page)).toHaveText('0 / 3,000');
    await jumpTo(page, 2000);
    for (const name of images) await expect(page.getByRole('img', { name: new RegExp(`^${name.replace(/[()']/g, '.')}`) })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Gauges' })).toBeVisible();
    await page.screenshot({ path: info.outputPath(`${policy.toLowerCase()}.png`), fullPage: true });
  }
});

test('keyboard: arrows step, Home and End jump, space plays and pauses', async ({ page }) => {
  await openExplorer(page, 'CLOCK', 16);
  await page.getByRole('heading', { name: 'cachescope' }).click(); // focus off the form fields
  await page.keyboard.press('ArrowRight');
  await expect(position(page)).toHaveText(/^1 \//);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  await expect(position(page)).toHaveText(/^1 \//);
  await page.keyboard.press('End');
  await expect(position(page)).toHaveText('5,000 / 5,000');
  await page.keyboard.press('Home');
  await expect(position(page)).toHaveText('0 / 5,000');
  await page.keyboard.press(' ');
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(position(page)).not.toHaveText('0 / 5,000');
  await page.keyboard.press(' ');
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
  const paused = await position(page).innerText();
  await page.getByRole('button', { name: 'Step forward' }).click();
  await expect(position(page)).not.toHaveText(paused);
});

test('LRU list and the page inspector: click a page to read its history', async ({ page }, info) => {
  await openExplorer(page, 'LRU', 12, { pages: 40, length: 2000 });
  await jumpTo(page, 500);
  const summary = page.getByLabel('Summary of LRU');
  await expect(summary).toContainText('12 entries, head first:');
  const first = /head first: (\d+)/.exec(await summary.innerText())?.[1];
  await page.getByRole('textbox', { name: 'Page to inspect' }).fill(String(first));
  await page.getByRole('button', { name: 'Inspect' }).click();
  const history = page.getByRole('region', { name: `History of page ${first}` });
  await expect(history).toContainText('in the cache');
  await expect(history).toContainText(/accessed \d+ times in the first 500 requests/);
  await expect(history).toContainText(/#500/); // the head of the LRU list is the page just requested
  await page.getByRole('textbox', { name: 'Page to inspect' }).fill('999');
  await page.getByRole('button', { name: 'Inspect' }).click();
  await expect(page.getByRole('alert')).toContainText('page 999 is not in the trace: give a page number as the trace writes it');
  await page.getByRole('img', { name: 'List LRU: 12 entries' }).click({ position: { x: 5, y: 5 } });
  await expect(page.getByRole('region', { name: /^History of page \d+$/ })).toBeVisible();
  await page.screenshot({ path: info.outputPath('lru-list.png'), fullPage: true });
});

test('a bad explorer cache size gets a clear message', async ({ page }) => {
  await page.getByRole('spinbutton', { name: 'Length (requests)' }).fill('100');
  await page.getByRole('button', { name: 'Generate workload' }).click();
  await expect(page.getByRole('region', { name: 'Trace summary' })).toContainText('100');
  await page.getByRole('tab', { name: 'Explore' }).click();
  await page.getByRole('spinbutton', { name: 'Explorer frames' }).fill('0');
  await page.getByRole('button', { name: 'Explore' }).click();
  await expect(page.getByRole('alert')).toContainText('Cache size (frames) must be a whole number from 1 to 67,108,864, got 0.');
});

test('a policy parameter the core refuses is reported on the page', async ({ page }) => {
  await generate(page, { length: 1000 });
  await page.getByRole('combobox', { name: 'Explorer policy' }).selectOption({ label: 'CFLRU' });
  await page.getByRole('spinbutton', { name: 'CFLRU window' }).fill('2');
  await page.getByRole('button', { name: 'Explore' }).click();
  // The catalogue's range is checked before the worker is asked.
  await expect(page.getByRole('alert')).toContainText('CFLRU window must be between 0 and 1 of the frames.');
  await page.getByRole('spinbutton', { name: 'CFLRU window' }).fill('0.5');
  await page.getByRole('button', { name: 'Explore' }).click();
  await expect(position(page)).toHaveText('0 / 1,000');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

/**
 * Mean and 95th-percentile time between animation frames over `frames` frames
 * during playback, and how many of those frames showed a new position.
 */
async function probeFrames(page: Page, frames: number) {
  return page.evaluate(
    (n) =>
      new Promise<{ fps: number; p95: number; mean: number; updates: number }>((resolve) => {
        const t: number[] = [];
        const pos = document.querySelector('output[aria-label="Position"]');
        let last = pos?.textContent;
        let updates = 0;
        const tick = (now: number) => {
          t.push(now);
          if (pos?.textContent !== last) {
            updates++;
            last = pos?.textContent;
          }
          if (t.length <= n) requestAnimationFrame(tick);
          else {
            const d = t
              .slice(1)
              .map((x, i) => x - t[i])
              .sort((a, b) => a - b);
            const mean = d.reduce((a, b) => a + b, 0) / d.length;
            resolve({ fps: 1000 / mean, p95: d[Math.floor(d.length * 0.95)], mean, updates });
          }
        };
        requestAnimationFrame(tick);
      }),
    frames,
  );
}

test('frame-time probe: continuous playback of a 2,000-frame ring', ALONE, async ({ page }, info) => {
  let policy = '';
  await openExplorer(page, (options) => (policy = options.includes('CLOCK-Pro') ? 'CLOCK-Pro' : 'CLOCK'), 2000, {
    pages: 20000,
    length: 200000,
  });
  await jumpTo(page, 5000);
  await expect(page.getByRole('img', { name: /^Slots of clock around hand/ })).toBeVisible(); // the zoom on a ring too big to label
  await page.getByRole('combobox', { name: 'Speed (requests per second)' }).selectOption('3000');
  await page.getByRole('button', { name: 'Play' }).click();
  await expect(position(page)).not.toHaveText(/^0 \//);
  const r = await probeFrames(page, 240);
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  console.log(
    `frame-time probe (${policy}, 2000-frame ring, 3000 req/s): ${r.fps.toFixed(1)} fps, mean ${r.mean.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms; ${r.updates} of 240 frames showed a new state`,
  );
  await page.getByRole('button', { name: 'Pause' }).click();
  await page.screenshot({ path: info.outputPath('ring-2000.png'), fullPage: true });
});

test('frame-time probe: continuous playback of a 1,024-block flash grid', ALONE, async ({ page }, info) => {
  await openFlash(page, 1024, 64, { pages: 20000, length: 200000, writes: 0.5 });
  await page.getByRole('combobox', { name: 'Speed (requests per second)' }).selectOption('3000');
  await page.getByRole('button', { name: 'Play' }).click();
  await expect(position(page)).not.toHaveText(/^0 \//);
  const r = await probeFrames(page, 240);
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  console.log(
    `frame-time probe (page FTL, 1024 blocks x 64 pages, 3000 req/s): ${r.fps.toFixed(1)} fps, mean ${r.mean.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms; ${r.updates} of 240 frames showed a new state`,
  );
  await page.getByRole('button', { name: 'Pause' }).click();
  await page.screenshot({ path: info.outputPath('flash-1024.png'), fullPage: true });
});

test('a lecture-sized flash device: 8 blocks of 4 pages, page numbers printed and listed', async ({ page }) => {
  await page.goto('/?trace=0,1,2,3,4,5,6,7,0w,1w,2w,3w,0w,1w,2w,3w,0w,1w&view=explore');
  // The link is open once the address is its canonical form: before that, opening it resets the set-up.
  await expect(page).toHaveURL(/#v2=/);
  await page.getByRole('radio', { name: 'Flash device' }).check();
  await expect(page.getByLabel('Smallest device')).toContainText('8 blocks needs over-provisioning 0.5');
  await page.getByRole('spinbutton', { name: 'Blocks' }).fill('8');
  await page.getByRole('spinbutton', { name: 'Pages per block' }).fill('4');
  await page.getByRole('spinbutton', { name: 'Over-provisioning' }).fill('0.5');
  await page.getByText('More device settings').click();
  await page.getByRole('spinbutton', { name: 'Initial fill' }).fill('0');
  await page.getByRole('button', { name: 'Explore' }).click();
  await expect(position(page)).toHaveText('0 / 18');
  await jumpTo(page, 18);
  const blocks = page.getByRole('list', { name: 'Flash blocks' }).getByRole('listitem');
  await expect(blocks).toHaveCount(8);
  // Pages 0–3 were rewritten: their latest copies are valid, the first ones stale.
  await expect(page.getByRole('list', { name: 'Flash blocks' })).toContainText('stale copy of page 0');
  await expect(page.getByRole('list', { name: 'Flash blocks' })).toContainText(/page 0(,|$)/);
  await expect(page.getByRole('img', { name: 'Flash grid: 8 blocks of 4 pages' })).toBeVisible();
});

test('a far jump advances in slices, shows its progress, and Cancel stops it where it is', async ({ page }) => {
  test.setTimeout(120_000);
  await openFlash(page, 1024, 64, { pages: 20000, length: 30_000_000, writes: 1 });
  await page.getByRole('spinbutton', { name: 'Jump to request' }).fill('29000000');
  await page.getByRole('button', { name: 'Jump', exact: true }).click();
  const seeking = page.getByRole('group', { name: 'Seeking' });
  await expect(seeking).toContainText('going to 29,000,000');
  await seeking.getByRole('button', { name: 'Cancel jump' }).click();
  await expect(seeking).toHaveCount(0);
  const at = await position(page).innerText();
  const n = Number(at.split(' /')[0].replace(/,/g, ''));
  expect(n).toBeGreaterThan(0);
  expect(n).toBeLessThan(29_000_000);
  // The session is usable where the jump stopped.
  await page.getByRole('button', { name: 'Step forward' }).click();
  await expect(position(page)).toHaveText(`${(n + 1).toLocaleString('en')} / 30,000,000`);
});
