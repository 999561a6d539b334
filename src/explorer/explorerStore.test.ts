// A reply the page cannot read is shown where the app shows errors: the
// explorer's alert for explorer replies, the status bar for the rest.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SimClient, setEngine } from '../engine/client';
import { FakePort } from '../test/fakePort';
import { useExplorer } from './explorerStore';
import { useApp } from '../state/store';

const snapshot = { policy: 'fifo', capacity: 3, resident: 3, rings: [], lists: [], gauges: [] };

afterEach(() => {
  setEngine(null);
  vi.restoreAllMocks();
});

describe('a reply that does not validate reaches the user', () => {
  it('a malformed explorer frame shows an error in the explorer instead of leaving it at step 0', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const port = new FakePort();
    setEngine(new SimClient(port));
    useExplorer.getState().setPolicy('fifo');
    useExplorer.getState().setFrames(3);
    useExplorer.getState().open();
    expect(port.sent.at(-1)).toMatchObject({ type: 'explore-open', policy: 'fifo', frames: 3 });
    expect(useExplorer.getState().status).toBe('opening');
    port.reply({
      type: 'explore-frame',
      position: 0,
      total: 20,
      hit: null,
      request: null,
      events: [],
      snapshot: { ...snapshot, rings: 'none' },
      playing: false,
      hits: 0,
    });
    const s = useExplorer.getState();
    expect(s.error).toMatch(/cannot read \(malformed explore-frame message from the worker: snapshot\.rings: /);
    expect(s.status).toBe('closed');
  });

  it('any other malformed reply shows in the status bar (the app error)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const port = new FakePort();
    setEngine(new SimClient(port));
    const started = useApp.getState().startEngine();
    port.reply({ type: 'ready', version: '1' });
    await started;
    port.reply({ type: 'progress', id: 12345, phase: 'run', done: 'half', total: 2, label: '' });
    expect(useApp.getState().error).toMatch(/malformed progress message from the worker: done: /);
  });
});

describe('stepping', () => {
  it('keys pressed faster than frames arrive add up (→ → ← from step 0 ends at step 1)', () => {
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => {
      cb(0);
      return 0;
    });
    const port = new FakePort();
    setEngine(new SimClient(port));
    useExplorer.getState().setPolicy('fifo');
    useExplorer.getState().setFrames(3);
    useExplorer.getState().open();
    const frame = { type: 'explore-frame', total: 20, hit: null, request: null, events: [], snapshot, playing: false, hits: 0 };
    port.reply({ ...frame, position: 0 });
    expect(useExplorer.getState().frame?.position).toBe(0);
    const { step } = useExplorer.getState();
    step(1);
    step(1);
    step(-1);
    const seeks = port.sent.filter((m) => (m as { type: string }).type === 'explore-seek').map((m) => (m as { position: number }).position);
    expect(seeks).toEqual([1, 2, 1]);
    // Once a frame shows where the last seek went, steps count from the frame again.
    port.reply({ ...frame, position: 1 });
    step(1);
    expect((port.sent.at(-1) as { position: number }).position).toBe(2);
    vi.unstubAllGlobals();
  });
});
