// One-click teaching scenarios, each reproducing a point of one of the papers.
// Policies or flash models not yet in the core are reported, not fatal.

import { DEFAULT_EXPERIMENT } from '../state/urlCodec';
import { DEFAULT_CSV, DEFAULT_GENERATOR, type GeneratorForm } from '../state/workloadSlice';
import type { SharedExperiment } from '../state/shared';

export interface Preset {
  id: string;
  title: string;
  paper: string;
  /** What to watch, shown when the preset opens. */
  watch: string;
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
const p = (id: string, params: Record<string, number | string | boolean> = {}) => ({ id, params });

// CFLRU Fig. 1/2: P1 most recent … P8 least; P5 and P7 clean, P6 and P8 dirty; two new pages
// force two evictions, then P1–P4 come back (hits for both policies).
const cflruList = ['8 W', '7 R', '6 W', '5 R', '4 W', '3 R', '2 W', '1 R', '9 R', '10 R', '1 R', '2 R', '3 R', '4 R'];
// TS-CLOCK Fig. 3: block size 4, pages 64–67 are block 16; events E1–E4 are 16, 53, 28, 29.
const tsclockFig3 = ['14 W', '16 R', '31 R', '65 W', '66 W', '67 W', '16 R', '53 R', '28 W', '29 W'];

export const PRESETS: Preset[] = [
  {
    id: 'clockpro-loop',
    title: 'A 101-page loop in 100 frames',
    paper: 'CLOCK-Pro',
    watch:
      'LRU and CLOCK miss on every request, because each page is evicted just before it comes back; CLOCK-Pro keeps most of the loop as hot pages and comes close to OPT.',
    experiment: base({
      source: gen({ kind: 'loop', pages: 101, length: 10_100, writeFraction: 0 }),
      policies: [p('lru'), p('clock'), p('clock-pro'), p('opt')],
      frames: '100',
    }),
  },
  {
    id: 'cflru-list',
    title: 'Clean pages first (CFLRU Fig. 1)',
    paper: 'CFLRU',
    watch:
      'Two new pages force two evictions: LRU takes P8 (dirty, one flash write) and P7; CFLRU takes the clean P7 and P5 from its clean-first window, so it gets the same hits with no write-back.',
    experiment: base({
      source: inline('cflru-fig1.txt', cflruList),
      policies: [p('lru'), p('cflru', { window: 0.5 })],
      frames: '8',
      cost: { read: 1, write: 8 },
    }),
  },
  {
    id: 'tsclock-fig3',
    title: 'Two hands on a flash block (TS-CLOCK Fig. 3)',
    paper: 'TS-CLOCK',
    watch:
      'When the t-hand stops on a dirty page, TS-CLOCK’s s-hand picks the victim among that block’s dirty pages in sector order (65, then 66), so write-backs leave in block order.',
    experiment: base({
      source: inline('tsclock-fig3.txt', tsclockFig3),
      policies: [p('clock'), p('ts-clock', { pages_per_block: 4 })],
      frames: '6',
    }),
  },
  {
    id: 'dac-hotcold',
    title: '90/10 hot/cold writes, 1 vs 4 regions',
    paper: 'DAC',
    watch:
      'With four regions DAC keeps hot and cold data in separate blocks, so cleaning copies far fewer valid pages: compare write amplification and erases.',
    experiment: base({
      source: gen({ kind: 'hot-cold', pages: 20_000, hotAccess: 0.9, hotPages: 0.1, length: 200_000, writeFraction: 1 }),
      policies: [p('lru')],
      frames: '1%',
      flash: [
        { ftl: 'page', gc: 'greedy', regions: 1 },
        { ftl: 'page', gc: 'greedy', regions: 4 },
      ],
    }),
  },
  {
    id: 'craw-write-heavy',
    title: 'A write-heavy workload',
    paper: 'CRAW',
    watch:
      'With 80% writes, watch write-backs and I/O time on SLC flash: the flash-aware policies keep dirty pages longer, and the policy gauges show how CRAW splits its cache into areas as the run goes on.',
    experiment: base({
      source: gen({ kind: 'zipf', pages: 10_000, alpha: 0.9, length: 200_000, writeFraction: 0.8 }),
      policies: [p('lru'), p('cflru'), p('craw')],
      frames: '1%, 5%, 10%',
      cost: { read: 25, write: 200 },
    }),
  },
  {
    id: 'craw-read-heavy',
    title: 'A read-heavy workload',
    paper: 'CRAW',
    watch:
      'With 10% writes the I/O time is mostly reads: compare with the write-heavy preset how much of each policy’s saving now comes from hits rather than from fewer write-backs.',
    experiment: base({
      source: gen({ kind: 'zipf', pages: 10_000, alpha: 0.9, length: 200_000, writeFraction: 0.1 }),
      policies: [p('lru'), p('cflru'), p('craw')],
      frames: '1%, 5%, 10%',
      cost: { read: 25, write: 200 },
    }),
  },
];
