import { describe, expect, it } from 'vitest';
import { codeFor, deleteUserSource, setUserSource, withUserCode } from './userCode';

describe('the code a request carries', () => {
  const options = { cost: { read: 1, write: 1 }, buckets: 1, flush: false, record_stream: false, collapse_repeats: false };

  it('is the source of each user policy the request names, once, and nothing for built-ins', () => {
    setUserSource('mine', 'A');
    setUserSource('other', 'B');
    const run = withUserCode({
      type: 'run',
      id: 1,
      jobs: ['lru', 'mine', 'mine'].map((policy) => ({ policy, frames: 3, params: {} })),
      options,
    });
    expect(run.code).toEqual([{ name: 'mine', source: 'A' }]);
    const builtIn = { type: 'run' as const, id: 2, jobs: [{ policy: 'lru', frames: 3, params: {} }], options };
    expect(withUserCode(builtIn)).toBe(builtIn);
    const check = withUserCode({ type: 'check', id: 3, policy: 'mine', params: {}, reference: 'other', referenceParams: {}, sizes: [3] });
    expect(check.code?.map((c) => c.name)).toEqual(['mine', 'other']);
    expect(withUserCode({ type: 'explore-open', policy: 'other', frames: 3, params: {} }).code).toEqual([{ name: 'other', source: 'B' }]);
    deleteUserSource('other');
    expect(codeFor(['other'])).toBeUndefined();
    deleteUserSource('mine');
  });
});
