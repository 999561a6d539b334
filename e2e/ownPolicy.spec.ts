// Your own policy in the browser: written in the editor or brought by a link, run in the worker's
// JavaScript engine (QuickJS-ng compiled to WebAssembly, loaded only then), checked against a
// built-in, and stopped with the core's message when it loops, while the page keeps answering.
import { ALONE, expect, test, type Page } from './fixtures';
import { answersWithin } from './answers';
import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';

const catalog = JSON.parse(readFileSync(new URL('../src/wasm-pkg/catalog.json', import.meta.url), 'utf8')) as {
  templates: { id: string; source: string }[];
};

const BOOK = '7,0,1,2,0,3,0,4,2,3,0,3,2,1,2,0,1,7,0,1';
const template = (id: string) => catalog.templates.find((t) => t.id === id)!.source;

const tab = (page: Page, name: string) => page.getByRole('tab', { name });

async function open(page: Page, path = '/') {
  await page.goto(path);
  await expect(page.getByText(/^core \d/)).toBeVisible();
}

/** Writes `source` under `name` in the editor and saves it (with `use`, into the experiment too). */
async function write(page: Page, name: string, source: string, use = true) {
  await tab(page, 'Your policy').click();
  await page.getByRole('textbox', { name: 'Policy name' }).fill(name);
  const editor = page.getByRole('textbox', { name: 'Policy source' });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  // Typed as a paste would put it: CodeMirror's auto-indent would otherwise re-indent each line.
  await editor.evaluate((el, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, source);
  await page.getByRole('button', { name: use ? 'Save and use' : 'Save', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Saved policies' }).getByRole('button', { name: `Remove ${name}` })).toBeVisible();
}

async function generate(page: Page, requests: number) {
  await page.getByRole('spinbutton', { name: 'Length (requests)' }).fill(String(requests));
  await page.getByRole('button', { name: 'Generate workload' }).click();
  await expect(page.getByRole('region', { name: 'Trace summary' })).toContainText(requests.toLocaleString('en-US'));
}

test('a hand-written link with code.mine= runs its FIFO on the textbook string and shows the code', async ({ page }) => {
  const query = `?trace=${BOOK}&policy=mine&frames=3&code.mine=${encodeURIComponent(template('fifo'))}&view=explore&step=20`;
  await open(page, `/${query}`);
  const status = page.getByLabel('Explore status');
  await expect(status).toContainText('Step 20 of 20');
  await expect(status).toContainText('5 hits, 15 misses');
  const contents = page.getByRole('list', { name: 'Cache contents' }).getByRole('listitem');
  await expect(contents).toHaveCount(3);
  const pages = (await contents.allInnerTexts()).map((t) => /^page ([^,\s]+)/.exec(t)?.[1]).sort();
  expect(pages).toEqual(['0', '1', '7']);
  // The page says it runs code from the link, and shows it.
  await expect(page.getByRole('note')).toContainText('opened from a link that carries code: mine');
  await expect(page.getByLabel('Code of mine')).toContainText('export default class Fifo');
  // The canonical link carries the source: opened again, it shows the same picture.
  await expect.poll(() => page.url()).toMatch(/#v2=/);
  const again = page.url();
  await page.goto('about:blank');
  await open(page, again);
  await expect(page.getByLabel('Explore status')).toContainText('5 hits, 15 misses');
});

test('the LRU template run from the editor gives the built-in LRU row numbers', async ({ page }) => {
  await open(page);
  await generate(page, 20_000);
  await write(page, 'my-lru', template('lru'));
  await tab(page, 'Compare').click();
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const table = page.getByRole('table');
  const row = (name: string) => table.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  await expect(row('my-lru')).toHaveCount(2);
  const cells = async (name: string) =>
    (await row(name).allInnerTexts()).map((t) => t.split('\t').slice(1).join('\t').replace(/★/g, '').trim());
  expect(await cells('my-lru')).toEqual(await cells('LRU'));
});

test('an endless evict() is stopped with a message naming it while the page keeps answering', ALONE, async ({ page }) => {
  await open(page);
  await generate(page, 20_000);
  const stuck =
    'export default class Stuck {\n  constructor(frames) { this.pages = []; }\n  insert(page) { this.pages.push(page); }\n  evict() { while (true) {} }\n}\n';
  await write(page, 'stuck', stuck);
  await tab(page, 'Compare').click();
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  // While the worker runs the loop, the page answers: another tab opens.
  await tab(page, 'Explore').click();
  await expect(tab(page, 'Explore')).toHaveAttribute('aria-selected', 'true');
  await answersWithin(page, 500);
  await tab(page, 'Compare').click();
  await expect(page.getByRole('alert').filter({ hasText: 'stuck: evict() ran past its budget' })).toBeVisible();
});

test('Check against finds the first difference of a wrong CLOCK and opens Explore there', async ({ page }) => {
  await open(page);
  await generate(page, 5_000);
  // A new page's reference bit set to 1 (the template sets it to 0).
  const wrong = template('clock').replace('this.ref.set(page, 0);\n    this.free = null;', 'this.ref.set(page, 1);\n    this.free = null;');
  expect(wrong).not.toBe(template('clock'));
  await write(page, 'my-clock', wrong, false);
  const check = page.getByRole('region', { name: 'Check against' });
  await check.getByRole('combobox', { name: 'Reference policy' }).selectOption('clock');
  await check.getByRole('button', { name: 'Check against CLOCK' }).click();
  const result = check.getByRole('status', { name: 'Check result' });
  await expect(result).toContainText('my-clock first decides differently from CLOCK at request');
  const request = Number(/at request ([\d,]+)/.exec((await result.innerText()) ?? '')![1].replace(/,/g, ''));
  await result.getByRole('button', { name: /^Open in Explore at request/ }).click();
  await expect(tab(page, 'Explore')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Explore status')).toContainText(`Step ${request.toLocaleString('en-US')} of`);
  await expect(page.getByRole('combobox', { name: 'Explorer policy' })).toHaveValue('my-clock');
  // What the reference did there is named beside the narration.
  await expect(page.getByRole('note', { name: "Reference's choice" })).toContainText(/^CLOCK at this request: (hit|miss)/);
});

test('a long Check against shows how far it got and stops on Cancel, keeping the page and the trace', ALONE, async ({ page }) => {
  await open(page);
  await generate(page, 1_000_000);
  // The shipped CLOCK's own template decides as CLOCK does, so the check would go through every case.
  await write(page, 'same-clock', template('clock'), false);
  const check = page.getByRole('region', { name: 'Check against' });
  await check.getByRole('combobox', { name: 'Reference policy' }).selectOption('clock');
  await check.getByRole('button', { name: 'Check against CLOCK' }).click();
  const progress = check.getByRole('status', { name: 'Check progress' });
  await expect(progress).toContainText(/checking case \d+ of \d+/);
  await answersWithin(page, 500);
  await progress.getByRole('button', { name: 'Cancel check' }).click();
  await expect(check.getByText('Check cancelled.')).toBeVisible();
  // The worker serves the next request, on the same trace (still loaded).
  await check.getByRole('combobox', { name: 'Reference policy' }).selectOption('fifo');
  await check.getByRole('button', { name: 'Check against FIFO' }).click();
  await expect(check.getByRole('status', { name: 'Check result' })).toContainText('same-clock first decides differently from FIFO');
});

test('the Your policy tab: its error marked, no serious accessibility violation, no sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page);
  await tab(page, 'Your policy').click();
  await page.getByRole('textbox', { name: 'Policy name' }).fill('broken');
  const editor = page.getByRole('textbox', { name: 'Policy source' });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('\nconst x = ;');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert', { name: 'Policy problem' })).toContainText(/^broken: does not compile: .*\(line \d+\)$/);
  await expect(page.locator('.cm-error-line')).toHaveText('const x = ;');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const axe = await new AxeBuilder({ page }).analyze();
    const serious = axe.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
    expect(serious, scheme).toEqual([]);
  }
  for (const width of [390, 800]) {
    await page.setViewportSize({ width, height: 800 });
    const [doc, win] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(doc, `at ${width} px`).toBeLessThanOrEqual(win);
  }
});
