//! ARC (Megiddo & Modha, FAST 2003), exactly as the paper's pseudo-code
//! (Figure 4): T1 and T2 hold the cached pages seen once / at least twice
//! recently, B1 and B2 the ghosts of pages evicted from them; p is the target
//! size of T1, adapted on ghost hits.
//!
//! Readings:
//! - p is kept as a real number: the paper's δ1 = |B2|/|B1| and δ2 = |B1|/|B2|
//!   are quotients with no rounding stated. REPLACE compares |T1| with p as reals
//!   (so its "|T1| = p" case only arises when p is whole).
//! - Case IV(A) with |T1| = c (B1 empty) drops T1's LRU page with no ghost, as the
//!   paper says.
//!
//! Snapshot: lists "T1", "T2", "B1", "B2", each MRU first; ghosts have status
//! "ghost" and resident = false. Gauges "p" (value p) and "T1" (value |T1|,
//! target p). Events: `Move` between lists, `Ghost` (added / hit / dropped),
//! `Gauge` "p".

use super::entry::{CurveMethod, Group, PolicyEntry};
use super::sink::flush_dirty;
use super::{Event, Gauge, List, Policy, Req, Sink, Slot, Snapshot};
use crate::collections::{grow, DList, Links};
use crate::describe::{defaults_of, parse_config, View, GHOST, RESIDENT};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {}

pub const ENTRY: PolicyEntry = PolicyEntry {
    id: "arc",
    name: "ARC",
    short: "ARC",
    group: Group::Adaptive,
    curve: CurveMethod::Sampled,
    source: "ARC paper's pseudo-code",
    summary:
        "Adaptive Replacement Cache: recency list T1 and frequency list T2 with ghosts B1/B2 steering the split p.",
    how: "Two LRU lists: T1 holds pages seen once recently, T2 pages seen at least twice. Ghost lists B1 and B2 remember pages evicted from each. A fault on a ghost in B1 raises T1's target size p, one in B2 lowers it. The victim comes from the LRU end of T1 while T1 is over p, otherwise from T2.",
    params: &[],
    view: View::list(&[RESIDENT, GHOST]),
    defaults: defaults_of::<Config>,
    build: |frames, ctx, params| {
        let _: Config = parse_config("arc", params)?;
        Ok(Box::new(Arc::new(frames, ctx.n_pages)))
    },
};

/// Which list a page is in (per-page, low bits of the state byte).
const NONE: u8 = 0;
const T1: u8 = 1;
const T2: u8 = 2;
const B1: u8 = 3;
const B2: u8 = 4;
const WHERE: u8 = 7;
const DIRTY: u8 = 8;

const NAMES: [&str; 5] = ["", "T1", "T2", "B1", "B2"];

#[derive(Clone)]
pub struct Arc {
    c: usize,
    p: f64,
    links: Links,
    /// T1, T2, B1, B2, each MRU at the front.
    lists: [DList; 4],
    st: Vec<u8>,
}

impl Arc {
    pub fn new(c: usize, n_pages: u32) -> Arc {
        Arc { c, p: 0.0, links: Links::new(n_pages as usize), lists: Default::default(), st: vec![0; n_pages as usize] }
    }

    pub fn p(&self) -> f64 {
        self.p
    }
    fn len(&self, l: u8) -> usize {
        self.lists[l as usize - 1].len()
    }
    fn unlink(&mut self, x: u32) {
        let l = self.st[x as usize] & WHERE;
        self.lists[l as usize - 1].remove(&mut self.links, x);
    }
    fn push_mru(&mut self, l: u8, x: u32) {
        self.lists[l as usize - 1].push_front(&mut self.links, x);
        self.st[x as usize] = (self.st[x as usize] & !WHERE) | l;
    }
    fn set_p(&mut self, to: f64, why: &'static str, sink: &mut Sink) {
        let from = self.p;
        self.p = to;
        if from != to {
            sink.ev(|| Event::Gauge { name: "p", from, to, why });
        }
    }
    /// Drops the LRU ghost of `l` (B1 or B2) from the directory.
    fn drop_lru(&mut self, l: u8, sink: &mut Sink) {
        if let Some(x) = self.lists[l as usize - 1].pop_back(&mut self.links) {
            self.st[x as usize] = NONE;
            sink.ev(|| Event::Ghost { page: x, list: NAMES[l as usize], action: "dropped" });
        }
    }
    /// Evicts the LRU page of `from` (T1 or T2) into the MRU end of ghost list `to`.
    fn demote(&mut self, from: u8, to: u8, sink: &mut Sink) {
        let x = self.lists[from as usize - 1].pop_back(&mut self.links).expect("REPLACE picks a non-empty list");
        let dirty = self.st[x as usize] & DIRTY != 0;
        self.st[x as usize] = NONE;
        sink.evict(x, dirty, if from == T1 { "LRU of T1" } else { "LRU of T2" });
        self.push_mru(to, x);
        sink.ev(|| Event::Ghost { page: x, list: NAMES[to as usize], action: "added" });
    }

    /// REPLACE(x, p) of the paper; `in_b2` says whether the request is in B2.
    fn replace(&mut self, in_b2: bool, sink: &mut Sink) {
        let t1 = self.len(T1);
        let from_t1 = t1 >= 1 && ((in_b2 && t1 as f64 == self.p) || t1 as f64 > self.p);
        sink.ev(|| Event::Reason { why: replace_reason(t1, self.p, from_t1) });
        if from_t1 {
            self.demote(T1, B1, sink);
        } else {
            self.demote(T2, B2, sink);
        }
    }
}

/// REPLACE's choice in words, with the numbers that made it (the quiz's reason).
fn replace_reason(t1: usize, p: f64, from_t1: bool) -> String {
    let over = t1 as f64 > p;
    let p = super::reason::number(p);
    if from_t1 && over {
        format!("|T1| = {t1} > p = {p}, so T1's LRU page leaves")
    } else if from_t1 {
        format!("the request is a ghost in B2 and |T1| = p = {p}, so T1's LRU page leaves")
    } else if t1 == 0 {
        "T1 is empty, so T2's LRU page leaves".to_string()
    } else {
        format!("|T1| = {t1} ≤ p = {p}, so T2's LRU page leaves")
    }
}

impl Policy for Arc {
    fn id(&self) -> &'static str {
        "arc"
    }

    #[inline(always)]
    fn access(&mut self, req: Req, sink: &mut Sink) -> bool {
        let x = req.page;
        let wbit = if req.write { DIRTY } else { 0 };
        let s = self.st[x as usize];
        let c = self.c as f64;
        match s & WHERE {
            T1 | T2 => {
                // Case I.
                let from = NAMES[(s & WHERE) as usize];
                self.unlink(x);
                self.push_mru(T2, x);
                self.st[x as usize] |= wbit;
                sink.ev(|| Event::Move { page: x, from, to: "T2", why: "hit: MRU of T2" });
                return true;
            }
            B1 => {
                // Case II.
                let (b1, b2) = (self.len(B1) as f64, self.len(B2) as f64);
                let d = if b1 >= b2 { 1.0 } else { b2 / b1 };
                self.set_p((self.p + d).min(c), "hit in B1: favour recency", sink);
                sink.ev(|| Event::Ghost { page: x, list: "B1", action: "hit" });
                self.replace(false, sink);
                self.unlink(x);
            }
            B2 => {
                // Case III.
                let (b1, b2) = (self.len(B1) as f64, self.len(B2) as f64);
                let d = if b2 >= b1 { 1.0 } else { b1 / b2 };
                self.set_p((self.p - d).max(0.0), "hit in B2: favour frequency", sink);
                sink.ev(|| Event::Ghost { page: x, list: "B2", action: "hit" });
                self.replace(true, sink);
                self.unlink(x);
            }
            _ => {
                // Case IV.
                let l1 = self.len(T1) + self.len(B1);
                let l2 = self.len(T2) + self.len(B2);
                if l1 == self.c {
                    if self.len(T1) < self.c {
                        self.drop_lru(B1, sink);
                        self.replace(false, sink);
                    } else {
                        let c = self.c;
                        sink.ev(|| Event::Reason {
                            why: format!("T1 fills the cache (|T1| = c = {c}) and B1 is empty, so T1's LRU page leaves with no ghost"),
                        });
                        let v = self.lists[0].pop_back(&mut self.links).expect("T1 is full");
                        let dirty = self.st[v as usize] & DIRTY != 0;
                        self.st[v as usize] = NONE;
                        sink.evict(v, dirty, "LRU of T1 (B1 empty, T1 fills the cache)");
                    }
                } else if l1 + l2 >= self.c {
                    if l1 + l2 == 2 * self.c {
                        self.drop_lru(B2, sink);
                    }
                    self.replace(false, sink);
                }
                self.push_mru(T1, x);
                self.st[x as usize] |= wbit;
                sink.ev(|| Event::Insert { page: x, place: "T1", slot: None });
                return false;
            }
        }
        self.push_mru(T2, x);
        self.st[x as usize] |= wbit;
        sink.ev(|| Event::Insert { page: x, place: "T2", slot: None });
        false
    }

    fn resident(&self) -> usize {
        self.len(T1) + self.len(T2)
    }
    fn capacity(&self) -> usize {
        self.c
    }
    fn grow_pages(&mut self, n: u32) -> bool {
        self.links.grow(n as usize);
        grow(&mut self.st, n as usize, 0);
        true
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
        let lists = [T1, T2, B1, B2]
            .iter()
            .map(|&l| {
                let ghost = l >= B1;
                let entries = self.lists[l as usize - 1]
                    .iter(&self.links)
                    .map(|x| {
                        Slot::page(x, if ghost { "ghost" } else { "" }, 0, self.st[x as usize] & DIRTY != 0, !ghost)
                    })
                    .collect();
                List { name: NAMES[l as usize], entries }
            })
            .collect();
        Snapshot {
            policy: "arc",
            capacity: self.c as u32,
            resident: self.resident() as u32,
            lists,
            gauges: vec![
                Gauge { name: "p", value: self.p, target: None },
                Gauge { name: "T1", value: self.len(T1) as f64, target: Some(self.p) },
            ],
            ..Snapshot::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(a: &Arc) -> Vec<(&'static str, Vec<u32>)> {
        a.snapshot().lists.iter().map(|l| (l.name, l.entries.iter().map(|e| e.page.unwrap()).collect())).collect()
    }

    #[test]
    fn hand_worked_trace_with_two_frames() {
        let mut a = Arc::new(2, 8);
        let mut sink = Sink::recording();
        let mut hits = vec![];
        // 0 1 0 2 1 3 1 : worked by hand below.
        for (t, &x) in [0u32, 1, 0, 2, 1, 3, 1].iter().enumerate() {
            hits.push(a.access(Req { t, page: x, write: x == 2 }, &mut sink));
            if t == 3 {
                // 0 1 0: T1=[1], T2=[0]. 2 misses, |L1|=1 < 2, |L1|+|L2|=2 ≥ c:
                // REPLACE with p = 0: |T1|=1 > 0, so 1 goes to B1.
                assert_eq!(names(&a), vec![("T1", vec![2]), ("T2", vec![0]), ("B1", vec![1]), ("B2", vec![])]);
            }
            if t == 4 {
                // 1 hits in B1: p = 0 + 1; REPLACE: |T1|=1, not > 1, so T2's LRU 0 goes to B2.
                assert_eq!(a.p(), 1.0);
                assert_eq!(names(&a), vec![("T1", vec![2]), ("T2", vec![1]), ("B1", vec![]), ("B2", vec![0])]);
            }
        }
        // 3 misses: |L1| = 1, |L1|+|L2| = 3 ≥ 2; REPLACE: |T1| = 1 = p and 3 is not
        // in B2, so T2's 1 goes to B2. Then 1 hits in B2: p = 1 - 1 = 0; REPLACE:
        // |T1| = 2 > 0, so T1's LRU 2 (dirty) goes to B1.
        assert_eq!(hits, vec![false, false, true, false, false, false, false]);
        assert_eq!(a.p(), 0.0);
        assert_eq!(names(&a), vec![("T1", vec![3]), ("T2", vec![1]), ("B1", vec![2]), ("B2", vec![0])]);
        let ev = sink.events.unwrap();
        assert!(ev.contains(&Event::Evict { page: 2, dirty: true, why: "LRU of T1" }));
        assert!(ev.contains(&Event::Gauge { name: "p", from: 1.0, to: 0.0, why: "hit in B2: favour frequency" }));
        assert_eq!(sink.writebacks, 1);
    }

    #[test]
    fn directory_never_exceeds_two_c() {
        let mut a = Arc::new(4, 64);
        let mut sink = Sink::counting();
        let mut x = 7u32;
        for t in 0..5000 {
            x = x.wrapping_mul(1103515245).wrapping_add(12345);
            let page = (x >> 16) % if t % 500 < 250 { 8 } else { 64 };
            a.access(Req { t, page, write: false }, &mut sink);
            let (t1, t2, b1, b2) = (a.len(T1), a.len(T2), a.len(B1), a.len(B2));
            assert!(t1 + t2 <= 4 && t1 + b1 <= 4 && t1 + t2 + b1 + b2 <= 8, "{t1} {t2} {b1} {b2}");
            assert!(a.p() >= 0.0 && a.p() <= 4.0);
        }
    }
}
