//! Helpers for policy unit tests.

use super::{build, BuildCtx, Event, Sink};
use crate::trace::{is_write, page_of};
use crate::{Req, Trace};

/// What a run looked like, step by step.
pub struct Replay {
    pub hits: Vec<bool>,
    /// Pages evicted (original ids), in order.
    pub evicted: Vec<u64>,
    pub writebacks: u64,
    pub policy: Box<dyn super::Policy>,
}

/// Runs `id` over `pages` (original ids, `true` = write) recording evictions.
pub fn replay(id: &str, frames: usize, pages: &[(u64, bool)]) -> Replay {
    let t = Trace::from_pages(pages);
    replay_trace(id, frames, &t, &serde_json::Value::Null)
}

pub fn replay_reads(id: &str, frames: usize, pages: &[u64]) -> Replay {
    replay_trace(id, frames, &Trace::reads(pages), &serde_json::Value::Null)
}

pub fn replay_trace(id: &str, frames: usize, t: &Trace, params: &serde_json::Value) -> Replay {
    let mut policy = build(id, frames, &BuildCtx::of(t), params).expect("builds");
    let mut sink = Sink::recording();
    let mut hits = Vec::new();
    for (i, &r) in t.reqs.iter().enumerate() {
        hits.push(policy.access(Req { t: i, page: page_of(r), write: is_write(r) }, &mut sink));
    }
    let evicted = sink
        .events
        .as_ref()
        .expect("recording")
        .iter()
        .filter_map(|e| match e {
            Event::Evict { page, .. } => Some(t.ids[*page as usize]),
            _ => None,
        })
        .collect();
    Replay { hits, evicted, writebacks: sink.writebacks, policy }
}

impl Replay {
    pub fn misses(&self) -> usize {
        self.hits.iter().filter(|h| !**h).count()
    }
}
