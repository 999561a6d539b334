// The explorer's replies as the worker really sends them: the worker's own
// explorer code (explore.ts) drives the WASM core, and every reply must
// pass the full check that development builds apply (protocol/explore.ts). A frame the
// full schema refuses is what left Explore at "Step 0" under `npm start`.

import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { initSync, WasmTrace } from '../wasm-pkg/cachescope.js';
import { BOOK, plainTrace } from '../test/traces';
import { closeExplorer, handleExplore } from './explore';
import { checkExploreFromWorker, type ExploreFromWorker, type ExploreToWorker } from '../protocol/explore';
import { CATALOG } from '../core/catalog';

initSync({ module: readFileSync(new URL('../wasm-pkg/cachescope_bg.wasm', import.meta.url)) });

const book = plainTrace(BOOK.split(','));
// Writes, so that dirty pages, write-backs and block remarks appear.
const generated = WasmTrace.generate(
  JSON.stringify({
    seed: 11,
    phases: [
      { workload: { kind: 'zipf', pages: 96, alpha: 0.8 }, length: 1500, write_fraction: 0.4 },
      { workload: { kind: 'loop', pages: 40 }, length: 500, write_fraction: 0.2 },
    ],
  }),
);

/** Sends `msgs` to the worker's explorer code and returns every reply it posts. */
function drive(trace: WasmTrace, msgs: ExploreToWorker[]): ExploreFromWorker[] {
  const out: ExploreFromWorker[] = [];
  for (const m of msgs) handleExplore(m, trace, (reply) => out.push(reply));
  return out;
}

/** A session's worth of requests: open, step, jump, go back, play and pause, inspect a page, peek. */
function session(open: ExploreToWorker, total: number, page: string): ExploreToWorker[] {
  return [
    open,
    { type: 'explore-seek', position: 1 },
    { type: 'explore-seek', position: Math.min(total, 7) },
    { type: 'explore-seek', position: total },
    { type: 'explore-seek', position: Math.floor(total / 2) },
    { type: 'explore-play', speed: 10 },
    { type: 'explore-pause' },
    { type: 'explore-history', page },
    { type: 'explore-peek' },
    { type: 'explore-seek', position: 0 },
  ];
}

/** Every reply passes the full check (and the production shape check); returns the frames. */
function expectAllValid(replies: ExploreFromWorker[]) {
  for (const r of replies) {
    expect(r.type, r.type === 'explore-error' ? r.message : '').not.toBe('explore-error');
    const full = checkExploreFromWorker(r, true);
    expect(full.ok ? 'valid' : full.message).toBe('valid');
    const shape = checkExploreFromWorker(r, false);
    expect(shape.ok ? 'valid' : shape.message).toBe('valid');
  }
  return replies.flatMap((r) => (r.type === 'explore-frame' ? [r] : []));
}

afterEach(() => closeExplorer());

describe('explorer frames from the worker, under the full check', () => {
  it('the textbook string on FIFO with 3 frames: step 20 holds 7, 0 and 1, pages named as the trace names them', () => {
    const replies = drive(book, [
      { type: 'explore-open', policy: 'fifo', frames: 3, params: {} },
      { type: 'explore-seek', position: 20 },
    ]);
    const frames = expectAllValid(replies);
    expect(replies.some((r) => r.type === 'explore-table')).toBe(true);
    const last = frames[frames.length - 1];
    expect(last.position).toBe(20);
    expect(last.request).toEqual({ page: '1', write: false });
    const pages = last.snapshot.lists.flatMap((l) => l.entries).concat(last.snapshot.rings.flatMap((r) => r.slots));
    expect(
      pages
        .filter((s) => s.resident)
        .map((s) => s.page)
        .sort(),
    ).toEqual(['0', '1', '7']);
  });

  it.each(CATALOG.policies.map((p) => [p.id, p.view.block_param] as const))(
    '%s: every reply of a session validates, on the textbook string and on a generated trace with writes',
    (policy, blockParam) => {
      for (const [trace, frames] of [
        [book, 3],
        [generated, 16],
      ] as const) {
        const total = trace.len();
        const replies = drive(trace, session({ type: 'explore-open', policy, frames, params: {} }, total, trace.label(0)));
        const frameReplies = expectAllValid(replies);
        expect(frameReplies.length).toBeGreaterThanOrEqual(8);
        expect(replies.map((r) => r.type)).toEqual(expect.arrayContaining(['explore-history', 'explore-peek']));
        expect(frameReplies.every((f) => f.position === 0 || typeof f.request?.page === 'string')).toBe(true);
        // Block-aware policies (flash-aware caches) group their lists by block.
        if (blockParam && frameReplies.some((f) => f.snapshot.lists.length > 0))
          expect(frameReplies.some((f) => f.groups !== undefined)).toBe(true);
        closeExplorer();
      }
    },
  );

  it.each(CATALOG.ftls.map((f) => f.id))('a flash device (%s FTL): every reply of a session validates', (ftl) => {
    const total = generated.len();
    const flash = { ftl, blocks: 64, pages_per_block: 4 };
    const replies = drive(generated, session({ type: 'explore-open', policy: 'flash', frames: 0, params: {}, flash }, total, '5'));
    const frames = expectAllValid(replies);
    expect(frames.length).toBeGreaterThanOrEqual(8);
    expect(frames.every((f) => f.flash !== undefined && f.flashPages instanceof Uint8Array && f.hits === null)).toBe(true);
    const history = replies.find((r) => r.type === 'explore-history');
    expect(history?.type === 'explore-history' && history.location?.lpn).toBe(5);
  });

  it('the full check refuses a frame whose request names its page by number (what the old schema wanted)', () => {
    const [frame] = drive(book, [{ type: 'explore-open', policy: 'lru', frames: 3, params: {} }]);
    const seeked = drive(book, [{ type: 'explore-seek', position: 1 }])[0];
    expect(frame.type).toBe('explore-frame');
    const wrong = { ...seeked, request: { page: 7, write: false } };
    const checked = checkExploreFromWorker(wrong, true);
    expect(checked.ok).toBe(false);
    expect(checked.ok ? '' : checked.message).toMatch(/request\.page/);
  });
});
