// Status colours from the Okabe–Ito palette (src/core/palette.ts): statuses the
// policies name get fixed colours; any other status gets the next free one.

import { PALETTE } from '../core/palette';

const FIXED: Record<string, string> = {
  hot: '#D55E00',
  LIR: '#D55E00',
  cold: '#0072B2',
  HIR: '#0072B2',
  'cold-test': '#56B4E9',
  working: '#0072B2',
  'clean-first': '#E69F00',
  '': '#0072B2',
  test: '#BBBBBB',
  ghost: '#BBBBBB',
};
const EXTRA = [PALETTE[2], PALETTE[3], PALETTE[4], PALETTE[5], PALETTE[7]];
const assigned = new Map<string, string>();

export function statusColour(status: string): string {
  if (status in FIXED) return FIXED[status];
  let c = assigned.get(status);
  if (!c) {
    c = EXTRA[assigned.size % EXTRA.length];
    assigned.set(status, c);
  }
  return c;
}

/** Hands get distinct colours, in order of appearance. */
export const HAND_COLOURS = ['#000000', '#D55E00', '#009E73', '#CC79A7'];
export const HIGHLIGHT = '#CC79A7';
export const EMPTY = '#EEEEEE';
