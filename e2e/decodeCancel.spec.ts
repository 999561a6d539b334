// Compressed files that inflate to gigabytes, and flash devices that take long to age: the
// worker decodes and ages in slices, so Cancel acts within a slice, a cancelled load keeps the
// previous trace and its results, and a legitimate file of any decoded length loads.
import { gzipSync } from 'node:zlib';
import { ALONE, expect, test, type Page } from './fixtures';
import { loadedWithResults } from './loaded';

const GiB = 1024;

/** A zstd frame: `head` (a raw block), then `mib` MiB of newlines in RLE blocks of 128 KiB (4 bytes each). */
function zstdBlankLines(head: string, mib: number): Buffer {
  const blocks = mib * 8;
  const out = Buffer.alloc(4 + 2 + 3 + head.length + blocks * 4);
  let o = out.writeUInt32LE(0xfd2fb528, 0);
  out[o++] = 0x00; // frame header: no content size, no checksum, no dictionary
  out[o++] = 7 << 3; // window 2^17 = 128 KiB
  const header = (size: number, type: number, last: boolean) => {
    const h = size * 8 + type * 2 + (last ? 1 : 0);
    out[o++] = h & 0xff;
    out[o++] = (h >> 8) & 0xff;
    out[o++] = (h >> 16) & 0xff;
  };
  header(head.length, 0, false);
  o += out.write(head, o);
  for (let i = 0; i < blocks; i++) {
    header(128 * 1024, 1, i === blocks - 1);
    out[o++] = 0x0a;
  }
  return out;
}

/** gzip: `head`, then `mib` MiB of newlines as members of 1 MiB each (about 1 KiB a member). */
function gzipBlankLines(head: string, mib: number): Buffer {
  const blank = gzipSync(Buffer.alloc(1 << 20, 0x0a), { level: 9 });
  return Buffer.concat([gzipSync(Buffer.from(head)), ...Array.from({ length: mib }, () => blank)]);
}

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText(/^core \d/)).toBeVisible();
});

/** Uploads `file`, waits until it is decoding (the bar's label counts decoded bytes), then cancels: returns how long Cancel took. */
async function cancelWhileDecoding(page: Page, file: { name: string; buffer: Buffer }): Promise<number> {
  await page.getByRole('radio', { name: 'Upload' }).check();
  await page.getByLabel('Trace file').setInputFiles({ ...file, mimeType: 'application/octet-stream' });
  await page.getByRole('button', { name: 'Load trace' }).click();
  await expect(page.getByRole('progressbar', { name: 'Loading progress' })).toBeVisible();
  // The bar follows the decoding: its label counts the decoded bytes, past the first GB.
  await expect(page.locator('.progress-row')).toContainText(/reading .* · [\d,]+ MB decoded/, { timeout: 30_000 });
  await expect
    .poll(async () =>
      Number(((await page.locator('.progress-row').innerText()).match(/([\d,]+) MB decoded/)?.[1] ?? '0').replace(/,/g, '')),
    )
    .toBeGreaterThan(1000);
  const t0 = Date.now();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('status')).toContainText('Loading cancelled. The previous trace (generated) is still loaded.', {
    timeout: 10_000,
  });
  return Date.now() - t0;
}

test('Cancel while a zstd file decodes acts at once and keeps the previous trace and its results', ALONE, async ({ page }) => {
  const { summary, rows, count } = await loadedWithResults(page);
  // 3 requests and 32 GiB of blank lines in 1 MB: decoding it takes minutes.
  const ms = await cancelWhileDecoding(page, { name: 'blank.txt.zst', buffer: zstdBlankLines('1\n2 W\n3\n', 32 * GiB) });
  expect(ms).toBeLessThan(2000);
  await expect(summary).toContainText('1,000');
  await expect(summary).not.toContainText('blank.txt.zst');
  await expect(rows).toHaveCount(count);
  await expect(page.getByRole('progressbar', { name: 'Loading progress' })).toHaveCount(0);
  // The kept trace runs.
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(rows).toHaveCount(count);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('Cancel while a gzip bomb inflates acts at once; the core does not trap', ALONE, async ({ page }) => {
  const { summary, rows, count } = await loadedWithResults(page);
  // 10 MB inflating to 10 GiB: each 4 MiB chunk read inflates to 4 GiB.
  const ms = await cancelWhileDecoding(page, { name: 'bomb.txt.gz', buffer: gzipBlankLines('1\n2 W\n3\n', 10 * GiB) });
  expect(ms).toBeLessThan(2000);
  await expect(summary).toContainText('1,000');
  await expect(rows).toHaveCount(count);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

// Each 4 MiB chunk read inflated whole made the core run out of memory (a trap); inflated as a
// bounded stream, a file of any decoded length loads. It times nothing, so it runs beside another
// test (not @alone): half a minute of decoding on one core.
test('a gzip file of 3 requests and 5 GiB of blank lines loads', async ({ page }) => {
  test.setTimeout(240_000);
  await page.getByRole('radio', { name: 'Upload' }).check();
  const buffer = gzipBlankLines('1\n2 W\n3\n', 5 * GiB);
  expect(buffer.length).toBeLessThan(6 << 20);
  await page.getByLabel('Trace file').setInputFiles({ name: 'blank.txt.gz', mimeType: 'application/gzip', buffer });
  await page.getByRole('button', { name: 'Load trace' }).click();
  const summary = page.getByRole('region', { name: 'Trace summary' });
  await expect(summary).toContainText('blank.txt.gz', { timeout: 220_000 });
  await expect(summary).toContainText(/plain.*detected/);
  await expect(summary.getByText('3', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('Cancel while a large flash device ages acts at once', ALONE, async ({ page }) => {
  await page.getByRole('spinbutton', { name: 'Length (requests)' }).fill('1000');
  await page.getByRole('button', { name: 'Generate workload' }).click();
  await expect(page.getByRole('region', { name: 'Trace summary' })).toContainText('1,000');
  await page.getByRole('button', { name: '+ flash configuration' }).click();
  const flash = page.getByRole('group', { name: 'Flash 1' });
  await flash.getByRole('spinbutton', { name: 'Flash 1 blocks' }).fill('262144');
  await flash.getByText('More device settings').click();
  await flash.getByRole('spinbutton', { name: 'Flash 1 aging', exact: true }).fill('2.9');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  // About 60 million fill and aging writes before the first request: the bar says so.
  await expect(page.locator('.progress-row')).toContainText('filling and aging the device', { timeout: 30_000 });
  const t0 = Date.now();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('status')).toContainText('Run cancelled', { timeout: 10_000 });
  expect(Date.now() - t0).toBeLessThan(2000);
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeEnabled();
  await expect(page.getByRole('alert')).toHaveCount(0);
});
