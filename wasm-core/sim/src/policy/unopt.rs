//! UNOPT, OSTEP's pessimal policy (`paging-policy.py -p UNOPT`): on a fault,
//! evict the resident page whose next use comes soonest. Like OPT it reads the
//! whole trace at build time, so requests must arrive in trace order (`Req::t`),
//! and its curve takes a full run per size.
//!
//! Ties occur only among pages never used again, which UNOPT evicts last; among
//! them the page that entered the cache first leaves (OSTEP scans its memory in
//! load order and keeps the first minimum). Snapshot: list "by next use",
//! soonest first (the next victim at the head); status "never again" for pages
//! not used again; `bits` is unused.

use super::entry::{CurveMethod, Group, PolicyEntry};
use super::{Event, List, Policy, Req, Sink, Slot, Snapshot};
use crate::describe::{defaults_of, parse_config, Mark, View, RESIDENT};
use crate::trace::page_of;
use serde::{Deserialize, Serialize};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {}

pub const ENTRY: PolicyEntry = PolicyEntry {
    id: "unopt",
    name: "UNOPT (pessimal)",
    short: "UNOPT",
    group: Group::Textbook,
    curve: CurveMethod::ExactOnly,
    source: "OSTEP ch. 22 homework simulator (paging-policy.py -p UNOPT)",
    summary: "The pessimal offline policy: evicts the page whose next use comes soonest. Needs the whole trace.",
    how: "UNOPT knows the whole trace, like OPT, and does the opposite: on a fault with every frame full, it evicts the page that will be used soonest. Pages never used again are kept, the first loaded leaving first when only they remain. Its miss count bounds every sensible policy from above, as OPT's bounds them from below.",
    params: &[],
    view: View::list(&[RESIDENT, Mark::new("never again", "never used again", "test", "square")]),
    defaults: defaults_of::<Config>,
    build: |frames, ctx, params| {
        let _: Config = parse_config("unopt", params)?;
        Ok(Box::new(Unopt::new(frames, ctx.n_pages, ctx.trace)))
    },
};

const NEVER: u32 = u32::MAX;

#[derive(Clone)]
pub struct Unopt {
    frames: usize,
    /// For each trace position, the position of the same page's next access.
    next: Vec<u32>,
    /// Min-heap of (key, page) for resident pages: the key is the next use, or
    /// `NEVER_BASE + load order` when never used again. Keys at or before now
    /// are stale (their use has come) and are dropped lazily.
    heap: BinaryHeap<Reverse<(u64, u32)>>,
    /// Per page: bit 0 resident, bit 1 dirty.
    state: Vec<u8>,
    resident: usize,
    /// Per page: how many loads came before its own (ties among the never-used-again).
    load_seq: Vec<u64>,
    loads: u64,
    now: u64,
}

const RES: u8 = 1;
const DIRTY: u8 = 2;
const NEVER_BASE: u64 = 1 << 40;

impl Unopt {
    pub fn new(frames: usize, n_pages: u32, trace: &[u32]) -> Unopt {
        let mut next = vec![NEVER; trace.len()];
        let mut last = vec![NEVER; n_pages as usize];
        for t in (0..trace.len()).rev() {
            let p = page_of(trace[t]) as usize;
            next[t] = last[p];
            last[p] = t as u32;
        }
        Unopt {
            frames,
            next,
            heap: BinaryHeap::new(),
            state: vec![0; n_pages as usize],
            resident: 0,
            load_seq: vec![0; n_pages as usize],
            loads: 0,
            now: 0,
        }
    }

    /// The key of `page` requested at `t`: its next use, or its load order
    /// among the pages never used again.
    #[inline]
    fn key(&self, t: usize, page: u32) -> u64 {
        match self.next[t] {
            NEVER => NEVER_BASE + self.load_seq[page as usize],
            n => n as u64,
        }
    }
}

impl Policy for Unopt {
    fn id(&self) -> &'static str {
        "unopt"
    }

    #[inline(always)]
    fn access(&mut self, req: Req, sink: &mut Sink) -> bool {
        let (t, p) = (req.t, req.page);
        debug_assert!(t < self.next.len(), "UNOPT must see the trace it was built on, in order");
        self.now = t as u64;
        let wbit = if req.write { DIRTY } else { 0 };
        if self.state[p as usize] & RES != 0 {
            self.state[p as usize] |= wbit;
            // The page's current key is `t` (this use): it goes stale now.
            self.heap.push(Reverse((self.key(t, p), p)));
            if self.heap.len() > 2 * self.frames + 64 {
                let now = self.now;
                self.heap.retain(|Reverse((k, _))| *k > now);
            }
            return true;
        }
        if self.resident == self.frames {
            let Reverse((k, v)) = loop {
                let top = self.heap.pop().expect("a full cache has keys");
                if top.0 .0 > self.now {
                    break top;
                }
            };
            let dirty = self.state[v as usize] & DIRTY != 0;
            self.state[v as usize] = 0;
            self.resident -= 1;
            sink.evict(
                v,
                dirty,
                if k >= NEVER_BASE {
                    "every resident page is never used again: the first loaded leaves"
                } else {
                    "its next use comes soonest"
                },
            );
        }
        self.state[p as usize] = RES | wbit;
        self.resident += 1;
        self.load_seq[p as usize] = self.loads;
        self.loads += 1;
        self.heap.push(Reverse((self.key(t, p), p)));
        sink.ev(|| Event::Insert { page: p, place: "the cache", slot: None });
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
        let mut keys: Vec<(u64, u32)> =
            self.heap.iter().map(|r| r.0).filter(|&(k, p)| k > self.now && self.state[p as usize] & RES != 0).collect();
        keys.sort_unstable();
        keys.dedup();
        let entries = keys
            .into_iter()
            .map(|(k, p)| {
                Slot::page(
                    p,
                    if k >= NEVER_BASE { "never again" } else { "" },
                    0,
                    self.state[p as usize] & DIRTY != 0,
                    true,
                )
            })
            .collect();
        Snapshot {
            policy: "unopt",
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

    const BOOK: [u64; 20] = [7, 0, 1, 2, 0, 3, 0, 4, 2, 3, 0, 3, 2, 1, 2, 0, 1, 7, 0, 1];

    /// By hand, 3 frames: 7 0 1 fill. 2: next uses 7@17, 0@4, 1@13 → 0 leaves.
    /// 0: 7@17, 1@13, 2@8 → 2 leaves. 3: 7@17, 1@13, 0@6 → 0. 0: 7, 1@13, 3@9 → 3.
    /// 4: 7, 1@13, 0@10 → 0 … every request misses: 20 faults.
    #[test]
    fn textbook_string_misses_every_time() {
        let r = run_reads("unopt", 3, &BOOK);
        assert_eq!(r.misses(), 20);
        assert_eq!(r.evicted, vec![0, 2, 0, 3, 0, 1, 2, 3, 0, 7, 2, 1, 4, 0, 1, 3, 2]);
    }

    /// Pages never used again are kept, the first loaded leaving first among them.
    #[test]
    fn pages_never_used_again_leave_in_load_order() {
        let r = run_reads("unopt", 2, &[5, 6, 7, 8]);
        assert_eq!(r.evicted, vec![5, 6]);
        let r = run_reads("unopt", 2, &[1, 2, 1, 3, 2]);
        // At 3: 1 is never used again, 2 is used next: 2 leaves. At 2: 1 and 3 are
        // both never used again and 1 was loaded first: 1 leaves.
        assert_eq!(r.evicted, vec![2, 1]);
    }
}
