// Both threads: how an uploaded file travels in a link — whole when it is small
// once compressed, else by name, size and SHA-256. The worker describes a chosen
// file (it reads and hashes it); the page rebuilds a carried one.

import { deflateSync, strToU8 } from 'fflate';
import type { LoadSettings } from '../core/types';
import { limit } from '../core/catalog';
import { fromBase64Url, toBase64Url } from './bytes';
import type { SharedSource } from './types';

/** Uploads whose compressed bytes fit in this travel inside the link. */
export const INLINE_LIMIT = limit('link_trace');
/** Larger files are not worth compressing to find out: traces shrink far less than 16×. */
export const INLINE_TRY = 16 * INLINE_LIMIT;

export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** How an uploaded file travels: inline when small once compressed, else by name, size and hash. */
export async function describeUpload(name: string, bytes: Uint8Array, load: LoadSettings): Promise<SharedSource> {
  if (bytes.length <= INLINE_TRY && deflateSync(bytes, { level: 9 }).length <= INLINE_LIMIT) {
    try {
      const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      return { kind: 'inline', name, load, text };
    } catch {
      return { kind: 'inline', name, load, b64: toBase64Url(bytes) };
    }
  }
  return { kind: 'hashed', name, load, size: bytes.length, sha256: await sha256Hex(bytes) };
}

/** The bytes of an inline source. */
export function inlineBytes(s: Extract<SharedSource, { kind: 'inline' }>): Uint8Array {
  return s.text !== undefined ? strToU8(s.text) : (fromBase64Url(s.b64 ?? '') ?? new Uint8Array());
}
