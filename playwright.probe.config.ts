// The opt-in probes (npm run probe:big): the e2e configuration, another folder, against the
// production build, one probe at a time (each measures the page).
import base from './playwright.config';
import { defineConfig } from '@playwright/test';

const preview = base.projects?.find((p) => p.name === 'preview');

export default defineConfig({
  ...base,
  testDir: 'e2e-probes',
  // The notebook probe has its own configuration (playwright.notebook.config.ts: JupyterLab).
  testIgnore: 'notebook.spec.ts',
  timeout: 30 * 60_000,
  workers: 1,
  projects: [{ name: 'preview', use: preview?.use }],
});
