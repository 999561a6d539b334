// npm test (alone: `npm run probe:notebook`): the example notebook in JupyterLab (started by
// playwright.notebook.config.ts), its cells run from the menu as a person would, and the explorer
// widget, the app's own Explore view and WASM core in the notebook's page, stepping through its run.
import { expect, test } from '@playwright/test';
import { TOKEN } from '../playwright.notebook.config';

test('the example notebook shows the explorer widget, and it steps', async ({ page }) => {
  const t0 = Date.now();
  await page.goto(`/lab/tree/study.ipynb?token=${TOKEN}`);
  // The kernel is up when the status bar says so.
  await expect(page.getByText('Python 3 (ipykernel) | Idle')).toBeVisible();
  await page.getByRole('menuitem', { name: 'Run' }).click();
  await page.getByRole('menuitem', { name: /^Run All Cells/ }).click();

  const widget = page.getByRole('region', { name: 'cachescope explorer' });
  await widget.scrollIntoViewIfNeeded();
  // Opened at step 10 of the forty requests (the cell's step=10), with the frame table of the run.
  await expect(widget.getByText('Step 10 of 40')).toBeVisible();
  await expect(widget.getByLabel('Narration')).not.toBeEmpty();
  await expect(widget.getByRole('region', { name: 'Frame table' })).toBeVisible();
  await expect(widget.getByRole('combobox', { name: 'Explorer policy' })).toHaveValue('arc');
  const opened = (Date.now() - t0) / 1000;

  await widget.getByRole('button', { name: 'Step forward' }).click();
  await expect(widget.getByText('Step 11 of 40')).toBeVisible();
  await widget.getByRole('button', { name: 'Run to end' }).click();
  await expect(widget.getByText('Step 40 of 40')).toBeVisible();
  await widget.getByRole('button', { name: 'Step back' }).click();
  await expect(widget.getByText('Step 39 of 40')).toBeVisible();
  await widget.screenshot({ path: 'test-results/notebook-explorer.png' });
  // The rest of the notebook runs too: the sweep's table on Ray names its second trace.
  await expect(page.getByText(/alpha=0\.8,length=40000/).first()).toBeVisible({ timeout: 120_000 });
  // The step shown went back to Python: a new cell at the end reads it. The notebook's keys (End,
  // b, Enter) are the notebook's: the explorer takes keys only when it has the focus.
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await page.getByRole('menuitem', { name: /^Select All Cells/ }).click();
  await page.keyboard.press('Escape');
  await page.keyboard.press('End');
  await page.keyboard.press('b');
  await page.keyboard.press('Enter');
  await page.keyboard.type('print("position", w.position)');
  await page.keyboard.press('Shift+Enter');
  await expect(page.getByText('position 39', { exact: true })).toBeVisible();
  test.info().annotations.push({ type: 'timing', description: `explorer shown ${opened.toFixed(1)} s after opening the notebook` });
});
