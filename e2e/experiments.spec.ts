import { expect, test, type Page } from './fixtures';
import { createHash } from 'node:crypto';
import { inflateSync, strFromU8 } from 'fflate';
import { readFileSync } from 'node:fs';
import { deflateSync, strToU8 } from 'fflate';

const ready = async (page: Page) => expect(page.getByText(/^core \d/)).toBeVisible();

/** A deterministic plain trace: a skewed mix of pages, a third of them writes. */
function traceText(n: number, pages: number, seed = 1): string {
  let x = seed;
  const rnd = () => (x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const p = Math.floor(pages * rnd() * rnd());
    lines.push(`${p}${rnd() < 0.33 ? ' W' : ' R'}`);
  }
  return lines.join('\n') + '\n';
}

const tableText = async (page: Page) => {
  const rows = page.getByRole('table').getByRole('row');
  return rows.allInnerTexts();
};

async function uploadAndCompare(page: Page, name: string, text: string, frames: string) {
  await page.getByRole('radio', { name: 'Upload' }).check();
  await page.getByLabel('Trace file').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });
  await page.getByRole('button', { name: 'Load trace' }).click();
  await expect(page.getByRole('region', { name: 'Trace summary' })).toContainText(name);
  await page.getByRole('checkbox', { name: 'FIFO', exact: true }).check(); // LRU, CLOCK and OPT are on by default
  await page.getByRole('textbox', { name: 'Cache sizes (frames)' }).fill(frames);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
}

test('compare four policies on an uploaded trace, share the link, reopen it and get the same results', async ({ page, context }, info) => {
  await page.goto('/');
  await ready(page);
  await uploadAndCompare(page, 'mix.txt', traceText(3000, 400), '20, 50, 100');
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(1 + 4 * 3);
  for (const chart of [
    'Hit ratio over the run',
    'Hit ratio against cache size',
    'Page reads and write-backs per policy',
    'Weighted cost relative to the baseline',
  ])
    await expect(page.getByRole('img', { name: chart })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Hit ratio against cache size' }).locator('path[data-series]')).toHaveCount(4);
  // Best hit ratio at each size is OPT's and is starred.
  const optRow = table
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'OPT (Belady)', exact: true }) })
    .first();
  await expect(optRow.getByRole('cell').nth(4)).toContainText('★');
  // Pointing at the run shows every series' hit ratio there.
  const runChart = page.getByRole('img', { name: 'Hit ratio over the run' });
  await runChart.hover({ position: { x: 300, y: 150 } });
  await expect(runChart.locator('g.readout')).toContainText(/after [\d,]+ requests.*LRU · 20: [\d.]+%/);
  await runChart.screenshot({ path: info.outputPath('readout.png') });
  await page.screenshot({ path: info.outputPath('compare.png'), fullPage: true });

  const before = await tableText(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied.')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/#v2=[A-Za-z0-9_-]+$/);
  expect(link).toBe(await page.getByRole('textbox', { name: 'Share link' }).inputValue());
  expect(page.url()).toBe(link);

  const fresh = await context.newPage();
  await fresh.goto(link);
  await expect(fresh.getByRole('table').getByRole('row')).toHaveCount(1 + 4 * 3);
  await expect(fresh.getByRole('region', { name: 'Trace summary' })).toContainText('mix.txt');
  expect(await tableText(fresh)).toEqual(before);
  await expect(fresh.getByRole('alert')).toHaveCount(0);
});

test('a broken, a newer-version and a tampered link get clear messages, never a blank page', async ({ page }) => {
  await page.goto('/');
  await ready(page);
  await page.getByRole('spinbutton', { name: 'Length (requests)' }).fill('5000');
  await page.getByRole('button', { name: 'Generate workload' }).click();
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(1 + 3 * 2);
  const link = await page.getByRole('textbox', { name: 'Share link' }).inputValue();

  // Cut short, as by a bad copy.
  await page.goto(link.slice(0, link.length - 25));
  await ready(page);
  await expect(page.getByRole('alert')).toContainText('damaged or cut short');
  await expect(page.getByRole('button', { name: 'Generate workload' })).toBeEnabled();

  // A newer format: best effort, and said so.
  await page.goto(link.replace('#v2=', '#v7='));
  await expect(page.getByRole('alert')).toContainText('newer version of cachescope');
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(1 + 3 * 2);

  // Markup in the link stays text; the bad field is named and the rest loads.
  const evil = {
    source: { kind: 'generate', generator: { kind: 'uniform', pages: 100, length: 2000 } },
    policies: [
      { id: 'lru', params: {} },
      { id: '<img src=x onerror=alert(1)>', params: {} },
    ],
    frames: '10',
  };
  const hash = '#v1=' + Buffer.from(deflateSync(strToU8(JSON.stringify(evil)))).toString('base64url');
  await page.goto('/' + hash);
  await expect(page.getByRole('alert')).toContainText('policies[1].id');
  await expect(page.getByRole('alert')).toContainText('<img src=x');
  await expect(page.locator('img')).toHaveCount(0);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
});

test('exports: CSV and JSON match the table, charts download as SVG and PNG, the after-cache stream as a trace', async ({ page }) => {
  await page.goto('/');
  await ready(page);
  await uploadAndCompare(page, 'mix.txt', traceText(2000, 300, 5), '25, 60');
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(1 + 8);

  const save = async (button: string, region?: string) => {
    const scope = region ? page.getByRole('region', { name: region }) : page;
    const [dl] = await Promise.all([page.waitForEvent('download'), scope.getByRole('button', { name: button }).click()]);
    return { name: dl.suggestedFilename(), body: readFileSync((await dl.path())!) };
  };

  const csv = await save('Export CSV');
  expect(csv.name).toBe('cachescope-results.csv');
  const lines = csv.body.toString().trim().split('\n');
  expect(lines).toHaveLength(1 + 8);
  const head = csvFields(lines[0]);
  const rows = page.getByRole('table').getByRole('row');
  for (let i = 1; i <= 8; i++) {
    // A policy's parameters are a JSON object, quoted when it holds commas (CLOCK's two).
    const cells = csvFields(lines[i]);
    const shown = await rows.nth(i).innerText();
    const [label, frames, , hits, misses] = shown.split('\t');
    expect(cells[head.indexOf('policy')]).toBe(label);
    expect(cells[head.indexOf('frames')]).toBe(frames.replace(/,/g, ''));
    expect(cells[head.indexOf('hits')]).toBe(hits.replace(/[,★ ]/g, ''));
    expect(cells[head.indexOf('misses')]).toBe(misses.replace(/[,★ ]/g, ''));
  }

  const json = JSON.parse((await save('Export JSON')).body.toString());
  expect(json.results).toHaveLength(8);
  expect(json.experiment.policies.map((p: { id: string }) => p.id)).toEqual(['lru', 'clock', 'opt', 'fifo']);

  const svg = await save('Download SVG', 'Hit ratio against cache size');
  expect(svg.name).toBe('hit-ratio-against-cache-size.svg');
  expect(svg.body.toString()).toMatch(/^<svg[^>]+xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  expect(svg.body.toString()).toContain('cache size (frames)');
  const png = await save('Download PNG', 'Hit ratio over the run');
  expect([...png.body.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);

  await page.getByRole('combobox', { name: 'Run whose after-cache stream to export' }).selectOption({ label: 'LRU · 25' });
  const stream = await save('Export after-cache stream');
  const lruRow = await rows.nth(1).innerText();
  const [, , , , misses, , , writebacks] = lruRow.split('\t').map((c) => c.replace(/[,★ ]/g, ''));
  const body = stream.body.toString().trim().split('\n');
  expect(body[0]).toMatch(/^# after-cache stream of LRU/);
  const ops = body.slice(1).map((l) => l.split(' ')[1]);
  expect(ops.filter((o) => o === 'R')).toHaveLength(Number(misses));
  expect(ops.filter((o) => o === 'W')).toHaveLength(Number(writebacks));

  // The stream loads again as a trace.
  await page.getByLabel('Trace file').setInputFiles({ name: stream.name, mimeType: 'text/plain', buffer: stream.body });
  await page.getByRole('button', { name: 'Load trace' }).click();
  const summary = page.getByRole('region', { name: 'Trace summary' });
  await expect(summary).toContainText(stream.name);
  await expect(summary).toContainText(`${Number(misses).toLocaleString('en-US')} / ${Number(writebacks).toLocaleString('en-US')}`);
});

test('back and forward restore earlier experiments', async ({ page }) => {
  await page.goto('/');
  await ready(page);
  await page.getByRole('spinbutton', { name: 'Length (requests)' }).fill('4000');
  await page.getByRole('button', { name: 'Generate workload' }).click();
  const frames = page.getByRole('textbox', { name: 'Cache sizes (frames)' });
  await frames.fill('30');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(1 + 3);
  await frames.fill('40, 80');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(1 + 6);

  await page.goBack();
  await expect(frames).toHaveValue('30');
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(1 + 3);
  await page.goForward();
  await expect(frames).toHaveValue('40, 80');
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(1 + 6);
  await page.reload();
  await expect(frames).toHaveValue('40, 80');
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(1 + 6);

  // The selected view is part of the link too.
  const hash = new URL(page.url()).hash;
  await page.getByRole('tab', { name: 'Explore' }).click();
  await expect.poll(() => new URL(page.url()).hash).not.toBe(hash);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Explore' })).toHaveAttribute('aria-selected', 'true');
});

test('a large upload travels by hash: the reopened link asks for the file and checks it', async ({ page, context }) => {
  await page.goto('/');
  await ready(page);
  const big = traceText(120_000, 1_000_000, 9);
  await uploadAndCompare(page, 'big.txt', big, '1000');
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(1 + 4);
  const before = await tableText(page);
  const link = await page.getByRole('textbox', { name: 'Share link' }).inputValue();
  expect(link.length).toBeLessThan(1000);
  // The hash the worker streamed is the file's SHA-256.
  const shared = JSON.parse(strFromU8(inflateSync(Buffer.from(link.split('#v2=')[1], 'base64url')))) as { source: { sha256: string } };
  expect(shared.source.sha256).toBe(createHash('sha256').update(big).digest('hex'));

  const fresh = await context.newPage();
  await fresh.goto(link);
  await expect(fresh.getByRole('status').filter({ hasText: 'big.txt' })).toContainText('Choose it below');
  await fresh
    .getByLabel('Trace file')
    .setInputFiles({ name: 'big.txt', mimeType: 'text/plain', buffer: Buffer.from(traceText(120_000, 1_000_000, 10)) });
  await expect(fresh.getByRole('alert')).toContainText('SHA-256 check failed');
  await fresh.getByLabel('Trace file').setInputFiles({ name: 'big.txt', mimeType: 'text/plain', buffer: Buffer.from(big) });
  await expect(fresh.getByRole('table').getByRole('row')).toHaveCount(1 + 4);
  expect(await tableText(fresh)).toEqual(before);
});

test('a policy twice with different parameters: both run, and the link keeps them', async ({ page, context }) => {
  await page.goto('/');
  await ready(page);
  await page.getByRole('spinbutton', { name: 'Pages' }).fill('2000');
  await page.getByRole('spinbutton', { name: 'Length (requests)' }).fill('20000');
  await page.getByRole('button', { name: 'Generate workload' }).click();
  for (const name of ['LRU', 'CLOCK', 'OPT (Belady)']) await page.getByRole('checkbox', { name, exact: true }).uncheck();
  await page.getByRole('checkbox', { name: 'CLOCK-Pro', exact: true }).check();
  // The editor starts from the core's defaults.
  await expect(page.getByRole('spinbutton', { name: 'CLOCK-Pro cold_fraction' })).toHaveValue('0.01');
  await page.getByRole('button', { name: 'Add a variant of CLOCK-Pro' }).click();
  await page.getByRole('spinbutton', { name: 'CLOCK-Pro #2 cold_fraction' }).fill('0.3');
  await page.getByRole('textbox', { name: 'Cache sizes (frames)' }).fill('100');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('rowheader', { name: 'CLOCK-Pro (cold_fraction=0.3)' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Policy gauges over the run' }).locator('path[data-series*="m_c"]')).toHaveCount(2);
  const before = await tableText(page);
  expect(before[1]).not.toEqual(before[2]);

  const fresh = await context.newPage();
  await fresh.goto(await page.getByRole('textbox', { name: 'Share link' }).inputValue());
  await expect(fresh.getByRole('table').getByRole('row')).toHaveCount(3);
  expect(await tableText(fresh)).toEqual(before);
  await expect(fresh.getByRole('spinbutton', { name: 'CLOCK-Pro (cold_fraction=0.3) cold_fraction' })).toHaveValue('0.3');
});

test('each teaching preset opens with its sentence and runs', async ({ page }, info) => {
  await page.goto('/');
  await ready(page);
  const presets = page.getByRole('button', { name: /^Open preset: / });
  await page.getByText('Teaching presets').click();
  const n = await presets.count();
  expect(n).toBeGreaterThanOrEqual(6);
  // Each preset opens the view it names, at the step it names.
  const opens: Record<string, { view: 'Compare' | 'Explore'; step?: string }> = {
    'The textbook reference string on 3 frames': { view: 'Explore', step: 'Step 4 of 20' },
    "Belady's anomaly: more frames, more faults": { view: 'Compare' },
    'A 101-page loop in 100 frames': { view: 'Explore', step: 'Step 303 of 10,100' },
    'Clean pages first (CFLRU Fig. 1)': { view: 'Explore', step: 'Step 10 of 14' },
    'Two hands on a flash block (TS-CLOCK Fig. 3)': { view: 'Explore', step: 'Step 11 of 15' },
    'Aging: counters over five clock ticks': { view: 'Explore', step: 'Step 21 of 22' },
    'The working set shrinks and grows': { view: 'Explore', step: 'Step 24 of 50' },
    'MRU wins on a loop one page larger than the cache': { view: 'Explore', step: 'Step 12 of 30' },
  };
  for (let i = 0; i < n; i++) {
    const title = ((await presets.nth(i).getAttribute('aria-label')) ?? '').replace('Open preset: ', '');
    await presets.nth(i).click();
    await expect(page.getByRole('complementary', { name: 'What to watch' })).toContainText(/\w{5,}.*\./);
    const want = opens[title] ?? { view: 'Compare' };
    await expect(page.getByRole('tab', { name: want.view })).toHaveAttribute('aria-selected', 'true');
    if (want.step) await expect(page.getByLabel('Explore status')).toContainText(want.step);
    else await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeEnabled();
    await expect(page.getByRole('alert')).toHaveCount(0);
  }
  await page.getByRole('tab', { name: 'Compare' }).click();
  // Belady's anomaly side by side: FIFO faults 9 times with 3 frames and 10 times with 4.
  await presets.filter({ hasText: "Belady's anomaly" }).click();
  const fifo = page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'FIFO', exact: true }) });
  await expect(fifo).toHaveCount(2);
  const misses = async (frames: string) =>
    (
      await fifo
        .filter({ has: page.getByRole('cell', { name: frames, exact: true }) })
        .getByRole('cell')
        .nth(3)
        .innerText()
    ).replace(/\D/g, '');
  await expect.poll(() => misses('3')).toBe('9');
  await expect.poll(() => misses('4')).toBe('10');
  // The TS-CLOCK preset runs TS-CLOCK beside CLOCK.
  await presets.filter({ hasText: 'TS-CLOCK' }).click();
  await page.getByRole('tab', { name: 'Compare' }).click();
  await expect(page.getByRole('table').getByRole('rowheader', { name: 'TS-CLOCK', exact: true })).toBeVisible();
  await expect(page.getByRole('table').getByRole('rowheader', { name: 'CLOCK', exact: true })).toBeVisible();
  // CFLRU's Fig. 1 point: same hits as LRU, but the two evictions are clean pages.
  await presets.filter({ hasText: 'CFLRU Fig. 1' }).click();
  await page.getByRole('tab', { name: 'Compare' }).click();
  const row = (name: string) =>
    page
      .getByRole('table')
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  await expect(row('CFLRU').getByRole('cell').nth(6)).toHaveText('0 ★');
  await expect(row('LRU').getByRole('cell').nth(6)).toHaveText('1');
  await expect(row('LRU').getByRole('cell').nth(2)).toHaveText('4');
  await expect(row('CFLRU').getByRole('cell').nth(2)).toHaveText('4');
  await presets.filter({ hasText: '101-page loop' }).click();
  await page.getByRole('tab', { name: 'Compare' }).click();
  await expect(page.getByRole('img', { name: 'Policy gauges over the run' }).locator('path[data-series*="m_c"]')).toHaveCount(1);
  const lru = page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'LRU', exact: true }) });
  await expect(lru.getByRole('cell').nth(2)).toHaveText('0'); // a 101-page loop in 100 frames: LRU never hits
  await page.screenshot({ path: info.outputPath('clockpro-preset.png'), fullPage: true });
});

test('flash behind the cache: DAC with 4 regions amplifies writes less than with 1, with flash columns and charts', async ({
  page,
}, info) => {
  await page.goto('/');
  await ready(page);
  await page.getByText('Teaching presets').click();
  await page.getByRole('button', { name: /^Open preset: 90\/10 hot\/cold/ }).click();
  // The flash figures have their own table under the results (one table of both was too wide for its box).
  const table = page.getByRole('table', { name: 'Flash results' });
  // LRU on each flash configuration, and the trace straight to each device (no cache).
  await expect(table.getByRole('row')).toHaveCount(5);
  const head = await table.getByRole('row').first().getByRole('columnheader').allInnerTexts();
  const col = head.indexOf('Write amplification') - 1; // the row header takes the first column
  expect(col).toBeGreaterThan(0);
  const waf = async (name: string) =>
    parseFloat(
      await table
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name, exact: true }) })
        .getByRole('cell')
        .nth(col)
        .innerText(),
    );
  const one = await waf('LRU · page, greedy');
  const four = await waf('LRU · page, greedy, 4 regions');
  expect(one).toBeGreaterThan(1);
  expect(four).toBeLessThan(one);
  // The baseline rows: the trace's own writes straight to each device, where DAC helps too.
  const direct = await waf('No cache (trace → flash) · page, greedy');
  const direct4 = await waf('No cache (trace → flash) · page, greedy, 4 regions');
  expect(direct).toBeGreaterThan(1);
  expect(direct4).toBeLessThan(direct);
  for (const chart of ['Write amplification', 'Block utilisation of write-backs', 'Erase-count distribution', 'Erases per block'])
    await expect(page.getByRole('img', { name: chart })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Erases per block' }).locator('g.cells rect')).toHaveCount(1024);
  await expect(page.getByRole('group', { name: 'Flash 2' }).getByRole('spinbutton', { name: 'Flash 2 regions' })).toHaveValue('4');
  await page.screenshot({ path: info.outputPath('flash.png'), fullPage: true });

  // An impossible device is refused with the configuration named.
  await page.getByRole('spinbutton', { name: 'Flash 1 blocks' }).fill('2');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Flash configuration 1');

  // More over-provisioning with the fill left alone: the default fill follows it (at most the logical capacity).
  await page.getByRole('spinbutton', { name: 'Flash 1 blocks' }).fill('1024');
  await page.getByRole('spinbutton', { name: 'Flash 1 overprovision' }).fill('0.15');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(table.getByRole('row')).toHaveCount(5);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a block policy whose blocks differ from the flash device is named, with both sizes, from the core', async ({ page }) => {
  await page.goto('/');
  await ready(page);
  await page.getByRole('checkbox', { name: 'TS-CLOCK', exact: true }).check();
  await page.getByRole('button', { name: '+ flash configuration' }).click();
  const note = page.getByRole('note', { name: 'Block sizes' });
  await expect(note).toContainText('TS-CLOCK groups pages in blocks of 1,024 pages; flash 1 has 64 pages per block');
  await page.getByRole('group', { name: 'Flash 1' }).getByRole('spinbutton', { name: 'Flash 1 pages_per_block' }).fill('1024');
  await expect(note).toHaveCount(0);
});

/** The fields of one CSV line (RFC 4180: a quoted field may hold commas and doubled quotes). */
function csvFields(line: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted && c === '"' && line[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) {
      out.push(field);
      field = '';
    } else field += c;
  }
  out.push(field);
  return out;
}
