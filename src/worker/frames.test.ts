// Cache sizes as typed are read by the core (`parse_frames`, the grammar of
// `sim/src/frames.rs` that links, the runner and Python share), in the worker.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { initSync, parse_frames } from '../wasm-pkg/cachescope.js';
import { limit } from '../core/catalog';
import { checkToWorker } from '../protocol/messages';

initSync({ module: readFileSync(new URL('../wasm-pkg/cachescope_bg.wasm', import.meta.url)) });

const frames = (text: string, distinct?: number) => Array.from(parse_frames(text, distinct));
const why = (text: string, distinct?: number) => {
  try {
    parse_frames(text, distinct);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error(`"${text}" was read`);
};

describe('parse_frames', () => {
  it('reads counts and percentages, dropping duplicates', () => {
    expect(frames('100, 200 100')).toEqual([100, 200]);
    expect(frames('1%, 10%', 1000)).toEqual([10, 100]);
    expect(frames('0.01%', 1000)).toEqual([1]);
  });

  it('explains what is wrong', () => {
    expect(why('')).toContain('no cache size');
    expect(why('0')).toContain('at least 1 frame');
    expect(why('ten')).toMatch(/ten.* is not a cache size/);
    expect(why('5%')).toContain('load a trace first');
    expect(why('99999999999')).toContain(String(limit('frames')));
    expect(why('150%', 10)).toContain('(0, 100]');
  });

  it('is asked for with a protocol message', () => {
    expect(checkToWorker({ type: 'parse-frames', id: 1, text: '100, 5%', distinct: null }).ok).toBe(true);
    expect(checkToWorker({ type: 'parse-frames', id: 1, text: '100' }).ok).toBe(false);
  });
});
