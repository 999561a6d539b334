import { describe, expect, it } from 'vitest';
import { checkToWorker, isFromWorker } from './messages';
import { checkExploreToWorker } from './explore';
import { limit } from '../core/catalog';

describe('user policies in the protocol', () => {
  const code = [{ name: 'mine', source: 'export default class M { evict() { return 1; } }' }];
  const options = { cost: { read: 1, write: 1 }, buckets: 1, flush: false, record_stream: false, collapse_repeats: false };

  it('travel as { name, source } with the requests that name them, and as define and check', () => {
    expect(checkToWorker({ type: 'run', id: 1, jobs: [{ policy: 'mine', frames: 3, params: {} }], options, code }).ok).toBe(true);
    expect(checkToWorker({ type: 'define', id: 2, code }).ok).toBe(true);
    const check = { type: 'check', id: 3, policy: 'mine', params: {}, reference: 'clock', referenceParams: {}, sizes: [3] };
    expect(checkToWorker({ ...check, code }).ok).toBe(true);
    expect(checkExploreToWorker({ type: 'explore-open', policy: 'mine', frames: 3, params: {}, code }).ok).toBe(true);
  });

  it('refuses a nameless policy, a source past the limit and a check with no sizes as numbers', () => {
    expect(checkToWorker({ type: 'define', id: 2, code: [{ name: '', source: 'x' }] }).ok).toBe(false);
    expect(checkToWorker({ type: 'define', id: 2, code: [{ name: 'big', source: 'x'.repeat(limit('user_source') + 1) }] }).ok).toBe(false);
    expect(
      checkToWorker({ type: 'check', id: 3, policy: 'mine', params: {}, reference: 'clock', referenceParams: {}, sizes: ['3'] }).ok,
    ).toBe(false);
  });

  it('answers a definition with each entry and SHA-256, and a check with its report', () => {
    expect(isFromWorker({ type: 'defined', id: 2, defined: [{ policy: { id: 'mine' }, sha256: 'ab' }] })).toBe(true);
    const report = { policy: 'mine', reference: 'clock', cases: 1, requests: 5, difference: null, traces: [] };
    expect(isFromWorker({ type: 'checked', id: 3, report })).toBe(true);
    expect(isFromWorker({ type: 'checked', id: 3, report: { ...report, cases: 'one' } })).toBe(false);
  });
});
