// UI: the sources of the policies the user wrote, by name. The engine's client attaches the
// ones a request names to it (`code`), so every worker — the app's, a pool's helper, one started
// again after a trap — defines them before it runs.

import type { ExploreToWorker } from '../protocol/explore';
import type { ToWorker } from '../protocol/messages';
import type { UserCode } from '../protocol/own';

const sources = new Map<string, string>();

export function setUserSource(name: string, source: string): void {
  sources.set(name, source);
}

export function deleteUserSource(name: string): void {
  sources.delete(name);
}

/** The code of the user policies among `names`, or undefined when there are none. */
export function codeFor(names: Iterable<string>): UserCode[] | undefined {
  const code: UserCode[] = [];
  for (const name of new Set(names)) {
    const source = sources.get(name);
    if (source !== undefined) code.push({ name, source });
  }
  return code.length > 0 ? code : undefined;
}

/** The policies a request names. */
function named(msg: ToWorker | ExploreToWorker): string[] {
  switch (msg.type) {
    case 'run':
      return msg.jobs.map((j) => j.policy);
    case 'stream':
      return [msg.job.policy];
    case 'batch':
    case 'curve':
      return msg.specs.map((s) => s.policy);
    case 'check':
      return [msg.policy, msg.reference];
    case 'explore-open':
      return msg.flash ? [] : [msg.policy];
    default:
      return [];
  }
}

/** `msg` with the code of the user policies it names (as it was when none). */
export function withUserCode<M extends ToWorker | ExploreToWorker>(msg: M): M {
  if (!('code' in msg) && !['run', 'stream', 'batch', 'curve', 'check', 'explore-open'].includes(msg.type)) return msg;
  const code = codeFor(named(msg));
  return code ? { ...msg, code } : msg;
}
