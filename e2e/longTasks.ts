// Long main-thread tasks (over 50 ms, the browser's definition), observed with
// a PerformanceObserver from before the page's own scripts run. Tests report
// them; they never assert timings.
import type { Page } from '@playwright/test';

export async function watchLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push(e.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
}

export async function longTasks(page: Page): Promise<{ count: number; longest: number }> {
  const all = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
  return { count: all.length, longest: all.length ? Math.max(...all) : 0 };
}

/** Forgets the tasks seen so far (to measure one phase of a test). */
export async function resetLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __longTasks: number[] }).__longTasks.length = 0;
  });
}
