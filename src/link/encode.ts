// UI: an experiment as a link, `#v2=` + base64url(deflate(JSON)), its parameters pinned.

import { deflateSync, strToU8 } from 'fflate';
import { CATALOG } from '../core/catalog';
import { toBase64Url } from './bytes';
import { pinned } from './pin';
import type { SharedExperiment } from './types';

/** v2 adds the Explore tab's state, the core version and pinned parameters; v1 links still open. */
export const URL_VERSION = 2;

export function encodeExperiment(e: SharedExperiment): string {
  const full: SharedExperiment = {
    ...e,
    policies: e.policies.map((p) => ({ id: p.id, params: pinned(p.id, p.params) })),
    ...(e.explore ? { explore: { ...e.explore, params: pinned(e.explore.policy, e.explore.params) } } : {}),
    core: CATALOG.version,
  };
  const json = JSON.stringify(full);
  return `#v${URL_VERSION}=${toBase64Url(deflateSync(strToU8(json), { level: 9 }))}`;
}
