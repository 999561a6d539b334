// Both threads: checking a message against its schema, with what was wrong in
// a line; a message that passes is itself (no copy, nothing stripped).

import * as v from 'valibot';

/** A check's verdict: the message, or what was wrong with it. */
export type Checked<T> = { ok: true; msg: T } | { ok: false; message: string };

/** What is wrong with `data` under `schema`, in a line: the first issues, each with its path. */
function problems(issues: v.BaseIssue<unknown>[]): string {
  const shown = issues.slice(0, 3).map((i) => {
    const path = v.getDotPath(i);
    return path ? `${path}: ${i.message}` : i.message;
  });
  return shown.join('; ') + (issues.length > 3 ? ` (and ${issues.length - 3} more)` : '');
}

/** Checks `data` with `schema`; on success the message is `data` itself (no copy, nothing stripped). */
export function check<T>(schema: v.GenericSchema<unknown>, data: unknown, what: string): Checked<T> {
  const r = v.safeParse(schema, data);
  return r.success ? { ok: true, msg: data as T } : { ok: false, message: `${what}: ${problems(r.issues)}` };
}

/** What `data` claims to be, for messages about it: its `type`, if it has one. */
export function typeOf(data: unknown): string {
  const t = (data as { type?: unknown } | null)?.type;
  return typeof t === 'string' ? t : typeof data === 'object' ? 'untyped' : typeof data;
}
