import { defineConfig } from '@playwright/test';

// Debian's Chromium: Playwright's own browser download cannot work on these machines.
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-quic',
  '--no-first-run',
  '--disable-sync',
];

// Several worktrees share the machine: PW_PORT moves the preview server off a busy port, and the
// development server with it (PW_DEV_PORT moves that one alone).
const port = Number(process.env.PW_PORT ?? 4173);
const devPort = Number(process.env.PW_DEV_PORT ?? port + 1);

// What differs under the development server is how modules load (the worker, the WASM core, the
// JavaScript engine's second build, the quiz and exercise code): every link test, the teaching presets,
// and one test or a few of each other area, so CI keeps its time (each also runs against the build).
const DEV = new RegExp(
  [
    /links\.spec\.ts/,
    /farStep\.spec\.ts/,
    /CLOCK: the hand sweeps|CLOCK-Pro: three hands|flash grid: the GC victim|every policy family has its view|keyboard: arrows step/,
    /quiz=1 in a link/,
    /an exercise link hides the answers/,
    /a hand-written link with code\.mine=/,
    /teaching preset/,
    /offline\.spec\.ts/,
    /a hand-written warm-up link/,
  ]
    .map((r) => r.source)
    .join('|'),
);
const DEV_FILES = [
  'links.spec.ts',
  'farStep.spec.ts',
  'explorer.spec.ts',
  'quiz.spec.ts',
  'exercise.spec.ts',
  'experiments.spec.ts',
  'ownPolicy.spec.ts',
  'offline.spec.ts',
  'warmup.spec.ts',
];
const preview = { baseURL: `http://127.0.0.1:${port}` };
const dev = { baseURL: `http://127.0.0.1:${devPort}` };
// Tests tagged @alone (e2e/fixtures.ts: ALONE) time the page or keep both cores busy: they run after
// the rest, one at a time, so another test's browser cannot take the core they measure. The rest run
// two at a time (two cores). A project runs after its dependencies pass: when an earlier one fails,
// `npx playwright test --project preview-alone --no-deps` runs these anyway.

// The frame-time probes measure the production build; a development build's numbers would mislead.
const PROBE = /frame-time probe/;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 2,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
    screenshot: 'only-on-failure',
    trace: 'off',
    // The built app registers a service worker: tests see the network as a first visit does, and
    // page.route sees every request. e2e/offline.spec.ts allows it.
    serviceWorkers: 'block',
  },
  projects: [
    // Every test, against the production build (`vite build` first), served as a host would.
    { name: 'preview', use: preview, grepInvert: /@alone/ },
    // The README's `npm start`: Vite's development server, where modules compile on first request
    // and explorer frames get the full check. Links, teaching presets and Explore run here too.
    { name: 'dev', use: dev, testMatch: DEV_FILES, grep: DEV, grepInvert: [/@alone/, PROBE] },
    { name: 'preview-alone', use: preview, grep: /@alone/, workers: 1, dependencies: ['preview', 'dev'] },
    {
      name: 'dev-alone',
      use: dev,
      testMatch: DEV_FILES,
      grep: new RegExp(`^(?=.*@alone)(?=.*(?:${DEV.source}))`),
      grepInvert: PROBE,
      workers: 1,
      dependencies: ['preview-alone'],
    },
  ],
  webServer: [
    {
      command: `npx vite preview --port ${port} --strictPort --host 127.0.0.1`,
      url: `http://127.0.0.1:${port}`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `npx vite --port ${devPort} --strictPort --host 127.0.0.1`,
      url: `http://127.0.0.1:${devPort}`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
