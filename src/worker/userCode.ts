// Worker: the policies the user wrote, defined here before a request that names them runs.
// The first one switches this worker to the build of the core with the JavaScript engine
// (instance.ts): the loaded trace is made again in it from its source (the plain build's copy is
// freed; that build's memory is not given back to the browser), and an open explorer session
// opens again where it was. Later requests define only what is new (by name and source).

import * as v from 'valibot';
import { PolicyDocSchema, parseCore } from '../core/schemas';
import type { ExploreFromWorker } from '../protocol/explore';
import type { Defined, UserCode } from '../protocol/own';
import { explorerAt, handleExplore } from './explore';
import { hasJsEngine, jsEngine, startJsEngine } from './instance';
import { load } from './load';
import type { Task } from './task';
import { currentSource, currentTrace, replaceTrace } from './trace';

const DefinedJsonSchema = v.object({ policy: PolicyDocSchema, sha256: v.string() });

/** What each name was last defined as, so that a request repeating it costs nothing. */
const defined = new Map<string, { source: string; result: Defined }>();

function defineOne({ name, source }: UserCode): Defined {
  const had = defined.get(name);
  if (had && had.source === source) return had.result;
  const result = parseCore('defined policy', DefinedJsonSchema, jsEngine().define_js(name, source));
  defined.set(name, { source, result });
  return result;
}

async function switchEngine(task: Task, toExplorer: (m: ExploreFromWorker) => void): Promise<void> {
  task.progress('load', 0, 1, 'loading the JavaScript engine for your policy');
  const source = currentSource();
  const explorer = explorerAt();
  replaceTrace(null);
  await startJsEngine();
  if (!source) return;
  try {
    await load(task, source);
  } catch (e) {
    throw new Error(
      `The JavaScript engine started, but loading the trace into it again failed (${e instanceof Error ? e.message : String(e)}): load the trace again.`,
    );
  }
  if (explorer) {
    handleExplore(explorer.msg, currentTrace(), toExplorer);
    handleExplore({ type: 'explore-seek', position: explorer.position }, currentTrace(), toExplorer);
  }
}

/** Whether defining `code` needs the engine switched first (the trace made again). */
export const needsSwitch = (code: UserCode[] | undefined): boolean => !!code?.length && !hasJsEngine();

/**
 * Makes every policy of `code` runnable here under its name: the engine first (once), then each
 * source not defined yet. A source that does not compile, or a name that is a built-in's, fails
 * with the core's message.
 */
export async function withCode(task: Task, code: UserCode[] | undefined, toExplorer: (m: ExploreFromWorker) => void): Promise<Defined[]> {
  if (!code || code.length === 0) return [];
  if (!hasJsEngine()) await switchEngine(task, toExplorer);
  return code.map(defineOne);
}
