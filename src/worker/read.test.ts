// Tests (Node): the worker's chunked file reader (read.ts) — each chunk read ahead of the work on it, whole
// chunks cut from the file's stream.
import { describe, expect, it } from 'vitest';
import { CHUNK, chunkReader } from './read';

async function all(file: File): Promise<number[][]> {
  const next = chunkReader(file);
  const chunks: number[][] = [];
  for (let c = await next(); c; c = await next()) chunks.push([c.length, c[0], c[c.length - 1]]);
  return chunks;
}

/** A file whose stream gives `bytes` in parts of `part` bytes (a browser's parts need not divide a chunk). */
function streamedIn(bytes: Uint8Array, part: number): File {
  let at = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(c) {
      if (at >= bytes.length) return c.close();
      c.enqueue(bytes.slice(at, at + part));
      at += part;
    },
  });
  return { size: bytes.length, stream: () => stream } as unknown as File;
}

describe('chunkReader', () => {
  it('cuts a stream whose parts do not divide a chunk into whole chunks, bytes in order', async () => {
    const bytes = Uint8Array.from({ length: 2 * CHUNK + 12_345 }, (_, i) => (i * 7) % 253);
    const next = chunkReader(streamedIn(bytes, 1_000_003));
    const got: Uint8Array[] = [];
    for (let c = await next(); c; c = await next()) got.push(c);
    expect(got.map((c) => c.length)).toEqual([CHUNK, CHUNK, 12_345]);
    const joined = new Uint8Array(bytes.length);
    got.reduce((off, c) => (joined.set(c, off), off + c.length), 0);
    // Compared as one buffer: the matcher's element-by-element walk over 8 MB takes minutes.
    expect(Buffer.compare(joined, bytes)).toBe(0);
  });

  it('gives the file in order, a chunk at a time, then null', async () => {
    const bytes = Uint8Array.from({ length: 2 * CHUNK + 3 }, (_, i) => i % 251);
    const last = (i: number) => (i - 1) % 251;
    expect(await all(new File([bytes], 't.txt'))).toEqual([
      [CHUNK, 0, last(CHUNK)],
      [CHUNK, CHUNK % 251, last(2 * CHUNK)],
      [3, (2 * CHUNK) % 251, last(2 * CHUNK + 3)],
    ]);
  });

  it('gives nothing for an empty file, and no empty chunk after a whole number of chunks', async () => {
    expect(await all(new File([], 'empty.txt'))).toEqual([]);
    expect((await all(new File([new Uint8Array(CHUNK)], 'one.txt'))).map((c) => c[0])).toEqual([CHUNK]);
  });
});
