import { describe, expect, it, vi } from 'vitest';
import { CancelledError, SimClient } from './client';
import { FakePort } from '../test/fakePort';

const metrics = { requests: 4, hits: 1, misses: 3, hit_ratio: 0.25, reads: 3, writebacks: 0, flushed: 0, cost: 3 };

describe('SimClient', () => {
  it('resolves ready, routes progress and results by request id, and resolves on done', async () => {
    const port = new FakePort();
    const c = new SimClient(port);
    port.reply({ type: 'ready', version: '1' });
    await expect(c.ready).resolves.toEqual({ version: '1' });

    const progress: number[] = [];
    const results: number[] = [];
    const { id, done } = c.run(
      [{ policy: 'lru', frames: 2, params: {} }],
      { cost: { read: 1, write: 1 }, buckets: 10, flush: false, record_stream: false, collapse_repeats: false },
      (r) => results.push(r.metrics.hits),
      (p) => progress.push(p.done),
    );
    expect(port.sent[0]).toMatchObject({ type: 'run', id });
    port.reply({ type: 'progress', id, phase: 'run', done: 2, total: 4, label: '' });
    port.reply({ type: 'progress', id: id + 99, phase: 'run', done: 3, total: 4, label: '' });
    port.reply({
      type: 'result',
      id,
      index: 0,
      job: { policy: 'lru', frames: 2, params: {} },
      metrics,
      bucketSize: 1,
      bucketHits: new Uint32Array(4),
      warmup: 0,
    });
    port.reply({ type: 'done', id });
    await expect(done).resolves.toBeUndefined();
    expect(progress).toEqual([2]);
    expect(results).toEqual([1]);
  });

  it('rejects with the worker message on error, and with CancelledError on cancel', async () => {
    const port = new FakePort();
    const c = new SimClient(port);
    const a = c.load({ kind: 'generate', config: { seed: 1, phases: [] } });
    port.reply({ type: 'error', id: a.id, message: 'invalid generator: needs at least one phase' });
    await expect(a.done).rejects.toThrow('needs at least one phase');

    const b = c.load({ kind: 'generate', config: { seed: 1, phases: [] } });
    c.cancel(b.id);
    expect(port.sent.at(-1)).toEqual({ type: 'cancel', id: b.id });
    port.reply({ type: 'cancelled', id: b.id });
    await expect(b.done).rejects.toBeInstanceOf(CancelledError);
  });

  it('fails ready when the core cannot load', async () => {
    const port = new FakePort();
    const c = new SimClient(port);
    port.reply({ type: 'error', id: null, message: 'the simulation core failed to load' });
    await expect(c.ready).rejects.toThrow('failed to load');
  });

  it('a reply that does not validate fails the request it answers, with what was wrong', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const port = new FakePort();
    const c = new SimClient(port);
    const errors: string[] = [];
    c.onProtocolError = (m) => errors.push(m);
    const req = c.stream(
      { policy: 'lru', frames: 2, params: {} },
      { cost: { read: 1, write: 1 }, buckets: 1, flush: false, record_stream: true, collapse_repeats: false },
      'after-cache stream',
    );
    port.reply({ type: 'streamed', id: req.id, text: '7 W', requests: 1 });
    await expect(req.done).rejects.toThrow(/malformed streamed message from the worker: text: .*Uint8Array/);
    expect(c.inFlight()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('a malformed or foreign message no request waits for goes to onProtocolError, never dropped', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const port = new FakePort();
    const c = new SimClient(port);
    const errors: string[] = [];
    c.onProtocolError = (m) => errors.push(m);
    port.reply({ hello: 'world' });
    port.reply({ type: 'progress', id: 99, phase: 'run', done: '1' });
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/^The simulation worker sent a message the page cannot read \(malformed untyped message/);
    expect(errors[1]).toMatch(/malformed progress message from the worker: done: /);
  });

  it('a malformed ready fails ready', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const port = new FakePort();
    const c = new SimClient(port);
    port.reply({ type: 'ready', version: 1 });
    await expect(c.ready).rejects.toThrow(/malformed ready message from the worker: version/);
  });
});
