import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPERIMENT } from './defaults';
import { decodeExperiment } from './decode';
import { encodeExperiment } from './encode';
import { validateExperiment } from './validate';
import { limit } from '../core/catalog';
import type { SharedExperiment } from './types';

const SOURCE = 'export default class Mine {\n  evict() { return this.x + 1; }\n}\n';

describe('a v2 link with code', () => {
  const e: SharedExperiment = {
    ...DEFAULT_EXPERIMENT,
    policies: [
      { id: 'mine', params: { k: 2 } },
      { id: 'lru', params: {} },
    ],
    explore: { mode: 'cache', policy: 'mine', params: {}, frames: 3, flash: {}, step: 4, selected: null },
    code: { mine: SOURCE },
  };

  it('carries the sources, byte for byte, and the policies and Explore tab that name them', () => {
    const back = decodeExperiment(encodeExperiment(e));
    expect(back.problems).toEqual([]);
    expect(back.experiment?.code).toEqual({ mine: SOURCE });
    expect(back.experiment?.policies.map((p) => p.id)).toEqual(['mine', 'lru']);
    expect(back.experiment?.policies[0].params).toEqual({ k: 2 });
    expect(back.experiment?.explore?.policy).toBe('mine');
  });

  it('refuses a name that shadows a built-in, a bad name and a source past the limit, naming each', () => {
    const { experiment, problems } = validateExperiment({
      policies: [{ id: 'mine', params: {} }],
      code: { lru: SOURCE, '9lives': SOURCE, big: 'x'.repeat(limit('user_source') + 1), mine: SOURCE },
    });
    expect(experiment?.code).toEqual({ mine: SOURCE });
    expect(problems).toEqual([
      expect.stringMatching(/^code\.lru: .lru. is the id of a built-in policy/),
      expect.stringMatching(/^code\.9lives: .*not a name for a policy/),
      expect.stringMatching(/^code\.big: .*limit user_source/),
    ]);
  });

  it('without its code, a user policy is unknown as before', () => {
    const { experiment, problems } = validateExperiment({
      policies: [
        { id: 'mine', params: {} },
        { id: 'lru', params: {} },
      ],
    });
    expect(experiment?.policies.map((p) => p.id)).toEqual(['lru']);
    expect(problems[0]).toMatch(/“mine” is not a policy of this version/);
  });
});
