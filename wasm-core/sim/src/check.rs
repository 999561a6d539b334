//! *Check against*: runs a policy and a reference side by side and finds the first
//! request where their decisions differ (one hits where the other misses, or they
//! evict different pages), on the current trace and on a fixed set of generated
//! traces (generators × seeds × cache sizes). A student checks "my CLOCK" against
//! the shipped CLOCK this way; the runner (`--check-against`), Python (`cs.check`)
//! and the browser share it.

use crate::error::SimError;
use crate::generate::{generate, GenConfig, Workload};
use crate::policy::{build, BuildCtx, Event};
use crate::sim::{RunOptions, Session};
use crate::trace::Trace;
use serde::Serialize;
use serde_json::Value;

/// Where two policies first decided differently.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Difference {
    /// The trace: `current`, or the generator's description (`zipf … seed 2`).
    pub trace: String,
    /// The generator configuration that rebuilds it (None for the current trace).
    #[cfg_attr(test, ts(type = "unknown"))]
    pub generator: Option<Value>,
    pub frames: usize,
    /// Counted from 1, as Explore's steps.
    pub request: u64,
    /// The requested page, as the trace names it.
    pub page: String,
    pub hit: bool,
    pub reference_hit: bool,
    /// The page each evicted at that request, if any.
    pub victim: Option<String>,
    pub reference_victim: Option<String>,
}

/// The outcome of a check: the first difference, or how much was compared.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct CheckReport {
    pub policy: String,
    pub reference: String,
    pub cases: u32,
    pub requests: u64,
    pub difference: Option<Difference>,
}

/// Requests of each generated trace.
const LENGTH: u64 = 3_000;
const SEEDS: [u64; 3] = [1, 2, 3];
const SIZES: [usize; 4] = [1, 3, 8, 40];

/// The generated traces a check runs on besides the current one.
pub fn suite() -> Vec<(String, GenConfig)> {
    let loads = [
        ("zipf α 0.9 over 100 pages", Workload::Zipf { pages: 100, alpha: 0.9 }),
        ("uniform over 60 pages", Workload::Uniform { pages: 60 }),
        ("a loop over 50 pages", Workload::Loop { pages: 50 }),
        ("hot/cold over 200 pages", Workload::HotCold { pages: 200, hot_access: 0.9, hot_pages: 0.1 }),
    ];
    let mut out = Vec::new();
    for (name, w) in loads {
        for seed in SEEDS {
            out.push((format!("{name}, 30 % writes, seed {seed}"), GenConfig::single(w.clone(), LENGTH, 0.3, seed)));
        }
    }
    out
}

/// Compares `policy` with `reference` at `frames` on `trace`: the first request where
/// they differ, if any.
pub fn first_difference(
    trace: &Trace,
    policy: (&str, &Value),
    reference: (&str, &Value),
    frames: usize,
) -> Result<Option<Difference>, SimError> {
    let ctx = BuildCtx::of(trace);
    let mut a = Session::new(trace, build(policy.0, frames, &ctx, policy.1)?, RunOptions::default());
    let mut b = Session::new(trace, build(reference.0, frames, &ctx, reference.1)?, RunOptions::default());
    let victim = |ev: &[Event]| {
        ev.iter().find_map(|e| match e {
            Event::Evict { page, .. } => Some(*page),
            _ => None,
        })
    };
    while let Some((hit, ev)) = a.step_traced() {
        a.settle()?;
        let (ref_hit, ref_ev) = b.step_traced().expect("the same trace");
        b.settle()?;
        let (va, vb) = (victim(&ev), victim(&ref_ev));
        if hit != ref_hit || va != vb {
            let t = a.position() - 1;
            return Ok(Some(Difference {
                trace: "current".into(),
                generator: None,
                frames,
                request: t as u64 + 1,
                page: trace.label(crate::trace::page_of(trace.reqs[t])),
                hit,
                reference_hit: ref_hit,
                victim: va.map(|p| trace.label(p)),
                reference_victim: vb.map(|p| trace.label(p)),
            }));
        }
    }
    Ok(None)
}

/// Checks on `current` (if given) at `sizes`, then on the [`suite`] at its sizes;
/// stops at the first difference.
pub fn check(
    current: Option<(&Trace, &[usize])>,
    policy: (&str, &Value),
    reference: (&str, &Value),
) -> Result<CheckReport, SimError> {
    let mut report =
        CheckReport { policy: policy.0.into(), reference: reference.0.into(), cases: 0, requests: 0, difference: None };
    let mut one = |t: &Trace, frames: usize, name: &str, gen: Option<&GenConfig>| -> Result<bool, SimError> {
        report.cases += 1;
        match first_difference(t, policy, reference, frames)? {
            Some(d) => {
                report.requests += d.request;
                report.difference = Some(Difference {
                    trace: name.into(),
                    generator: gen.map(|g| serde_json::to_value(g).expect("configs serialise")),
                    ..d
                });
                Ok(true)
            }
            None => {
                report.requests += t.len() as u64;
                Ok(false)
            }
        }
    };
    if let Some((t, sizes)) = current {
        for &f in sizes {
            if one(t, f, "current", None)? {
                return Ok(report);
            }
        }
    }
    for (name, cfg) in suite() {
        let t = generate(&cfg)?;
        for f in SIZES {
            if one(&t, f, &name, Some(&cfg))? {
                return Ok(report);
            }
        }
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_policy_equals_itself_and_differs_from_another_at_the_first_differing_eviction() {
        let t = Trace::reads(&[7, 0, 1, 2, 0, 3, 0, 4, 2, 3, 0, 3, 2, 1, 2, 0, 1, 7, 0, 1]);
        let null = Value::Null;
        let r = check(Some((&t, &[3])), ("lru", &null), ("lru", &null)).unwrap();
        assert_eq!(r.difference, None);
        assert_eq!(r.cases as usize, 1 + suite().len() * SIZES.len());
        let d = first_difference(&t, ("fifo", &null), ("lru", &null), 3).unwrap().unwrap();
        // Request 6 (page 3): FIFO evicts 0 (oldest), LRU evicts 1.
        assert_eq!((d.request, d.page.as_str()), (6, "3"));
        assert_eq!((d.victim.as_deref(), d.reference_victim.as_deref()), (Some("0"), Some("1")));
    }
}
