import { describe, expect, it } from 'vitest';
import { codeFor, deleteUserSource, setUserSource, withUserCode } from './userCode';
import type { ToWorker } from '../protocol/messages';
import type { ExploreToWorker } from '../protocol/explore';

/** The code a message carries after `withUserCode`. */
const codeOf = (m: ToWorker | ExploreToWorker) => ('code' in m ? m.code : undefined);

describe('the code a request carries', () => {
  const options = { cost: { read: 1, write: 1 }, buckets: 1, flush: false, record_stream: false, collapse_repeats: false };

  it('is the source of each user policy the request names, once, and nothing for built-ins', () => {
    setUserSource('mine', 'A');
    setUserSource('other', 'B');
    const run = withUserCode<ToWorker>({
      type: 'run',
      id: 1,
      jobs: ['lru', 'mine', 'mine'].map((policy) => ({ policy, frames: 3, params: {} })),
      options,
    });
    expect(codeOf(run)).toEqual([{ name: 'mine', source: 'A' }]);
    const builtIn = { type: 'run' as const, id: 2, jobs: [{ policy: 'lru', frames: 3, params: {} }], options };
    expect(withUserCode(builtIn)).toBe(builtIn);
    const check = withUserCode<ToWorker>({
      type: 'check',
      id: 3,
      policy: 'mine',
      params: {},
      reference: 'other',
      referenceParams: {},
      sizes: [3],
    });
    expect(codeOf(check)?.map((c) => c.name)).toEqual(['mine', 'other']);
    expect(codeOf(withUserCode<ExploreToWorker>({ type: 'explore-open', policy: 'other', frames: 3, params: {} }))).toEqual([
      { name: 'other', source: 'B' },
    ]);
    deleteUserSource('other');
    expect(codeFor(['other'])).toBeUndefined();
    deleteUserSource('mine');
  });
});
