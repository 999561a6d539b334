//! Helpers shared by the policy tests: build a policy over a small trace and
//! replay it, collecting hits and evictions.

use super::{build, BuildCtx, Event, Policy, Req, Sink};
use crate::Trace;
use serde_json::Value;

pub struct Replay {
    pub policy: Box<dyn Policy>,
    pub trace: Trace,
}

/// `reqs` are (original page id, write). Dense ids follow first appearance.
pub fn replay(id: &str, frames: usize, params: Value, reqs: &[(u64, bool)]) -> (Replay, Vec<bool>, Vec<(u64, bool)>, Sink) {
    let trace = Trace::from_pages(reqs);
    let ctx = BuildCtx { n_pages: trace.distinct(), trace: &trace.reqs, ids: &trace.ids };
    let mut policy = build(id, frames, &ctx, &params).unwrap();
    let mut sink = Sink::recording();
    let mut hits = Vec::new();
    for (t, &r) in trace.reqs.iter().enumerate() {
        let req = Req { t, page: crate::trace::page_of(r), write: crate::trace::is_write(r) };
        hits.push(policy.access(req, &mut sink));
        assert!(policy.resident() <= policy.capacity(), "{id}: resident above capacity at t={t}");
    }
    let ev = evictions(&sink, &trace);
    (Replay { policy, trace }, hits, ev, sink)
}

/// Evicted pages as (original id, dirty), in order.
pub fn evictions(sink: &Sink, trace: &Trace) -> Vec<(u64, bool)> {
    sink.events
        .as_ref()
        .unwrap()
        .iter()
        .filter_map(|e| match e {
            Event::Evict { page, dirty, .. } => Some((trace.ids[*page as usize], *dirty)),
            _ => None,
        })
        .collect()
}

pub fn r(p: u64) -> (u64, bool) {
    (p, false)
}
pub fn w(p: u64) -> (u64, bool) {
    (p, true)
}

/// A random trace of `n` requests over `pages` pages with the given write share.
pub fn random_trace(seed: u64, n: usize, pages: u64, write_share: f64) -> Vec<(u64, bool)> {
    let mut rng = crate::rng::Rng::new(seed);
    (0..n)
        .map(|_| {
            // Skewed: half the requests go to a tenth of the pages.
            let p = if rng.next_f64() < 0.5 { rng.below(pages / 10 + 1) } else { rng.below(pages) };
            (p, rng.next_f64() < write_share)
        })
        .collect()
}

/// Runs a whole trace counting only; returns (hits, write-backs).
pub fn count(id: &str, frames: usize, params: Value, reqs: &[(u64, bool)]) -> (u64, u64) {
    let trace = Trace::from_pages(reqs);
    let ctx = BuildCtx { n_pages: trace.distinct(), trace: &trace.reqs, ids: &trace.ids };
    let mut policy = build(id, frames, &ctx, &params).unwrap();
    let mut sink = Sink::counting();
    let hits = policy.run_chunk(&trace.reqs, 0, &mut sink);
    (hits, sink.writebacks)
}
