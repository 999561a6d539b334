import { describe, expect, it } from 'vitest';
import { blockMismatches } from './blockSizes';

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
});
