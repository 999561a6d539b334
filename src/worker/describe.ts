// Worker: the `describe` request — a chosen file read here in chunks (nothing
// of it is read on the page's thread): its SHA-256, and how a link carries it.

import { WasmSha256 } from './instance';
import type { LoadSettings } from '../core/types';
import { describeUpload, INLINE_TRY } from '../link/upload';
import type { SharedSource } from '../link/types';
import type { Described } from '../protocol/messages';
import { chunkReader } from './read';
import { Cancelled, sliced } from './slices';
import type { Task } from './task';

/**
 * Files up to this size are hashed by the browser's own SHA-256 (`crypto.subtle`) over one buffer
 * holding the whole file: 1 GiB in 1.8 s in Chromium here, where the core's SHA-256 in WASM (kept
 * for larger files) runs at 145 MB/s, 7.4 s. Holding the file costs its size in memory, and only
 * while this worker hashes (the page's own worker for a link's file, a worker of its own
 * otherwise); above this size the streamed hash keeps that memory bounded. Both give the same
 * digest (`describe.test.ts`).
 */
export const ONE_BUFFER_MAX = 1.5 * 2 ** 30;

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * The whole file in one buffer, or null if it cannot be had. One read of the whole file (1.2 s for
 * 1 GiB in Chromium here) is faster than the same bytes a chunk at a time (3.1 s); it shows no
 * progress within, and a Cancel is seen once it is done.
 */
async function wholeFile(task: Pick<Task, 'cancelled' | 'progress'>, file: File): Promise<Uint8Array | null> {
  task.progress('load', 0, file.size, `hashing ${file.name}`);
  let all: Uint8Array;
  try {
    all = new Uint8Array(await file.arrayBuffer());
  } catch {
    return null; // no room for one buffer: the streaming hash needs none
  }
  if (task.cancelled()) throw new Cancelled();
  return all;
}

/** The core's SHA-256 over the file, streamed a chunk at a time. */
async function streamed(task: Pick<Task, 'cancelled' | 'progress'>, file: File): Promise<string> {
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

/** The file's SHA-256 (lower-case hex), and its bytes when they were read whole (up to `oneBufferMax`). */
export async function sha256Of(
  task: Pick<Task, 'cancelled' | 'progress'>,
  file: File,
  oneBufferMax = ONE_BUFFER_MAX,
): Promise<{ sha256: string; bytes: Uint8Array | null }> {
  const subtle = globalThis.crypto?.subtle; // absent outside a secure context (plain http off localhost)
  const bytes = subtle && file.size <= oneBufferMax ? await wholeFile(task, file) : null;
  if (bytes) {
    const sha256 = hex(await subtle!.digest('SHA-256', bytes));
    if (task.cancelled()) throw new Cancelled();
    return { sha256, bytes };
  }
  return { sha256: await streamed(task, file), bytes: null };
}

export async function describe(task: Task, file: File, load: LoadSettings): Promise<Described> {
  const { sha256, bytes } = await sha256Of(task, file);
  const source: SharedSource =
    file.size <= INLINE_TRY
      ? await describeUpload(file.name, bytes ?? new Uint8Array(await file.arrayBuffer()), load)
      : { kind: 'hashed', name: file.name, load, size: file.size, sha256 };
  return { sha256, size: file.size, source };
}
