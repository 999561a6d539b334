// Both threads: a link's bytes — base64url text, and an inflate that stops at a
// cap, so a few bytes that would inflate to gigabytes (a "deflate bomb") cost little.

import { Inflate } from 'fflate';

export function toBase64Url(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  // A length of 4k+1 cannot be base64: the link was cut; decode what is whole so inflate reports it.
  const whole = text.length % 4 === 1 ? text.slice(0, -1) : text;
  const b64 = whole.replace(/-/g, '+').replace(/_/g, '/');
  try {
    const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}

/**
 * Inflates `bytes` as a stream, a little input at a time, stopping as soon as
 * the output passes `cap`: a few KB that would inflate to gigabytes cost at most
 * `cap` bytes and milliseconds. Null when the cap is passed.
 */
export function inflateCapped(bytes: Uint8Array, cap: number): Uint8Array | null {
  const parts: Uint8Array[] = [];
  let total = 0;
  const inflate = new Inflate((chunk) => {
    total += chunk.length;
    if (total <= cap) parts.push(chunk);
  });
  const STEP = 1024; // at most about 1 MiB of output per step (deflate's ratio is at most 1032:1)
  for (let off = 0; off < bytes.length && total <= cap; off += STEP)
    inflate.push(bytes.subarray(off, off + STEP), off + STEP >= bytes.length);
  if (total > cap) return null;
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
