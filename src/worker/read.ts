// Worker: a trace made from a source — generated from a configuration, or read
// from a file in chunks — a slice at a time, reporting progress and seeing a Cancel.

import { WasmGenerator, WasmLoader, type WasmTrace } from './instance';
import type { GenConfig, LoadSettings } from '../core/types';
import { LoadInfoSchema, parseCore } from '../core/schemas';
import type { LoadCost, TraceSource } from '../protocol/messages';
import { SLICE, sliced } from './slices';
import type { Task } from './task';

/** Bytes of a file read (and decoded) at a time. */
export const CHUNK = 4 << 20;

export const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20).toLocaleString('en')} MB`;

/** Adds the milliseconds since `since` to `phase` of `cost`; returns now. */
export function spent(cost: LoadCost | undefined, phase: string, since: number): number {
  const now = performance.now();
  if (cost) cost.ms[phase] = (cost.ms[phase] ?? 0) + now - since;
  return now;
}

/** Reads of a file in flight at once (chunkReader): see there. */
export const AHEAD = 4;

/**
 * Reads `file` a `CHUNK` at a time: each call gives the next chunk (null after the last), while the
 * browser reads the next `AHEAD` (off this thread) as the caller works on this one. One read ahead
 * left the load of a 1 GiB trace waiting 2.7–3.5 s for the file when another worker read it too.
 */
export function chunkReader(file: File): () => Promise<Uint8Array | null> {
  const readAt = (at: number) => {
    const read = file.slice(at, at + CHUNK).arrayBuffer();
    // Awaited by a later call; a read nobody awaits (the work was cancelled) fails quietly.
    read.catch(() => undefined);
    return read;
  };
  let next = 0; // where the next read starts
  const ahead: Promise<ArrayBuffer>[] = [];
  const fill = () => {
    for (; ahead.length < AHEAD && next < file.size; next += CHUNK) ahead.push(readAt(next));
  };
  fill();
  return async () => {
    const read = ahead.shift();
    if (!read) return null;
    fill();
    return new Uint8Array(await read);
  };
}

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
export async function readFile(task: Task, file: File, settings: LoadSettings, estimate?: (requests: number) => void, cost?: LoadCost) {
  const { format, pageSize, strict, csv } = settings;
  const options = { format, page_size: pageSize, strict, csv: format === 'csv' ? csv : null };
  const loader = new WasmLoader(file.name, JSON.stringify(options));
  loader.size_hint(file.size);
  const next = chunkReader(file);
  let off = 0;
  let first = 0;
  let ended = false;
  // One slice: decode more of what was pushed, else push the next chunk, else end the input.
  const slice = async () => {
    let t = performance.now();
    const pumped = loader.pump(CHUNK);
    t = spent(cost, 'parsing', t);
    if (!pumped) return false;
    if (first > 0) {
      // After the first chunk, the file's length in requests can be estimated from what it held.
      estimate?.((loader.requests() / first) * file.size);
      first = 0;
    }
    if (off < file.size) {
      const chunk = (await next()) ?? new Uint8Array();
      t = spent(cost, 'waiting for the file', t);
      if (cost) cost.fileBytes += chunk.length;
      loader.push(chunk);
      spent(cost, 'parsing', t);
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
  const since = performance.now();
  const loaded = loader.finish();
  const info = parseCore('load report', LoadInfoSchema, loaded.info());
  const t: WasmTrace = loaded.take_trace();
  loaded.free();
  spent(cost, 'parsing', since);
  return { t, info };
}

/** The trace of a source, apart from the loaded one. */
export async function traceOf(task: Task, source: TraceSource): Promise<WasmTrace> {
  return source.kind === 'generate' ? generate(task, source.config) : (await readFile(task, source.file, source.settings)).t;
}
