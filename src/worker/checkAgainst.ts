// Worker: the `check` request (*Check against*) — a policy and a reference side by side on the
// loaded trace at the given sizes, then on the core's generated suite, until their decisions
// first differ. The core's `Checker` does it all, a slice of requests at a time, so the page
// sees how far it got and its Cancel arrives between slices. It needs the build with the
// JavaScript engine (the request carries the user's code, defined first).

import { CheckReportSchema, parseCore } from '../core/schemas';
import type { CheckReport } from '../core/generated/core';
import type { CheckRequest } from '../protocol/own';
import { jsEngine, type WasmTrace } from './instance';
import { SLICE, sliced } from './slices';
import type { Task } from './task';

/** Requests of each policy compared between two looks at the event loop (a user policy runs about 1 M a second). */
const CHECK_SLICE = SLICE / 2;

export async function checkAgainst(task: Task, trace: WasmTrace, req: CheckRequest): Promise<CheckReport> {
  const { WasmCheck } = jsEngine();
  const check = new WasmCheck(
    trace,
    Uint32Array.from(req.sizes),
    req.policy,
    JSON.stringify(req.params),
    req.reference,
    JSON.stringify(req.referenceParams),
  );
  if (req.everyTrace) check.set_every_trace(true);
  const total = check.total_cases();
  await sliced(
    task,
    () => check.advance(CHECK_SLICE),
    () => task.progress('run', check.cases(), total, `checking case ${check.cases()} of ${total}`),
    check,
  );
  const text = check.report();
  check.free();
  return parseCore('check report', CheckReportSchema, text);
}
