// Tests (Node): a chosen file's SHA-256 in the worker (describe.ts) — the browser's over the whole
// file and the core's streamed give the same digest as Node's own, whichever way it was read.
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { initSync } from '../wasm-pkg/cachescope.js';
import { CHUNK } from './read';
import { Cancelled } from './slices';
import { sha256Of } from './describe';

initSync({ module: readFileSync(new URL('../wasm-pkg/cachescope_bg.wasm', import.meta.url)) });

const task = { cancelled: () => false, progress: () => undefined };
const reference = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

describe('sha256Of', () => {
  const bytes = Uint8Array.from({ length: 2 * CHUNK + 1001 }, (_, i) => (i * 7919) % 256);
  const file = new File([bytes], 'trace.txt');

  it('hashes a file read whole with the browser’s SHA-256, and keeps its bytes', async () => {
    const got = await sha256Of(task, file, true);
    expect(got.sha256).toBe(reference(bytes));
    expect(got.bytes && Buffer.compare(got.bytes, bytes)).toBe(0);
  });

  it('streams a file over the one-buffer limit, or in the app’s worker, through the core’s SHA-256, to the same digest', async () => {
    expect(await sha256Of(task, file, true, CHUNK)).toEqual({ sha256: reference(bytes), bytes: null });
    expect(await sha256Of(task, file, false)).toEqual({ sha256: reference(bytes), bytes: null });
  });

  it('hashes an empty file either way', async () => {
    const empty = new File([], 'empty.txt');
    expect((await sha256Of(task, empty, true)).sha256).toBe(reference(new Uint8Array()));
    expect((await sha256Of(task, empty, false)).sha256).toBe(reference(new Uint8Array()));
  });

  it('names a file that cannot be read instead of reading it again streamed', async () => {
    const unreadable = new File([], 'gone.txt');
    Object.defineProperty(unreadable, 'size', { value: 10 });
    Object.defineProperty(unreadable, 'arrayBuffer', { value: () => Promise.reject(new DOMException('gone', 'NotFoundError')) });
    await expect(sha256Of(task, unreadable, true)).rejects.toThrow('gone');
  });

  it('sees a Cancel, read whole or streamed', async () => {
    await expect(sha256Of({ ...task, cancelled: () => true }, file, true)).rejects.toThrow(Cancelled);
    await expect(sha256Of({ ...task, cancelled: () => true }, file, false)).rejects.toThrow(Cancelled);
  });
});
