// UI: the page's side of the simulation worker — starts it, numbers requests
// and routes each reply to whoever asked. Nothing here simulates.

import type { CheckReport, HandLink } from '../core/generated/core';
import type { AnalysisShown } from '../core/schemas';
import type { CheckRequest, Defined, UserCode } from '../protocol/own';
import { withUserCode } from './userCode';
import { newWorker } from './startWorker';
import type { LoadSettings, RunOptions, TraceSummary } from '../core/types';
import { checkExploreFromWorker, isExploreFromWorkerType, type ExploreFromWorker, type ExploreToWorker } from '../protocol/explore';
import {
  checkFromWorker,
  type CurveResult,
  type CurveSpec,
  type Described,
  transferablesTo,
  type FromWorker,
  type GaugeRequest,
  type LoadCost,
  type Reply,
  type Reproduced,
  type ReproduceTable,
  type RunJob,
  type ToWorker,
  type TraceParts,
  type TraceSource,
} from '../protocol/messages';

export type ResultMsg = Extract<FromWorker, { type: 'result' }>;
export type ProgressMsg = Extract<FromWorker, { type: 'progress' }>;

export interface Port {
  postMessage(msg: ToWorker | ExploreToWorker, transfer?: Transferable[]): void;
  onmessage: ((ev: MessageEvent) => void) | null;
  onerror?: ((ev: ErrorEvent) => void) | null;
}

/** What a batch cell gives back; policy-major: `metrics[policy * frames.length + size]`. */
export type BatchCell = Reply<'batched'>;

export type Ready = Reply<'ready'>;

/** The new trace would not fit beside the loaded one (see the load's `dropFirst`). */
export class OverBudgetError extends Error {}

export class CancelledError extends Error {
  constructor() {
    super('cancelled');
  }
}

/** What a final reply gives whoever asked. */
function answerOf(msg: Exclude<FromWorker, { type: 'ready' | 'progress' | 'result' | 'cancelled' | 'error' }>): unknown {
  switch (msg.type) {
    case 'loaded':
      return msg.summary;
    case 'link':
      return msg.link;
    case 'frames':
      return msg.frames;
    case 'mismatches':
      return msg.sentences;
    case 'curves':
      return msg.curves;
    case 'shared':
      return msg.parts;
    case 'described':
      return msg.described;
    case 'defined':
      return msg.defined;
    case 'checked':
      return msg.report;
    case 'analysed':
      return msg.analysis;
    case 'done':
      return undefined;
    default: {
      // Replies whose whole content is the answer (streamed, batched, reproduced).
      const { type: _type, id: _id, ...answer } = msg;
      return answer;
    }
  }
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (e: Error) => void;
  onProgress?: (p: ProgressMsg) => void;
  onResult?: (r: ResultMsg) => void;
}

export class SimClient {
  private nextId = 1;
  private pending = new Map<number, Pending>();
  readonly ready: Promise<Ready>;

  constructor(private port: Port) {
    let markReady!: (v: Ready) => void;
    let failReady!: (e: Error) => void;
    this.ready = new Promise((res, rej) => {
      markReady = res;
      failReady = rej;
    });
    port.onmessage = (ev) => {
      const data: unknown = ev.data;
      if (isExploreFromWorkerType(data)) {
        const checked = checkExploreFromWorker(data);
        if (checked.ok) this.exploreListener?.(checked.msg);
        else this.malformed(checked.message, data);
        return;
      }
      const checked = checkFromWorker(data);
      if (!checked.ok) {
        if ((data as { type?: unknown } | null)?.type === 'ready') failReady(new Error(this.malformed(checked.message, data)));
        else this.malformed(checked.message, data);
        return;
      }
      const msg = checked.msg;
      if (msg.type === 'ready') return markReady({ version: msg.version });
      if (msg.type === 'error' && msg.id === null) return failReady(new Error(msg.message));
      this.dispatch(msg);
    };
    if ('onerror' in port) {
      port.onerror = (ev) => failReady(new Error(`the simulation worker failed: ${ev.message}`));
    }
  }

  /** Called with a message for the user when the worker sent something that does not validate (and no request was waiting for it). */
  onProtocolError: ((message: string) => void) | null = null;

  /**
   * A reply that does not validate is a bug in the worker: never dropped in
   * silence. The request it answers fails with the problem; an explorer reply
   * reaches the explorer as an error; anything else goes to `onProtocolError`.
   * Returns the message shown.
   */
  private malformed(problem: string, data: unknown): string {
    const text = `The simulation worker sent a message the page cannot read (${problem}). This is a bug in cachescope; please report it.`;
    console.error(text, data);
    if (isExploreFromWorkerType(data) && this.exploreListener) {
      this.exploreListener({ type: 'explore-error', message: text });
      return text;
    }
    const id = (data as { id?: unknown } | null)?.id;
    const p = typeof id === 'number' ? this.pending.get(id) : undefined;
    if (p && typeof id === 'number') {
      this.pending.delete(id);
      p.reject(new Error(text));
    } else this.onProtocolError?.(text);
    return text;
  }

  private dispatch(msg: Exclude<FromWorker, { type: 'ready' }>): void {
    if (msg.id === null) return;
    const p = this.pending.get(msg.id);
    if (!p) return;
    if (msg.type === 'progress') return p.onProgress?.(msg);
    if (msg.type === 'result') return p.onResult?.(msg);
    // Every other reply ends its request.
    this.pending.delete(msg.id);
    if (msg.type === 'cancelled') p.reject(new CancelledError());
    else if (msg.type === 'error') {
      p.reject(msg.overBudget ? new OverBudgetError(msg.message) : new Error(msg.message));
      if (msg.trap) this.onTrap?.(msg.message);
    } else {
      if (msg.type === 'loaded') this.lastLoadCost = msg.cost;
      p.resolve(answerOf(msg));
    }
  }

  /** What this worker's last load cost (bytes read from a file, milliseconds by phase): for the probes. */
  lastLoadCost: LoadCost | null = null;

  private request<T>(make: (id: number) => ToWorker, hooks: Omit<Pending, 'resolve' | 'reject'>): { id: number; done: Promise<T> } {
    const id = this.nextId++;
    const done = new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, ...hooks });
    });
    // A request naming policies the user wrote carries their code (userCode.ts); a trace's parts move.
    const msg = withUserCode(make(id));
    this.port.postMessage(msg, transferablesTo(msg));
    return { id, done };
  }

  /** Loads `source`; with `parts` (another worker's copy of that trace, moved: the arrays are unusable here afterwards) builds it from them. */
  load(
    source: TraceSource,
    onProgress?: (p: ProgressMsg) => void,
    options: { budget?: number; dropFirst?: boolean; parts?: TraceParts } = {},
  ) {
    return this.request<TraceSummary>((id) => ({ type: 'load', id, source, ...options }), { onProgress });
  }

  /** The loaded trace's parts, copied out of this worker for another (`load` with `parts`). */
  share() {
    return this.request<TraceParts>((id) => ({ type: 'share', id }), {});
  }

  run(
    jobs: RunJob[],
    options: RunOptions,
    onResult: (r: ResultMsg) => void,
    onProgress?: (p: ProgressMsg) => void,
    gauges?: GaugeRequest,
    flash?: Record<string, unknown>[],
  ) {
    return this.request<void>((id) => ({ type: 'run', id, jobs, options, gauges, flash }), { onResult, onProgress });
  }

  stream(job: RunJob, options: RunOptions, header: string, onProgress?: (p: ProgressMsg) => void) {
    return this.request<{ text: Uint8Array; requests: number }>((id) => ({ type: 'stream', id, job, options, header }), { onProgress });
  }

  /** Computes a paper's table on its own trace (generated, or `file`); the loaded trace is not touched. */
  reproduce(table: ReproduceTable, file?: File, onProgress?: (p: ProgressMsg) => void) {
    return this.request<Reproduced>((id) => ({ type: 'reproduce', id, table, ...(file ? { file } : {}) }), { onProgress });
  }

  /** One batch cell: its own trace, loaded, run and freed; the loaded trace is not touched. */
  batch(source: TraceSource, specs: CurveSpec[], frames: string, options: RunOptions, onProgress?: (p: ProgressMsg) => void) {
    return this.request<BatchCell>((id) => ({ type: 'batch', id, source, specs, frames, options }), { onProgress });
  }

  /** Miss-ratio curves of the loaded trace (with `part`, this worker's part of a pool's). */
  curves(req: Omit<Extract<ToWorker, { type: 'curve' }>, 'type' | 'id'>, onProgress?: (p: ProgressMsg) => void) {
    return this.request<CurveResult[]>((id) => ({ type: 'curve', id, ...req }), { onProgress });
  }

  /** Reads a hand-written link's query with the core's parser; rejects with a message naming the bad parameter. */
  parseLink(query: string) {
    return this.request<HandLink>((id) => ({ type: 'parse-link', id, query }), {});
  }

  /** Cache sizes as typed (`100, 5%`), in frames for a trace of `distinct` pages, with the core's grammar; rejects with its message. */
  parseFrames(text: string, distinct: number | null) {
    return this.request<number[]>((id) => ({ type: 'parse-frames', id, text, distinct }), {});
  }

  /** The core's warnings for block-aware policies whose blocks differ from a flash device's. */
  blockMismatches(policies: { id: string; params: Record<string, unknown> }[], flash: Record<string, unknown>[]) {
    return this.request<string[]>((id) => ({ type: 'block-mismatches', id, policies, flash }), {});
  }

  /** Reads a chosen file in the worker (nothing of it is read on this thread): SHA-256, size, link form. */
  /** `whole`: see the `describe` message (protocol/messages.ts). */
  describe(file: File, load: LoadSettings, whole: boolean, onProgress?: (p: ProgressMsg) => void) {
    return this.request<Described>((id) => ({ type: 'describe', id, file, load, whole }), { onProgress });
  }

  /** Defines policies the user wrote (the worker loads its JavaScript engine the first time): each one's catalogue entry and SHA-256. */
  define(code: UserCode[], onProgress?: (p: ProgressMsg) => void) {
    return this.request<Defined[]>((id) => ({ type: 'define', id, code }), { onProgress });
  }

  /** *Check against*: the first request where `policy` and `reference` decide differently, on the loaded trace and the core's suite. */
  check(req: CheckRequest, onProgress?: (p: ProgressMsg) => void) {
    return this.request<CheckReport>((id) => ({ type: 'check', id, ...req }), { onProgress });
  }

  /** The core's analysis of the loaded trace, `window` requests per window (0: a hundredth of the trace). */
  analyze(window: number, onProgress?: (p: ProgressMsg) => void) {
    return this.request<AnalysisShown>((id) => ({ type: 'analyze', id, window }), { onProgress });
  }

  /** Test hook: makes the core trap (see `onTrap`). */
  debugTrap() {
    return this.request<void>((id) => ({ type: 'debug-trap', id }), {});
  }

  /** Called when the core trapped: the worker must be replaced (see `restartEngine`). */
  onTrap: ((message: string) => void) | null = null;

  /** Stops the worker; every request still waiting fails with `why`. */
  terminate(why: string): void {
    for (const p of this.pending.values()) p.reject(new Error(why));
    this.pending.clear();
    (this.port as Partial<Worker>).terminate?.();
  }

  /** Requests sent and not yet answered. */
  inFlight(): number {
    return this.pending.size;
  }

  cancel(id: number): void {
    this.port.postMessage({ type: 'cancel', id });
  }

  // Explorer: one session at a time, so replies go to one listener.
  private exploreListener: ((msg: ExploreFromWorker) => void) | null = null;

  explore(msg: ExploreToWorker): void {
    this.port.postMessage(withUserCode(msg));
  }

  onExplore(listener: ((msg: ExploreFromWorker) => void) | null): void {
    this.exploreListener = listener;
  }
}

/** A new simulation worker: the worker thread's code, reached only through `startWorker.ts`. */
export function startWorker(): Port {
  return newWorker() as unknown as Port;
}

let shared: SimClient | null = null;

/** The app's one worker, started on first use. */
export function engine(): SimClient {
  shared ??= new SimClient(startWorker());
  return shared;
}

/** Replaces the worker (after a trap): the next `engine()` is a fresh one. */
export function restartEngine(why: string): SimClient {
  shared?.terminate(why);
  shared = null;
  return engine();
}

let aside: SimClient | null = null;

/**
 * Reads and hashes a chosen file in a worker of its own, beside the app's, which may load the
 * same file meanwhile: on two cores the hash no longer delays the load. A newer call stops an older one.
 */
export function describeAside(file: File, load: LoadSettings): Promise<Described> {
  aside?.terminate('another file was chosen');
  const client = new SimClient(startWorker());
  aside = client;
  return client.describe(file, load, true).done.finally(() => {
    if (aside === client) aside = null;
    client.terminate('the file was described');
  });
}

/** Tests replace the worker with a fake port. */
export function setEngine(client: SimClient | null): void {
  shared = client;
}
