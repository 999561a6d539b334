//! Helpers shared by the policy tests: build a policy over a small trace and
//! replay it, collecting hits and evictions.

use super::{build, BuildCtx, Event, Policy, Req, Sink};
use crate::trace::Trace;
use serde_json::Value;

/// A plain trace of `n` lines from a fixed generator: pages spread over about
/// `spread` × 1–3 ids and drifting upward by one every `drift` lines (new pages
/// keep coming), every `writes`-th line a write.
pub fn plain_text(n: u64, spread: u64, drift: u64, writes: u64) -> String {
    let mut text = String::new();
    let mut x = 7u64;
    for i in 0..n {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let page = (x >> 33) % spread * ((x >> 20) % 3 + 1) + i / drift;
        text.push_str(&format!("{page}{}\n", if i % writes == 0 { " W" } else { "" }));
    }
    text
}

pub struct Replay {
    pub policy: Box<dyn Policy>,
    pub trace: Trace,
}

/// `reqs` are (original page id, write). Dense ids follow first appearance.
pub fn replay(
    id: &str,
    frames: usize,
    params: Value,
    reqs: &[(u64, bool)],
) -> (Replay, Vec<bool>, Vec<(u64, bool)>, Sink) {
    let trace = Trace::from_pages(reqs);
    let ctx = BuildCtx { n_pages: trace.distinct(), trace: &trace.reqs, ids: &trace.ids, devices: false, keyed: false };
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

/// A whole run in brief: hits, evicted pages (original ids, in order), write-backs
/// and the policy as the run left it.
pub struct Run {
    pub hits: Vec<bool>,
    pub evicted: Vec<u64>,
    pub writebacks: u64,
    pub policy: Box<dyn Policy>,
}

impl Run {
    pub fn misses(&self) -> usize {
        self.hits.iter().filter(|h| !**h).count()
    }
}

/// Runs `id` with default parameters over (original id, write) requests.
pub fn run(id: &str, frames: usize, reqs: &[(u64, bool)]) -> Run {
    let (rp, hits, ev, sink) = replay(id, frames, Value::Null, reqs);
    Run { hits, evicted: ev.into_iter().map(|e| e.0).collect(), writebacks: sink.writebacks, policy: rp.policy }
}

/// Runs `id` with default parameters over reads of `pages`.
pub fn run_reads(id: &str, frames: usize, pages: &[u64]) -> Run {
    run(id, frames, &pages.iter().map(|&p| (p, false)).collect::<Vec<_>>())
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
    let ctx = BuildCtx { n_pages: trace.distinct(), trace: &trace.reqs, ids: &trace.ids, devices: false, keyed: false };
    let mut policy = build(id, frames, &ctx, &params).unwrap();
    let mut sink = Sink::counting();
    let hits = policy.run_chunk(&trace.reqs, 0, &mut sink);
    (hits, sink.writebacks)
}

/// The flash-aware policies, as the registry groups them.
pub fn flash_policies() -> impl Iterator<Item = &'static super::PolicyEntry> {
    super::POLICIES.iter().filter(|e| e.group == super::Group::Flash)
}

#[test]
fn flash_policies_refuse_unknown_fields_and_flush_exactly_the_dirty_pages() {
    let t = Trace::reads(&[1, 2]);
    let ctx = BuildCtx { n_pages: t.distinct(), trace: &t.reqs, ids: &t.ids, devices: false, keyed: false };
    for id in flash_policies().map(|e| e.id) {
        let e = build(id, 2, &ctx, &serde_json::json!({"bogus": 1})).err().unwrap().to_string();
        assert!(e.contains(&format!("{id} parameters")) && e.contains("bogus"), "{e}");
    }
    let reqs = random_trace(9, 3000, 120, 0.5);
    for e in flash_policies() {
        let id = e.id;
        for frames in [1, 7, 40] {
            let params = match e.view.block_param {
                Some(key) => serde_json::json!({ key: 4 }),
                None => Value::Null,
            };
            let (mut rp, _, _, _) = replay(id, frames, params, &reqs);
            let snap = rp.policy.snapshot();
            let mut dirty: Vec<u32> = snap
                .rings
                .iter()
                .flat_map(|r| r.slots.iter())
                .chain(snap.lists.iter().flat_map(|l| l.entries.iter()))
                .filter(|s| s.dirty && s.resident)
                .map(|s| s.page.unwrap())
                .collect();
            dirty.sort();
            dirty.dedup();
            assert!(!dirty.is_empty(), "{id}/{frames}: the trace leaves dirty pages");
            let mut sink = Sink::counting();
            rp.policy.flush(&mut sink);
            assert_eq!(sink.writebacks as usize, dirty.len(), "{id}/{frames}");
            let mut again = Sink::counting();
            rp.policy.flush(&mut again);
            assert_eq!(again.writebacks, 0, "{id}/{frames}");
            assert!(rp.policy.resident() <= frames && rp.policy.resident() > 0);
            // The structures stay usable after the flush.
            for (t, &r) in rp.trace.reqs.iter().enumerate().take(500) {
                let req = Req { t, page: crate::trace::page_of(r), write: crate::trace::is_write(r) };
                rp.policy.access(req, &mut again);
                assert!(rp.policy.resident() <= frames, "{id}/{frames}");
            }
        }
    }
}
