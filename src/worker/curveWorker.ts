// Miss-ratio curves in the worker: each policy's plan is split into jobs (the
// stack pass, or one size on a sample or on the whole trace), advanced in
// slices so that Cancel is seen between slices. In a pool every worker builds
// the same plans and runs only its share of the jobs.

import { WasmCurvePlan, type WasmTrace } from './core';
import type { CurveResult, CurveSpec, Share } from './protocol';
import type { RunOptions } from '../core/types';
import { CurveSchema, parseCore } from '../core/schemas';
import { shareJobs } from './share';
import { yieldToEvents } from './yieldToEvents';

const SLICE = 1 << 18;

export interface CurveRequest {
  specs: CurveSpec[];
  sizes: number[];
  sampling: Record<string, number | boolean>;
  options: RunOptions;
  share?: Share;
}

export interface CurveHooks {
  progress(done: number, total: number, label: string): void;
  /** Throws to stop (the worker's cancel). */
  check(): void;
}

export async function computeCurves(trace: WasmTrace, req: CurveRequest, hooks: CurveHooks): Promise<CurveResult[]> {
  const plans: WasmCurvePlan[] = [];
  try {
    for (const s of req.specs)
      plans.push(new WasmCurvePlan(trace, s.policy, JSON.stringify(s.params), Uint32Array.from(req.sizes), JSON.stringify(req.sampling)));
    const jobs = plans.flatMap((plan, p) => Array.from({ length: plan.jobs() }, (_, j) => ({ p, j, work: plan.work(j) })));
    const bins = shareJobs(
      jobs.map((x) => x.work),
      req.share?.count ?? 1,
    );
    const mine = jobs.filter((_, i) => bins[i] === (req.share?.index ?? 0));
    const total = mine.reduce((n, x) => n + x.work, 0);
    const points: number[][] = plans.map(() => []);
    const options = JSON.stringify(req.options);
    let done = 0;
    for (const { p, j, work } of mine) {
      const plan = plans[p];
      const label = `${req.specs[p].policy} · curve`;
      if (plan.is_stack(j)) {
        hooks.progress(done, total, label);
        points[p].push(...plan.stack_points());
      } else {
        const job = plan.start(j, options);
        try {
          while (!job.done()) {
            job.advance(SLICE);
            hooks.progress(done + (work * job.position()) / Math.max(1, job.len()), total, label);
            await yieldToEvents();
            hooks.check();
          }
          points[p].push(...job.finish());
        } finally {
          job.free();
        }
      }
      done += work;
      await yieldToEvents();
      hooks.check();
    }
    return plans.map((plan, p) => {
      const c = parseCore('curve', CurveSchema, plan.assemble(Float64Array.from(points[p])));
      return {
        policy: c.policy,
        method: c.method,
        frames: c.frames,
        missRatio: Float64Array.from(c.miss_ratio, (m) => m ?? NaN),
        rate: c.rate,
        error: Float64Array.from(c.error, (e) => e ?? NaN),
        samples: c.samples,
        exact: c.exact,
      };
    });
  } finally {
    for (const p of plans) p.free();
  }
}
