// UI: colours of the explorer's drawings. The core's catalogue gives each hand and
// status a colour *role* (hot, cold, test, ghost, accent1…); this file is the one
// place that turns roles into colours, from the Okabe–Ito palette
// (src/core/palette.ts), so they stay distinguishable with the common
// colour-vision deficiencies and on a projector.

import { PALETTE } from '../core/palette';
import { policyDoc } from '../core/catalog';

const ROLES: Record<string, string> = {
  hot: '#D55E00',
  cold: '#0072B2',
  test: '#BBBBBB',
  ghost: '#BBBBBB',
  accent1: '#E69F00',
  accent2: '#009E73',
  accent3: '#CC79A7',
  accent4: '#56B4E9',
  neutral: '#000000',
};
const EXTRA = [PALETTE[2], PALETTE[3], PALETTE[4], PALETTE[5], PALETTE[7]];
const assigned = new Map<string, string>();

export const roleColour = (role: string): string => ROLES[role] ?? ROLES.neutral;

/** A status's colour: its role in the policy's view, else the next free colour (a status the catalogue does not name). */
export function statusColour(status: string, policy = ''): string {
  const mark = policyDoc(policy)?.view.statuses.find((m) => m.name === status);
  if (mark) return roleColour(mark.colour);
  if (status === '') return ROLES.cold;
  let c = assigned.get(status);
  if (!c) {
    c = EXTRA[assigned.size % EXTRA.length];
    assigned.set(status, c);
  }
  return c;
}

/** Hands the catalogue does not name get these, in order of appearance. */
export const HAND_COLOURS = ['#000000', '#D55E00', '#009E73', '#CC79A7'];

/** A hand's colour: its role in the policy's view, else by its place among the ring's hands. */
export function handColour(policy: string, name: string, index: number): string {
  const mark = policyDoc(policy)?.view.hands.find((m) => m.name === name);
  return mark ? roleColour(mark.colour) : HAND_COLOURS[index % HAND_COLOURS.length];
}

export const HIGHLIGHT = '#CC79A7';
export const EMPTY = '#EEEEEE';

/** The page's text colour and its size scale (presentation mode enlarges text), for drawings. */
export function inkOf(): { fg: string; scale: number } {
  if (typeof document === 'undefined') return { fg: '#1b1f24', scale: 1 };
  const st = getComputedStyle(document.documentElement);
  return { fg: st.getPropertyValue('--fg').trim() || '#1b1f24', scale: (parseFloat(st.fontSize) || 16) / 16 };
}

/** A glyph per shape, so that statuses differ by more than colour. */
export const SHAPE_GLYPH: Record<string, string> = { circle: '●', square: '■', triangle: '▲', diamond: '◆', bar: '▮' };

/** The shape of a status in the policy's view (none for the plain resident page). */
export function statusShape(status: string, policy = ''): string | null {
  if (status === '') return null;
  const mark = policyDoc(policy)?.view.statuses.find((m) => m.name === status);
  return mark ? (SHAPE_GLYPH[mark.shape] ?? null) : null;
}

/** The page's background colour, behind labels drawn over a picture. */
export function inkBack(): string {
  if (typeof document === 'undefined') return '#ffffff';
  return getComputedStyle(document.documentElement).getPropertyValue('--panel').trim() || '#ffffff';
}
