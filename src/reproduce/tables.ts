// UI: the one place the Reproduce view learns its tables from.
//
// The tables are the core's (`CATALOG.reproduce`, declared in Rust beside the
// code that computes them, `wasm-core/sim/src/reproduce/`). A test adds its own
// small fixture in one of two ways, both checked with the catalogue's schema:
// - `registerTable(table)` from unit tests;
// - `window.__cachescopeTables = [table, …]` set before the page's scripts run
//   (Playwright: `page.addInitScript`), read once when this module loads.
// A registered table is computed by the same core, which receives the whole
// table with each request.

import * as v from 'valibot';
import { CATALOG } from '../core/catalog';
import { ReproduceTableSchema } from '../core/schemas';
import type { Table } from '../core/generated/core';

export type { Table };

const extra: Table[] = [];

/** Adds a table (a test fixture) after the catalogue's; one with the same id replaces it. */
export function registerTable(table: unknown): Table {
  const t = v.parse(ReproduceTableSchema, table);
  const i = extra.findIndex((x) => x.id === t.id);
  if (i >= 0) extra[i] = t;
  else extra.push(t);
  return t;
}

/** Every table the view offers: the catalogue's, then registered ones. */
export function reproduceTables(): Table[] {
  return [...CATALOG.reproduce.filter((t) => !extra.some((x) => x.id === t.id)), ...extra];
}

export function tableById(id: string): Table | undefined {
  return reproduceTables().find((t) => t.id === id);
}

/** How far a computed value is from what was published: 0 inside a range, else computed − the nearer end. */
export function difference(published: { lo: number; hi: number }, computed: number): number {
  if (computed < published.lo) return computed - published.lo;
  if (computed > published.hi) return computed - published.hi;
  return 0;
}

declare global {
  interface Window {
    __cachescopeTables?: unknown[];
  }
}

if (typeof window !== 'undefined' && Array.isArray(window.__cachescopeTables)) {
  for (const t of window.__cachescopeTables) registerTable(t);
}
