import { describe, expect, it } from 'vitest';
import { PRESETS } from './presets';
import { decodeExperiment, encodeExperiment } from '../state/urlCodec';
import { parseFrames } from '../core/frames';

describe('teaching presets', () => {
  it('each survives the link codec unchanged and has valid sizes and a sentence', () => {
    expect(new Set(PRESETS.map((p) => p.id)).size).toBe(PRESETS.length);
    for (const p of PRESETS) {
      const d = decodeExperiment(encodeExperiment(p.experiment));
      expect(d.problems, p.id).toEqual([]);
      expect(d.experiment, p.id).toEqual(p.experiment);
      expect(parseFrames(p.experiment.frames, 1000).ok, p.id).toBe(true);
      expect(p.watch.length, p.id).toBeGreaterThan(40);
      expect(p.experiment.policies.length, p.id).toBeGreaterThan(0);
    }
  });

  it('each preset link is short', () => {
    for (const p of PRESETS) {
      const n = encodeExperiment(p.experiment).length;
      expect(n, p.id).toBeLessThan(600);
      console.info(`preset ${p.id}: ${n} characters after #`);
    }
  });
});
