// The textbook policies: both pickers group them under "Textbook" (from the catalogue's groups),
// and the aging preset narrates a clock tick's counters in binary.
import { expect, test } from './fixtures';

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText(/^core \d/)).toBeVisible();
});

const TEXTBOOK = [
  'MRU',
  'UNOPT (pessimal)',
  'RAND (random)',
  'NRU (not recently used)',
  'Enhanced second chance',
  'NFU (not frequently used)',
  'Aging',
  'Working set',
  'WSClock',
  'MFU (most frequently used)',
];

test('the experiment and explorer pickers show the Textbook group', async ({ page }) => {
  const group = page.getByRole('group', { name: 'Textbook', exact: true });
  for (const name of TEXTBOOK) await expect(group.getByRole('checkbox', { name, exact: true }), name).toBeVisible();
  // CLOCK stays with the classics.
  await expect(group.getByRole('checkbox', { name: 'CLOCK', exact: true })).toHaveCount(0);
  await page.getByRole('spinbutton', { name: 'Pages' }).fill('20');
  await page.getByRole('spinbutton', { name: 'Length (requests)' }).fill('100');
  await page.getByRole('button', { name: 'Generate workload' }).click();
  await page.getByRole('tab', { name: 'Explore' }).click();
  const select = page.getByRole('combobox', { name: 'Explorer policy' });
  await expect(select.locator('optgroup[label="Textbook"] option')).toHaveText(TEXTBOOK);
  await expect(select.locator('optgroup[label="Classic"] option', { hasText: 'CLOCK' }).first()).toHaveText('CLOCK');
  await select.selectOption({ label: 'Aging' });
  await expect(page.getByRole('spinbutton', { name: 'Aging bits' })).toHaveValue('8');
});

test('the aging preset stops after the fifth tick and says what the tick did in binary', async ({ page }) => {
  await page.getByText('Teaching presets').click();
  await page.getByRole('button', { name: 'Open preset: Aging: counters over five clock ticks' }).click();
  await expect(page.getByLabel('Explore status')).toContainText('Step 21 of 22');
  const narration = page.getByLabel('Narration');
  await expect(narration).toContainText('clock ticks 4 → 5');
  await expect(narration).toContainText('page 2: counter 00110000 → 10011000, the tick shifts it right and puts R = 1 on the left');
  await page.getByRole('button', { name: 'Step forward' }).click();
  await expect(narration).toContainText('page 3: counter 00101000, the smallest');
  await expect(narration).toContainText('evicted clean page 3');
});
