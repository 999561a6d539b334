// UI: what older links carried differently, brought to today's form before the
// fields are read. (v1 links lack the Explore tab's state, the core version and
// pinned parameters: those fields are optional, so v1 needs nothing here.)

/**
 * Links made before immediate repeats became a run option carried
 * `ignore_repeats` as a parameter of LIRS and CLOCK-Pro: it is taken out of
 * every parameter set, and any `true` turns the run option on.
 */
export function liftRepeats(o: Record<string, unknown>): boolean {
  let on = false;
  const sets = [
    ...(Array.isArray(o.policies) ? o.policies.map((p) => (p as { params?: unknown } | null)?.params) : []),
    (o.explore as { params?: unknown } | null | undefined)?.params,
  ];
  for (const params of sets) {
    if (params && typeof params === 'object' && 'ignore_repeats' in params) {
      const p = params as Record<string, unknown>;
      on ||= p.ignore_repeats === true;
      delete p.ignore_repeats;
    }
  }
  return on;
}
