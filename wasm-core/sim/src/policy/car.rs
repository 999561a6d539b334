//! CAR, CLOCK with Adaptive Replacement (Bansal & Modha, FAST 2004), as the
//! paper's Figure 2: two clocks T1 (pages seen once recently) and T2 (seen at
//! least twice), ghost LRU lists B1 and B2, and the target size p of T1.
//!
//! Readings:
//! - A clock's "head" is the page under its hand and its "tail" the slot just
//!   behind the hand, so "make it the tail page of T2" puts a page where T2's
//!   hand reaches it last. Each clock is kept as a queue: front = hand.
//! - p is a real number: the paper adapts it by max{1, |B2|/|B1|} with no rounding.
//! - The ghost lists are LRU lists: a demoted page becomes the MRU of B1/B2 and
//!   "discard the LRU page" drops the other end.
//!
//! Snapshot: rings "T1" and "T2" (slot 0 = the hand's page, then clockwise), each
//! with a hand "hand"; lists "B1", "B2" MRU first (status "ghost", resident =
//! false); `bits` is the reference bit. Gauges "p" and "T1" (value |T1|, target
//! p). Events: `Visit` for hand sweeps, `Move`, `Ghost`, `Gauge` "p".

use super::entry::{CurveMethod, Group, PolicyEntry};
use super::sink::flush_dirty;
use super::{Event, Gauge, Hand, List, Policy, Req, Ring, Sink, Slot, Snapshot};
use crate::collections::{DList, Links};
use crate::describe::{defaults_of, parse_config, View, GHOST, HAND, RESIDENT};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {}

pub const ENTRY: PolicyEntry = PolicyEntry {
    id: "car",
    name: "CAR",
    short: "CAR",
    group: Group::Adaptive,
    curve: CurveMethod::Sampled,
    source: "CAR paper's pseudo-code",
    summary: "CLOCK with Adaptive Replacement: ARC's adaptation over two clocks T1/T2 and ghost lists B1/B2.",
    how: "Two clocks: T1 holds pages seen once recently, T2 pages seen at least twice. Ghost lists B1 and B2 remember pages evicted from each. A fault on a ghost in B1 raises T1's target size p, one in B2 lowers it. To make room, the hand of T1 or T2 (whichever is over its target) sweeps: a referenced T1 page moves to T2, a referenced T2 page gets a second chance.",
    params: &[],
    view: View::mixed(&[HAND], &[RESIDENT, GHOST]).read_from_hand(),
    defaults: defaults_of::<Config>,
    build: |frames, ctx, params| {
        let _: Config = parse_config("car", params)?;
        Ok(Box::new(Car::new(frames, ctx.n_pages)))
    },
};

const NONE: u8 = 0;
const T1: u8 = 1;
const T2: u8 = 2;
const B1: u8 = 3;
const B2: u8 = 4;
const WHERE: u8 = 7;
const REF: u8 = 8;
const DIRTY: u8 = 16;

const NAMES: [&str; 5] = ["", "T1", "T2", "B1", "B2"];

#[derive(Clone)]
pub struct Car {
    c: usize,
    p: f64,
    links: Links,
    /// T1, T2 (front = hand), B1, B2 (front = MRU).
    lists: [DList; 4],
    st: Vec<u8>,
}

impl Car {
    pub fn new(c: usize, n_pages: u32) -> Car {
        Car { c, p: 0.0, links: Links::new(n_pages as usize), lists: Default::default(), st: vec![0; n_pages as usize] }
    }
    pub fn p(&self) -> f64 {
        self.p
    }
    fn len(&self, l: u8) -> usize {
        self.lists[l as usize - 1].len()
    }
    fn set_where(&mut self, x: u32, l: u8) {
        self.st[x as usize] = (self.st[x as usize] & !WHERE) | l;
    }

    fn replace(&mut self, sink: &mut Sink) {
        loop {
            let from_t1 = self.len(T1) as f64 >= self.p.max(1.0);
            let (l, ghost, hand) = if from_t1 { (T1, B1, "hand_T1") } else { (T2, B2, "hand_T2") };
            let x = self.lists[l as usize - 1].pop_front(&mut self.links).expect("replace runs on a full cache");
            let s = self.st[x as usize];
            if s & REF == 0 {
                sink.evict(
                    x,
                    s & DIRTY != 0,
                    if from_t1 { "head of T1 with reference bit clear" } else { "head of T2 with reference bit clear" },
                );
                self.st[x as usize] = NONE;
                self.lists[ghost as usize - 1].push_front(&mut self.links, x);
                self.set_where(x, ghost);
                sink.ev(|| Event::Ghost { page: x, list: NAMES[ghost as usize], action: "added" });
                return;
            }
            self.st[x as usize] &= !REF;
            self.lists[T2 as usize - 1].push_back(&mut self.links, x);
            self.set_where(x, T2);
            if from_t1 {
                sink.ev(|| Event::Visit { hand, page: x, action: "cleared reference bit" });
                sink.ev(|| Event::Move { page: x, from: "T1", to: "T2", why: "referenced: tail of T2" });
            } else {
                sink.ev(|| Event::Visit { hand, page: x, action: "cleared reference bit, tail of T2" });
            }
        }
    }

    fn drop_lru(&mut self, l: u8, sink: &mut Sink) {
        if let Some(x) = self.lists[l as usize - 1].pop_back(&mut self.links) {
            self.st[x as usize] = NONE;
            sink.ev(|| Event::Ghost { page: x, list: NAMES[l as usize], action: "dropped" });
        }
    }
}

impl Policy for Car {
    fn id(&self) -> &'static str {
        "car"
    }

    #[inline(always)]
    fn access(&mut self, req: Req, sink: &mut Sink) -> bool {
        let x = req.page;
        let wbit = if req.write { DIRTY } else { 0 };
        let w = self.st[x as usize] & WHERE;
        if w == T1 || w == T2 {
            self.st[x as usize] |= REF | wbit;
            return true;
        }
        let in_b = w == B1 || w == B2;
        if self.len(T1) + self.len(T2) == self.c {
            self.replace(sink);
            if !in_b && self.len(T1) + self.len(B1) == self.c {
                self.drop_lru(B1, sink);
            } else if !in_b && self.len(T1) + self.len(T2) + self.len(B1) + self.len(B2) == 2 * self.c {
                self.drop_lru(B2, sink);
            }
        }
        let c = self.c as f64;
        let to = if !in_b {
            T1
        } else {
            let (b1, b2) = (self.len(B1) as f64, self.len(B2) as f64);
            let from = self.p;
            if w == B1 {
                self.p = (self.p + (b2 / b1).max(1.0)).min(c);
            } else {
                self.p = (self.p - (b1 / b2).max(1.0)).max(0.0);
            }
            let (to, why) = if w == B1 {
                (self.p, "hit in B1: grow T1's target")
            } else {
                (self.p, "hit in B2: shrink T1's target")
            };
            if from != to {
                sink.ev(|| Event::Gauge { name: "p", from, to, why });
            }
            sink.ev(|| Event::Ghost { page: x, list: NAMES[w as usize], action: "hit" });
            self.lists[w as usize - 1].remove(&mut self.links, x);
            T2
        };
        self.lists[to as usize - 1].push_back(&mut self.links, x);
        self.st[x as usize] = to | wbit;
        sink.ev(|| Event::Insert { page: x, place: NAMES[to as usize], slot: None });
        false
    }

    fn resident(&self) -> usize {
        self.len(T1) + self.len(T2)
    }
    fn capacity(&self) -> usize {
        self.c
    }
    fn contains(&self, page: u32) -> bool {
        self.st.get(page as usize).is_some_and(|s| matches!(s & WHERE, T1 | T2))
    }
    fn mark_dirty(&mut self, page: u32) -> bool {
        self.st[page as usize] |= DIRTY;
        true
    }

    fn flush(&mut self, sink: &mut Sink) {
        for l in [T1, T2] {
            flush_dirty(self.lists[l as usize - 1].iter(&self.links), &mut self.st, DIRTY, sink);
        }
    }

    fn snapshot(&self) -> Snapshot {
        let slots = |l: u8, res: bool| -> Vec<Slot> {
            self.lists[l as usize - 1]
                .iter(&self.links)
                .map(|x| {
                    let s = self.st[x as usize];
                    Slot::page(x, if res { "" } else { "ghost" }, (s & REF != 0) as u8, s & DIRTY != 0, res)
                })
                .collect()
        };
        let ring = |l: u8| Ring::new(NAMES[l as usize], slots(l, true), vec![Hand { name: "hand", pos: 0 }]);
        Snapshot {
            policy: "car",
            capacity: self.c as u32,
            resident: self.resident() as u32,
            rings: vec![ring(T1), ring(T2)],
            lists: vec![List { name: "B1", entries: slots(B1, false) }, List { name: "B2", entries: slots(B2, false) }],
            gauges: vec![
                Gauge { name: "p", value: self.p, target: None },
                Gauge { name: "T1", value: self.len(T1) as f64, target: Some(self.p) },
            ],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Clocks = Vec<Vec<(u32, u8)>>;

    fn state(a: &Car) -> (Clocks, Vec<Vec<u32>>) {
        let s = a.snapshot();
        (
            s.rings.iter().map(|r| r.slots.iter().map(|e| (e.page.unwrap(), e.bits)).collect()).collect(),
            s.lists.iter().map(|l| l.entries.iter().map(|e| e.page.unwrap()).collect()).collect(),
        )
    }

    #[test]
    fn hand_worked_trace_with_two_frames() {
        let mut a = Car::new(2, 8);
        let mut sink = Sink::recording();
        let mut step = |a: &mut Car, x: u32| a.access(Req { t: 0, page: x, write: false }, &mut sink);
        // 0 1 0: T1 = [0*, 1] (0 referenced).
        assert_eq!([0, 1, 0].map(|x| step(&mut a, x)), [false, false, true]);
        assert_eq!(state(&a), (vec![vec![(0, 1), (1, 0)], vec![]], vec![vec![], vec![]]));
        // 2: full; |T1| = 2 ≥ max(1, p=0): head 0 is referenced → tail of T2 (bit
        // cleared); head 1 is not → B1. |T1|+|B1| = 1 < 2: no directory discard.
        assert!(!step(&mut a, 2));
        assert_eq!(state(&a), (vec![vec![(2, 0)], vec![(0, 0)]], vec![vec![1], vec![]]));
        // 1 (in B1): replace: |T1| = 1 ≥ 1 → 2 goes to B1; p = 0 + max(1, 0/2) = 1;
        // 1 to the tail of T2.
        assert!(!step(&mut a, 1));
        assert_eq!(a.p(), 1.0);
        assert_eq!(state(&a), (vec![vec![], vec![(0, 0), (1, 0)]], vec![vec![2], vec![]]));
        // 3: |T1| = 0 < max(1, p) → T2's head 0 goes to B2; directory sizes are
        // |T1|+|B1| = 1 and 3 in all, so nothing is discarded.
        assert!(!step(&mut a, 3));
        assert_eq!(state(&a), (vec![vec![(3, 0)], vec![(1, 0)]], vec![vec![2], vec![0]]));
        // 4: |T1| = 1 ≥ 1 → 3 goes to B1; now |T1|+|B1| = 2 = c → B1's LRU 2 is discarded.
        assert!(!step(&mut a, 4));
        assert_eq!(state(&a), (vec![vec![(4, 0)], vec![(1, 0)]], vec![vec![3], vec![0]]));
        let ev = sink.events.unwrap();
        assert!(ev.contains(&Event::Ghost { page: 2, list: "B1", action: "dropped" }));
        assert!(ev.contains(&Event::Gauge { name: "p", from: 0.0, to: 1.0, why: "hit in B1: grow T1's target" }));
    }
}
