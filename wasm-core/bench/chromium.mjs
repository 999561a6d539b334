// Runs in Node (`npm run bench`): the WASM core's throughput in Chromium, the browser the app runs
// in, whose V8 is newer than Node's. A blank page loads src/wasm-pkg (served by a Playwright route,
// no server) and runs each policy on the same generated trace as the other columns. A browser has no
// CPU clock, so each figure is the best wall time of `repeat` runs (performance.now) on an idle machine.

import { readFileSync, existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const TYPES = { js: 'text/javascript', wasm: 'application/wasm', html: 'text/html' };

/**
 * Each policy's { policy, seconds, hits } in Chromium, or null (with the reason printed) when no
 * Chromium is installed.
 */
export async function runInChromium(root, { cfg, policies, frames, repeat }) {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    console.log(`Chromium column left out: no ${executablePath} (set CHROMIUM_PATH)`);
    return null;
  }
  const browser = await chromium.launch({ executablePath, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    await page.route('http://bench.invalid/**', (route) => {
      const name = new URL(route.request().url()).pathname.slice(1) || 'index.html';
      if (name === 'index.html') return route.fulfill({ contentType: TYPES.html, body: '<!doctype html><title>bench</title>' });
      const ext = name.split('.').pop();
      return route.fulfill({ contentType: TYPES[ext] ?? 'application/octet-stream', body: readFileSync(`${root}src/wasm-pkg/${name}`) });
    });
    await page.goto('http://bench.invalid/index.html');
    return await page.evaluate(
      async ({ cfg, policies, frames, repeat }) => {
        const wasm = await import('/cachescope.js');
        await wasm.default({ module_or_path: '/cachescope_bg.wasm' });
        const trace = wasm.WasmTrace.generate(JSON.stringify(cfg));
        const out = [];
        for (const policy of policies) {
          let best = Infinity;
          let hits = 0;
          for (let k = 0; k < repeat; k++) {
            const s = new wasm.WasmSession(trace, policy, frames, '', '{"buckets":1}');
            const t0 = performance.now();
            while (!s.done()) s.advance(0xffffffff);
            best = Math.min(best, performance.now() - t0);
            hits = s.hits();
            s.free();
          }
          out.push({ policy, seconds: best / 1000, hits });
        }
        trace.free();
        return out;
      },
      { cfg, policies, frames, repeat },
    );
  } finally {
    await browser.close();
  }
}
