import { expect, test } from './fixtures';

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText(/^core \d/)).toBeVisible();
  await page.getByRole('radio', { name: 'Upload' }).check();
});

const plain = ['# a tiny plain trace', '1 R', '2 W', '3', '1', '', '4 w', '2', '1 r', ''].join('\r\n');

test('upload a plain trace, see its summary, run on it', async ({ page }, info) => {
  await page.getByLabel('Trace file').setInputFiles({ name: 'tiny.txt', mimeType: 'text/plain', buffer: Buffer.from(plain) });
  await page.getByRole('button', { name: 'Load trace' }).click();
  const summary = page.getByRole('region', { name: 'Trace summary' });
  await expect(summary).toContainText('tiny.txt');
  await expect(summary).toContainText(/plain.*detected/);
  await expect(summary.getByText('7', { exact: true })).toBeVisible(); // requests
  await expect(summary).toContainText('5 / 2'); // reads / writes
  await expect(page.getByRole('img', { name: 'Reuse distance histogram' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Cache sizes (frames)' }).fill('2');
  await page.getByRole('button', { name: 'Run' }).click();
  const lru = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'LRU', exact: true }) });
  // LRU with 2 frames over 1 2 3 1 4 2 1: each page is evicted just before it returns, so all 7 miss.
  await expect(lru.getByRole('cell').nth(2)).toHaveText('0');
  await page.screenshot({ path: info.outputPath('upload.png'), fullPage: true });
});

test('a malformed trace gets a line-numbered error; lenient mode skips and counts', async ({ page }) => {
  const bad = ['1', '2 W', '3', '4', '5 R', 'seven', '8', ''].join('\n');
  await page.getByLabel('Format').selectOption('plain');
  await page.getByLabel('Trace file').setInputFiles({ name: 'bad.txt', mimeType: 'text/plain', buffer: Buffer.from(bad) });
  await page.getByRole('button', { name: 'Load trace' }).click();
  await expect(page.getByRole('alert')).toContainText('line 6');
  await expect(page.getByRole('alert')).toContainText('seven');

  await page.getByRole('checkbox', { name: 'Skip malformed lines' }).check();
  await page.getByRole('button', { name: 'Load trace' }).click();
  const summary = page.getByRole('region', { name: 'Trace summary' });
  await expect(summary).toContainText('Skipped lines');
  await expect(summary).toContainText('line 6');
});

test('an empty file and a binary file get plain messages', async ({ page }) => {
  await page.getByLabel('Trace file').setInputFiles({ name: 'empty.txt', mimeType: 'text/plain', buffer: Buffer.alloc(0) });
  await page.getByRole('button', { name: 'Load trace' }).click();
  await expect(page.getByRole('alert')).toContainText(/empty/i);

  await page.getByLabel('Format').selectOption('plain');
  const binary = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256));
  await page.getByLabel('Trace file').setInputFiles({ name: 'blob.txt', mimeType: 'application/octet-stream', buffer: binary });
  await page.getByRole('button', { name: 'Load trace' }).click();
  await expect(page.getByRole('alert')).toContainText(/binary/i);
});

test('a generic CSV is read through a column mapping chosen with a preview', async ({ page }) => {
  // Tencent-style: timestamp,offset,size,type,volume with offset and size in 512-byte sectors.
  const csv = ['timestamp,offset,size,type,volume', '1538323200,0,8,0,1', '1538323201,8,16,1,1', '1538323202,0,8,0,1', ''].join('\n');
  await page.getByLabel('Format').selectOption('csv');
  await page.getByLabel('Trace file').setInputFiles({ name: 'vol.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const preview = page.getByRole('table', { name: 'File preview' });
  await expect(preview).toContainText('1538323201');
  await page.getByRole('checkbox', { name: 'First line is a header' }).check();
  // With the header line, columns are chosen by name.
  await page.getByLabel('Page or offset column').selectOption({ label: 'offset (column 2)' });
  await page.getByLabel('Offset unit').selectOption('sectors');
  await page.getByLabel('Size column').selectOption({ label: 'size (column 3)' });
  await page.getByLabel('Size unit').selectOption('sectors');
  await page.getByLabel('Operation column').selectOption({ label: 'type (column 4)' });
  await expect(preview.getByRole('columnheader', { name: '2 · id' })).toBeVisible();
  await page.getByRole('button', { name: 'Load trace' }).click();
  const summary = page.getByRole('region', { name: 'Trace summary' });
  // 4 KiB pages: request 2 (8 KiB from sector 8 = byte 4096) touches pages 1 and 2.
  await expect(summary).toContainText('csv');
  await expect(summary).toContainText('2 / 2'); // reads / writes: pages 0, 0 read; pages 1, 2 written
  await expect(summary.getByText('3', { exact: true })).toBeVisible(); // distinct pages
});

test('a failed load keeps the previous trace, which still runs', async ({ page }) => {
  await page.getByLabel('Trace file').setInputFiles({ name: 'tiny.txt', mimeType: 'text/plain', buffer: Buffer.from(plain) });
  await page.getByRole('button', { name: 'Load trace' }).click();
  const summary = page.getByRole('region', { name: 'Trace summary' });
  await expect(summary).toContainText('tiny.txt');

  await page.getByLabel('Format').selectOption('plain');
  const bad = ['1', '2', 'three', ''].join('\n');
  await page.getByLabel('Trace file').setInputFiles({ name: 'bad.txt', mimeType: 'text/plain', buffer: Buffer.from(bad) });
  await page.getByRole('button', { name: 'Load trace' }).click();
  await expect(page.getByRole('alert')).toContainText('line 3');
  await expect(page.getByRole('alert')).toContainText('The previous trace (tiny.txt) is still loaded.');
  await expect(summary).toContainText('tiny.txt');

  await page.getByRole('textbox', { name: 'Cache sizes (frames)' }).fill('2');
  await page.getByRole('button', { name: 'Run' }).click();
  const lru = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'LRU', exact: true }) });
  await expect(lru.getByRole('cell').nth(1)).toHaveText('7'); // the 7 requests of tiny.txt
});

test('Tencent, CloudPhysics and SPEC address traces are recognised without a mapping', async ({ page }) => {
  const files = [
    { name: 'tencent.txt', text: '1538323200,4247200,128,1,1058\n1538323199,13896880,8,0,1063\n', format: 'Tencent block CSV' },
    { name: 'cp.csv', text: 'version,time,op,size,lbn\n1,5633898,2a,512,42932745\n1,5633899,28,4096,8\n', format: 'CloudPhysics CSV' },
    { name: 'gcc.trace', text: 's 0x1fffff50 1\nl 0x1fffff58 1\nl 0x00002000 6\n', format: 'SPEC address trace' },
  ];
  for (const f of files) {
    await page.getByLabel('Trace file').setInputFiles({ name: f.name, mimeType: 'text/plain', buffer: Buffer.from(f.text) });
    await page.getByRole('button', { name: 'Load trace' }).click();
    const summary = page.getByRole('region', { name: 'Trace summary' });
    await expect(summary).toContainText(f.name);
    await expect(summary).toContainText(`${f.format} (detected`);
  }
});
