// UI: parameter pinning. A link writes every parameter out, defaults
// included, so a later change of a default in the core cannot change what an old
// link computes; on the way in, values equal to today's defaults are dropped again.

import { defaultsOf, policyDoc } from '../core/catalog';
import type { Params } from './types';

/** Every parameter of policy `id`, defaults filled in. */
export function pinned(id: string, params: Params): Params {
  const doc = policyDoc(id);
  return doc ? ({ ...defaultsOf(doc.params), ...params } as Params) : params;
}

/** Parameters equal to today's defaults are dropped: they change nothing, and labels stay short. */
export function unpinned(id: string, params: Params): Params {
  const doc = policyDoc(id);
  if (!doc) return params;
  return Object.fromEntries(Object.entries(params).filter(([k, v]) => doc.params.find((p) => p.key === k)?.default !== v));
}
