import { describe, expect, it } from 'vitest';
import { lineOf } from './ownSlice';
import { formOf } from './checkStore';

describe('your policy, on the page', () => {
  it("marks the line the core's message names", () => {
    expect(lineOf('mine: does not compile: SyntaxError: unexpected token (line 12)')).toBe(12);
    expect(lineOf('mine: evict() returned page 12, which is not in the cache (request 57)')).toBeNull();
  });

  it('opens a generated trace of the check suite as the workload form', () => {
    const cfg = {
      seed: 2,
      phases: [{ workload: { kind: 'hot-cold' as const, pages: 200, hot_access: 0.9, hot_pages: 0.1 }, length: 3000, write_fraction: 0.3 }],
    };
    expect(formOf(cfg)).toEqual({ kind: 'hot-cold', pages: 200, hotAccess: 0.9, hotPages: 0.1, seed: 2, length: 3000, writeFraction: 0.3 });
    expect(formOf({ seed: 1, phases: [] })).toBeNull();
  });
});
