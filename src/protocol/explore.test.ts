import { describe, expect, it } from 'vitest';
import { exploreTransferables, isExploreFromWorker, isExploreToWorker, type ExploreFromWorker } from './explore';
import { isFromWorker } from './messages';

const snapshot = { policy: 'clock', capacity: 2, resident: 0, rings: [], lists: [], gauges: [] };

describe('explorer messages', () => {
  it('recognises explorer replies and keeps them apart from run replies', () => {
    const frame = { type: 'explore-frame', position: 0, total: 5, hit: null, request: null, events: [], snapshot, playing: false, hits: 0 };
    expect(isExploreFromWorker(frame)).toBe(true);
    expect(isFromWorker(frame)).toBe(false);
    expect(isExploreFromWorker({ type: 'explore-error', message: 'no' })).toBe(true);
    expect(isExploreFromWorker({ type: 'explore-frame', position: '1', total: 5, snapshot, events: [] })).toBe(false);
    expect(isExploreFromWorker({ type: 'explore-history', page: 1 })).toBe(false);
    expect(isExploreFromWorker({ type: 'result', id: 1 })).toBe(false);
  });

  it('routes explorer requests by their type prefix', () => {
    expect(isExploreToWorker({ type: 'explore-seek', position: 3 })).toBe(true);
    expect(isExploreToWorker({ type: 'run', id: 1 })).toBe(false);
    expect(isExploreToWorker(null)).toBe(false);
  });

  it('moves flash page states instead of copying them', () => {
    const flashPages = new Uint8Array([0, 1, 2]);
    const msg = {
      type: 'explore-frame',
      position: 1,
      total: 1,
      hit: null,
      request: null,
      events: [],
      snapshot,
      playing: false,
      hits: null,
      flashPages,
    } as ExploreFromWorker;
    expect(exploreTransferables(msg)).toEqual([flashPages.buffer]);
    expect(exploreTransferables({ type: 'explore-error', message: '' })).toEqual([]);
  });
});
