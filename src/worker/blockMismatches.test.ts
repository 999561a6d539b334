// Worker: the block-size warnings the Flash list shows come from the core
// (block_sizes.rs, through the `block-mismatches` message); no copy on the page.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { block_mismatches, initSync } from '../wasm-pkg/cachescope.js';
import { checkFromWorker, checkToWorker } from '../protocol/messages';

initSync({ module: readFileSync(new URL('../wasm-pkg/cachescope_bg.wasm', import.meta.url)) });

const mismatches = (policies: { id: string; params: Record<string, unknown> }[], flash: Record<string, unknown>[]) =>
  JSON.parse(block_mismatches(JSON.stringify(policies), JSON.stringify(flash))) as string[];

describe('block sizes', () => {
  it('names a block policy whose block size differs from a flash device’s, with both sizes', () => {
    // TS-CLOCK defaults to the paper's 1,024-page block; the device to 64 pages.
    const m = mismatches(
      [
        { id: 'ts-clock', params: {} },
        { id: 'lru', params: {} },
      ],
      [{}],
    );
    expect(m).toEqual([expect.stringMatching(/^TS-CLOCK groups pages in blocks of 1,024 pages; flash 1 has 64 pages per block/)]);
    expect(mismatches([{ id: 'ts-clock', params: { pages_per_block: 64 } }], [{}])).toEqual([]);
    expect(mismatches([{ id: 'fab', params: {} }], [{ pages_per_block: 1024 }])).toEqual([]);
    expect(mismatches([{ id: 'bplru', params: {} }], [{}, { pages_per_block: 128 }])).toHaveLength(1);
  });

  it('travels as a message and its answer', () => {
    const ask = { type: 'block-mismatches', id: 1, policies: [{ id: 'ts-clock', params: {} }], flash: [{}] };
    expect(checkToWorker(ask)).toEqual({ ok: true, msg: ask });
    const answer = { type: 'mismatches', id: 1, sentences: mismatches(ask.policies, ask.flash) };
    expect(checkFromWorker(answer)).toEqual({ ok: true, msg: answer });
  });
});
