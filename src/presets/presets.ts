// UI: one-click teaching scenarios, each reproducing a point of one of the papers.
// Policies or flash models not yet in the core are reported, not fatal.

import { DEFAULT_EXPERIMENT, DEFAULT_CSV, DEFAULT_GENERATOR } from '../link/defaults';
import { type GeneratorForm, type ExploreShare, type Params, type SharedExperiment } from '../link/types';

/** A sentence's checkable content: what the core must compute for the sentence to be true. */
export type Claim =
  /** Misses (faults) of one run of the experiment's trace. */
  | { kind: 'faults'; policy: string; params?: Params; frames: number; faults: number }
  /** The pages evicted, in order, and the write-backs among them. */
  | { kind: 'evicted'; policy: string; params?: Params; frames: number; pages: string[]; writebacks: number }
  /** The trace straight to two of the experiment's flash configurations: `better` has the smaller `metric`. */
  | { kind: 'flash'; metric: 'copied' | 'waf' | 'erases'; better: number; worse: number }
  /** `better` writes back fewer pages than `worse` with the same frames. */
  | { kind: 'fewer-writebacks'; better: string; worse: string; frames: number }
  /** After `step` requests, the snapshot's `bits` (a counter) of each named page; the sentence writes them in `binary` digits. */
  | { kind: 'bits'; policy: string; params?: Params; frames: number; step: number; bits: Record<string, number>; binary: number }
  /** After each of `steps` requests, how many resident pages have `status`. */
  | { kind: 'statuses'; policy: string; params?: Params; frames: number; status: string; steps: number[]; counts: number[] };

export interface Preset {
  id: string;
  title: string;
  paper: string;
  /** What to watch, shown when the preset opens. Every number in it is a claim below. */
  watch: string;
  claims: Claim[];
  experiment: SharedExperiment;
}

const gen = (g: Partial<GeneratorForm>): SharedExperiment['source'] => ({ kind: 'generate', generator: { ...DEFAULT_GENERATOR, ...g } });
const inline = (name: string, lines: string[]): SharedExperiment['source'] => ({
  kind: 'inline',
  name,
  load: { format: 'plain', pageSize: 4096, strict: true, csv: DEFAULT_CSV },
  text: lines.join('\n') + '\n',
});
const base = (patch: Partial<SharedExperiment>): SharedExperiment => ({ ...DEFAULT_EXPERIMENT, ...patch });
const p = (id: string, params: Params = {}) => ({ id, params });
/** The Explore tab at `step` on `policy` with `frames` frames. */
const explore = (policy: string, frames: number, step: number, params: Params = {}): ExploreShare => ({
  mode: 'cache',
  policy,
  params,
  frames,
  flash: {},
  step,
  selected: null,
});

// The textbook reference string (Silberschatz et al.) and Belady's anomaly string.
const book = [7, 0, 1, 2, 0, 3, 0, 4, 2, 3, 0, 3, 2, 1, 2, 0, 1, 7, 0, 1].map(String);
const belady = [1, 2, 3, 4, 1, 2, 5, 1, 2, 3, 4, 5].map(String);

// Aging: four pages, a tick every 4 requests; each interval uses the pages whose R bit the tick
// then shifts in (1–4, then 1 2, 1 3, 1 4, 2); after the fifth tick 1 hits and 5 faults.
const agingTicks = ['1', '2', '3', '4', '1', '2', '1', '2', '1', '3', '1', '3', '1', '4', '1', '4', '2', '2', '2', '2', '1', '5'];
// Working set: eight pages in a loop, then only 1 and 2 (the rest age out of the working set),
// then a loop over 1, 2 and four new pages (the working set grows again).
const wsPhases = [1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 6, 7, 8]
  .concat([1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2])
  .concat([1, 2, 9, 10, 11, 12, 1, 2, 9, 10, 11, 12, 1, 2, 9, 10, 11, 12])
  .map(String);
// A loop one page larger than the cache: 6 pages, five times round, in 5 frames.
const loop6 = Array.from({ length: 30 }, (_, i) => String(1 + (i % 6)));

// CFLRU Fig. 1/2: P1 most recent … P8 least; P5 and P7 clean, P6 and P8 dirty; two new pages
// force two evictions, then P1–P4 come back (hits for both policies).
const cflruList = ['8 W', '7 R', '6 W', '5 R', '4 W', '3 R', '2 W', '1 R', '9 R', '10 R', '1 R', '2 R', '3 R', '4 R'];
// TS-CLOCK Fig. 3: block size 4, pages 64–67 are block 16; events E1–E4 are 16, 53, 28, 29.
const tsclockFig3 = ['14 W', '16 R', '31 R', '65 W', '66 W', '67 W', '16 R', '53 R', '28 W', '29 W'];

export const PRESETS: Preset[] = [
  {
    id: 'textbook',
    title: 'The textbook reference string on 3 frames',
    paper: 'Textbook',
    watch:
      'On 3 frames FIFO faults 15 times, LRU 12 and OPT 9. Step through FIFO: page 7 leaves first, though it is used again at the end.',
    claims: [
      { kind: 'faults', policy: 'fifo', frames: 3, faults: 15 },
      { kind: 'faults', policy: 'lru', frames: 3, faults: 12 },
      { kind: 'faults', policy: 'opt', frames: 3, faults: 9 },
    ],
    experiment: base({
      source: inline('textbook.txt', book),
      policies: [p('fifo'), p('lru'), p('opt')],
      frames: '3',
      view: 'explore',
      explore: explore('fifo', 3, 4),
    }),
  },
  {
    id: 'belady',
    title: "Belady's anomaly: more frames, more faults",
    paper: 'Textbook',
    watch: 'FIFO on 1 2 3 4 1 2 5 1 2 3 4 5 faults 9 times with 3 frames but 10 times with 4: more memory, more faults.',
    claims: [
      { kind: 'faults', policy: 'fifo', frames: 3, faults: 9 },
      { kind: 'faults', policy: 'fifo', frames: 4, faults: 10 },
    ],
    experiment: base({ source: inline('belady.txt', belady), policies: [p('fifo')], frames: '3, 4', view: 'compare' }),
  },
  {
    id: 'aging-ticks',
    title: 'Aging: counters over five clock ticks',
    paper: 'Textbook',
    watch:
      'A clock tick every 4 requests shifts each 8-bit counter right and puts the page’s R bit on the left. After five ticks page 1 (used in four ticks, not the last) reads 01111000, page 2 (used in the last) 10011000, page 3 00101000 and page 4 01001000: recent use outweighs frequent use. Page 5 then evicts 3, the smallest, with 0 write-backs.',
    claims: [
      {
        kind: 'bits',
        policy: 'aging',
        frames: 4,
        step: 21,
        bits: { '1': 0b01111000, '2': 0b10011000, '3': 0b00101000, '4': 0b01001000 },
        binary: 8,
      },
      { kind: 'evicted', policy: 'aging', frames: 4, pages: ['3'], writebacks: 0 },
    ],
    experiment: base({
      source: inline('aging-ticks.txt', agingTicks),
      policies: [p('aging'), p('nfu'), p('lru')],
      frames: '4',
      view: 'explore',
      explore: explore('aging', 4, 21),
    }),
  },
  {
    id: 'working-set',
    title: 'The working set shrinks and grows',
    paper: 'Textbook',
    watch:
      'The working-set algorithm on 8 frames, τ = 10 requests, a clock tick every 4. After a loop over 8 pages only 1 and 2 are used: after 24 requests the other 6 are marked out of the working set (R = 0, unused for more than τ). Then 9, 10, 11 and 12 join 1 and 2: each fault evicts a page out of the working set, 3, 4, 5 and 6 (clean, 0 write-backs), and the working set grows to six pages; after 44 requests only 2 resident pages, 7 and 8, are still outside it.',
    claims: [
      { kind: 'statuses', policy: 'working-set', frames: 8, status: 'old', steps: [24, 44], counts: [6, 2] },
      { kind: 'evicted', policy: 'working-set', frames: 8, pages: ['3', '4', '5', '6'], writebacks: 0 },
    ],
    experiment: base({
      source: inline('working-set.txt', wsPhases),
      policies: [p('working-set'), p('wsclock'), p('lru')],
      frames: '8',
      view: 'explore',
      explore: explore('working-set', 8, 24),
    }),
  },
  {
    id: 'mru-loop',
    title: 'MRU wins on a loop one page larger than the cache',
    paper: 'Textbook',
    watch:
      'Six pages in a loop, five times round, in 5 frames: LRU and FIFO fault on all 30 requests, each page leaving just before it comes back. MRU evicts the page it has just used, the one needed last, and faults only 10 times, as few as OPT.',
    claims: [
      { kind: 'faults', policy: 'lru', frames: 5, faults: 30 },
      { kind: 'faults', policy: 'fifo', frames: 5, faults: 30 },
      { kind: 'faults', policy: 'mru', frames: 5, faults: 10 },
      { kind: 'faults', policy: 'opt', frames: 5, faults: 10 },
    ],
    experiment: base({
      source: inline('loop6.txt', loop6),
      policies: [p('lru'), p('fifo'), p('mru'), p('opt')],
      frames: '5',
      view: 'explore',
      explore: explore('mru', 5, 12),
    }),
  },
  {
    id: 'clockpro-loop',
    title: 'A 101-page loop in 100 frames',
    paper: 'CLOCK-Pro',
    watch:
      'LRU and CLOCK miss on all 10100 requests, because each page is evicted just before it comes back; CLOCK-Pro keeps most of the loop as hot pages and comes close to OPT.',
    claims: [
      { kind: 'faults', policy: 'lru', frames: 100, faults: 10100 },
      { kind: 'faults', policy: 'clock', frames: 100, faults: 10100 },
    ],
    experiment: base({
      source: gen({ kind: 'loop', pages: 101, length: 10_100, writeFraction: 0 }),
      policies: [p('lru'), p('clock'), p('clock-pro'), p('opt')],
      frames: '100',
      view: 'explore',
      explore: explore('clock-pro', 100, 303),
    }),
  },
  {
    id: 'cflru-list',
    title: 'Clean pages first (CFLRU Fig. 1)',
    paper: 'CFLRU',
    watch:
      'Two new pages force two evictions: LRU takes P8 (dirty, 1 flash write) and P7; CFLRU takes the clean P7 and P5 from its clean-first window, so it gets the same hits with 0 write-backs.',
    claims: [
      { kind: 'evicted', policy: 'lru', frames: 8, pages: ['8', '7'], writebacks: 1 },
      { kind: 'evicted', policy: 'cflru', params: { window: 0.5 }, frames: 8, pages: ['7', '5'], writebacks: 0 },
    ],
    experiment: base({
      source: inline('cflru-fig1.txt', cflruList),
      policies: [p('lru'), p('cflru', { window: 0.5 })],
      frames: '8',
      cost: { read: 1, write: 8 },
      view: 'explore',
      explore: explore('cflru', 8, 10, { window: 0.5 }),
    }),
  },
  {
    id: 'tsclock-fig3',
    title: 'Two hands on a flash block (TS-CLOCK Fig. 3)',
    paper: 'TS-CLOCK',
    watch:
      'With 6 frames CLOCK evicts 14, 31 and then the dirty 65, breaking block 64–67 apart (2 write-backs). TS-CLOCK writes back only 14 (1 write-back), alone in its block, and evicts the clean 16 and 31, so the dirty 65, 66 and 67 stay together to leave as one block.',
    claims: [
      { kind: 'evicted', policy: 'clock', frames: 6, pages: ['14', '31', '65'], writebacks: 2 },
      { kind: 'evicted', policy: 'ts-clock', params: { pages_per_block: 4 }, frames: 6, pages: ['14', '16', '31'], writebacks: 1 },
    ],
    experiment: base({
      source: inline('tsclock-fig3.txt', tsclockFig3),
      policies: [p('clock'), p('ts-clock', { pages_per_block: 4 })],
      frames: '6',
      view: 'explore',
      explore: explore('ts-clock', 6, 8, { pages_per_block: 4 }),
    }),
  },
  {
    id: 'dac-hotcold',
    title: '90/10 hot/cold writes, 1 vs 4 regions',
    paper: 'DAC',
    watch:
      'With 4 regions DAC keeps hot and cold data in separate blocks, so cleaning copies fewer valid pages than with 1: compare write amplification and erases.',
    claims: [{ kind: 'flash', metric: 'copied', better: 1, worse: 0 }],
    experiment: base({
      source: gen({ kind: 'hot-cold', pages: 20_000, hotAccess: 0.9, hotPages: 0.1, length: 200_000, writeFraction: 1 }),
      policies: [p('lru')],
      frames: '1%',
      flash: [
        { ftl: 'page', gc: 'greedy', regions: 1 },
        { ftl: 'page', gc: 'greedy', regions: 4 },
      ],
      view: 'compare',
    }),
  },
  {
    id: 'gc-greedy-cost-benefit',
    title: 'Greedy against cost-benefit cleaning',
    paper: 'DAC',
    watch:
      'Under 90/10 hot/cold writes at 85% utilisation, cost-benefit cleaning, which prefers old, mostly invalid blocks, copies fewer valid pages than greedy, which takes the emptiest block now: compare copied pages and erases in the No cache rows.',
    claims: [
      { kind: 'flash', metric: 'copied', better: 1, worse: 0 },
      { kind: 'flash', metric: 'erases', better: 1, worse: 0 },
    ],
    experiment: base({
      source: gen({ kind: 'hot-cold', pages: 20_000, hotAccess: 0.9, hotPages: 0.1, length: 200_000, writeFraction: 1, seed: 42 }),
      policies: [p('lru')],
      frames: '1%',
      flash: [
        { ftl: 'page', gc: 'greedy', blocks: 512 },
        { ftl: 'page', gc: 'cost-benefit', blocks: 512 },
      ],
      view: 'compare',
    }),
  },
  {
    id: 'craw-write-heavy',
    title: 'A write-heavy workload',
    paper: 'CRAW',
    watch:
      'With 80% writes, watch write-backs and I/O time on SLC flash: the flash-aware policies keep dirty pages longer, so CFLRU and CRAW write back fewer pages than LRU, and the policy gauges show how CRAW splits its cache into areas as the run goes on.',
    claims: [
      { kind: 'fewer-writebacks', better: 'cflru', worse: 'lru', frames: 100 },
      { kind: 'fewer-writebacks', better: 'craw', worse: 'lru', frames: 100 },
    ],
    experiment: base({
      source: gen({ kind: 'zipf', pages: 10_000, alpha: 0.9, length: 200_000, writeFraction: 0.8 }),
      policies: [p('lru'), p('cflru'), p('craw')],
      frames: '1%, 5%, 10%',
      cost: { read: 25, write: 200 },
      view: 'compare',
    }),
  },
  {
    id: 'craw-read-heavy',
    title: 'A read-heavy workload',
    paper: 'CRAW',
    watch:
      'With 10% writes the I/O time is mostly reads: compare with the write-heavy preset how much of each policy’s saving now comes from hits rather than from fewer write-backs (CRAW still writes back fewer pages than LRU).',
    claims: [{ kind: 'fewer-writebacks', better: 'craw', worse: 'lru', frames: 100 }],
    experiment: base({
      source: gen({ kind: 'zipf', pages: 10_000, alpha: 0.9, length: 200_000, writeFraction: 0.1 }),
      policies: [p('lru'), p('cflru'), p('craw')],
      frames: '1%, 5%, 10%',
      cost: { read: 25, write: 200 },
      view: 'compare',
    }),
  },
];
