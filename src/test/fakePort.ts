// Tests (Node): a stand-in for the simulation worker's port — it keeps what the
// page sends, and `reply` delivers a message as the worker would post it.

import type { Port } from '../engine/client';
import type { ExploreToWorker } from '../protocol/explore';
import type { ToWorker } from '../protocol/messages';

export class FakePort implements Port {
  sent: (ToWorker | ExploreToWorker)[] = [];
  onmessage: ((ev: MessageEvent) => void) | null = null;
  postMessage(msg: ToWorker | ExploreToWorker): void {
    this.sent.push(msg);
  }
  reply(msg: unknown): void {
    this.onmessage?.({ data: msg } as MessageEvent);
  }
}
