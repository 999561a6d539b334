import { describe, expect, it } from 'vitest';
import { SimClient, type Port } from './client';
import type { ExploreFromWorker, ExploreToWorker, ToWorker } from './protocol';

class FakePort implements Port {
  sent: (ToWorker | ExploreToWorker)[] = [];
  onmessage: ((ev: MessageEvent) => void) | null = null;
  postMessage(msg: ToWorker | ExploreToWorker): void {
    this.sent.push(msg);
  }
  reply(msg: unknown): void {
    this.onmessage?.({ data: msg } as MessageEvent);
  }
}

describe('SimClient explorer channel', () => {
  it('posts explorer requests and hands explorer replies to the one listener', () => {
    const port = new FakePort();
    const c = new SimClient(port);
    const got: ExploreFromWorker[] = [];
    c.onExplore((m) => got.push(m));
    c.explore({ type: 'explore-seek', position: 4 });
    expect(port.sent).toEqual([{ type: 'explore-seek', position: 4 }]);
    port.reply({ type: 'explore-error', message: 'no session' });
    port.reply({ type: 'explore-frame', position: 'x' }); // malformed: dropped
    port.reply({ type: 'progress', id: 1, phase: 'run', done: 1, total: 2, label: '' }); // not for the explorer
    expect(got).toEqual([{ type: 'explore-error', message: 'no session' }]);
    c.onExplore(null);
    port.reply({ type: 'explore-error', message: 'later' });
    expect(got).toHaveLength(1);
  });
});
