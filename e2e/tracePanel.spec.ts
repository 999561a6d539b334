// The trace panel: the core's analysis of the loaded trace in the page, the same numbers as the
// runner's `--analyze --json` on the same file, its exports, and a Cancel that leaves the page
// answering and the worker serving the next request.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALONE, expect, test, type Page } from './fixtures';
import { answersWithin } from './answers';
import AxeBuilder from '@axe-core/playwright';
import { RUNNER as runner } from '../src/test/runner';

/** A skewed trace of `n` requests over up to `pages` pages (large ids, a few sequential runs), as text. */
function traceText(n: number, pages: number, seed = 5): string {
  let x = seed;
  const rnd = () => (x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const p = rnd() < 0.1 ? 900_000 + (i % 50) : 7_000_000 + Math.floor(pages * rnd() * rnd() * rnd());
    lines.push(`${p}${rnd() < 0.2 ? ' W' : ''}`);
  }
  return lines.join('\n') + '\n';
}

async function open(page: Page) {
  await page.goto('/');
  await expect(page.getByText(/^core \d/)).toBeVisible();
}

async function download(page: Page, name: string): Promise<{ file: string; text: string }> {
  const panel = page.getByRole('region', { name: 'Trace analysis' });
  const [dl] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name }).click()]);
  return { file: dl.suggestedFilename(), text: readFileSync((await dl.path())!).toString() };
}

test('an uploaded trace analysed in the page gives the runner’s numbers, drawn and exported', async ({ page }) => {
  const text = traceText(20_000, 3000);
  const file = join(mkdtempSync(join(tmpdir(), 'tracepanel-')), 'skewed.txt');
  writeFileSync(file, text);
  const native = JSON.parse(execFileSync(runner, ['--trace', file, '--analyze', '--window', '1000', '--json']).toString()) as {
    analysis: { distinct: number; requests: number; popularity: { alpha: number; r2: number; fit_scale: number; top_page: string } };
  };
  const want = native.analysis;
  expect(want.popularity.alpha).toBeGreaterThan(0);

  await page.setViewportSize({ width: 1280, height: 720 });
  await open(page);
  await page.getByRole('radio', { name: 'Upload' }).check();
  await page.getByLabel('Trace file').setInputFiles({ name: 'skewed.txt', mimeType: 'text/plain', buffer: Buffer.from(text) });
  await page.getByRole('button', { name: 'Load trace' }).click();
  await expect(page.getByRole('region', { name: 'Trace summary' })).toContainText('skewed.txt');

  const panel = page.getByRole('region', { name: 'Trace analysis' });
  await panel.getByRole('spinbutton', { name: 'Requests per window' }).fill('1000');
  await panel.getByRole('button', { name: 'Analyse trace' }).click();
  const figures = panel.getByRole('table', { name: 'Trace analysis figures' });
  const cell = (row: string) => figures.getByRole('row', { name: new RegExp(`^${row}`) }).getByRole('cell');
  await expect(cell('Distinct pages')).toHaveText(want.distinct.toLocaleString('en-US'));
  await expect(cell('Zipf α')).toHaveText(want.popularity.alpha.toFixed(3));
  await expect(cell('Most referenced page')).toContainText(want.popularity.top_page);
  for (const name of [
    'Rank–frequency',
    'Reuse distance (LRU stack distance)',
    'Reuse time',
    'Working set per window',
    'One-hit wonders and writes per window',
    'Runs of consecutive pages',
  ])
    await expect(panel.getByRole('img', { name })).toBeVisible();
  // The fitted line and its α are in the chart's legend.
  await expect(panel.getByRole('img', { name: 'Rank–frequency' })).toContainText(`Zipf α ${want.popularity.alpha.toFixed(2)}`);

  // The JSON carries the core's analysis whole: the runner's, number for number.
  const json = await download(page, 'Download analysis JSON');
  expect(json.file).toBe('cachescope-trace-analysis.json');
  const got = JSON.parse(json.text) as { trace: string; analysis: unknown };
  expect(got.trace).toBe('skewed.txt');
  // (The fitted line's scale is an exp(), whose last bit WebAssembly's libm and the native one may round apart.)
  expect(got.analysis).toEqual({ ...want, popularity: { ...want.popularity, fit_scale: expect.closeTo(want.popularity.fit_scale, 9) } });
  const csv = await download(page, 'Download analysis CSV');
  expect(csv.file).toBe('cachescope-trace-analysis.csv');
  const rows = csv.text.trim().split('\n');
  expect(rows[0]).toBe('figure,x,x_high,value,trace,core,trace_sha256');
  expect(rows.find((r) => r.startsWith('distinct,'))!.split(',')[3]).toBe(String(want.distinct));
  expect(rows.filter((r) => r.startsWith('window_distinct,'))).toHaveLength(20);
  await panel.screenshot({ path: test.info().outputPath('trace-panel.png') });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const axe = await new AxeBuilder({ page }).include('section[aria-label="Trace analysis"]').analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
    expect(serious, scheme).toEqual([]);
  }
  // A chart downloads as SVG with its title.
  const chart = page.getByRole('region', { name: 'Reuse time' });
  const [svg] = await Promise.all([page.waitForEvent('download'), chart.getByRole('button', { name: 'Download SVG' }).click()]);
  expect(svg.suggestedFilename()).toBe('reuse-time.svg');
  expect(readFileSync((await svg.path())!).toString()).toContain('reuse time (requests since the last access)');
});

test('a long analysis shows how far it got and stops on Cancel; the page answers and the next analysis runs', ALONE, async ({ page }) => {
  test.setTimeout(150_000);
  await open(page);
  await page.getByRole('spinbutton', { name: 'Length (requests)' }).fill('8000000');
  await page.getByRole('spinbutton', { name: 'Pages', exact: true }).fill('1000000');
  await page.getByRole('button', { name: 'Generate workload' }).click();
  // Generating 8 M requests takes a while on a busy machine: a wait, not a timing.
  await expect(page.getByRole('region', { name: 'Trace summary' })).toContainText('8,000,000', { timeout: 60_000 });
  const panel = page.getByRole('region', { name: 'Trace analysis' });
  await panel.getByRole('button', { name: 'Analyse trace' }).click();
  const progress = panel.getByRole('status', { name: 'Analysis progress' });
  await expect(progress).toContainText(/analysed [\d,]+ of 8,000,000 requests/);
  await answersWithin(page, 500);
  await progress.getByRole('button', { name: 'Cancel analysis' }).click();
  await expect(panel.getByRole('status').filter({ hasText: 'Analysis cancelled.' })).toBeVisible();
  await expect(panel.getByRole('table', { name: 'Trace analysis figures' })).toHaveCount(0);
  // The worker serves the next request on the same trace: a smaller one, analysed to the end.
  await page.getByRole('spinbutton', { name: 'Length (requests)' }).fill('5000');
  await page.getByRole('button', { name: 'Generate workload' }).click();
  await expect(page.getByRole('region', { name: 'Trace summary' })).toContainText('5,000');
  await panel.getByRole('button', { name: 'Analyse trace' }).click();
  await expect(panel.getByRole('table', { name: 'Trace analysis figures' }).getByRole('row', { name: /^Requests/ })).toContainText('5,000');
});
