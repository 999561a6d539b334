//! Victim selection for cleaning (DAC's three policies plus FIFO) over the set
//! of *candidate* blocks an FTL hands in (full, closed blocks).
//!
//! Formulas as DAC states them, u = valid pages / pages per block:
//! - greedy: the most invalid pages. Candidates sit in buckets by invalid
//!   count (intrusive lists), so picking is O(1) amortised, not a scan.
//! - cost-benefit: maximise a·(1−u)/2u exactly as the paper writes it, a =
//!   host-write clock now minus the host write of the block's youngest data
//!   ("time since the most recent modification": we read modification as a
//!   host writing data into the block; invalidations are not writes to it, and
//!   a cleaning copy keeps its data's age). u = 0 (nothing valid: free space
//!   at no cost) scores +∞; a = 0 scores 0.
//! - CAT: minimise u/((1−u)·a)·t with t the block's erase count. The paper's t
//!   makes every never-erased block score 0 (a tie among all of them), so we
//!   use t+1, and a+1 so a block written this very instant is not a division
//!   by zero (CAT only). Ties go to the block with more invalid pages.
//! - FIFO: the block closed earliest.
//!
//! For the page FTL a victim must hold at least one invalid page (cleaning a
//! fully valid block reclaims nothing; every policy's formula treats u = 1 as
//! worthless anyway); FAST's log reclamation accepts any full log block.

use super::nand::Nand;
use crate::collections::{DList, Links};
use crate::describe::registry::find;
use crate::describe::Entry;

/// A cleaning policy as the list names it; `policy` is None for `auto`, the
/// FTL's own (see [`GcPolicy::for_ftl`]).
pub struct CleaningEntry {
    pub id: &'static str,
    pub name: &'static str,
    pub summary: &'static str,
    pub policy: Option<GcPolicy>,
}

impl Entry for CleaningEntry {
    const KIND: &'static str = "GC policy";
    fn id(&self) -> &'static str {
        self.id
    }
}

/// The cleaning (victim-selection) policies, in the order the catalogue shows them.
pub const CLEANING: &[CleaningEntry] = &[
    CleaningEntry {
        id: "auto",
        name: "The FTL's own",
        summary: "Greedy for the page FTL; round-robin (FIFO) for FAST's log blocks, as in FAST's paper.",
        policy: None,
    },
    CleaningEntry {
        id: "greedy",
        name: "Greedy",
        summary: "Cleans the block with the fewest valid pages: the least copying now.",
        policy: Some(GcPolicy::Greedy),
    },
    CleaningEntry {
        id: "cost-benefit",
        name: "Cost-benefit",
        summary:
            "Cleans the block with the best age × (1 − u) / 2u: old, mostly invalid blocks first (DAC's cleaning).",
        policy: Some(GcPolicy::CostBenefit),
    },
    CleaningEntry {
        id: "cat",
        name: "CAT",
        summary: "Cost-age-times: weighs cost-benefit by the block's erase count, to level wear (DAC paper).",
        policy: Some(GcPolicy::Cat),
    },
    CleaningEntry {
        id: "fifo",
        name: "FIFO",
        summary: "Cleans blocks in the order they were written: round-robin.",
        policy: Some(GcPolicy::Fifo),
    },
];

/// The ids of [`CLEANING`], as a constant for the device's `gc` parameter.
pub const GC_IDS: [&str; CLEANING.len()] = crate::ids_of!(CLEANING);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GcPolicy {
    Greedy,
    CostBenefit,
    Cat,
    Fifo,
}

impl GcPolicy {
    /// The policy `gc` names for `ftl`, `auto` resolved: round-robin (FIFO) for
    /// FAST's log blocks, as in FAST's paper; greedy for the others. None: no
    /// such cleaning policy.
    pub fn for_ftl(gc: &str, ftl: &str) -> Option<GcPolicy> {
        let e = find(CLEANING, gc)?;
        Some(e.policy.unwrap_or(if ftl == "fast" { GcPolicy::Fifo } else { GcPolicy::Greedy }))
    }
    pub fn id(self) -> &'static str {
        CLEANING.iter().find(|e| e.policy == Some(self)).expect("every cleaning policy is listed").id
    }
}

const OUT: u32 = u32::MAX;

pub struct Selector {
    pub policy: GcPolicy,
    /// Members (for the scanning policies) with each block's index in it.
    members: Vec<u32>,
    pos: Vec<u32>,
    /// Closing order, for FIFO.
    seq: Vec<u64>,
    next_seq: u64,
    /// Greedy: bucket k holds candidates with k invalid pages.
    links: Links,
    buckets: Vec<DList>,
    key: Vec<u32>,
    max: usize,
}

impl Selector {
    pub fn new(policy: GcPolicy, blocks: u32, ppb: u32) -> Selector {
        let greedy = policy == GcPolicy::Greedy;
        Selector {
            policy,
            members: Vec::new(),
            pos: vec![OUT; blocks as usize],
            seq: vec![0; blocks as usize],
            next_seq: 0,
            links: Links::new(if greedy { blocks as usize } else { 0 }),
            buckets: if greedy { (0..=ppb).map(|_| DList::new()).collect() } else { Vec::new() },
            key: vec![OUT; if greedy { blocks as usize } else { 0 }],
            max: 0,
        }
    }

    #[inline]
    pub fn contains(&self, b: u32) -> bool {
        self.pos[b as usize] != OUT
    }
    pub fn len(&self) -> usize {
        self.members.len()
    }
    pub fn is_empty(&self) -> bool {
        self.members.is_empty()
    }

    pub fn insert(&mut self, b: u32, nand: &Nand) {
        debug_assert!(!self.contains(b));
        self.pos[b as usize] = self.members.len() as u32;
        self.members.push(b);
        self.seq[b as usize] = self.next_seq;
        self.next_seq += 1;
        if self.policy == GcPolicy::Greedy {
            let k = nand.invalid[b as usize];
            self.key[b as usize] = k;
            self.buckets[k as usize].push_back(&mut self.links, b);
            self.max = self.max.max(k as usize);
        }
    }

    pub fn remove(&mut self, b: u32) {
        let i = self.pos[b as usize];
        if i == OUT {
            return;
        }
        let last = self.members.pop().expect("member");
        if last != b {
            self.members[i as usize] = last;
            self.pos[last as usize] = i;
        }
        self.pos[b as usize] = OUT;
        if self.policy == GcPolicy::Greedy {
            let k = self.key[b as usize];
            self.buckets[k as usize].remove(&mut self.links, b);
            self.key[b as usize] = OUT;
        }
    }

    /// A page of block `b` was invalidated (keeps greedy's buckets current).
    #[inline]
    pub fn invalidated(&mut self, b: u32, nand: &Nand) {
        if self.policy == GcPolicy::Greedy && self.pos[b as usize] != OUT {
            let old = self.key[b as usize];
            let k = nand.invalid[b as usize];
            self.buckets[old as usize].remove(&mut self.links, b);
            self.buckets[k as usize].push_back(&mut self.links, b);
            self.key[b as usize] = k;
            if k as usize > self.max {
                self.max = k as usize;
            }
        }
    }

    /// The best candidate, or None when there is none (with at least one
    /// invalid page if `need_invalid`). The victim stays a member until removed.
    pub fn pick(&mut self, nand: &Nand, now: u64, need_invalid: bool) -> Option<u32> {
        if self.policy == GcPolicy::Greedy {
            while self.max > 0 && self.buckets[self.max].is_empty() {
                self.max -= 1;
            }
            if self.max == 0 && need_invalid {
                return None;
            }
            return self.buckets[self.max].front();
        }
        let ppb = nand.ppb as f64;
        let mut best: Option<(f64, u32, u32)> = None; // (score, invalid, block), higher is better
        for &b in &self.members {
            let bi = b as usize;
            let inv = nand.invalid[bi];
            if need_invalid && inv == 0 {
                continue;
            }
            let u = nand.valid[bi] as f64 / ppb;
            let age = now.saturating_sub(nand.last_write[bi]);
            let score = match self.policy {
                GcPolicy::Greedy => unreachable!(),
                GcPolicy::CostBenefit => cost_benefit(u, age),
                GcPolicy::Cat => -cat(u, age, nand.erases[bi]),
                GcPolicy::Fifo => -(self.seq[bi] as f64),
            };
            let better = match best {
                None => true,
                Some((s, i, bb)) => score > s || (score == s && (inv > i || (inv == i && b < bb))),
            };
            if better {
                best = Some((score, inv, b));
            }
        }
        best.map(|(_, _, b)| b)
    }
}

/// Cost-benefit's a·(1−u)/2u, to maximise; +∞ when nothing is valid.
pub fn cost_benefit(u: f64, age: u64) -> f64 {
    if u == 0.0 {
        f64::INFINITY
    } else {
        age as f64 * (1.0 - u) / (2.0 * u)
    }
}

/// CAT's u/((1−u)·a)·t with a+1 and t+1, to minimise; +∞ when all is valid.
pub fn cat(u: f64, age: u64, erases: u32) -> f64 {
    if u >= 1.0 {
        f64::INFINITY
    } else {
        u / ((1.0 - u) * (age as f64 + 1.0)) * (erases as f64 + 1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two full blocks of 4 pages; block 0 gets 1 invalid page, block 1 gets 3.
    fn two_blocks() -> Nand {
        let mut n = Nand::new(3, 4);
        for b in 0..2 {
            let nb = n.take_free().unwrap();
            assert_eq!(nb, b);
            for o in 0..4 {
                n.program(n.ppn(b, o), b * 4 + o, 1, if b == 0 { 10 } else { 90 });
            }
        }
        n.invalidate(0);
        for p in 4..7 {
            n.invalidate(p);
        }
        n
    }

    #[test]
    fn each_policy_picks_by_its_formula() {
        let n = two_blocks();
        let pick = |p: GcPolicy, now: u64| {
            let mut s = Selector::new(p, 3, 4);
            s.insert(0, &n);
            s.insert(1, &n);
            s.pick(&n, now, true)
        };
        assert_eq!(pick(GcPolicy::Greedy, 100), Some(1));
        assert_eq!(pick(GcPolicy::Fifo, 100), Some(0));
        // cost-benefit: block 0: a=90, u=.75 → 90·.25/1.5 = 15; block 1: a=10, u=.25 → 10·.75/.5 = 15:
        // a tie, which the block with more invalid pages wins
        assert_eq!(pick(GcPolicy::CostBenefit, 100), Some(1));
        // just as block 1 was written its age is 0 and it scores 0: block 0 (a=80 → 13.3) wins
        assert_eq!(pick(GcPolicy::CostBenefit, 90), Some(0));
        // CAT: block 0 .75/(.25·91) = .033, block 1 .25/(.75·11) = .030 → block 1
        assert_eq!(pick(GcPolicy::Cat, 100), Some(1));
    }

    #[test]
    fn cost_benefit_is_the_papers_formula_and_cat_adds_one_to_age_and_erases() {
        assert_eq!(cost_benefit(0.75, 30), 5.0);
        assert_eq!(cost_benefit(0.5, 0), 0.0);
        assert_eq!(cost_benefit(0.0, 0), f64::INFINITY, "an empty block is free space at no cost");
        assert_eq!(cat(0.5, 0, 0), 1.0);
        assert_eq!(cat(0.5, 9, 1), 0.2);
        assert_eq!(cat(1.0, 9, 1), f64::INFINITY);
    }

    #[test]
    fn a_cleaning_copy_keeps_its_datas_age() {
        // Block 0 written at t=10, block 1 receives a copy at t=90: its youngest
        // data is still from t=10, so cost-benefit sees it as 80 writes old.
        let mut n = Nand::new(4, 4);
        let b0 = n.take_free().unwrap();
        n.program(n.ppn(b0, 0), 0, 10, 10);
        let b1 = n.take_free().unwrap();
        n.copy(n.ppn(b0, 0), n.ppn(b1, 0), 90);
        assert_eq!(n.last_write[b1 as usize], 10);
        n.program(n.ppn(b1, 1), 1, 95, 95);
        assert_eq!(n.last_write[b1 as usize], 95, "a host write makes the block young");
    }

    #[test]
    fn greedy_buckets_follow_invalidations_and_removals() {
        let mut n = two_blocks();
        let mut s = Selector::new(GcPolicy::Greedy, 3, 4);
        s.insert(0, &n);
        s.insert(1, &n);
        for p in 1..4 {
            let b = n.invalidate(p);
            s.invalidated(b, &n);
        }
        assert_eq!(s.pick(&n, 0, true), Some(0));
        s.remove(0);
        assert_eq!(s.pick(&n, 0, true), Some(1));
        s.remove(1);
        assert_eq!(s.pick(&n, 0, true), None);
        assert!(s.is_empty());
    }
}
