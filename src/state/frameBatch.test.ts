import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { frameBatch } from './frameBatch';

describe('frame batch', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('commits many updates of one frame once', () => {
    const commit = vi.fn();
    const b = frameBatch(commit);
    for (let i = 0; i < 1000; i++) b.schedule();
    expect(commit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(16);
    expect(commit).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(commit).toHaveBeenCalledTimes(1);
    b.schedule();
    vi.advanceTimersByTime(16);
    expect(commit).toHaveBeenCalledTimes(2);
  });

  it('flushes what is pending at once, and nothing when nothing is', () => {
    const commit = vi.fn();
    const b = frameBatch(commit);
    b.flush();
    expect(commit).not.toHaveBeenCalled();
    b.schedule();
    b.flush();
    expect(commit).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(commit).toHaveBeenCalledTimes(1);
  });

  it('drops a cancelled commit', () => {
    const commit = vi.fn();
    const b = frameBatch(commit);
    b.schedule();
    b.cancel();
    vi.advanceTimersByTime(1000);
    expect(commit).not.toHaveBeenCalled();
  });

  it('after a costly commit waits as long again before the next', () => {
    const at: number[] = [];
    const b = frameBatch(() => {
      at.push(performance.now());
      vi.advanceTimersByTime(100); // the commit takes 100 ms
    });
    b.schedule();
    vi.advanceTimersByTime(20);
    expect(at).toHaveLength(1);
    b.schedule();
    vi.advanceTimersByTime(50);
    expect(at).toHaveLength(1);
    vi.advanceTimersByTime(100);
    expect(at).toHaveLength(2);
    expect(at[1] - at[0]).toBeGreaterThanOrEqual(200);
  });
});
