// UI: the `code` field of a link — the sources of the policies the user wrote, by
// name. Each name must be one a policy may have and not a built-in's id; each source fits the
// core's limit `user_source`. The page defines what passes (the core compiles it then).

import { CATALOG, limit } from '../core/catalog';
import { shown } from './json';
import type { Problems } from './fields';

/** Names as the core takes them (policy::user: letters, digits, - and _, a letter first). */
const NAME = /^[A-Za-z][A-Za-z0-9_-]{0,39}$/;

export function readCode(p: Problems, value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (value === undefined) return out;
  const o = p.object('code', value);
  for (const [name, source] of Object.entries(o ?? {})) {
    const field = `code.${shown(name)}`;
    if (!NAME.test(name))
      p.say(
        `${field}: “${shown(name)}” is not a name for a policy (letters, digits, - and _, starting with a letter, at most 40 characters); left out.`,
      );
    else if (CATALOG.policies.some((b) => b.id === name))
      p.say(`${field}: “${name}” is the id of a built-in policy; a policy of your own needs another name. Left out.`);
    else if (typeof source !== 'string') p.bad(field, 'the JavaScript source as text', source);
    else if (new TextEncoder().encode(source).length > limit('user_source'))
      p.say(`${field}: the source is longer than the ${limit('user_source')} bytes a policy may have (limit user_source); left out.`);
    else out[name] = source;
  }
  return out;
}
