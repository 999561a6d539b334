// Both threads: how policies written by the user travel between the page and the worker.
// A user policy goes as `{ name, source }` with every request that names it (runs, curves,
// batches, streams, the explorer, checks), so any worker — a pool's helper, or one started
// again after a trap — can define it before it runs; the worker keeps what it has defined.

import * as v from 'valibot';
import { limit } from '../core/catalog';
import type { PolicyDoc } from '../core/generated/core';

/** Characters of a user policy's name (the core's `policy::user::MAX_NAME`). */
export const MAX_NAME = 40;

/** A user's policy as written: the name it goes by and its JavaScript source. */
export const UserCodeSchema = v.object({
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_NAME)),
  source: v.pipe(v.string(), v.maxLength(limit('user_source'))),
});
export type UserCode = v.InferOutput<typeof UserCodeSchema>;

/** The code a request carries, when it names user policies. */
export const CodeField = v.optional(v.array(UserCodeSchema));

/** What the worker answers for each policy it defined: its catalogue entry and the source's SHA-256. */
export const DefinedSchema = v.object({
  /** A `PolicyDoc`, checked with `PolicyDocSchema` where it is read. */
  policy: v.custom<PolicyDoc>((x) => typeof x === 'object' && x !== null),
  sha256: v.string(),
});
export type Defined = v.InferOutput<typeof DefinedSchema>;

/** *Check against*: `policy` (with its parameters) against `reference` on the loaded trace at `sizes`, then on the core's generated suite. */
export const CheckRequestSchema = v.object({
  policy: v.string(),
  params: v.record(v.string(), v.unknown()),
  reference: v.string(),
  referenceParams: v.record(v.string(), v.unknown()),
  sizes: v.array(v.pipe(v.number(), v.integer(), v.minValue(1))),
  /** A verdict for every trace (an exercise's), rather than stopping at the first difference. */
  everyTrace: v.optional(v.boolean()),
});
export type CheckRequest = v.InferOutput<typeof CheckRequestSchema>;
