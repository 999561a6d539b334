// Worker: the `describe` request — a chosen file read here in chunks (nothing
// of it is read on the page's thread): its SHA-256, and how a link carries it.

import { WasmSha256 } from './instance';
import type { LoadSettings } from '../core/types';
import { describeUpload, INLINE_TRY } from '../link/upload';
import type { SharedSource } from '../link/types';
import type { Described } from '../protocol/messages';
import { chunkReader } from './read';
import { sliced } from './slices';
import type { Task } from './task';

export async function describe(task: Task, file: File, load: LoadSettings): Promise<Described> {
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
  const sha256 = hash.finish();
  const source: SharedSource =
    file.size <= INLINE_TRY
      ? await describeUpload(file.name, new Uint8Array(await file.arrayBuffer()), load)
      : { kind: 'hashed', name: file.name, load, size: file.size, sha256 };
  return { sha256, size: file.size, source };
}
