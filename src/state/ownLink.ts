// UI: policies the user wrote, as links carry them. A link holds the source of each user policy
// the experiment or the Explore tab names (deflated with the rest of the link, within the inline
// cap `link_trace`); opening it defines them before the experiment runs, and the page says
// that it runs code from the link and shows that code.

import { deflateSync, strToU8 } from 'fflate';
import { isUserPolicy, limit } from '../core/catalog';
import type { SharedExperiment } from '../link/types';
import type { AppState } from './store';
import { useApp } from './store';

/** The link's `code`: the sources of the user policies `names` lists, or nothing when none (or when they would pass the cap). */
export function codeOfLink(s: AppState, names: string[]): { code?: Record<string, string> } {
  const code: Record<string, string> = {};
  for (const o of s.own) if (names.includes(o.name) && isUserPolicy(o.name)) code[o.name] = o.source;
  if (Object.keys(code).length === 0) return {};
  // Too much code for a link: it names the policies without them (opening it says they are unknown).
  if (deflateSync(strToU8(JSON.stringify(code)), { level: 9 }).length > limit('link_trace')) return {};
  return { code };
}

/** Defines the policies a link brought; a source the core refuses is one of the link's problems. */
export async function defineLinkCode(e: SharedExperiment): Promise<void> {
  const code = Object.entries(e.code ?? {}).map(([name, source]) => ({ name, source }));
  if (code.length === 0) return;
  const app = useApp.getState();
  if (await app.defineOwn(code, { fromLink: true })) return;
  const problem = useApp.getState().ownProblem?.message ?? 'its code could not be defined';
  app.setLinkProblems([...useApp.getState().linkProblems, `code: ${problem}`]);
}
