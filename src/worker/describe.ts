// Worker: the `describe` request — a chosen file read here (nothing of it is read on the page's
// thread): its SHA-256, and how a link carries it.

import { WasmSha256 } from './instance';
import type { LoadSettings } from '../core/types';
import { describeUpload, INLINE_TRY, sha256Hex } from '../link/upload';
import type { SharedSource } from '../link/types';
import type { Described } from '../protocol/messages';
import { chunkReader } from './read';
import { Cancelled, sliced } from './slices';
import type { Task } from './task';

/**
 * Files up to this size, in a worker of its own (`whole`), are hashed by the browser's own SHA-256
 * (`crypto.subtle`) over one read of the whole file: 1 GiB alone in 1.2 s of reading and 1.8 s of
 * hashing in Chromium here, where the core's SHA-256 in WASM runs at 145 MB/s (7.4 s). The digest
 * copies its input, so this takes about twice the file's size in memory while it runs, in a
 * worker that ends after it; above this size, or in the app's worker, the streamed hash keeps that
 * memory bounded and sees a Cancel between chunks. Both give the same digest (`describe.test.ts`).
 */
export const ONE_BUFFER_MAX = 1.25 * 2 ** 30;

type Work = Pick<Task, 'cancelled' | 'progress'>;

/**
 * The whole file in one buffer, or null if the browser cannot allocate one. One read of the whole
 * file is faster than the same bytes a chunk at a time (1.2 s against 3.1 s for 1 GiB); it shows no
 * progress within, and a Cancel is seen once it is done.
 */
async function wholeFile(task: Work, file: File): Promise<Uint8Array | null> {
  task.progress('load', 0, file.size, `hashing ${file.name}`);
  try {
    const all = new Uint8Array(await file.arrayBuffer());
    if (task.cancelled()) throw new Cancelled();
    return all;
  } catch (e) {
    if (task.cancelled()) throw new Cancelled();
    // Out of memory for one buffer: stream instead. A file that cannot be read (gone, changed,
    // refused) fails the same way streamed, so say so now rather than read it twice.
    if (e instanceof RangeError) return null;
    throw e;
  }
}

/** The core's SHA-256 over the file, streamed a chunk at a time. */
async function streamed(task: Work, file: File): Promise<string> {
  const hash = new WasmSha256();
  const next = chunkReader(file);
  let off = 0;
  await sliced(
    task,
    async () => {
      const chunk = await next();
      if (!chunk) return true;
      hash.update(chunk);
      off += chunk.length;
      return off >= file.size;
    },
    () => task.progress('load', Math.min(file.size, off), file.size, `hashing ${file.name}`),
    hash,
  );
  return hash.finish();
}

/**
 * The file's SHA-256 (lower-case hex), and its bytes when they were read whole: only when `whole`
 * and the file is at most `oneBufferMax` bytes, in a secure context (where `crypto.subtle` is).
 */
export async function sha256Of(
  task: Work,
  file: File,
  whole: boolean,
  oneBufferMax = ONE_BUFFER_MAX,
): Promise<{ sha256: string; bytes: Uint8Array | null }> {
  const subtle = whole && file.size <= oneBufferMax && globalThis.crypto?.subtle !== undefined;
  const bytes = subtle ? await wholeFile(task, file) : null;
  if (!bytes) return { sha256: await streamed(task, file), bytes: null };
  const sha256 = await sha256Hex(bytes);
  if (task.cancelled()) throw new Cancelled();
  return { sha256, bytes };
}

export async function describe(task: Task, file: File, load: LoadSettings, whole: boolean): Promise<Described> {
  const { sha256, bytes } = await sha256Of(task, file, whole);
  const source: SharedSource =
    file.size <= INLINE_TRY
      ? await describeUpload(file.name, bytes ?? new Uint8Array(await file.arrayBuffer()), load)
      : { kind: 'hashed', name: file.name, load, size: file.size, sha256 };
  return { sha256, size: file.size, source };
}
