//! `cachescope bench`: the research workbench's figures — LRU's one-pass curve,
//! sampled curves against one full run, and the sweep on 1 and 2 threads.

use crate::parallel;
use cachescope_sim::mrc::{self, Plan, Sampling};
use cachescope_sim::policy::{build, BuildCtx};
use cachescope_sim::{RunOptions, Session, Trace};
use serde_json::{json, Value};
use std::time::Instant;

/// Policies of the sampled-curve and sweep figures.
const FOUR: [&str; 4] = ["clock", "arc", "clock-pro", "s3-fifo"];
/// The sweep's sizes, percent of the distinct pages (the app's default sweep).
const SWEEP: [f64; 9] = [1.0, 2.0, 5.0, 10.0, 20.0, 35.0, 50.0, 75.0, 100.0];

fn one_run(trace: &Trace, policy: &str, frames: usize) -> Result<f64, String> {
    let p = build(policy, frames, &BuildCtx::of(trace), &Value::Null).map_err(|e| e.to_string())?;
    let t0 = Instant::now();
    let mut s = Session::new(trace, p, RunOptions { buckets: 1, ..RunOptions::default() });
    s.advance(usize::MAX).map_err(|e| e.to_string())?;
    Ok(t0.elapsed().as_secs_f64())
}

pub fn curves(trace: &Trace, frames: usize) -> Result<Value, String> {
    let t0 = crate::clock::Clock::start();
    let lru = mrc::lru_curve(trace);
    let lru_s = t0.seconds();
    let mut sampled = Vec::new();
    for p in FOUR {
        let t0 = Instant::now();
        let plan = Plan::new(trace, p, &Value::Null, None, Sampling::default()).map_err(|e| e.to_string())?;
        for j in 0..plan.jobs() {
            plan.run(j, &RunOptions::default()).map_err(|e| e.to_string())?;
        }
        let curve_s = t0.elapsed().as_secs_f64();
        let run_s = one_run(trace, p, frames)?;
        sampled.push(json!({"policy": p, "points": plan.jobs(), "seconds": curve_s, "one_run_seconds": run_s,
                            "ratio": curve_s / run_s}));
    }
    Ok(json!({"lru_seconds": lru_s, "lru_mreq_per_s": trace.len() as f64 / lru_s / 1e6,
              "lru_hits_at_frames": lru.hits_at(frames), "sampled": sampled}))
}

/// The 4-policy × 9-size sweep on 1 thread and on 2, as the runner runs it.
pub fn sweep(trace: &Trace) -> Result<Value, String> {
    let cells: Vec<(&str, usize)> = FOUR
        .iter()
        .flat_map(|&p| {
            SWEEP.iter().map(move |pct| (p, ((trace.distinct() as f64 * pct / 100.0).round() as usize).max(1)))
        })
        .collect();
    let time = |threads: usize| -> Result<(f64, Vec<u64>), String> {
        let t0 = Instant::now();
        let hits = parallel::map(Some(threads), &cells, |&(p, f)| {
            let pol = build(p, f, &BuildCtx::of(trace), &Value::Null).map_err(|e| e.to_string())?;
            let mut s = Session::new(trace, pol, RunOptions { buckets: 1, ..RunOptions::default() });
            s.advance(usize::MAX).map_err(|e| e.to_string())?;
            Ok::<u64, String>(s.hits())
        })
        .into_iter()
        .collect::<Result<Vec<_>, _>>()?;
        Ok((t0.elapsed().as_secs_f64(), hits))
    };
    let (one, h1) = time(1)?;
    let (two, h2) = time(2)?;
    Ok(json!({"cells": cells.len(), "one_thread_seconds": one, "two_threads_seconds": two, "speedup": one / two,
              "same_results": h1 == h2}))
}
