// Many result rows keep the page answering: every policy of the catalogue × 120 cache sizes × 8 flash
// configurations on a small generated trace (24,968 rows whose simulations take milliseconds), opened
// from a link as a user would. While the results arrive the page pings its own main thread (every 10 ms)
// and records its long tasks, and Chrome's trace records the CPU time of each main-thread task: no task
// may take 100 ms of it (issue 27, point 2: the page answers within 100 ms), and none a second of wall
// clock. Once each arriving result re-rendered the whole table and every chart: minutes of frozen page.
import { ALONE, expect, test } from './fixtures';
import { readFileSync } from 'node:fs';
import { deflateSync } from 'fflate';
import AxeBuilder from '@axe-core/playwright';

const catalog = JSON.parse(readFileSync(new URL('../src/wasm-pkg/catalog.json', import.meta.url), 'utf8')) as {
  policies: { id: string; group: string }[];
};

// 1 to 120 frames: the link's frames field holds at most 400 characters.
const SIZES = Array.from({ length: 120 }, (_, i) => 1 + i);
// Small devices, so each cell's after-cache stream costs little; eight different labels.
const DEVICE = { blocks: 128, pages_per_block: 16 };
const FLASH = [
  { gc: 'greedy' },
  { gc: 'cost-benefit' },
  { gc: 'cat' },
  { gc: 'fifo' },
  { gc: 'greedy', regions: 2 },
  { gc: 'greedy', regions: 4 },
  { ftl: 'block' },
  { ftl: 'fast' },
].map((f) => ({ ...DEVICE, ...f }));
const BOUND_MS = 100;
const WALL_BOUND_MS = 1000;

/**
 * The renderer main thread's tasks from the moment the first result showed (the page's mark) in a
 * Chrome trace: how many, and the most CPU time (thread time) one of them took.
 */
function mainThreadCpu(trace: Buffer): { tasks: number; longest: number } {
  type Ev = { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number; args?: { name?: string } };
  const events = (JSON.parse(trace.toString()) as { traceEvents: Ev[] }).traceEvents;
  const mark = events.find((e) => e.name === 'first-result');
  if (!mark) return { tasks: 0, longest: Infinity };
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === mark.pid && e.args?.name === 'CrRendererMain');
  const tasks = events.filter(
    (e) =>
      e.pid === mark.pid &&
      e.tid === main?.tid &&
      e.ph === 'X' &&
      (e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask') &&
      e.ts + (e.dur ?? 0) >= mark.ts,
  );
  return { tasks: tasks.length, longest: Math.max(0, ...tasks.map((e) => (e.tdur ?? e.dur ?? 0) / 1000)) };
}

/** `p`'s value, or null when it has not come within `ms` (a page that does not answer). */
async function within<T>(ms: number, p: Promise<T>): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  try {
    return await Promise.race([p, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The papers' and the classic policies; the textbook group is left out to keep the probe's size (and CI's time) as it was. */
const RESEARCH = catalog.policies.filter((p) => p.group !== 'textbook');

function link(): string {
  const experiment = {
    source: { kind: 'generate', generator: { kind: 'zipf', pages: 600, alpha: 0.8, length: 5000, writeFraction: 0.3, seed: 7 } },
    policies: RESEARCH.map((p) => ({ id: p.id, params: {} })),
    frames: SIZES.join(','),
    flash: FLASH,
    view: 'compare',
  };
  const packed = Buffer.from(deflateSync(new TextEncoder().encode(JSON.stringify(experiment)))).toString('base64url');
  return `/#v2=${packed}`;
}

test('26 policies × 120 sizes × 8 flash configurations: the page answers while 24,968 rows arrive', ALONE, async ({ page, browser }) => {
  test.setTimeout(420_000);
  expect(RESEARCH).toHaveLength(26);
  const rows = RESEARCH.length * SIZES.length * FLASH.length + FLASH.length; // and the no-cache baseline on each device
  await page.addInitScript(() => {
    const w = window as unknown as {
      __tasks: { start: number; duration: number }[];
      __pings: number[];
      __firstResult: number | null;
    };
    w.__tasks = [];
    w.__pings = [];
    w.__firstResult = null;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__tasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
    // A ping every 10 ms: the gap between two answered pings is how long the page could not answer.
    setInterval(() => w.__pings.push(performance.now()), 10);
    new MutationObserver((_, obs) => {
      if (document.querySelector('section[aria-label="Results table"]')) {
        w.__firstResult = performance.now();
        performance.mark('first-result'); // for Chrome's trace
        obs.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  // Chrome's own record of every main-thread task, with the CPU time the thread spent in it.
  await browser.startTracing(undefined, { categories: ['toplevel', 'blink.user_timing'] });
  await page.goto(link());
  // The results' own table (while few rows have come, the flash figures have a table of their own after it).
  const table = page.getByRole('region', { name: 'Results table' }).getByRole('table').first();
  await expect(table).toBeVisible({ timeout: 120_000 });
  await expect(page.getByRole('progressbar', { name: 'Run progress' })).toBeVisible();
  // Done: the progress bar has gone. Asked of the page every half second, each answer awaited 30 s at most,
  // so a run that does not finish (or a page that does not answer) still reports what it measured.
  const deadline = Date.now() + 180_000;
  let state: 'running' | 'finished' | 'frozen' = 'running';
  while (state === 'running' && Date.now() < deadline) {
    const busy = await within(
      30_000,
      page.evaluate(() => document.querySelector('progress[aria-label="Run progress"]') !== null),
    );
    state = busy === null ? 'frozen' : busy ? 'running' : 'finished';
    if (state === 'running') await page.waitForTimeout(500);
  }
  const m = await within(
    30_000,
    page.evaluate(() => {
      const end = performance.now();
      const w = window as unknown as { __tasks: { start: number; duration: number }[]; __pings: number[]; __firstResult: number };
      const from = w.__firstResult;
      const within = w.__tasks.filter((t) => t.start + t.duration >= from && t.start <= end);
      const tasks = within.map((t) => t.duration);
      const worst = [...within]
        .sort((a, b) => b.duration - a.duration)
        .slice(0, 5)
        .map((t) => `${t.duration.toFixed(0)} ms at ${((t.start - from) / 1000).toFixed(1)} s`);
      const pings = w.__pings.filter((t) => t >= from);
      let gap = 0;
      for (let i = 1; i < pings.length; i++) gap = Math.max(gap, pings[i] - pings[i - 1]);
      // Rows shown so far: the table's count, or (a table drawn whole) its rows.
      const count = document.querySelector('table[aria-rowcount]')?.getAttribute('aria-rowcount');
      const shown = count ? Number(count) - 1 : document.querySelectorAll('section[aria-label="Results table"] tbody tr').length;
      return { seconds: (end - from) / 1000, tasks: tasks.length, longest: Math.max(0, ...tasks), worst, gap, pings: pings.length, shown };
    }),
  );
  if (m === null) console.log(`the page did not answer within 30 s (${state})`);
  else
    console.log(
      `${state}: ${m.shown.toLocaleString('en-US')} of ${rows.toLocaleString('en-US')} rows in ${m.seconds.toFixed(1)} s; ` +
        `${m.tasks} long tasks, the longest ${m.longest.toFixed(0)} ms (${m.worst.join(', ')}); ` +
        `${m.pings} pings every 10 ms, the longest gap between two ${m.gap.toFixed(0)} ms`,
    );
  const trace = await within(60_000, browser.stopTracing());
  const cpu = trace ? mainThreadCpu(trace) : null;
  console.log(
    cpu
      ? `the page's main thread (Chrome's trace): ${cpu.tasks} tasks, the most CPU one task took ${cpu.longest.toFixed(0)} ms`
      : 'the trace could not be read (the browser did not answer within 60 s)',
  );
  expect(m, 'the page answered').not.toBeNull();
  const finished = state === 'finished';
  expect(finished, 'the run finished within 3 minutes').toBe(true);
  // What the page asks of its main thread: no task takes more than 100 ms of its CPU time. (On a machine this
  // loaded, a task of a few milliseconds can wait hundreds more for a core: the page's wall-clock long
  // tasks are bounded more loosely, a second, which a page frozen by its results exceeds by far.)
  expect(cpu?.longest, 'the most CPU time one main-thread task took while results arrived (ms)').toBeLessThan(BOUND_MS);
  expect(m!.longest, 'the longest main-thread task while results arrived, wall clock (ms)').toBeLessThan(WALL_BOUND_MS);
  await expect(page.getByRole('alert')).toHaveCount(0);
  // Every row is counted (the header is row 1).
  await expect(table).toHaveAttribute('aria-rowcount', String(rows + 1));

  // The table is virtual: few rows in the document, the last one reachable by scrolling, each row indexed.
  const inDom = await table.getByRole('row').count();
  expect(inDom).toBeLessThan(200);
  await page.getByTestId('results-scroll').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(table.getByRole('row').last()).toHaveAttribute('aria-rowindex', String(rows + 1));
  await expect(table.getByRole('row').first().getByRole('columnheader').first()).toHaveText('Policy');
  // No serious accessibility violation in the long table (its scrolling box is reachable by keyboard).
  const axe = await new AxeBuilder({ page }).include('section[aria-label="Results table"]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  // The run to export is chosen by policy, then size (one list of 3,120 runs would be laid out whole).
  await expect(page.getByRole('combobox', { name: 'Policy whose after-cache stream to export' }).locator('option')).toHaveCount(26);
  await expect(page.getByRole('combobox', { name: 'Cache size whose after-cache stream to export' }).locator('option')).toHaveCount(120);
});
