import { describe, expect, it, vi } from 'vitest';
import { SimClient } from './client';
import { FakePort } from '../test/fakePort';
import type { ExploreFromWorker } from '../protocol/explore';

describe('SimClient explorer channel', () => {
  it('posts explorer requests and hands explorer replies to the one listener', () => {
    const port = new FakePort();
    const c = new SimClient(port);
    const got: ExploreFromWorker[] = [];
    c.onExplore((m) => got.push(m));
    c.explore({ type: 'explore-seek', position: 4 });
    expect(port.sent).toEqual([{ type: 'explore-seek', position: 4 }]);
    port.reply({ type: 'explore-error', message: 'no session' });
    port.reply({ type: 'progress', id: 1, phase: 'run', done: 1, total: 2, label: '' }); // not for the explorer
    expect(got).toEqual([{ type: 'explore-error', message: 'no session' }]);
    c.onExplore(null);
    port.reply({ type: 'explore-error', message: 'later' });
    expect(got).toHaveLength(1);
  });
});

describe('SimClient: a reply that does not validate is shown, never dropped', () => {
  const snapshot = { policy: 'fifo', capacity: 3, resident: 1, rings: [], lists: [], gauges: [] };
  const frame = { type: 'explore-frame', position: 1, total: 20, hit: false, events: [], snapshot, playing: false, hits: 0 };
  const quiet = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);

  it('an explorer frame the full check refuses reaches the explorer as an error naming the field', () => {
    quiet();
    const port = new FakePort();
    const c = new SimClient(port);
    const got: ExploreFromWorker[] = [];
    c.onExplore((m) => got.push(m));
    // The page named by number: what the old full schema wanted and the worker never sent.
    port.reply({ ...frame, request: { page: 7, write: false } });
    port.reply({ type: 'explore-frame', position: 'x' });
    expect(got).toHaveLength(2);
    expect(got.map((m) => m.type)).toEqual(['explore-error', 'explore-error']);
    const [first] = got;
    expect(first.type === 'explore-error' && first.message).toMatch(/malformed explore-frame message from the worker: request\.page/);
    // The frame the worker does send (the page as the trace names it) goes through.
    port.reply({ ...frame, request: { page: '7', write: false } });
    expect(got[2]).toMatchObject({ type: 'explore-frame', request: { page: '7' } });
  });

  it('with no explorer listening, the error goes to onProtocolError', () => {
    quiet();
    const port = new FakePort();
    const c = new SimClient(port);
    const errors: string[] = [];
    c.onProtocolError = (m) => errors.push(m);
    port.reply({ ...frame, request: { page: 7, write: false } });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/request\.page/);
  });
});
