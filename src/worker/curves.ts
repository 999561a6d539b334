// Worker: the `curve` request — miss-ratio curves of the loaded trace. Each
// policy's plan is split into jobs (the stack pass, or one size on a sample or
// on the whole trace), advanced in slices so that Cancel is seen between
// slices. In a pool every worker builds the same plans and runs only its part of the jobs.

import { WasmCurvePlan, type WasmTrace } from '../wasm-pkg/cachescope.js';
import { CurveSchema, parseCore } from '../core/schemas';
import { divideJobs } from '../protocol/divide';
import type { CurveResult, ToWorker } from '../protocol/messages';
import { SLICE, sliced } from './slices';
import type { Task } from './task';

export type CurveRequest = Omit<Extract<ToWorker, { type: 'curve' }>, 'type' | 'id'>;

export async function computeCurves(task: Task, trace: WasmTrace, req: CurveRequest): Promise<CurveResult[]> {
  const plans: WasmCurvePlan[] = [];
  try {
    for (const s of req.specs)
      plans.push(new WasmCurvePlan(trace, s.policy, JSON.stringify(s.params), Uint32Array.from(req.sizes), JSON.stringify(req.sampling)));
    const jobs = plans.flatMap((plan, p) => Array.from({ length: plan.jobs() }, (_, j) => ({ p, j, work: plan.work(j) })));
    const bins = divideJobs(
      jobs.map((x) => x.work),
      req.part?.count ?? 1,
    );
    const mine = jobs.filter((_, i) => bins[i] === (req.part?.index ?? 0));
    const total = mine.reduce((n, x) => n + x.work, 0);
    const points: number[][] = plans.map(() => []);
    const options = JSON.stringify(req.options);
    let done = 0;
    /** Runs job `{p, j}` (`work` of `total`) in slices of its own. */
    const runJob = async ({ p, j, work }: (typeof mine)[number]) => {
      const plan = plans[p];
      const label = `${req.specs[p].policy} · curve`;
      if (plan.is_stack(j)) {
        task.progress('run', done, total, label);
        points[p].push(...plan.stack_points());
        return;
      }
      const job = plan.start(j, options);
      try {
        const slice = () => {
          if (!job.done()) job.advance(SLICE);
          return job.done();
        };
        await sliced(task, slice, () => task.progress('run', done + (work * job.position()) / Math.max(1, job.len()), total, label));
        points[p].push(...job.finish());
      } finally {
        job.free();
      }
    };
    // One job a slice (a stack pass is one call), so a Cancel is seen between jobs too.
    let k = 0;
    await sliced(
      task,
      async () => {
        if (k < mine.length) await runJob(mine[k]);
        done += mine[k]?.work ?? 0;
        return ++k >= mine.length;
      },
      () => undefined,
    );
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
