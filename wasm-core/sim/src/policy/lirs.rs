//! LIRS (Jiang & Zhang, SIGMETRICS 2002), as its paper defines it and the
//! CLOCK-Pro paper summarises it: blocks with a small inter-reference recency
//! (LIR) own most of the cache; the rest (HIR) share L_hirs frames. Stack S holds
//! LIR blocks and HIR blocks (resident or not) more recent than the oldest LIR
//! block; list Q holds the resident HIR blocks in eviction order.
//!
//! The paper's three cases: an LIR hit moves the block to S's top (pruning S if it
//! was the bottom). A resident-HIR hit moves it to S's top; if it was in S it
//! turns LIR and S's bottom LIR block turns HIR (to Q's end) and S is pruned;
//! otherwise it stays HIR and moves to Q's end. A miss evicts Q's front (which
//! stays in S as non-resident if it is there), loads the block at S's top, and
//! turns it LIR as above if it was in S, else puts it at Q's end as HIR.
//! Pruning removes HIR blocks from S's bottom until an LIR block is there.
//!
//! Readings:
//! - L_hirs, the HIR frames: `reading` `tables` (the default) takes
//!   ⌊hir_fraction × frames⌋ and at least 2, `text` rounds and takes at least 1;
//!   either way at most frames − 1 when frames ≥ 2. The default 1 % is the
//!   paper's. While the cache is not full new blocks turn LIR until there are
//!   L_lirs of them (the paper's warm-up). With one frame L_lirs = 0: a block
//!   made LIR is at once demoted again.
//! - Non-resident HIR entries: at most `nonresident_ratio` × frames of them stay
//!   in S; past the bound the entry that became non-resident earliest leaves S
//!   (FIFO, O(1)), not necessarily the lowest one. The default, 2500, is the
//!   LIRS authors' simulator's bound on S (2500 × the cache): in effect none, as
//!   the paper's text has none. libCacheSim bounds S, resident entries
//!   included, at 2 × the cache (dropping its oldest non-resident entries);
//!   `nonresident_ratio` 1 comes to about that, and then the two agree within
//!   0.01 pp on the ARC paper's traces (OLTP at 1,000, 5,000 and 15,000
//!   frames: −0.003, −0.001, −0.003 pp; with the default −0.23, −0.18, −0.01).
//! - Immediate repeats, which the authors' simulator counts as hits that change
//!   nothing, are the run-level option *Collapse immediate repeats*
//!   (`--collapse-repeats`), not a parameter of this policy.
//!
//! Snapshot: list "S" top first (status "LIR", "HIR", or "ghost" for non-resident
//! HIR with resident = false), list "Q" front (next victim) first. A resident HIR
//! block in S appears in both. Gauge "LIR" (value LIR count, target L_lirs).

use super::entry::{CurveMethod, Group, PolicyEntry, Reading, READING};
use super::{Event, Gauge, List, Policy, Req, Sink, Slot, Snapshot};
use crate::collections::{DList, Links};
use crate::describe::{defaults_of, parse_config, Mark, Param, View, GHOST};
use crate::error::SimError;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Frames for HIR blocks as a fraction of the cache (at least one frame).
    pub hir_fraction: f64,
    /// Most non-resident HIR entries kept in S, as a multiple of the frames.
    pub nonresident_ratio: f64,
    /// `tables` (default) or `text`: see the module documentation.
    pub reading: Reading,
}

impl Default for Config {
    fn default() -> Self {
        Config { hir_fraction: 0.01, nonresident_ratio: MAX_RATIO, reading: Reading::Tables }
    }
}

impl Config {
    /// L_hirs: ⌊hir_fraction × frames⌋ and at least 2 (tables), or rounded
    /// and at least 1 (text); never all the frames when there are two or more.
    pub fn hir_frames(&self, frames: usize) -> usize {
        let x = self.hir_fraction * frames as f64;
        let (n, least) = match self.reading {
            Reading::Tables => (x.floor() as usize, 2),
            Reading::Text => (x.round() as usize, 1),
        };
        n.max(least).min(frames.saturating_sub(1).max(1))
    }
    /// The bound on non-resident entries (at least 1).
    pub fn max_nonresident(&self, frames: usize) -> usize {
        ((self.nonresident_ratio * frames as f64).round() as usize).max(1)
    }
    fn validate(&self) -> Result<(), SimError> {
        if !(0.0..=1.0).contains(&self.hir_fraction) {
            return Err(SimError::config("lirs hir_fraction", format!("must be in [0, 1], got {}", self.hir_fraction)));
        }
        if !(0.0..=MAX_RATIO).contains(&self.nonresident_ratio) {
            return Err(SimError::config(
                "lirs nonresident_ratio",
                format!("must be in [0, {MAX_RATIO}] times the frames, got {}", self.nonresident_ratio),
            ));
        }
        Ok(())
    }
}

pub const ENTRY: PolicyEntry = PolicyEntry {
    id: "lirs",
    name: "LIRS",
    short: "LIRS",
    group: Group::Adaptive,
    curve: CurveMethod::Sampled,
    source: "LIRS, as the CLOCK-Pro paper describes it",
    summary:
        "Low Inter-reference Recency Set: ranks blocks by reuse distance; HIR blocks share a small part of the cache.",
    how: "Blocks with a small inter-reference recency are LIR and hold most of the cache; the rest are HIR. The stack S orders blocks by recency and keeps non-resident HIR blocks while they are recent; the queue Q holds the resident HIR blocks, which are the only candidates for eviction. A HIR block referenced while still in S becomes LIR, and the LIR block at the bottom of S becomes HIR. Stack pruning keeps an LIR block at the bottom of S.",
    params: &[
        Param::number("hir_fraction", "HIR part", 0.0, 1.0, "of the frames", "Frames for resident HIR blocks as a fraction of the cache (at least one frame)."),
        Param::number("nonresident_ratio", "Non-resident bound", 0.0, MAX_RATIO, "× frames", "Most non-resident HIR entries kept in S, as a multiple of the frames; the default is the authors' simulator's (practically unbounded)."),
        READING,
    ],
    view: View::list(&[Mark::new("LIR", "LIR", "hot", "square"), Mark::new("HIR", "HIR", "cold", "circle"), GHOST]),
    defaults: defaults_of::<Config>,
    build: |frames, ctx, params| {
        let c: Config = parse_config("lirs", params)?;
        c.validate()?;
        Ok(Box::new(Lirs::new(frames, ctx.n_pages, c.hir_frames(frames), c.max_nonresident(frames))))
    },
};

/// The authors' simulator's bound on S, which the paper's text does not bound:
/// in effect none (S can never hold more entries than the trace has pages).
const MAX_RATIO: f64 = 2500.0;

const IN_S: u8 = 1;
const RES: u8 = 2;
const LIR: u8 = 4;
const DIRTY: u8 = 8;

#[derive(Clone)]
pub struct Lirs {
    frames: usize,
    l_lirs: usize,
    max_ghosts: usize,
    lir: usize,
    /// Stack S, front = top.
    s: DList,
    s_l: Links,
    /// List Q, front = next victim.
    q: DList,
    q_l: Links,
    /// Non-resident HIR entries in the order they became non-resident.
    ghosts: DList,
    g_l: Links,
    st: Vec<u8>,
}

impl Lirs {
    pub fn new(frames: usize, n_pages: u32, hir_frames: usize, max_ghosts: usize) -> Lirs {
        let n = n_pages as usize;
        Lirs {
            frames,
            l_lirs: frames - hir_frames.min(frames),
            max_ghosts: max_ghosts.max(1),
            lir: 0,
            s: DList::new(),
            s_l: Links::new(n),
            q: DList::new(),
            q_l: Links::new(n),
            ghosts: DList::new(),
            g_l: Links::new(n),
            st: vec![0; n],
        }
    }

    pub fn nonresident(&self) -> usize {
        self.ghosts.len()
    }

    fn push_top(&mut self, x: u32) {
        if self.st[x as usize] & IN_S != 0 {
            self.s.move_to_front(&mut self.s_l, x);
        } else {
            self.s.push_front(&mut self.s_l, x);
            self.st[x as usize] |= IN_S;
        }
    }

    fn prune(&mut self, sink: &mut Sink) {
        while let Some(b) = self.s.back() {
            let s = self.st[b as usize];
            if s & LIR != 0 {
                break;
            }
            self.s.remove(&mut self.s_l, b);
            self.st[b as usize] &= !IN_S;
            if s & RES == 0 {
                self.ghosts.remove(&mut self.g_l, b);
                self.st[b as usize] = 0;
                sink.ev(|| Event::Ghost { page: b, list: "S", action: "dropped" });
            } else {
                sink.ev(|| Event::Move { page: b, from: "S", to: "Q", why: "stack pruning: only in Q now" });
            }
        }
    }

    /// Makes `x` (at S's top, not in Q) LIR, demoting S's bottom LIR blocks while
    /// there are more than L_lirs.
    fn make_lir(&mut self, x: u32, sink: &mut Sink) {
        self.st[x as usize] |= LIR;
        self.lir += 1;
        sink.ev(|| Event::Status { page: x, from: "HIR", to: "LIR", why: "re-accessed while in stack S" });
        while self.lir > self.l_lirs {
            self.prune(sink);
            let Some(b) = self.s.back() else { break };
            self.s.remove(&mut self.s_l, b);
            self.st[b as usize] &= !(IN_S | LIR);
            self.lir -= 1;
            self.q.push_back(&mut self.q_l, b);
            sink.ev(|| Event::Status { page: b, from: "LIR", to: "HIR", why: "bottom of stack S" });
            self.prune(sink);
        }
    }

    fn evict_q_front(&mut self, sink: &mut Sink) {
        let Some(v) = self.q.pop_front(&mut self.q_l) else {
            debug_assert!(false, "a full cache has resident HIR blocks");
            return;
        };
        let s = self.st[v as usize];
        sink.evict(v, s & DIRTY != 0, "front of Q (resident HIR)");
        if s & IN_S != 0 {
            self.st[v as usize] = IN_S;
            self.ghosts.push_back(&mut self.g_l, v);
            sink.ev(|| Event::Ghost { page: v, list: "S", action: "added" });
            if self.ghosts.len() > self.max_ghosts {
                let g = self.ghosts.pop_front(&mut self.g_l).expect("non-empty");
                self.s.remove(&mut self.s_l, g);
                self.st[g as usize] = 0;
                sink.ev(|| Event::Ghost { page: g, list: "S", action: "dropped" });
            }
        } else {
            self.st[v as usize] = 0;
        }
    }
}

impl Policy for Lirs {
    fn id(&self) -> &'static str {
        "lirs"
    }

    #[inline(always)]
    fn access(&mut self, req: Req, sink: &mut Sink) -> bool {
        let x = req.page;
        let wbit = if req.write { DIRTY } else { 0 };
        let s = self.st[x as usize];
        if s & LIR != 0 {
            let was_bottom = self.s.back() == Some(x);
            self.s.move_to_front(&mut self.s_l, x);
            self.st[x as usize] |= wbit;
            sink.ev(|| Event::Move { page: x, from: "S", to: "S top", why: "LIR hit" });
            if was_bottom {
                self.prune(sink);
            }
            return true;
        }
        if s & RES != 0 {
            self.st[x as usize] |= wbit;
            self.push_top(x);
            self.q.remove(&mut self.q_l, x);
            if s & IN_S != 0 {
                self.make_lir(x, sink);
            } else {
                self.q.push_back(&mut self.q_l, x);
                sink.ev(|| Event::Move { page: x, from: "Q", to: "Q end", why: "HIR hit outside S: stays HIR" });
            }
            return true;
        }
        if s & IN_S != 0 {
            // Out of the ghosts' queue first, so that the eviction this fault
            // causes cannot drop the faulting block's own entry in S.
            self.ghosts.remove(&mut self.g_l, x);
        }
        let resident = self.lir + self.q.len();
        if resident == self.frames {
            self.evict_q_front(sink);
        }
        let s = self.st[x as usize];
        if s & IN_S != 0 {
            // A non-resident HIR block still in S: its new IRR beats S's bottom LIR.
            sink.ev(|| Event::Ghost { page: x, list: "S", action: "hit" });
            self.st[x as usize] = IN_S | RES | wbit;
            self.push_top(x);
            sink.ev(|| Event::Insert { page: x, place: "S top", slot: None });
            self.make_lir(x, sink);
        } else if resident < self.frames && self.lir < self.l_lirs {
            self.st[x as usize] = RES | LIR | wbit;
            self.lir += 1;
            self.push_top(x);
            sink.ev(|| Event::Insert { page: x, place: "S top", slot: None });
            sink.ev(|| Event::Status { page: x, from: "new", to: "LIR", why: "warm-up: LIR set not yet full" });
        } else {
            self.st[x as usize] = RES | wbit;
            self.push_top(x);
            self.q.push_back(&mut self.q_l, x);
            sink.ev(|| Event::Insert { page: x, place: "S top, Q end", slot: None });
        }
        false
    }

    fn resident(&self) -> usize {
        self.lir + self.q.len()
    }
    fn capacity(&self) -> usize {
        self.frames
    }
    fn contains(&self, page: u32) -> bool {
        self.st.get(page as usize).is_some_and(|s| s & RES != 0)
    }
    fn mark_dirty(&mut self, page: u32) -> bool {
        self.st[page as usize] |= DIRTY;
        true
    }

    fn flush(&mut self, sink: &mut Sink) {
        let pages: Vec<u32> = self.s.iter(&self.s_l).chain(self.q.iter(&self.q_l)).collect();
        for x in pages {
            if self.st[x as usize] & (RES | DIRTY) == RES | DIRTY {
                self.st[x as usize] &= !DIRTY;
                sink.clean(x, "final flush");
            }
        }
    }

    fn snapshot(&self) -> Snapshot {
        let slot = |x: u32| {
            let s = self.st[x as usize];
            let status = if s & LIR != 0 {
                "LIR"
            } else if s & RES != 0 {
                "HIR"
            } else {
                "ghost"
            };
            Slot::page(x, status, 0, s & DIRTY != 0, s & RES != 0)
        };
        Snapshot {
            policy: "lirs",
            capacity: self.frames as u32,
            resident: self.resident() as u32,
            lists: vec![
                List { name: "S", entries: self.s.iter(&self.s_l).map(slot).collect() },
                List { name: "Q", entries: self.q.iter(&self.q_l).map(slot).collect() },
            ],
            gauges: vec![Gauge { name: "LIR", value: self.lir as f64, target: Some(self.l_lirs as f64) }],
            ..Snapshot::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lists(l: &Lirs) -> Vec<Vec<(u32, &'static str)>> {
        l.snapshot().lists.iter().map(|x| x.entries.iter().map(|e| (e.page.unwrap(), e.status)).collect()).collect()
    }

    #[test]
    fn hand_worked_trace_with_three_frames() {
        // 3 frames: L_lirs = 2, L_hirs = 1, at most 3 non-resident entries.
        let mut l = Lirs::new(3, 8, 1, 3);
        let mut sink = Sink::recording();
        let mut step = |l: &mut Lirs, x: u32| l.access(Req { t: 0, page: x, write: false }, &mut sink);
        // 0 1 turn LIR (warm-up), 2 is HIR; 3 evicts 2 (non-resident, still in S).
        assert_eq!([0, 1, 2, 3].map(|x| step(&mut l, x)), [false; 4]);
        assert_eq!(lists(&l), vec![vec![(3, "HIR"), (2, "ghost"), (1, "LIR"), (0, "LIR")], vec![(3, "HIR")]]);
        // 2 faults while in S: evicts 3 (non-resident in S), turns LIR; bottom LIR 0
        // turns HIR and goes to Q; no HIR blocks left under 1, so nothing is pruned.
        assert!(!step(&mut l, 2));
        assert_eq!(lists(&l), vec![vec![(2, "LIR"), (3, "ghost"), (1, "LIR")], vec![(0, "HIR")]]);
        // 1 (LIR, bottom) hits: to the top, pruning drops ghost 3.
        assert!(step(&mut l, 1));
        assert_eq!(lists(&l), vec![vec![(1, "LIR"), (2, "LIR")], vec![(0, "HIR")]]);
        // 0 (resident HIR, not in S) hits: top of S, end of Q, stays HIR.
        assert!(step(&mut l, 0));
        assert_eq!(lists(&l), vec![vec![(0, "HIR"), (1, "LIR"), (2, "LIR")], vec![(0, "HIR")]]);
        // 0 again, now in S: turns LIR; bottom 2 turns HIR.
        assert!(step(&mut l, 0));
        assert_eq!(lists(&l), vec![vec![(0, "LIR"), (1, "LIR")], vec![(2, "HIR")]]);
        let ev = sink.events.unwrap();
        assert!(ev.contains(&Event::Ghost { page: 3, list: "S", action: "dropped" }));
        assert!(ev.contains(&Event::Status { page: 2, from: "LIR", to: "HIR", why: "bottom of stack S" }));
    }

    #[test]
    fn the_eviction_a_fault_causes_never_drops_the_faulting_blocks_own_entry() {
        // One non-resident entry allowed. 0 1 LIR, 2 HIR; 3 evicts 2 (ghost [2]).
        // 2 faults: evicting 3 makes 3 a ghost and the bound drops the oldest
        // ghost, which must not be 2's own entry: 2 is still in S, so it turns LIR.
        let mut l = Lirs::new(3, 4, 1, 1);
        let mut sink = Sink::recording();
        for x in [0, 1, 2, 3, 2] {
            l.access(Req { t: 0, page: x, write: false }, &mut sink);
        }
        assert_eq!(lists(&l), vec![vec![(2, "LIR"), (3, "ghost"), (1, "LIR")], vec![(0, "HIR")]]);
        assert!(sink.events.unwrap().contains(&Event::Ghost { page: 2, list: "S", action: "hit" }));
    }

    #[test]
    fn collapsed_repeats_keep_a_run_from_making_lir() {
        for (on, s_list) in [(false, vec![(2, "LIR"), (1, "LIR")]), (true, vec![(2, "HIR"), (1, "LIR"), (0, "LIR")])] {
            let t = crate::trace::Trace::reads(&[0, 1, 2, 2]);
            let opts = crate::sim::RunOptions { collapse_repeats: on, ..crate::sim::RunOptions::default() };
            let mut s = crate::sim::Session::new(&t, Box::new(Lirs::new(3, 3, 1, 3)), opts);
            let hits: Vec<bool> = std::iter::from_fn(|| s.step_traced().map(|x| x.0)).collect();
            assert_eq!(hits, vec![false, false, false, true]);
            let snap = s.snapshot();
            let top: Vec<_> = snap.lists[0].entries.iter().map(|e| (e.page.unwrap(), e.status)).collect();
            assert_eq!(top, s_list, "collapse_repeats {on}");
        }
    }

    #[test]
    fn nonresident_entries_are_bounded_and_one_frame_works() {
        let mut l = Lirs::new(4, 100, 1, 8);
        let mut sink = Sink::counting();
        for t in 0..400usize {
            // Two LIR pages kept hot, a scan through the rest.
            let x = if t % 2 == 0 { (t / 2 % 3) as u32 } else { 3 + (t as u32 % 97) };
            l.access(Req { t, page: x, write: false }, &mut sink);
            assert!(l.nonresident() <= 8);
            assert!(l.resident() <= 4);
        }
        let mut one = Lirs::new(1, 4, 1, 1);
        let hits: Vec<bool> =
            [0u32, 0, 1, 1, 0].iter().map(|&x| one.access(Req { t: 0, page: x, write: false }, &mut sink)).collect();
        assert_eq!(hits, vec![false, true, false, true, false]);
        assert_eq!(one.resident(), 1);
    }
}
