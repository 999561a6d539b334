// Worker: the user policies this worker has defined. A request that carries user code defines
// what is new (by name and source) before it runs; the first one switches the worker to the
// build with the JavaScript engine (core.ts), which the caller's `switchEngine` does together
// with loading its trace again into the new build.

import { PolicyDocSchema, parseCore } from '../core/schemas';
import type { Defined, UserCode } from '../protocol/own';
import { hasJsEngine, jsEngine } from './core';
import * as v from 'valibot';

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

/**
 * Makes every policy of `code` runnable here under its name: the engine first (through
 * `switchEngine`, once), then each source not defined yet. A source that does not compile, or a
 * name that is a built-in's, fails with the core's message.
 */
export async function withCode(code: UserCode[] | undefined, switchEngine: () => Promise<void>): Promise<Defined[]> {
  if (!code || code.length === 0) return [];
  if (!hasJsEngine()) await switchEngine();
  return code.map(defineOne);
}
