// Both threads: cache sizes as the user types them: "100, 1000" or "1%, 5%" of the trace's distinct pages.

import { limit } from './catalog';

/** The core's limit on the frames of one cache, from the catalogue. */
export const MAX_FRAMES = limit('frames');

export type FramesParse = { ok: true; frames: number[] } | { ok: false; error: string };

export function parseFrames(text: string, distinctPages: number | null): FramesParse {
  const parts = text.split(/[,\s]+/).filter((s) => s.length > 0);
  if (parts.length === 0) return { ok: false, error: 'Give at least one cache size.' };
  const frames: number[] = [];
  for (const part of parts) {
    const pct = /^(\d+(?:\.\d+)?)%$/.exec(part);
    if (pct) {
      const p = Number(pct[1]);
      if (!(p > 0 && p <= 100)) return { ok: false, error: `“${part}” must be a percentage above 0 and at most 100.` };
      if (distinctPages === null) return { ok: false, error: 'Percent sizes need a loaded trace.' };
      frames.push(Math.max(1, Math.round((distinctPages * p) / 100)));
    } else if (/^\d+$/.test(part)) {
      const n = Number(part);
      if (n < 1) return { ok: false, error: 'A cache needs at least 1 frame.' };
      if (n > MAX_FRAMES)
        return { ok: false, error: `“${part}” frames is more than the ${MAX_FRAMES.toLocaleString('en-US')} this tool supports.` };
      frames.push(n);
    } else {
      return { ok: false, error: `“${part}” is not a number of frames (e.g. 100) or a percentage (e.g. 5%).` };
    }
  }
  return { ok: true, frames: [...new Set(frames)] };
}
