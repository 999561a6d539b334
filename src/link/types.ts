// Both threads: the shape of a whole experiment as it travels in a link or a
// preset — every choice needed to rerun it, nothing that is a result.

import type { CostModel, LoadSettings, Workload } from '../core/types';
import type { ParamValue, Params } from '../core/params';

export type { ParamValue, Params } from '../core/params';

export type WorkloadKind = Workload['kind'];

/** A generated workload as the sidebar's form (and a link) holds it: one phase, every generator's fields. */
export interface GeneratorForm {
  kind: WorkloadKind;
  pages: number;
  alpha: number;
  hotAccess: number;
  hotPages: number;
  /** Working set: window size and how often it moves. */
  set: number;
  shiftEvery: number;
  length: number;
  writeFraction: number;
  seed: number;
}

/** The page's main views; `yours`: the editor of policies the user writes (loaded when first shown). */
export type View = 'compare' | 'explore' | 'reproduce' | 'yours';

/** One policy of a comparison; the same policy may appear twice with different parameters. */
export interface PolicySpec {
  id: string;
  params: Params;
}

/** An FTL configuration the cache's after-stream runs on (fields as the core's FlashConfig,
 * whose `latency` and `ftl_params` are objects one level deep). */
export type FlashSpec = Record<string, ParamValue | Params>;

export type SharedSource =
  | { kind: 'generate'; generator: GeneratorForm }
  /** A small upload, carried whole: `text` when it is UTF-8, otherwise `b64`. */
  | { kind: 'inline'; name: string; load: LoadSettings; text?: string; b64?: string }
  /** A larger upload, carried as identity only: the page asks for the file and checks the hash. */
  | { kind: 'hashed'; name: string; load: LoadSettings; size: number; sha256: string };

/** What the Explore tab shows: the policy (or flash device), its size, the step and the selected page. */
export interface ExploreShare {
  mode: 'cache' | 'flash';
  policy: string;
  params: Params;
  frames: number;
  flash: Params;
  /** Requests applied. */
  step: number;
  /** The inspected page, as the trace names it. */
  selected: string | null;
}

/** A batch: the experiment's policies and sizes on several traces, generated ones at several seeds. */
export interface BatchShare {
  traces: SharedSource[];
  /** Seeds for the generated traces, as typed ("1, 2, 3"); empty: each generator's own seed. */
  seeds: string;
}

export interface SharedExperiment {
  source: SharedSource;
  policies: PolicySpec[];
  frames: string;
  cost: CostModel;
  flush: boolean;
  /** Immediate repeats count as hits that change nothing (the run option `collapse_repeats`). */
  collapse: boolean;
  /** Requests served first and not counted (the run option `warmup`: `N` or `P%`, as typed; link v2). */
  warmup?: string;
  /** Requests per interval of the hit-ratio series after the warm-up (the run option `interval`; link v2). */
  interval?: number;
  flash: FlashSpec[];
  /** Baseline policy index for normalised charts. */
  baseline: number;
  view: View;
  /** Playback position (request index) of the step-by-step view. */
  position: number;
  /** The Explore tab's state (link v2). */
  explore?: ExploreShare;
  /** Several traces and seeds (link v2). */
  batch?: BatchShare;
  /** The core version that made the link (v2): its parameters are pinned, so later defaults do not change it. */
  core?: string;
  /** Sources of the policies the user wrote that the experiment names, by name (link v2). */
  code?: Record<string, string>;
  /** Embedded (`embed=1`, link v2): the page shows the Explore stage alone, sized to its frame. */
  embed?: boolean;
}
