// Worker: the `check` request (*Check against*) — a policy and a reference side by side on the
// loaded trace at the given sizes, then on the core's generated suite, until their decisions
// first differ. The core's `check::check` does it all; it needs the build with the JavaScript
// engine (the request carries the user's code, defined first).

import { CheckReportSchema, parseCore } from '../core/schemas';
import type { CheckReport } from '../core/generated/core';
import type { CheckRequest } from '../protocol/own';
import { jsEngine, type WasmTrace } from './instance';

export function checkAgainst(trace: WasmTrace, req: CheckRequest): CheckReport {
  const js = jsEngine();
  const text = (req.everyTrace ? js.check_every_trace : js.check)(
    trace,
    Uint32Array.from(req.sizes),
    req.policy,
    JSON.stringify(req.params),
    req.reference,
    JSON.stringify(req.referenceParams),
  );
  return parseCore('check report', CheckReportSchema, text);
}
