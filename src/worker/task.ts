// Worker: one request being served — its id, its progress for the page, and
// whether the page has cancelled it — and the posting of replies.
/// <reference lib="webworker" />

import { transferablesOf, type FromWorker } from '../protocol/messages';

declare const self: DedicatedWorkerGlobalScope;

/**
 * Progress is news for a person: at most one message per request every PROGRESS_MS. (Posted after
 * every slice and every flash configuration, a run of thousands of short jobs sent the page tens of
 * thousands of messages a second.)
 */
const PROGRESS_MS = 50;
const lastProgress = new Map<number, number>();
const cancelled = new Set<number>();

/** Posts a reply to the page, moving its buffers; progress is thinned out. */
export function post(msg: FromWorker): void {
  const id = 'id' in msg && typeof msg.id === 'number' ? msg.id : null;
  if (id !== null && msg.type === 'progress') {
    const now = performance.now();
    const last = lastProgress.get(id);
    if (last !== undefined && now - last < PROGRESS_MS) return;
    lastProgress.set(id, now);
  } else if (id !== null && msg.type !== 'result') lastProgress.delete(id);
  self.postMessage(msg, transferablesOf(msg));
}

/** The page's Cancel of request `id`, seen by its work between slices. */
export function cancel(id: number): void {
  cancelled.add(id);
}

export class Task {
  constructor(readonly id: number) {}

  progress(phase: 'load' | 'run', done: number, total: number, label: string): void {
    post({ type: 'progress', id: this.id, phase, done, total, label });
  }

  cancelled(): boolean {
    return cancelled.has(this.id);
  }

  /** The request is answered: a late Cancel of it means nothing. */
  end(): void {
    cancelled.delete(this.id);
  }
}
