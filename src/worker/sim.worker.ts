// Worker: the simulation worker's message loop. It owns the WASM core, the
// loaded trace and every run; each request is served by the file named for its
// job, one at a time and in order, while a Cancel acts at once (work advances
// in slices, slices.ts) and the explorer's messages are served as they come.
/// <reference lib="webworker" />

import { block_mismatches, core_version, debug_trap, parse_frames, parse_link, startCore } from './instance';
import { HandLinkSchema, parseCore } from '../core/schemas';
import { checkExploreToWorker, exploreTransferables, isExploreToWorker, type ExploreFromWorker } from '../protocol/explore';
import { checkToWorker, type FromWorker, type ToWorker } from '../protocol/messages';
import { analyze } from './analyze';
import { batch } from './batch';
import { checkAgainst } from './checkAgainst';
import { computeCurves } from './curves';
import { describe } from './describe';
import { handleExplore } from './explore';
import { load, OverBudget } from './load';
import { reproduce } from './reproduce';
import { run } from './run';
import { partsOf } from './share';
import { Cancelled } from './slices';
import { stream } from './stream';
import { cancel, post, Task } from './task';
import { currentTrace, loadedTrace } from './trace';
import { isTrap, trapMessage } from './trap';
import { needsSwitch, withCode } from './userCode';

declare const self: DedicatedWorkerGlobalScope;

/** Explorer replies go straight to the page, their buffers moved. */
const toExplorer = (m: ExploreFromWorker) => self.postMessage(m, exploreTransferables(m));

/** The reply to a request, once its work is done (a run posts its results as it goes). */
async function serve(task: Task, msg: Exclude<ToWorker, { type: 'cancel' }>): Promise<FromWorker> {
  const id = task.id;
  // Policies the user wrote, named by the request, are defined first (the JavaScript engine loaded once).
  const defined = 'code' in msg ? await withCode(task, msg.code, toExplorer) : [];
  switch (msg.type) {
    case 'define':
      return { type: 'defined', id, defined };
    case 'check':
      return { type: 'checked', id, report: await checkAgainst(task, loadedTrace('checking a policy'), msg) };
    case 'analyze':
      return { type: 'analysed', id, analysis: await analyze(task, loadedTrace('analysing the trace'), msg.window) };
    case 'debug-trap':
      debug_trap('requested by a test');
      return { type: 'done', id };
    case 'describe':
      return { type: 'described', id, described: await describe(task, msg.file, msg.load, msg.whole) };
    case 'load':
      return { type: 'loaded', id, ...(await load(task, msg.source, msg.budget, msg.dropFirst, msg.parts)) };
    case 'share':
      return { type: 'shared', id, parts: partsOf(loadedTrace('sharing the trace')) };
    case 'reproduce':
      return { type: 'reproduced', id, ...(await reproduce(task, msg.table, msg.file)) };
    case 'parse-link':
      return { type: 'link', id, link: parseCore('link', HandLinkSchema, parse_link(msg.query)) };
    case 'parse-frames':
      return { type: 'frames', id, frames: Array.from(parse_frames(msg.text, msg.distinct ?? undefined)) };
    case 'block-mismatches': {
      const sentences = JSON.parse(block_mismatches(JSON.stringify(msg.policies), JSON.stringify(msg.flash))) as string[];
      return { type: 'mismatches', id, sentences };
    }
    case 'batch':
      return { type: 'batched', id, ...(await batch(task, msg.source, msg.specs, msg.frames, msg.options)) };
    case 'curve':
      return { type: 'curves', id, curves: await computeCurves(task, loadedTrace('computing curves'), msg) };
    case 'stream':
      return { type: 'streamed', id, ...(await stream(task, loadedTrace('exporting'), msg.job, msg.options, msg.header)) };
    case 'run':
      await run(task, loadedTrace('running'), msg.jobs, msg.options, msg.gauges, msg.flash);
      return { type: 'done', id };
  }
}

/** What the page hears of a request that did not finish. */
function failure(id: number, e: unknown): FromWorker {
  if (e instanceof Cancelled) return { type: 'cancelled', id };
  if (e instanceof OverBudget) return { type: 'error', id, message: e.message, overBudget: true };
  if (isTrap(e)) return { type: 'error', id, trap: true, message: trapMessage(e) };
  return { type: 'error', id, message: e instanceof Error ? e.message : String(e) };
}

async function handle(msg: Exclude<ToWorker, { type: 'cancel' }>): Promise<void> {
  const task = new Task(msg.id);
  try {
    post(await serve(task, msg));
  } catch (e) {
    post(failure(msg.id, e));
  } finally {
    task.end();
  }
}

const ready = startCore().then(() => post({ type: 'ready', version: core_version() }));
ready.catch((e: unknown) => post({ type: 'error', id: null, message: `the simulation core failed to load: ${String(e)}` }));

// Loads and runs are served one at a time, in order; a cancel acts at once.
let queue: Promise<void> = ready;
/** Explorer messages in order: an open with user code may wait for the engine. */
let explorerQueue: Promise<void> = ready;
self.onmessage = (ev: MessageEvent<unknown>) => {
  // Explorer: served at once, after the core is ready (see explore.ts).
  if (isExploreToWorker(ev.data)) {
    const checked = checkExploreToWorker(ev.data);
    if (!checked.ok) return self.postMessage({ type: 'explore-error', message: checked.message });
    const msg = checked.msg;
    if (msg.type === 'explore-open' && msg.code?.length) {
      // The engine's switch remakes the trace: it waits for the work queued before it.
      const task = new Task(-1);
      const define = () => withCode(task, msg.code, toExplorer);
      const defined = needsSwitch(msg.code) ? queue.then(define) : define();
      queue = defined.then(
        () => undefined,
        () => undefined,
      );
      explorerQueue = explorerQueue
        .then(() => defined)
        .then(
          () => handleExplore(msg, currentTrace(), toExplorer),
          (e: unknown) => toExplorer({ type: 'explore-error', message: e instanceof Error ? e.message : String(e) }),
        );
    } else explorerQueue = explorerQueue.then(() => handleExplore(msg, currentTrace(), toExplorer));
    return;
  }
  const checked = checkToWorker(ev.data);
  if (!checked.ok) {
    const id = (ev.data as { id?: unknown } | null)?.id;
    post({ type: 'error', id: typeof id === 'number' ? id : null, message: checked.message });
    return;
  }
  const msg = checked.msg;
  if (msg.type === 'cancel') cancel(msg.id);
  else queue = queue.then(() => handle(msg));
};
