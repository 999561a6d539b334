//! OPT (Belady's MIN): on a fault, evict the resident page whose next use lies
//! farthest in the future (never again counts as farthest). It reads the whole
//! trace at build time, so requests must arrive in trace order (`Req::t`).
//!
//! Among pages never used again the one with the highest dense id goes first
//! (any choice gives the same hit count). Snapshot: list "by next use",
//! farthest first; `bits` is unused.

use super::entry::{CurveMethod, Group, PolicyEntry};
use super::{Event, List, Policy, Req, Sink, Slot, Snapshot};
use crate::describe::{defaults_of, parse_config, Mark, View, RESIDENT};
use crate::trace::page_of;
use serde::{Deserialize, Serialize};
use std::collections::BinaryHeap;

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {}

pub const ENTRY: PolicyEntry = PolicyEntry {
    id: "opt",
    name: "OPT (Belady)",
    short: "OPT",
    group: Group::Classic,
    curve: CurveMethod::ExactOnly,
    source: "Belady (1966)",
    summary: "Optimal offline policy: evicts the page used farthest in the future. Needs the whole trace.",
    how: "Belady's MIN knows the whole trace. On a fault with every frame full, it evicts the page whose next use lies farthest in the future, or a page never used again. No policy can fault less, so it is the bound the others are measured against.",
    params: &[],
    view: View::list(&[RESIDENT, Mark::new("never again", "never used again", "test", "square")]),
    defaults: defaults_of::<Config>,
    build: |frames, ctx, params| {
        let _: Config = parse_config("opt", params)?;
        if ctx.trace.len() as u64 + ctx.n_pages as u64 >= NEVER as u64 {
            return Err(crate::error::SimError::config(
                "opt",
                "traces of over 4 billion requests and pages are not supported",
            ));
        }
        Ok(Box::new(Opt::new(frames, ctx.n_pages, ctx.trace)))
    },
};

const NEVER: u32 = u32::MAX;

#[derive(Clone)]
pub struct Opt {
    frames: usize,
    /// For each trace position, the position of the same page's next access.
    next: Vec<u32>,
    /// Resident pages by their key, `key << 32 | page`: the key is the next-use
    /// time, or `len + page` when never used again (the build refuses traces
    /// where keys would not fit in u32). Keys are unique, so the page beside one
    /// changes no order; it saves looking the evicted page up in the trace (a
    /// cache miss per eviction). Entries whose time has passed are stale and are
    /// dropped lazily.
    heap: BinaryHeap<u64>,
    /// Per page: bit 0 resident, bit 1 dirty.
    state: Vec<u8>,
    resident: usize,
    now: usize,
}

const RES: u8 = 1;
const DIRTY: u8 = 2;

impl Opt {
    pub fn new(frames: usize, n_pages: u32, trace: &[u32]) -> Opt {
        let mut next = vec![NEVER; trace.len()];
        let mut last = vec![NEVER; n_pages as usize];
        for t in (0..trace.len()).rev() {
            let p = page_of(trace[t]) as usize;
            next[t] = last[p];
            last[p] = t as u32;
        }
        Opt {
            frames,
            next,
            heap: BinaryHeap::with_capacity(2 * frames + 64),
            state: vec![0; n_pages as usize],
            resident: 0,
            now: 0,
        }
    }

    #[inline]
    fn key(&self, t: usize, page: u32) -> u32 {
        match self.next[t] {
            NEVER => self.next.len() as u32 + page,
            n => n,
        }
    }

    #[inline]
    fn entry(key: u32, page: u32) -> u64 {
        (key as u64) << 32 | page as u64
    }
}

impl Policy for Opt {
    fn id(&self) -> &'static str {
        "opt"
    }

    #[inline(always)]
    fn access(&mut self, req: Req, sink: &mut Sink) -> bool {
        let (t, p) = (req.t, req.page);
        debug_assert!(t < self.next.len(), "OPT must see the trace it was built on, in order");
        self.now = t;
        let key = self.key(t, p);
        let s = self.state[p as usize];
        let wbit = if req.write { DIRTY } else { 0 };
        if s & RES != 0 {
            self.state[p as usize] |= wbit;
            self.heap.push(Self::entry(key, p));
            if self.heap.len() > 2 * self.frames + 64 {
                let n = self.next.len() as u32;
                self.heap.retain(|&e| (e >> 32) as u32 >= n || (e >> 32) as u32 > t as u32);
            }
            return true;
        }
        if self.resident == self.frames {
            // Valid keys are all later than `t`; stale ones earlier, so the max is valid.
            let e = self.heap.pop().expect("full cache has keys");
            let (k, v) = ((e >> 32) as u32, e as u32);
            let dirty = self.state[v as usize] & DIRTY != 0;
            self.state[v as usize] = 0;
            self.resident -= 1;
            sink.evict(
                v,
                dirty,
                if k >= self.next.len() as u32 { "never used again" } else { "next use farthest away" },
            );
        }
        self.state[p as usize] = RES | wbit;
        self.resident += 1;
        self.heap.push(Self::entry(key, p));
        sink.ev(|| Event::Insert { page: p, place: "in the cache, ranked by its next use", slot: None });
        false
    }

    fn resident(&self) -> usize {
        self.resident
    }
    fn capacity(&self) -> usize {
        self.frames
    }
    fn contains(&self, page: u32) -> bool {
        self.state.get(page as usize).is_some_and(|s| s & RES != 0)
    }
    fn sees_every_request(&self) -> bool {
        true
    }

    fn flush(&mut self, sink: &mut Sink) {
        for p in 0..self.state.len() {
            if self.state[p] & (RES | DIRTY) == RES | DIRTY {
                self.state[p] &= !DIRTY;
                sink.clean(p as u32, "final flush");
            }
        }
    }

    fn snapshot(&self) -> Snapshot {
        let n = self.next.len() as u32;
        let live = |k: u32| k >= n || k > self.now as u32;
        let mut keys: Vec<u64> = self.heap.iter().copied().filter(|&e| live((e >> 32) as u32)).collect();
        keys.sort_unstable_by(|a, b| b.cmp(a));
        keys.dedup();
        let entries = keys
            .into_iter()
            .map(|e| {
                let (k, p) = ((e >> 32) as u32, e as u32);
                Slot::page(p, if k >= n { "never again" } else { "" }, 0, self.state[p as usize] & DIRTY != 0, true)
            })
            .collect();
        Snapshot {
            policy: "opt",
            capacity: self.frames as u32,
            resident: self.resident as u32,
            lists: vec![List { name: "by next use", entries }],
            ..Snapshot::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testutil::run_reads;
    use proptest::prelude::*;

    #[test]
    fn textbook_string_gives_nine_faults() {
        let r = run_reads("opt", 3, &[7, 0, 1, 2, 0, 3, 0, 4, 2, 3, 0, 3, 2, 1, 2, 0, 1, 7, 0, 1]);
        assert_eq!(r.misses(), 9);
        assert_eq!(&r.evicted[..3], &[7, 1, 0]);
    }

    /// Fewest misses over every possible choice of victim (exhaustive search).
    fn brute_force(pages: &[u64], frames: usize) -> usize {
        fn go(pages: &[u64], frames: usize, cache: &mut Vec<u64>) -> usize {
            let Some((&p, rest)) = pages.split_first() else { return 0 };
            if cache.contains(&p) {
                return go(rest, frames, cache);
            }
            if cache.len() < frames {
                cache.push(p);
                let m = 1 + go(rest, frames, cache);
                cache.pop();
                return m;
            }
            let mut best = usize::MAX;
            for i in 0..cache.len() {
                let old = std::mem::replace(&mut cache[i], p);
                best = best.min(1 + go(rest, frames, cache));
                cache[i] = old;
            }
            best
        }
        go(pages, frames, &mut Vec::new())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        #[test]
        fn opt_misses_equal_the_exhaustive_minimum(pages in prop::collection::vec(0u64..6, 1..13), frames in 1usize..4) {
            prop_assert_eq!(run_reads("opt", frames, &pages).misses(), brute_force(&pages, frames));
        }
    }
}
