// Both threads: every message of the explorer's stepping session, as valibot
// schemas with their types inferred from them. Explorer messages carry no
// request id: there is at most one session, and the worker answers each with
// the frame it ends on. During play the worker sends a new frame only after
// the UI acknowledges the previous one (explore-ack), so fast playback never
// queues more frames than the UI can draw.

import * as v from 'valibot';
import { ExploreFrameSchema, FlashSetupSchema, PageHistorySchema } from '../core/explore';
import { FrameTableSchema } from '../core/frameTable';
import { check, typeOf, type Checked } from './check';
import { CodeField } from './own';

const record = v.record(v.string(), v.unknown());

const ExploreToWorkerSchema = v.variant('type', [
  /** With `flash`, the trace is served by that flash device instead of a cache policy. */
  v.object({
    type: v.literal('explore-open'),
    policy: v.string(),
    frames: v.number(),
    params: record,
    flash: v.optional(FlashSetupSchema),
    collapse: v.optional(v.boolean()),
    /** The policy's code when the user wrote it. */
    code: CodeField,
  }),
  v.object({ type: v.literal('explore-seek'), position: v.number() }),
  v.object({ type: v.literal('explore-play'), speed: v.number() }),
  v.object({ type: v.literal('explore-pause') }),
  v.object({ type: v.literal('explore-ack') }),
  /** `page` as the trace names it. */
  v.object({ type: v.literal('explore-history'), page: v.string() }),
  /** Quiz: what the next request will evict, without moving. */
  v.object({ type: v.literal('explore-peek') }),
  v.object({ type: v.literal('explore-close') }),
]);
export type ExploreToWorker = v.InferOutput<typeof ExploreToWorkerSchema>;

/** Explorer messages are told from the others by their type's prefix. */
function isExploreMessage(data: unknown): boolean {
  const t = (data as { type?: unknown } | null)?.type;
  return typeof t === 'string' && t.startsWith('explore-');
}

export function isExploreToWorker(data: unknown): data is ExploreToWorker {
  return isExploreMessage(data);
}

export function checkExploreToWorker(data: unknown): Checked<ExploreToWorker> {
  return check(ExploreToWorkerSchema, data, 'malformed explorer request');
}

/** Every explorer reply, whole: development and test builds check frames with this. */
const ExploreFromWorkerSchema = v.variant('type', [
  v.object({ type: v.literal('explore-frame'), ...ExploreFrameSchema.entries }),
  v.object({ type: v.literal('explore-history'), ...PageHistorySchema.entries }),
  /**
   * The request after `position` (its page, null past the end or on a flash device), the pages it
   * evicts (the quiz's answer) as the trace names them, and why they leave, in the core's words.
   */
  v.object({
    type: v.literal('explore-peek'),
    position: v.number(),
    page: v.nullable(v.string()),
    victims: v.array(v.string()),
    reason: v.nullable(v.string()),
  }),
  /** The whole run as the textbook frame table (short runs of small caches only). */
  v.object({ type: v.literal('explore-table'), table: FrameTableSchema }),
  /** A long seek on its way (it advances in slices, so Pause cancels it). */
  v.object({ type: v.literal('explore-seeking'), position: v.number(), target: v.number() }),
  v.object({ type: v.literal('explore-error'), message: v.string() }),
]);
export type ExploreFromWorker = v.InferOutput<typeof ExploreFromWorkerSchema>;

/** A frame's shape: what production builds check of frames (they arrive many times a second); the frame's own fields, slots and events unchecked. */
const { position, total, request } = ExploreFrameSchema.entries;
const FrameShape = v.object({
  type: v.literal('explore-frame'),
  position,
  total,
  request,
  snapshot: v.object({ policy: v.string(), rings: v.array(v.unknown()), lists: v.array(v.unknown()), gauges: v.array(v.unknown()) }),
  events: v.array(v.unknown()),
});

/** Production: frames by shape, every other explorer reply whole. */
const ExploreFromWorkerShape = v.variant('type', [FrameShape, ...ExploreFromWorkerSchema.options.slice(1)]);

/** Is `data` meant for the explorer (whether or not it is well formed)? */
export function isExploreFromWorkerType(data: unknown): boolean {
  return isExploreMessage(data);
}

/** Checks an explorer reply: fully in development and tests, frames by shape only in production. */
export function checkExploreFromWorker(data: unknown, full = !import.meta.env.PROD): Checked<ExploreFromWorker> {
  return check(full ? ExploreFromWorkerSchema : ExploreFromWorkerShape, data, `malformed ${typeOf(data)} message from the worker`);
}

export function isExploreFromWorker(data: unknown, full = !import.meta.env.PROD): data is ExploreFromWorker {
  return checkExploreFromWorker(data, full).ok;
}

/** The flash page states move to the UI instead of being copied. */
export function exploreTransferables(msg: ExploreFromWorker): Transferable[] {
  if (msg.type !== 'explore-frame') return [];
  const t: Transferable[] = [];
  if (msg.flashPages) t.push(msg.flashPages.buffer as ArrayBuffer);
  if (msg.flashOwners) t.push(msg.flashOwners.buffer as ArrayBuffer);
  return t;
}
