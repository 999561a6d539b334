// Tests (Node): the worker's chunked file reader (read.ts) — each chunk read ahead of the work on it.
import { describe, expect, it } from 'vitest';
import { AHEAD, CHUNK, chunkReader } from './read';

async function all(file: File): Promise<number[][]> {
  const next = chunkReader(file);
  const chunks: number[][] = [];
  for (let c = await next(); c; c = await next()) chunks.push([c.length, c[0], c[c.length - 1]]);
  return chunks;
}

describe('chunkReader', () => {
  it('gives the file in order, a chunk at a time, then null', async () => {
    const bytes = Uint8Array.from({ length: 2 * CHUNK + 3 }, (_, i) => i % 251);
    const last = (i: number) => (i - 1) % 251;
    expect(await all(new File([bytes], 't.txt'))).toEqual([
      [CHUNK, 0, last(CHUNK)],
      [CHUNK, CHUNK % 251, last(2 * CHUNK)],
      [3, (2 * CHUNK) % 251, last(2 * CHUNK + 3)],
    ]);
  });

  it('keeps giving chunks in order past the reads it keeps in flight', async () => {
    const n = (AHEAD + 2) * CHUNK + 1;
    const bytes = Uint8Array.from({ length: n }, (_, i) => (i >> 20) % 251);
    const got = await all(new File([bytes], 'long.txt'));
    expect(got.map((c) => c[0])).toEqual([...Array<number>(AHEAD + 2).fill(CHUNK), 1]);
    expect(got.map((c) => c[1])).toEqual(Array.from({ length: AHEAD + 3 }, (_, k) => ((k * CHUNK) >> 20) % 251));
  });

  it('gives nothing for an empty file, and no empty chunk after a whole number of chunks', async () => {
    expect(await all(new File([], 'empty.txt'))).toEqual([]);
    expect((await all(new File([new Uint8Array(CHUNK)], 'one.txt'))).map((c) => c[0])).toEqual([CHUNK]);
  });
});
