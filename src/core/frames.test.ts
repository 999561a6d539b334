import { describe, expect, it } from 'vitest';
import { parseFrames } from './frames';

describe('parseFrames', () => {
  it('reads counts and percentages, dropping duplicates', () => {
    expect(parseFrames('100, 200 100', null)).toEqual({ ok: true, frames: [100, 200] });
    expect(parseFrames('1%, 10%', 1000)).toEqual({ ok: true, frames: [10, 100] });
    expect(parseFrames('0.01%', 1000)).toEqual({ ok: true, frames: [1] });
  });

  it('explains what is wrong', () => {
    expect(parseFrames('', null)).toMatchObject({ ok: false, error: expect.stringContaining('at least one') });
    expect(parseFrames('0', null)).toMatchObject({ ok: false, error: expect.stringContaining('at least 1 frame') });
    expect(parseFrames('ten', null)).toMatchObject({ ok: false, error: expect.stringContaining('“ten”') });
    expect(parseFrames('5%', null)).toMatchObject({ ok: false, error: expect.stringContaining('loaded trace') });
    expect(parseFrames('99999999999', null)).toMatchObject({ ok: false, error: expect.stringContaining('67,108,864') });
    expect(parseFrames('150%', 10)).toMatchObject({ ok: false, error: expect.stringContaining('at most 100') });
  });
});
