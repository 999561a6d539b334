import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { block_mismatches, initSync } from '../wasm-pkg/cachescope.js';
import { blockMismatches } from './blockSizes';

initSync({ module: readFileSync(new URL('../wasm-pkg/cachescope_bg.wasm', import.meta.url)) });

describe('block sizes', () => {
  it('names a block policy whose block size differs from a flash device’s, with both sizes', () => {
    // TS-CLOCK defaults to the paper's 1,024-page block; the device to 64 pages.
    const m = blockMismatches(
      [
        { id: 'ts-clock', params: {} },
        { id: 'lru', params: {} },
      ],
      [{}],
    );
    expect(m).toEqual([expect.stringMatching(/^TS-CLOCK groups pages in blocks of 1,024 pages; flash 1 has 64 pages per block/)]);
    expect(blockMismatches([{ id: 'ts-clock', params: { pages_per_block: 64 } }], [{}])).toEqual([]);
    expect(blockMismatches([{ id: 'fab', params: {} }], [{ pages_per_block: 1024 }])).toEqual([]);
    expect(blockMismatches([{ id: 'bplru', params: {} }], [{}, { pages_per_block: 128 }])).toHaveLength(1);
  });

  it('says what the core says (block_sizes.rs), from the catalogue alone', () => {
    const cases: [{ id: string; params: Record<string, unknown> }[], Record<string, unknown>[]][] = [
      [
        [
          { id: 'ts-clock', params: {} },
          { id: 'lru', params: {} },
        ],
        [{}],
      ],
      [[{ id: 'ts-clock', params: { pages_per_block: 64 } }], [{}, { pages_per_block: 16384 }]],
      [
        [
          { id: 'fab', params: {} },
          { id: 'bplru', params: {} },
        ],
        [{ pages_per_block: 1024 }, {}, { pages_per_block: 128 }],
      ],
    ];
    for (const [policies, flash] of cases)
      expect(blockMismatches(policies, flash)).toEqual(JSON.parse(block_mismatches(JSON.stringify(policies), JSON.stringify(flash))));
  });
});
