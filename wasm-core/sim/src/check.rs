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
use std::ops::Deref;
use std::rc::Rc;

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

/// A trace a check runs on: the caller's (borrowed natively, shared in the wasm
/// adapter) or one of the [`suite`]'s, generated when its turn comes.
#[derive(Clone)]
pub enum CheckTrace<'a> {
    Borrowed(&'a Trace),
    Shared(Rc<Trace>),
}

impl Deref for CheckTrace<'_> {
    type Target = Trace;
    fn deref(&self) -> &Trace {
        match self {
            CheckTrace::Borrowed(t) => t,
            CheckTrace::Shared(t) => t,
        }
    }
}

/// One case: both policies at one size on one trace, request by request.
struct Pair<'a> {
    name: String,
    generator: Option<Value>,
    frames: usize,
    a: Session<CheckTrace<'a>>,
    b: Session<CheckTrace<'a>>,
}

/// A check in progress, advanced a number of requests at a time so that a page can
/// show where it is and call it off ([`Checker::advance`]).
pub struct Checker<'a> {
    policy: (String, Value),
    reference: (String, Value),
    /// The caller's trace and sizes, checked first.
    current: Option<(CheckTrace<'a>, Vec<usize>)>,
    /// The next case to start, counting the current trace's sizes first.
    next: usize,
    /// The suite's trace being checked, generated once for its sizes.
    generated: Option<(usize, CheckTrace<'a>)>,
    pair: Option<Pair<'a>>,
    /// The [`suite`] follows the current trace.
    with_suite: bool,
    /// A difference ends only its trace (the rest of its sizes), not the check.
    every_trace: bool,
    report: CheckReport,
    done: bool,
}

impl<'a> Checker<'a> {
    pub fn new(
        current: Option<(CheckTrace<'a>, Vec<usize>)>,
        policy: (&str, &Value),
        reference: (&str, &Value),
    ) -> Checker<'a> {
        Checker {
            policy: (policy.0.into(), policy.1.clone()),
            reference: (reference.0.into(), reference.1.clone()),
            current,
            next: 0,
            generated: None,
            pair: None,
            with_suite: true,
            every_trace: false,
            report: CheckReport {
                policy: policy.0.into(),
                reference: reference.0.into(),
                cases: 0,
                requests: 0,
                difference: None,
                traces: Vec::new(),
            },
            done: false,
        }
    }

    /// Every trace gets a verdict: a difference ends its trace, not the check; the
    /// report's `difference` is still the first one found.
    pub fn set_every_trace(&mut self, on: bool) {
        self.every_trace = on;
    }

    /// Cases in all: the current trace's sizes, then the suite's traces × [`SIZES`].
    pub fn total_cases(&self) -> usize {
        let suite = if self.with_suite { suite().len() * SIZES.len() } else { 0 };
        self.current.as_ref().map_or(0, |(_, s)| s.len()) + suite
    }

    /// Cases finished or under way.
    pub fn cases(&self) -> usize {
        self.report.cases as usize
    }

    pub fn report(&self) -> &CheckReport {
        &self.report
    }

    /// Compares about `budget` more requests; true once the check is over (a
    /// difference found, or every case compared).
    pub fn advance(&mut self, budget: u64) -> Result<bool, SimError> {
        let mut left = budget;
        while !self.done && left > 0 {
            if self.pair.is_none() && !self.start_next()? {
                self.done = true;
                break;
            }
            let pair = self.pair.as_mut().expect("a case under way");
            while left > 0 {
                left -= 1;
                let Some((hit, ev)) = pair.a.step_traced() else {
                    let n = pair.a.len() as u64;
                    self.report.requests += n;
                    self.verdict().requests += n;
                    self.pair = None;
                    break;
                };
                pair.a.settle()?;
                let (ref_hit, ref_ev) = pair.b.step_traced().expect("the same trace");
                pair.b.settle()?;
                let (va, vb) = (victim(&ev), victim(&ref_ev));
                if hit != ref_hit || va != vb {
                    let t = pair.a.position() - 1;
                    let trace = pair.a.trace();
                    self.report.requests += t as u64 + 1;
                    let d = Difference {
                        trace: pair.name.clone(),
                        generator: pair.generator.clone(),
                        frames: pair.frames,
                        request: t as u64 + 1,
                        page: trace.label(crate::trace::page_of(trace.reqs[t])),
                        hit,
                        reference_hit: ref_hit,
                        victim: va.map(|p| trace.label(p)),
                        reference_victim: vb.map(|p| trace.label(p)),
                    };
                    let verdict = self.verdict();
                    verdict.requests += t as u64 + 1;
                    verdict.difference = Some(d.clone());
                    if self.report.difference.is_none() {
                        self.report.difference = Some(d);
                    }
                    self.pair = None;
                    if self.every_trace {
                        self.skip_rest_of_trace();
                    } else {
                        self.done = true;
                    }
                    break;
                }
            }
        }
        Ok(self.done)
    }

    /// The verdict of the trace under way.
    fn verdict(&mut self) -> &mut TraceVerdict {
        self.report.traces.last_mut().expect("a case under way has its trace's verdict")
    }

    /// After a difference: the next case is the next trace's first.
    fn skip_rest_of_trace(&mut self) {
        let i = self.next - 1; // the case that differed
        let mine = self.current.as_ref().map_or(0, |(_, s)| s.len());
        self.next = if i < mine { mine } else { mine + ((i - mine) / SIZES.len() + 1) * SIZES.len() };
    }

    /// Starts the next case; false when none is left.
    fn start_next(&mut self) -> Result<bool, SimError> {
        let i = self.next;
        let mine = self.current.as_ref().map_or(0, |(_, s)| s.len());
        let (name, generator, trace, frames) = if i < mine {
            let (t, sizes) = self.current.as_ref().expect("current sizes");
            ("current".to_string(), None, t.clone(), sizes[i])
        } else if !self.with_suite {
            return Ok(false);
        } else {
            let k = (i - mine) / SIZES.len();
            let cases = suite();
            let Some((name, cfg)) = cases.get(k) else { return Ok(false) };
            if self.generated.as_ref().is_none_or(|(g, _)| *g != k) {
                self.generated = Some((k, CheckTrace::Shared(Rc::new(generate(cfg)?))));
            }
            let t = self.generated.as_ref().expect("generated").1.clone();
            let gen = serde_json::to_value(cfg).expect("configs serialise");
            (name.clone(), Some(gen), t, SIZES[(i - mine) % SIZES.len()])
        };
        let ctx = BuildCtx::of(&trace);
        let a = build(&self.policy.0, frames, &ctx, &self.policy.1)?;
        let b = build(&self.reference.0, frames, &ctx, &self.reference.1)?;
        self.pair = Some(Pair {
            name: name.clone(),
            generator,
            frames,
            a: Session::new(trace.clone(), a, RunOptions::default()),
            b: Session::new(trace, b, RunOptions::default()),
        });
        self.next += 1;
        self.report.cases += 1;
        let first_size = i == 0 || i == mine || (i > mine && (i - mine).is_multiple_of(SIZES.len()));
        if first_size {
            self.report.traces.push(TraceVerdict { trace: name, cases: 0, requests: 0, difference: None });
        }
        self.verdict().cases += 1;
        Ok(true)
    }
}

fn victim(ev: &[Event]) -> Option<u32> {
    ev.iter().find_map(|e| match e {
        Event::Evict { page, .. } => Some(*page),
        _ => None,
    })
}

/// Compares `policy` with `reference` at `frames` on `trace`: the first request where
/// they differ, if any.
pub fn first_difference(
    trace: &Trace,
    policy: (&str, &Value),
    reference: (&str, &Value),
    frames: usize,
) -> Result<Option<Difference>, SimError> {
    let mut c = Checker::new(Some((CheckTrace::Borrowed(trace), vec![frames])), policy, reference);
    c.with_suite = false;
    while !c.advance(u64::MAX)? {}
    Ok(c.report.difference)
}

/// Checks on `current` (if given) at `sizes`, then on the [`suite`] at its sizes;
/// stops at the first difference.
pub fn check(
    current: Option<(&Trace, &[usize])>,
    policy: (&str, &Value),
    reference: (&str, &Value),
) -> Result<CheckReport, SimError> {
    let mut c = Checker::new(current.map(|(t, s)| (CheckTrace::Borrowed(t), s.to_vec())), policy, reference);
    while !c.advance(u64::MAX)? {}
    Ok(c.report)
}

/// As [`check`], but every trace gets its verdict ([`Checker::set_every_trace`]).
pub fn check_every_trace(
    current: Option<(&Trace, &[usize])>,
    policy: (&str, &Value),
    reference: (&str, &Value),
) -> Result<CheckReport, SimError> {
    let mut c = Checker::new(current.map(|(t, s)| (CheckTrace::Borrowed(t), s.to_vec())), policy, reference);
    c.set_every_trace(true);
    while !c.advance(u64::MAX)? {}
    Ok(c.report)
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
        assert!(r.traces.iter().all(|v| v.cases == if v.trace == "current" { 1 } else { SIZES.len() as u32 }));
        // Every trace gets a verdict; the first difference is still the report's.
        let all = check_every_trace(Some((&t, &[3, 4])), ("fifo", &null), ("lru", &null)).unwrap();
        assert_eq!(all.traces.len(), 1 + suite().len());
        assert_eq!(all.difference.as_ref().map(|d| d.request), Some(6));
        assert_eq!((all.traces[0].cases, all.traces[0].difference.as_ref().map(|d| d.frames)), (1, Some(3)));
        assert_eq!(all.requests, all.traces.iter().map(|v| v.requests).sum::<u64>());
        let first = check(Some((&t, &[3])), ("fifo", &null), ("lru", &null)).unwrap();
        assert_eq!(first.traces.len(), 1);
        let d = first_difference(&t, ("fifo", &null), ("lru", &null), 3).unwrap().unwrap();
        // Request 6 (page 3): FIFO evicts 0 (oldest), LRU evicts 1.
        assert_eq!((d.request, d.page.as_str()), (6, "3"));
        assert_eq!((d.victim.as_deref(), d.reference_victim.as_deref()), (Some("0"), Some("1")));
    }

    #[test]
    fn a_check_advanced_a_few_requests_at_a_time_ends_as_one_in_a_go() {
        let t = Trace::reads(&[7, 0, 1, 2, 0, 3, 0, 4, 2, 3, 0, 3, 2, 1, 2, 0, 1, 7, 0, 1]);
        let null = Value::Null;
        for (p, r) in [("lru", "lru"), ("fifo", "clock"), ("clock", "fifo")] {
            let whole = check(Some((&t, &[3, 4])), (p, &null), (r, &null)).unwrap();
            let mut c = Checker::new(Some((CheckTrace::Borrowed(&t), vec![3, 4])), (p, &null), (r, &null));
            let (mut calls, mut seen) = (0, 0);
            while !c.advance(7).unwrap() {
                calls += 1;
                assert!(c.cases() >= seen && c.cases() <= c.total_cases());
                seen = c.cases();
            }
            assert_eq!(c.report(), &whole, "{p} against {r}");
            // Equal policies go through every case, many budgets' worth.
            assert!(p != r || calls > 100, "{p} against {r}: {calls} calls");
        }
    }
}
