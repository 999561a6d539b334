// The core's trace analysis as the worker gets it: the WASM analyzer advanced in slices gives
// what it gives in one go, its JSON passes the page's schema (so the schema follows the core),
// and the exports carry every figure, those the page does not show included.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { initSync, WasmAnalyzer } from '../wasm-pkg/cachescope.js';
import { AnalysisSchema, parseCore } from '../core/schemas';
import { analysisCsv, analysisJson } from '../charts/analysis';
import { plainTrace } from '../test/traces';

initSync({ module: readFileSync(new URL('../wasm-pkg/cachescope_bg.wasm', import.meta.url)) });

/** Pages 10..19 looped, then a scan 100..149, then page 10 again: runs, reuse, one-hit pages. */
const PAGES = [
  ...Array.from({ length: 60 }, (_, i) => String(10 + (i % 10))),
  ...Array.from({ length: 50 }, (_, i) => String(100 + i)),
  '10',
];

function analysed(slice: number, window = 0): string {
  const a = new WasmAnalyzer(plainTrace(PAGES), window);
  let slices = 0;
  while (!a.advance(slice)) slices++;
  expect(slices).toBe(Math.ceil(PAGES.length / slice) - 1);
  expect(a.position()).toBe(PAGES.length);
  const text = a.finish();
  a.free();
  return text;
}

const PROV = {
  core: 'test',
  options: { collapse_repeats: false, flush: false, cost: { read: 1, write: 1 } },
  trace_sha256: null,
  sources: {},
};

describe('WasmAnalyzer', () => {
  it('gives in slices what it gives in one go, in the shape the page checks', () => {
    const whole = analysed(1 << 20);
    expect(analysed(7)).toBe(whole);
    const a = parseCore('trace analysis', AnalysisSchema, whole);
    expect(a.requests).toBe(PAGES.length);
    expect(a.distinct).toBe(60);
    expect(a.one_hit_pages).toBe(50);
    expect(a.popularity.top_page).toBe('10');
    expect(a.window).toBe(2);
  });

  it('refuses a window that is not a whole number, and too many windows', () => {
    expect(() => new WasmAnalyzer(plainTrace(PAGES), 1.5)).toThrow(/window/);
  });

  it('exports every figure as CSV and JSON, figures the page does not know included', () => {
    const a = parseCore('trace analysis', AnalysisSchema, analysed(1 << 20, 20));
    const csv = analysisCsv(a, 'book.txt', PROV).trim().split('\n');
    expect(csv[0]).toBe('figure,x,x_high,value,trace,core,trace_sha256');
    expect(csv).toContain('distinct,,,60,book.txt,test,');
    expect(csv).toContain('top_page,,,10,book.txt,test,');
    // Six windows of 20 requests (the last of 11), each with its three figures.
    expect(csv.filter((l) => l.startsWith('window_distinct,'))).toHaveLength(6);
    expect(csv).toContain('window_distinct,100,110,11,book.txt,test,');
    const extra = { ...a, request_rate: 42 };
    expect(JSON.parse(analysisJson(extra, 'book.txt', PROV)).analysis).toMatchObject({ distinct: 60, request_rate: 42 });
  });
});
