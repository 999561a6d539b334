// UI: a link's hash read back into an experiment. Decoding never throws: a
// link that cannot be read says why, and one with bad fields loads what it can
// (validate.ts), naming each problem.

import { strFromU8 } from 'fflate';
import { limit } from '../core/catalog';
import { fromBase64Url, inflateCapped } from './bytes';
import { URL_VERSION } from './encode';
import { parseLinkJson } from './json';
import { validateExperiment, type Decoded } from './validate';

export type { Decoded } from './validate';

/** What a share link may decompress to (a larger one is no link this app made: a "deflate bomb"). */
export const INFLATED_LIMIT = limit('link_inflated');

/** Reads a location hash. An empty hash is no experiment and no problem. */
export function decodeExperiment(hash: string): Decoded {
  const h = hash.startsWith('#') ? hash.slice(1) : hash;
  if (h === '') return { experiment: null, problems: [] };
  const m = /^v(\d{1,4})=(.*)$/s.exec(h);
  if (!m)
    return { experiment: null, problems: [`This link does not hold a cachescope experiment (it should start with #v${URL_VERSION}=).`] };
  const version = Number(m[1]);
  const problems: string[] = [];
  if (version > URL_VERSION)
    problems.push(
      `This link was made by a newer version of cachescope (link format v${version}; this page reads v${URL_VERSION}). Loading what this version understands.`,
    );
  else if (version < 1) return { experiment: null, problems: [`Link format v${version} does not exist.`] };
  const bytes = fromBase64Url(m[2]);
  if (!bytes || bytes.length === 0)
    return { experiment: null, problems: [...problems, 'The link is damaged: it contains characters a cachescope link never has.'] };
  let json: string;
  try {
    const inflated = inflateCapped(bytes, INFLATED_LIMIT);
    if (inflated === null)
      return {
        experiment: null,
        problems: [
          ...problems,
          `This link would decompress to more than ${INFLATED_LIMIT / (1024 * 1024)} MiB (limit link_inflated), so it is not a link cachescope made and was not opened. To share a large trace, upload it as a file: the link then names the file by its hash.`,
        ],
      };
    json = strFromU8(inflated);
  } catch {
    return {
      experiment: null,
      problems: [...problems, 'The link is damaged or cut short (it could not be decompressed). Was it copied whole?'],
    };
  }
  let raw: unknown;
  try {
    raw = parseLinkJson(json);
  } catch {
    return { experiment: null, problems: [...problems, 'The link is damaged: its content is not readable.'] };
  }
  const d = validateExperiment(raw);
  return { experiment: d.experiment, problems: [...problems, ...d.problems] };
}
