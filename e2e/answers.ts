// Whether the page's main thread answers: a round trip through its event loop, timed inside the
// page, so the test driver's own delays do not count.
import { expect, type Page } from '@playwright/test';

export async function answersWithin(page: Page, ms: number): Promise<void> {
  const took = await page.evaluate(() => {
    const t0 = performance.now();
    return new Promise<number>((resolve) => setTimeout(() => resolve(performance.now() - t0), 0));
  });
  expect(took).toBeLessThan(ms);
}
