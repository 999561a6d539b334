// Worker: a trace made from a source — generated from a configuration, or read
// from a file in chunks — a slice at a time, reporting progress and seeing a Cancel.

import { WasmGenerator, WasmLoader, type WasmTrace } from '../wasm-pkg/cachescope.js';
import type { GenConfig, LoadSettings } from '../core/types';
import { LoadInfoSchema, parseCore } from '../core/schemas';
import type { TraceSource } from '../protocol/messages';
import { SLICE, sliced } from './slices';
import type { Task } from './task';

/** Bytes of a file read (and decoded) at a time. */
export const CHUNK = 4 << 20;

export const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20).toLocaleString('en')} MB`;

/** Generates a trace a slice at a time. */
export async function generate(task: Task, config: GenConfig): Promise<WasmTrace> {
  const g = new WasmGenerator(JSON.stringify(config));
  task.progress('load', 0, g.total(), 'generating');
  await sliced(
    task,
    () => g.advance(SLICE * 4),
    () => task.progress('load', g.done(), g.total(), 'generating'),
    g,
  );
  return g.finish();
}

/**
 * Reads and parses a file in chunks. A chunk is pushed to the loader and decoded in slices of
 * `CHUNK` decoded bytes (a few compressed bytes may inflate to gigabytes, and a zstd file is
 * decoded once read), so progress follows the bytes decoded and a cancel is seen between slices.
 * `estimate` hears the file's length in requests as soon as its first chunk tells it.
 */
export async function readFile(task: Task, file: File, settings: LoadSettings, estimate?: (requests: number) => void) {
  const { format, pageSize, strict, csv } = settings;
  const options = { format, page_size: pageSize, strict, csv: format === 'csv' ? csv : null };
  const loader = new WasmLoader(file.name, JSON.stringify(options));
  loader.size_hint(file.size);
  let off = 0;
  let first = 0;
  let ended = false;
  // One slice: decode more of what was pushed, else push the next chunk, else end the input.
  const slice = async () => {
    if (!loader.pump(CHUNK)) return false;
    if (first > 0) {
      // After the first chunk, the file's length in requests can be estimated from what it held.
      estimate?.((loader.requests() / first) * file.size);
      first = 0;
    }
    if (off < file.size) {
      const chunk = new Uint8Array(await file.slice(off, off + CHUNK).arrayBuffer());
      loader.push(chunk);
      if (off === 0) first = chunk.length;
      off += CHUNK;
      return false;
    }
    if (ended) return true;
    loader.end_input();
    ended = true;
    return false;
  };
  const report = () => {
    const decoded = loader.decoded();
    const consumed = loader.consumed();
    const inflated = decoded > consumed ? ` · ${mb(decoded)} decoded` : '';
    task.progress('load', consumed, file.size, `reading ${file.name}${inflated}`);
  };
  await sliced(task, slice, report, loader);
  const loaded = loader.finish();
  const info = parseCore('load report', LoadInfoSchema, loaded.info());
  const t: WasmTrace = loaded.take_trace();
  loaded.free();
  return { t, info };
}

/** The trace of a source, apart from the loaded one. */
export async function traceOf(task: Task, source: TraceSource): Promise<WasmTrace> {
  return source.kind === 'generate' ? generate(task, source.config) : (await readFile(task, source.file, source.settings)).t;
}
