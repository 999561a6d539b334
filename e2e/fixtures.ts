// Every e2e test runs through this fixture: it fails a test during which the
// page reported a Content-Security-Policy violation (the preview server sends
// the app's CSP, vite.config.ts), in the page or in its console (workers).
import { test as base, expect } from '@playwright/test';

export interface CspWatch {
  /** Violations a test provokes on purpose (matched against the report). */
  allow: RegExp[];
}

export const test = base.extend<{ csp: CspWatch }>({
  csp: [
    async ({ page }, use) => {
      const seen: string[] = [];
      await page.addInitScript(() => {
        const w = window as unknown as { __csp: string[] };
        w.__csp = [];
        document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
      });
      page.on('console', (m) => {
        if (/Content.Security.Policy/i.test(m.text())) seen.push(m.text());
      });
      const watch: CspWatch = { allow: [] };
      await use(watch);
      const inPage = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []).catch(() => []);
      const unexpected = [...seen, ...inPage].filter((v) => !watch.allow.some((a) => a.test(v)));
      expect(unexpected, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * For a test that times the page (how soon it answers, its long tasks, how soon Cancel acts) or keeps
 * both cores busy for long: it runs after the others, one test at a time (playwright.config.ts), so a
 * test in another browser cannot take the core it measures.
 */
export const ALONE = { tag: '@alone' };

export { expect };
export type { Page } from '@playwright/test';
