// @vitest-environment jsdom
//
// What each kind of explorer view draws, as text files under __snapshots__/: a
// change to a drawing shows in the diff as a change to its file. The frames are
// real: the WASM core steps a tiny trace through the worker's own explorer code
// (as src/worker/explorerFrames.test.ts does), and the views are the app's React
// components (RingView, ListView, FlashView, GaugeView, FrameTableView).
// - Canvas views (.txt): every call and property set on each canvas's 2D
//   context, one per line, numbers rounded to 2 decimals (src/test/recordingContext.ts).
// - HTML views (.html): the markup, one element per line (src/test/markup.ts).
//
// A drawing changed on purpose: update the files with
//   npx vitest run -u src/explorer/viewSnapshots.test.tsx
// and review their diff with the change. CI never writes them: a missing or
// different file fails.

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { initSync, WasmTrace } from '../wasm-pkg/cachescope.js';
import { BOOK, plainTrace } from '../test/traces';
import { closeExplorer, handleExplore } from '../worker/explore';
import type { ExploreFromWorker, ExploreToWorker } from '../protocol/explore';
import type { ExploreFrame } from '../core/explore';
import type { FrameTable } from '../core/frameTable';
import { recordCanvases } from '../test/recordingContext';
import { markup } from '../test/markup';
import { RingView } from './RingView';
import { ListView } from './ListView';
import { FlashView } from './FlashView';
import { GaugeView } from './GaugeView';
import { FrameTableView } from './FrameTableView';
import { useExplorer } from './explorerStore';

// A path: under jsdom, import.meta.url is the page's URL, not the file's.
initSync({ module: readFileSync(resolve(import.meta.dirname, '../wasm-pkg/cachescope_bg.wasm')) });
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const book = plainTrace(BOOK.split(','));
/** 80 requests over 24 pages, 40 % writes: dirty pages, write-backs, flash cleaning. */
const writes = WasmTrace.generate(
  JSON.stringify({ seed: 3, phases: [{ workload: { kind: 'zipf', pages: 24, alpha: 0.8 }, length: 80, write_fraction: 0.4 }] }),
);

type Frame = ExploreFrame;

/** Opens a session through the worker's explorer code and returns its frames at `positions` (and the frame table, if sent). */
function framesAt(trace: WasmTrace, open: ExploreToWorker, positions: number[], inspect?: string): { frames: Frame[]; table?: FrameTable } {
  const out: ExploreFromWorker[] = [];
  const post = (m: ExploreFromWorker) => void out.push(m);
  try {
    handleExplore(open, trace, post);
    // Inspecting a page marks where it lives on a flash device in the frames after.
    if (inspect !== undefined) handleExplore({ type: 'explore-history', page: inspect }, trace, post);
    const frames = positions.map((position) => {
      handleExplore({ type: 'explore-seek', position }, trace, post);
      const last = out[out.length - 1];
      if (last.type !== 'explore-frame') throw new Error(last.type === 'explore-error' ? last.message : `no frame: ${last.type}`);
      expect(last.position).toBe(position);
      return last;
    });
    const table = out.find((m) => m.type === 'explore-table');
    return { frames, table: table?.type === 'explore-table' ? table.table : undefined };
  } finally {
    closeExplorer();
  }
}

const frameAt = (trace: WasmTrace, policy: string, frames: number, position: number, params = {}) =>
  framesAt(trace, { type: 'explore-open', policy, frames, params }, [position]).frames[0];

// Animation frames run when a test says, at a fixed time: hands are drawn where they settle, or mid-sweep.
const NOW = 1000;
let animations = new Map<number, FrameRequestCallback>();
let nextAnimation = 1;
function animate(at = NOW + 10_000): void {
  const due = [...animations.values()];
  animations = new Map();
  for (const cb of due) act(() => cb(at));
}

let canvases: ReturnType<typeof recordCanvases>;
beforeAll(() => {
  canvases = recordCanvases();
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => {
    animations.set(nextAnimation, cb);
    return nextAnimation++;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => void animations.delete(id));
  vi.spyOn(performance, 'now').mockReturnValue(NOW);
});
afterAll(() => {
  canvases.restore();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

let mounted: { root: ReturnType<typeof createRoot>; node: HTMLElement } | null = null;
afterEach(() => {
  if (mounted) act(() => mounted!.root.unmount());
  mounted?.node.remove();
  mounted = null;
  animations.clear();
});

/** Renders `ui` (or re-renders it in place) and runs its pending animation frame. */
function show(ui: ReactNode, at?: number): HTMLElement {
  if (!mounted) {
    const node = document.createElement('div');
    document.body.append(node);
    mounted = { root: createRoot(node), node };
  }
  const m = mounted;
  act(() => m.root.render(ui));
  animate(at);
  return m.node;
}

/** Every canvas under `node`: its label and size, then the calls its drawing made since the last `clearDrawings`. */
function drawings(node: HTMLElement, about: string): string {
  const parts = [...node.querySelectorAll('canvas')].map((c) =>
    [`## ${c.getAttribute('aria-label')} (canvas ${c.width}×${c.height})`, ...canvases.contextOf(c).log].join('\n'),
  );
  return [`# ${about}`, ...parts].join('\n\n') + '\n';
}

function clearDrawings(node: HTMLElement): void {
  for (const c of node.querySelectorAll('canvas')) canvases.contextOf(c).log.length = 0;
}

/** The cache views of a frame, as the explorer lays them out (ExplorerView.tsx): its rings, then its lists. */
function CacheViews({ frame, selected = null }: { frame: Frame; selected?: string | null }) {
  const snap = frame.snapshot;
  const none = () => undefined;
  return (
    <>
      {snap.rings.map((r) => (
        <RingView key={r.name} policy={snap.policy} ring={r} events={frame.events} selected={selected} onSelect={none} />
      ))}
      {snap.lists.map((l) => (
        <ListView
          key={l.name}
          snapshot={snap}
          list={l}
          groups={frame.groups?.list === l.name ? frame.groups.blocks : undefined}
          events={frame.events}
          selected={selected}
          onSelect={none}
        />
      ))}
    </>
  );
}

const kinds = (f: Frame) => f.events.map((e) => e.kind);
const stepText = (f: Frame) =>
  `step ${f.position} of ${f.total}: ${f.request ? `${f.request.write ? 'write' : 'read'} page ${f.request.page}` : 'start'}${f.hit === null ? '' : f.hit ? ' (hit)' : ' (miss)'}`;

describe('explorer view snapshots: rings', () => {
  it('CLOCK: one hand, the victim slot and the pages the hand passed (their reference bits cleared)', async () => {
    const f = frameAt(book, 'clock', 4, 14);
    expect(kinds(f)).toEqual(expect.arrayContaining(['visit', 'evict']));
    const node = show(<CacheViews frame={f} />);
    await expect(drawings(node, `CLOCK, 4 frames, textbook string, ${stepText(f)}`)).toMatchFileSnapshot('__snapshots__/ring-clock.txt');
  });

  it('CLOCK: the hand half-way through its sweep to the next step, reference bits, the selected page outlined', async () => {
    const { frames } = framesAt(book, { type: 'explore-open', policy: 'clock', frames: 4, params: {} }, [17, 18]);
    const [a, b] = frames;
    expect(a.snapshot.rings[0].hands[0].pos).not.toBe(b.snapshot.rings[0].hands[0].pos);
    const node = show(<CacheViews frame={a} selected="0" />);
    clearDrawings(node);
    show(<CacheViews frame={b} selected="0" />, NOW + 80);
    await expect(drawings(node, `CLOCK, 4 frames, textbook string, ${stepText(b)}, 80 ms after step ${a.position}`)).toMatchFileSnapshot(
      '__snapshots__/ring-clock-sweep.txt',
    );
  });

  it('CLOCK-Pro: three hands, hot, cold and test pages with their shapes, non-resident pages faded', async () => {
    const f = frameAt(book, 'clock-pro', 4, 9);
    expect(f.snapshot.rings[0].hands).toHaveLength(3);
    expect(f.snapshot.rings[0].slots.some((s) => s.page !== null && !s.resident)).toBe(true);
    const node = show(<CacheViews frame={f} selected="0" />);
    await expect(drawings(node, `CLOCK-Pro, 4 frames, textbook string, ${stepText(f)}`)).toMatchFileSnapshot(
      '__snapshots__/ring-clock-pro.txt',
    );
  });

  it('CLOCK on 200 frames: the ring painted as pixels (reference bits, dirty pages), and the zoom around the hand', async () => {
    const f = frameAt(writes, 'clock', 200, 80);
    const ring = f.snapshot.rings[0];
    expect(ring.size).toBe(200);
    expect(ring.slots.some((s) => s.dirty) && ring.slots.some((s) => s.bits > 0)).toBe(true);
    const node = show(<CacheViews frame={f} />);
    expect(node.querySelectorAll('canvas')).toHaveLength(2);
    await expect(drawings(node, `CLOCK, 200 frames, 80 requests with writes, ${stepText(f)}`)).toMatchFileSnapshot(
      '__snapshots__/ring-clock-large.txt',
    );
  });

  it('TS-CLOCK: counts up to 4, dirty pages, and its dirty-block list with the s-hand and block bounds', async () => {
    const f = frameAt(writes, 'ts-clock', 8, 65, { pages_per_block: 4 });
    expect(kinds(f)).toEqual(expect.arrayContaining(['visit', 'evict']));
    expect(f.snapshot.rings[0].slots.some((s) => s.dirty)).toBe(true);
    expect(f.groups?.blocks.length).toBeGreaterThan(1);
    const node = show(<CacheViews frame={f} />);
    await expect(drawings(node, `TS-CLOCK, 8 frames, 4 pages per block, 80 requests with writes, ${stepText(f)}`)).toMatchFileSnapshot(
      '__snapshots__/ring-ts-clock.txt',
    );
  });
});

describe('explorer view snapshots: lists', () => {
  it('LRU: one list, the selected page outlined', async () => {
    const f = frameAt(book, 'lru', 3, 10);
    const node = show(<CacheViews frame={f} selected="2" />);
    await expect(drawings(node, `LRU, 3 frames, textbook string, ${stepText(f)}`)).toMatchFileSnapshot('__snapshots__/list-lru.txt');
  });

  it('ARC: four lists, ghosts faded', async () => {
    const f = frameAt(book, 'arc', 3, 10);
    expect(f.snapshot.lists.flatMap((l) => l.entries).some((e) => !e.resident)).toBe(true);
    const node = show(<CacheViews frame={f} />);
    await expect(drawings(node, `ARC, 3 frames, textbook string, ${stepText(f)}`)).toMatchFileSnapshot('__snapshots__/list-arc.txt');
  });

  it('2Q: its queues and ghosts', async () => {
    const f = frameAt(book, '2q', 4, 16);
    const node = show(<CacheViews frame={f} />);
    await expect(drawings(node, `2Q, 4 frames, textbook string, ${stepText(f)}`)).toMatchFileSnapshot('__snapshots__/list-2q.txt');
  });

  it('Aging: counters in the cells, smallest first, referenced pages marked', async () => {
    const f = frameAt(book, 'aging', 3, 14);
    const entries = f.snapshot.lists[0].entries;
    // By counter, smallest first: the next victim heads the list.
    expect(entries.map((e) => e.bits)).toEqual([...entries.map((e) => e.bits)].sort((a, b) => a - b));
    const node = show(<CacheViews frame={f} />);
    const log = canvases.contextOf(node.querySelector('canvas')!).log;
    for (const e of entries) expect(log.some((l) => l.includes(`fillText("${e.bits}"`))).toBe(true);
    await expect(drawings(node, `Aging, 3 frames, textbook string, ${stepText(f)}`)).toMatchFileSnapshot('__snapshots__/list-aging.txt');
  });

  it('SIEVE: the hand drawn as a pointer into the queue', async () => {
    const f = frameAt(book, 'sieve', 4, 18);
    const node = show(<CacheViews frame={f} />);
    expect(canvases.contextOf(node.querySelector('canvas')!).log.some((l) => l.includes('▲ hand'))).toBe(true);
    await expect(drawings(node, `SIEVE, 4 frames, textbook string, ${stepText(f)}`)).toMatchFileSnapshot('__snapshots__/list-sieve.txt');
  });

  it('CFLRU: the clean-first window split off with a bar, dirty corners', async () => {
    const f = frameAt(writes, 'cflru', 6, 40);
    expect(f.snapshot.lists[0].entries.some((e) => e.status === 'clean-first')).toBe(true);
    const node = show(<CacheViews frame={f} />);
    await expect(drawings(node, `CFLRU, 6 frames, 80 requests with writes, ${stepText(f)}`)).toMatchFileSnapshot(
      '__snapshots__/list-cflru.txt',
    );
  });

  it('CAR (mixed): its clocks and its ghost lists', async () => {
    const f = frameAt(book, 'car', 3, 16);
    expect(f.snapshot.rings.length).toBeGreaterThan(0);
    expect(f.snapshot.lists.length).toBeGreaterThan(0);
    const node = show(<CacheViews frame={f} />);
    await expect(drawings(node, `CAR, 3 frames, textbook string, ${stepText(f)}`)).toMatchFileSnapshot('__snapshots__/mixed-car.txt');
  });
});

describe('explorer view snapshots: flash devices', () => {
  const device = { blocks: 16, pages_per_block: 4, overprovision: 0.4, fill: 0.5 };
  it.each([
    ['page', { regions: 2, watermark: 3 }, 'two DAC regions', 65],
    ['block', {}, 'merges', 33],
    ['fast', {}, 'log blocks', 80],
  ] as const)(
    '%s FTL: pages, erase heat, write points, the victim and the pages cleaning copied, the inspected page',
    async (ftl, extra, what, step) => {
      const flash = { ftl, ...device, ...extra };
      const { frames } = framesAt(writes, { type: 'explore-open', policy: 'flash', frames: 0, params: {}, flash }, [step], '5');
      const f = frames[0];
      expect(f.flashPages).toBeDefined();
      expect(f.flash?.copies.length).toBeGreaterThan(0);
      // FAST merges log blocks without a cleaning victim; the others pick one.
      expect(f.flash?.victim !== null).toBe(ftl !== 'fast');
      expect(f.flash?.selected?.block).not.toBeNull();
      const node = show(<FlashView snap={f.flash!} pages={f.flashPages!} owners={f.flashOwners} />);
      await expect(
        drawings(node, `${ftl} FTL (${what}), 16 blocks × 4 pages, 80 requests with writes, ${stepText(f)}, page 5 inspected`),
      ).toMatchFileSnapshot(`__snapshots__/flash-${ftl}.txt`);
    },
  );
});

describe('explorer view snapshots: HTML views', () => {
  it('gauges: ARC’s target p against the cache size, with the value it had before the step', async () => {
    const f = frameAt(book, 'arc', 3, 10);
    expect(kinds(f)).toContain('gauge');
    const node = show(<GaugeView gauges={f.snapshot.gauges} capacity={f.snapshot.capacity} events={f.events} />);
    await expect(markup(node.firstElementChild!)).toMatchFileSnapshot('__snapshots__/gauges-arc.html');
  });

  it('frame table: FIFO on the textbook string, shown up to the current request', async () => {
    const { frames, table } = framesAt(book, { type: 'explore-open', policy: 'fifo', frames: 3, params: {} }, [12]);
    expect(table).toBeDefined();
    act(() => useExplorer.setState({ frame: frames[0], table: table! }));
    try {
      const node = show(<FrameTableView />);
      await expect(markup(node.firstElementChild!)).toMatchFileSnapshot('__snapshots__/frame-table-fifo.html');
    } finally {
      act(() => useExplorer.setState({ frame: null, table: null }));
    }
  });
});
