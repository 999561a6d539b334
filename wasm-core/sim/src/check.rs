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
    /// Each trace checked, in order, with its own verdict (an exercise passes or fails per trace).
    pub traces: Vec<TraceVerdict>,
}

/// One trace's verdict: the sizes compared on it and its first difference, if any.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct TraceVerdict {
    /// `current`, or the generator's description.
    pub trace: String,
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
    check_with(current, policy, reference, false)
}

/// As [`check`], but a difference ends only its trace: every trace gets a verdict (an
/// exercise passes or fails per trace); `difference` is still the first one found.
pub fn check_every_trace(
    current: Option<(&Trace, &[usize])>,
    policy: (&str, &Value),
    reference: (&str, &Value),
) -> Result<CheckReport, SimError> {
    check_with(current, policy, reference, true)
}

fn check_with(
    current: Option<(&Trace, &[usize])>,
    policy: (&str, &Value),
    reference: (&str, &Value),
    every: bool,
) -> Result<CheckReport, SimError> {
    let mut report = CheckReport {
        policy: policy.0.into(),
        reference: reference.0.into(),
        cases: 0,
        requests: 0,
        difference: None,
        traces: Vec::new(),
    };
    // One trace at its sizes; true when it differed.
    let mut one = |t: &Trace, sizes: &[usize], name: &str, gen: Option<&GenConfig>| -> Result<bool, SimError> {
        let mut verdict = TraceVerdict { trace: name.into(), cases: 0, requests: 0, difference: None };
        for &frames in sizes {
            verdict.cases += 1;
            match first_difference(t, policy, reference, frames)? {
                Some(d) => {
                    verdict.requests += d.request;
                    verdict.difference = Some(Difference {
                        trace: name.into(),
                        generator: gen.map(|g| serde_json::to_value(g).expect("configs serialise")),
                        ..d
                    });
                    break;
                }
                None => verdict.requests += t.len() as u64,
            }
        }
        report.cases += verdict.cases;
        report.requests += verdict.requests;
        let differed = verdict.difference.is_some();
        if report.difference.is_none() {
            report.difference.clone_from(&verdict.difference);
        }
        report.traces.push(verdict);
        Ok(differed)
    };
    if let Some((t, sizes)) = current {
        if one(t, sizes, "current", None)? && !every {
            return Ok(report);
        }
    }
    for (name, cfg) in suite() {
        let t = generate(&cfg)?;
        if one(&t, &SIZES, &name, Some(&cfg))? && !every {
            return Ok(report);
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
        assert!(r.traces.iter().all(|v| v.difference.is_none()) && r.traces.len() == 1 + suite().len());
        // Every trace gets a verdict; the first difference is still the report's.
        let all = check_every_trace(Some((&t, &[3])), ("fifo", &null), ("lru", &null)).unwrap();
        assert_eq!(all.traces.len(), 1 + suite().len());
        assert_eq!(all.difference.as_ref().map(|d| d.request), Some(6));
        assert!(all.traces[0].difference.is_some());
        let first = check(Some((&t, &[3])), ("fifo", &null), ("lru", &null)).unwrap();
        assert_eq!(first.traces.len(), 1);
        let d = first_difference(&t, ("fifo", &null), ("lru", &null), 3).unwrap().unwrap();
        // Request 6 (page 3): FIFO evicts 0 (oldest), LRU evicts 1.
        assert_eq!((d.request, d.page.as_str()), (6, "3"));
        assert_eq!((d.victim.as_deref(), d.reference_victim.as_deref()), (Some("0"), Some("1")));
    }
}
