// The notebook test (a step of npm test; alone, npm run probe:notebook): JupyterLab from the project's .venv on a copy of
// python/examples/study.ipynb (python/scripts/lab.sh), and Chromium running its cells and stepping
// the explorer widget. JUPYTER_PORT moves it off 8901.
import base from './playwright.config';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.JUPYTER_PORT ?? 8901);
export const TOKEN = 'cachescope-probe';

export default defineConfig({
  ...base,
  testDir: 'e2e-probes',
  testMatch: 'notebook.spec.ts',
  timeout: 3 * 60_000,
  expect: { timeout: 60_000 },
  projects: [{ name: 'jupyterlab', use: { baseURL: `http://127.0.0.1:${port}` } }],
  webServer: {
    command: 'bash python/scripts/lab.sh',
    env: { JUPYTER_PORT: String(port), JUPYTER_TOKEN: TOKEN },
    url: `http://127.0.0.1:${port}/api/status?token=${TOKEN}`,
    reuseExistingServer: false,
    timeout: 5 * 60_000,
  },
});
