//! CRAW (CLOCK for read and write, Lee et al.) and its approximation CRAW-A.
//!
//! Memory is managed by a read area R and a write area W split into W1 (pages
//! written once while their history was in memory: temporal locality) and W2
//! (written more than once: frequency). Each area is a CLOCK; R scans the read
//! bit, W1/W2 the write bit. A page may be linked into R and W at once (one
//! frame); it leaves memory only when it is in no area. Pages deleted from an
//! area go to its ghost area (R', W1', W2', FIFO). Each area has a desired size;
//! `reclaim()` scans the area with the largest current/desired ratio.
//!
//! The paper's pseudo-code (Fig. 9) is a figure that did not survive in our
//! copy, so this follows the prose of §IV-B; every gap is a reading:
//! - Hits only set bits (read bit on a read, write bit and dirty on a write).
//! - A read fault inserts at the tail of R (just behind its hand); a hit in R'
//!   removes the history and grows R. A write fault with history in W1' or W2'
//!   inserts into W2 and grows W1 or W2 respectively; otherwise it goes to W1.
//!   A faulted page starts with both bits clear (the fault is not a re-reference).
//!   The ghost lookup uses the state at the fault, before reclaim() runs, so a
//!   history pushed out by that very reclaim still counts as a ghost hit.
//! - R's hand: a page with its write bit set that is not in W has the bit
//!   cleared and is linked to the tail of W1 (pages already in W keep their bit:
//!   it belongs to W's clock). Then a set read bit is cleared and the hand moves
//!   on; a clear read bit deletes the page from R (to R'). W's hands mirror this
//!   (read bit → linked to R when not in R). In W1, a set write bit means the page
//!   was written again, so it moves to the tail of W2 (as CAR moves T1 pages to
//!   T2); in W2 the bit is cleared and the hand moves on.
//! - A page linked into an area through a scan loses its history in that area's
//!   ghost (for W, in both W1' and W2'), so a page is never in an area and its
//!   ghost at once, and is in at most one of W1, W2, W1', W2'.
//! - Victim area: the non-empty area with the largest current/desired ratio
//!   (ties: R, W1, W2). When the cache is full the sum of current sizes is at
//!   least S, the sum of the desired sizes, so such an area is over its size.
//!   Deleting a page that is still in another area frees no frame; reclaim()
//!   then runs again.
//! - Desired sizes start at S/3 each and always sum to S. A ghost hit in area X
//!   adds `cost/read_cost` pages to X's desired size — 1 for R' (a read saved),
//!   `write_cost/read_cost` for W1'/W2' (a write-back saved), so the adaptation
//!   weighs hits by I/O cost as the paper says — taken from the other two areas
//!   in proportion to their desired sizes. Defaults: 25 µs read, 200 µs write
//!   (the paper's SLC figures).
//! - Ghost sizes: |X| + |X'| ≤ S for each area ("the total number of pages in
//!   these two areas is equal to S"); the oldest ghost entries are dropped.
//!
//! CRAW-A (§VI-A): R becomes the total-reference area T using the reference bit
//! (set by reads and writes) and W uses the modified bit; a write fault puts the
//! page into both T and W1 (and a hit in R' on a write fault grows T as well).
//!
//! Snapshot: rings "R", "W1", "W2" (hand at 0; bits: read bit in R, write bit in
//! W1/W2), lists "R'", "W1'", "W2'" (newest first; `resident` tells whether the
//! page is still in memory through another area), gauges "R", "W1", "W2" with
//! value = current size, target = desired size.

use super::entry::{CurveMethod, Group, PolicyEntry};
use super::{Event, Gauge, Hand, List, Policy, Req, Ring, Sink, Slot, Snapshot};
use crate::collections::{DList, Links};
use crate::describe::{defaults_of, parse_config, Mark, Param, View, GHOST, HAND, RESIDENT};
use crate::error::SimError;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    pub read_cost: f64,
    pub write_cost: f64,
}

impl Default for Config {
    fn default() -> Self {
        Config { read_cost: 25.0, write_cost: 200.0 }
    }
}

fn build(
    id: &'static str,
    approx: bool,
    frames: usize,
    n_pages: u32,
    params: &serde_json::Value,
) -> Result<Box<dyn Policy>, SimError> {
    let c: Config = parse_config(id, params)?;
    if !(c.read_cost > 0.0 && c.write_cost > 0.0 && c.read_cost.is_finite() && c.write_cost.is_finite()) {
        return Err(SimError::config(format!("{id} parameters"), "read_cost and write_cost must be positive"));
    }
    Ok(Box::new(Craw::new(id, approx, frames, n_pages, &c)))
}

const PARAMS: &[Param] = &[
    Param::number("read_cost", "Read cost", 0.000001, 1e9, "µs", "Cost of a page read, which weighs ghost hits in R'."),
    Param::number(
        "write_cost",
        "Write cost",
        0.000001,
        1e9,
        "µs",
        "Cost of a page write, which weighs ghost hits in W1' and W2'.",
    ),
];
const VIEW: View =
    View::mixed(&[HAND], &[RESIDENT, Mark::new("shared", "also in another area", "accent2", "diamond"), GHOST])
        .read_from_hand();

pub const ENTRY: PolicyEntry = PolicyEntry {
    id: "craw",
    name: "CRAW",
    short: "CRAW",
    group: Group::Flash,
    curve: CurveMethod::Sampled,
    source: "CRAW paper",
    summary: "CLOCK for read and write: separate read and write (recency / frequency) areas sized by ghost hits and I/O costs.",
    how: "Three clocks: R for pages only read, W1 for pages written once recently, W2 for pages written again. Each has a ghost list (R', W1', W2') of pages it evicted. A hit in a ghost list grows that area's desired size by the ratio of I/O costs, and the area furthest over its desired size gives up a page. Writes cost more than reads, so write areas are kept longer.",
    params: PARAMS,
    view: VIEW,
    defaults: defaults_of::<Config>,
    build: |frames, ctx, params| build("craw", false, frames, ctx.n_pages, params),
};

pub const ENTRY_A: PolicyEntry = PolicyEntry {
    id: "craw-a",
    name: "CRAW-A",
    short: "CRAW-A",
    group: Group::Flash,
    curve: CurveMethod::Sampled,
    source: "CRAW paper",
    summary: "CRAW approximated with reference and modified bits: a total-reference area plus the write areas.",
    how: "CRAW approximated with the reference and modified bits of a real MMU. A total-reference area stands in for R, and the write areas W1 and W2 are kept as in CRAW, with ghost lists steering the sizes by I/O cost.",
    params: PARAMS,
    view: VIEW,
    defaults: defaults_of::<Config>,
    build: |frames, ctx, params| build("craw-a", true, frames, ctx.n_pages, params),
};

const IN_R: u16 = 1;
const IN_W1: u16 = 2;
const IN_W2: u16 = 4;
const G_R: u16 = 8;
const G_W1: u16 = 16;
const G_W2: u16 = 32;
const RBIT: u16 = 64;
const WBIT: u16 = 128;
const DIRTY: u16 = 256;
const IN_W: u16 = IN_W1 | IN_W2;
const IN_ANY: u16 = IN_R | IN_W;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Area {
    R = 0,
    W1 = 1,
    W2 = 2,
}

#[derive(Clone)]
pub struct Craw {
    id: &'static str,
    approx: bool,
    frames: usize,
    used: usize,
    /// R and R' share links (a page is in at most one of them); so do W1, W2, W1', W2'.
    rl: Links,
    wl: Links,
    /// Rings R, W1, W2: the front is under the hand, the tail is just behind it.
    area: [DList; 3],
    /// Ghosts R', W1', W2': newest at the front.
    ghost: [DList; 3],
    desired: [f64; 3],
    gain: [f64; 3],
    flags: Vec<u16>,
}

const IN: [u16; 3] = [IN_R, IN_W1, IN_W2];
const GH: [u16; 3] = [G_R, G_W1, G_W2];
const NAMES: [&str; 3] = ["R", "W1", "W2"];
const GNAMES: [&str; 3] = ["R'", "W1'", "W2'"];

impl Craw {
    fn new(id: &'static str, approx: bool, frames: usize, n_pages: u32, c: &Config) -> Craw {
        let n = n_pages as usize;
        let s = frames as f64;
        let wgain = c.write_cost / c.read_cost;
        Craw {
            id,
            approx,
            frames,
            used: 0,
            rl: Links::new(n),
            wl: Links::new(n),
            area: [DList::new(), DList::new(), DList::new()],
            ghost: [DList::new(), DList::new(), DList::new()],
            desired: [s / 3.0, s / 3.0, s / 3.0],
            gain: [1.0, wgain, wgain],
            flags: vec![0; n],
        }
    }

    #[inline]
    fn links(&mut self, a: Area) -> &mut Links {
        if a == Area::R {
            &mut self.rl
        } else {
            &mut self.wl
        }
    }

    fn link_tail(&mut self, a: Area, p: u32) {
        let i = a as usize;
        // Drop a stale history of the page in the area it enters (for W, both
        // W ghosts: the four W lists share links).
        let group: &[usize] = if a == Area::R { &[0] } else { &[1, 2] };
        for &j in group {
            if self.flags[p as usize] & GH[j] != 0 {
                self.flags[p as usize] &= !GH[j];
                let mut g = std::mem::take(&mut self.ghost[j]);
                g.remove(self.links(a), p);
                self.ghost[j] = g;
            }
        }
        let mut l = std::mem::take(&mut self.area[i]);
        l.push_back(self.links(a), p);
        self.area[i] = l;
        self.flags[p as usize] |= IN[i];
        self.trim_ghost(a);
    }

    fn trim_ghost(&mut self, a: Area) {
        let i = a as usize;
        let cap = self.frames - self.area[i].len().min(self.frames);
        while self.ghost[i].len() > cap {
            let mut g = std::mem::take(&mut self.ghost[i]);
            let p = g.pop_back(self.links(a)).unwrap();
            self.ghost[i] = g;
            self.flags[p as usize] &= !GH[i];
        }
    }

    /// Moves the page under area `a`'s hand to the ghost of `a`; frees the frame
    /// when the page is in no other area.
    fn delete_front(&mut self, a: Area, sink: &mut Sink) -> bool {
        let i = a as usize;
        let mut l = std::mem::take(&mut self.area[i]);
        let p = l.pop_front(self.links(a)).unwrap();
        self.area[i] = l;
        let mut g = std::mem::take(&mut self.ghost[i]);
        g.push_front(self.links(a), p);
        self.ghost[i] = g;
        let f = &mut self.flags[p as usize];
        *f = (*f & !IN[i]) | GH[i];
        sink.ev(|| Event::Ghost { page: p, list: GNAMES[i], action: "added" });
        self.trim_ghost(a);
        if self.flags[p as usize] & IN_ANY == 0 {
            let dirty = self.flags[p as usize] & DIRTY != 0;
            self.flags[p as usize] &= GH[0] | GH[1] | GH[2];
            self.used -= 1;
            sink.evict(
                p,
                dirty,
                ["deleted from R and in no write area", "deleted from W1 and not in R", "deleted from W2 and not in R"]
                    [i],
            );
            true
        } else {
            false
        }
    }

    fn rotate(&mut self, a: Area) {
        let i = a as usize;
        let mut l = std::mem::take(&mut self.area[i]);
        let p = l.pop_front(self.links(a)).unwrap();
        l.push_back(self.links(a), p);
        self.area[i] = l;
    }

    fn victim_area(&self) -> Area {
        victim_of(self.area.each_ref().map(|l| l.len()), self.desired)
    }

    /// One scan of the victim area until a page is deleted from it (or the area
    /// empties by moves). Returns whether a frame was freed.
    fn reclaim(&mut self, sink: &mut Sink) -> bool {
        let a = self.victim_area();
        let i = a as usize;
        while let Some(p) = self.area[i].front() {
            let pi = p as usize;
            if a == Area::R {
                if self.flags[pi] & WBIT != 0 && self.flags[pi] & IN_W == 0 {
                    self.flags[pi] &= !WBIT;
                    self.link_tail(Area::W1, p);
                    sink.ev(|| Event::Move { page: p, from: "R", to: "W1", why: "write bit found by the R hand" });
                }
                if self.flags[pi] & RBIT != 0 {
                    self.flags[pi] &= !RBIT;
                    self.rotate(a);
                    sink.ev(|| Event::Visit { hand: "R", page: p, action: "cleared read bit" });
                    continue;
                }
            } else {
                if self.flags[pi] & RBIT != 0 && self.flags[pi] & IN_R == 0 {
                    self.flags[pi] &= !RBIT;
                    self.link_tail(Area::R, p);
                    sink.ev(|| Event::Move { page: p, from: NAMES[i], to: "R", why: "read bit found by a write hand" });
                }
                if self.flags[pi] & WBIT != 0 {
                    self.flags[pi] &= !WBIT;
                    if a == Area::W1 {
                        let mut l = std::mem::take(&mut self.area[1]);
                        l.pop_front(&mut self.wl);
                        self.area[1] = l;
                        self.flags[pi] &= !IN_W1;
                        self.link_tail(Area::W2, p);
                        self.trim_ghost(Area::W1);
                        sink.ev(|| Event::Move { page: p, from: "W1", to: "W2", why: "written again while in W1" });
                    } else {
                        self.rotate(a);
                        sink.ev(|| Event::Visit { hand: "W2", page: p, action: "cleared write bit" });
                    }
                    continue;
                }
            }
            sink.ev(|| Event::Visit { hand: NAMES[i], page: p, action: "bit clear: deleted from the area" });
            return self.delete_front(a, sink);
        }
        false
    }

    fn ghost_hit(&mut self, a: Area, p: u32, sink: &mut Sink) {
        let i = a as usize;
        if self.flags[p as usize] & GH[i] != 0 {
            let mut g = std::mem::take(&mut self.ghost[i]);
            g.remove(self.links(a), p);
            self.ghost[i] = g;
            self.flags[p as usize] &= !GH[i];
        }
        sink.ev(|| Event::Ghost { page: p, list: GNAMES[i], action: "hit" });
        let s = self.frames as f64;
        let delta = self.gain[i].min(s - self.desired[i]);
        let others: f64 = (0..3).filter(|&j| j != i).map(|j| self.desired[j]).sum();
        let before = self.desired;
        if delta > 0.0 && others > 0.0 {
            for j in 0..3 {
                if j != i {
                    self.desired[j] -= delta * self.desired[j] / others;
                }
            }
            self.desired[i] += delta;
        }
        for j in 0..3 {
            let (from, to) = (before[j], self.desired[j]);
            if from != to {
                sink.ev(|| Event::Gauge { name: NAMES[j], from, to, why: "ghost hit moves desired sizes" });
            }
        }
    }

    fn ring(&self, i: usize) -> Ring {
        let l = if i == 0 { &self.rl } else { &self.wl };
        let bit = if i == 0 { RBIT } else { WBIT };
        let slots = self.area[i]
            .iter(l)
            .map(|p| {
                let f = self.flags[p as usize];
                let shared = f & IN_R != 0 && f & IN_W != 0;
                Slot::page(p, if shared { "shared" } else { "" }, (f & bit != 0) as u8, f & DIRTY != 0, true)
            })
            .collect();
        Ring::new(NAMES[i], slots, vec![Hand { name: NAMES[i], pos: 0 }])
    }
}

impl Policy for Craw {
    fn id(&self) -> &'static str {
        self.id
    }

    #[inline(always)]
    fn access(&mut self, req: Req, sink: &mut Sink) -> bool {
        let p = req.page;
        let pi = p as usize;
        if self.flags[pi] & IN_ANY != 0 {
            self.flags[pi] |= if req.write { WBIT | DIRTY | if self.approx { RBIT } else { 0 } } else { RBIT };
            return true;
        }
        // The history is looked up as of the fault: reclaim() below may push
        // the page's own ghost entry out.
        let history = self.flags[pi];
        while self.used == self.frames {
            self.reclaim(sink);
        }
        self.used += 1;
        self.flags[pi] &= !(RBIT | WBIT | DIRTY);
        if req.write {
            self.flags[pi] |= DIRTY;
        }
        if !req.write || self.approx {
            if history & G_R != 0 {
                self.ghost_hit(Area::R, p, sink);
            }
            self.link_tail(Area::R, p);
            sink.ev(|| Event::Insert { page: p, place: "R", slot: None });
        }
        if req.write {
            let to = if history & G_W1 != 0 {
                self.ghost_hit(Area::W1, p, sink);
                Area::W2
            } else if history & G_W2 != 0 {
                self.ghost_hit(Area::W2, p, sink);
                Area::W2
            } else {
                Area::W1
            };
            self.link_tail(to, p);
            sink.ev(|| Event::Insert { page: p, place: NAMES[to as usize], slot: None });
        }
        false
    }

    fn resident(&self) -> usize {
        self.used
    }
    fn capacity(&self) -> usize {
        self.frames
    }
    fn contains(&self, page: u32) -> bool {
        self.flags.get(page as usize).is_some_and(|f| f & IN_ANY != 0)
    }

    fn flush(&mut self, sink: &mut Sink) {
        for p in 0..self.flags.len() as u32 {
            let f = self.flags[p as usize];
            if f & IN_ANY != 0 && f & DIRTY != 0 {
                self.flags[p as usize] &= !DIRTY;
                sink.clean(p, "final flush");
            }
        }
    }

    fn snapshot(&self) -> Snapshot {
        let lists = (0..3)
            .map(|i| {
                let l = if i == 0 { &self.rl } else { &self.wl };
                let entries = self.ghost[i]
                    .iter(l)
                    .map(|p| Slot::page(p, "ghost", 0, false, self.flags[p as usize] & IN_ANY != 0))
                    .collect();
                List { name: GNAMES[i], entries }
            })
            .collect();
        Snapshot {
            policy: self.id,
            capacity: self.frames as u32,
            resident: self.used as u32,
            rings: (0..3).map(|i| self.ring(i)).collect(),
            lists,
            gauges: (0..3)
                .map(|i| Gauge { name: NAMES[i], value: self.area[i].len() as f64, target: Some(self.desired[i]) })
                .collect(),
        }
    }
}

/// The victim area: of the non-empty areas, the one with the largest ratio of
/// current to desired size (the first of equals, in R, W1, W2 order).
fn victim_of(current: [usize; 3], desired: [f64; 3]) -> Area {
    let mut best = Area::R;
    let mut best_ratio = -1.0;
    for (i, a) in [Area::R, Area::W1, Area::W2].into_iter().enumerate() {
        if current[i] == 0 {
            continue;
        }
        let ratio = current[i] as f64 / desired[i].max(1e-9);
        if ratio > best_ratio {
            best = a;
            best_ratio = ratio;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::super::testutil::{count, r, random_trace, replay, w};
    use super::{victim_of, Area};
    use serde_json::json;

    fn pages(rp: &super::super::testutil::Replay, ring: usize) -> Vec<u64> {
        rp.policy.snapshot().rings[ring].slots.iter().map(|s| rp.trace.ids[s.page.unwrap() as usize]).collect()
    }

    #[test]
    fn each_area_and_its_ghost_hold_at_most_s_pages() {
        // §IV-A: "the total number of pages in these two areas is equal to S".
        for id in ["craw", "craw-a"] {
            for n in [50, 400, 3000] {
                let reqs = random_trace(7, n, 120, 0.4);
                let rp = replay(id, 16, serde_json::Value::Null, &reqs).0;
                let snap = rp.policy.snapshot();
                for (ring, ghost) in snap.rings.iter().zip(&snap.lists) {
                    let total = ring.slots.len() + ghost.entries.len();
                    assert!(total <= 16, "{id} after {n}: {} + {} = {total} > S", ring.name, ghost.name);
                }
            }
        }
    }

    #[test]
    fn reclaim_picks_the_area_of_the_papers_example() {
        // Section 3: desired sizes 3, 4, 5 and current sizes 4, 5, 5: R and W1
        // are over their desired sizes, and R has the larger ratio (4/3 > 5/4).
        assert_eq!(victim_of([4, 5, 5], [3.0, 4.0, 5.0]), Area::R);
        assert_eq!(victim_of([3, 5, 5], [3.0, 4.0, 5.0]), Area::W1);
        assert_eq!(victim_of([0, 1, 9], [3.0, 4.0, 5.0]), Area::W2);
    }

    #[test]
    fn hand_worked_trace_with_migration_and_ghost_hit() {
        // S = 2, desired 2/3 each. r1 w1(hit) r2 | r3: R hand on 1: write bit →
        // linked to W1; read bit clear → 1 leaves R (still in W1, no frame); then
        // R [2] and W1 [1] tie at 1.5 → R: 2 evicted. R' = [2] (|R| + |R'| ≤ 2).
        // r1 hit (read bit). r4: tie again → R: 3 evicted, R' = [3].
        // r3: reclaim runs before the ghost hit is handled: tie → R: 4 evicted.
        // Then R' hit → desired R 5/3, W1 and W2 1/6. R = [3].
        // r5: W1 ratio 6 wins: 1 has its read bit → linked to R, its write bit is
        // clear → deleted from W1 (still in R, W1' = [1]); R [3, 1] → 3 evicted.
        let reqs = [r(1), w(1), r(2), r(3), r(1), r(4), r(3), r(5)];
        let (rp, hits, ev, _) = replay("craw", 2, json!({}), &reqs);
        assert_eq!(hits, vec![false, true, false, false, true, false, false, false]);
        assert_eq!(ev, vec![(2, false), (3, false), (4, false), (3, false)]);
        assert_eq!(pages(&rp, 0), vec![1, 5]);
        assert!(pages(&rp, 1).is_empty() && pages(&rp, 2).is_empty());
        let s = rp.policy.snapshot();
        let g = &s.gauges;
        assert!((g[0].target.unwrap() - 5.0 / 3.0).abs() < 1e-9);
        assert!((g[1].target.unwrap() - 1.0 / 6.0).abs() < 1e-9);
        assert_eq!((g[0].value, g[1].value), (2.0, 0.0));
        // W1' keeps 1's history although it is resident through R; 1 is dirty.
        assert_eq!(s.lists[1].entries.len(), 1);
        assert!(s.lists[1].entries[0].resident);
        assert!(s.rings[0].slots[0].dirty);
    }

    #[test]
    fn write_ghost_hit_goes_to_w2_and_weighs_write_cost() {
        // S = 2: w1 w2 | r3: W1 ratio 3 → 1 deleted and written back, W1' = [1].
        // w1: R [3] ties W1 [2] → R: 3 evicted; then the W1' hit grows W1 by
        // write/read = 8, capped at S: W1 = 2, R = W2 = 0; 1 goes to W2.
        let reqs = [w(1), w(2), r(3), w(1)];
        let (rp, hits, ev, _) = replay("craw", 2, json!({}), &reqs);
        assert_eq!(hits, vec![false; 4]);
        assert_eq!(ev, vec![(1, true), (3, false)]);
        assert_eq!(pages(&rp, 1), vec![2]);
        assert_eq!(pages(&rp, 2), vec![1]);
        let g = rp.policy.snapshot().gauges;
        assert!((g[1].target.unwrap() - 2.0).abs() < 1e-9, "{g:?}");
        assert!(g[0].target.unwrap().abs() < 1e-9 && g[2].target.unwrap().abs() < 1e-9);
        // With equal costs the same hit grows W1 by one page only.
        let (rp, _, _, _) = replay("craw", 2, json!({"write_cost": 25.0}), &reqs);
        let g = rp.policy.snapshot().gauges;
        assert!((g[1].target.unwrap() - 5.0 / 3.0).abs() < 1e-9, "{g:?}");
    }

    #[test]
    fn ghost_hit_counts_even_when_reclaim_pushes_the_history_out() {
        // S = 2: w1 w2 | r3: 1 deleted from W1 (written back), W1' = [1]; w3 (hit,
        // 3 is only in R). w1: reclaim scans R: 3's write bit links it to W1, which
        // trims W1' to 0 and drops 1's history; 3 leaves R; W1 [2, 3] → 2 out.
        // The fault still was a W1' hit: 1 goes to W2 and W1 grows.
        let reqs = [w(1), w(2), r(3), w(3), w(1)];
        let (rp, _, ev, _) = replay("craw", 2, json!({}), &reqs);
        assert_eq!(ev, vec![(1, true), (2, true)]);
        assert_eq!(pages(&rp, 1), vec![3]);
        assert_eq!(pages(&rp, 2), vec![1]);
        assert!((rp.policy.snapshot().gauges[1].target.unwrap() - 2.0).abs() < 1e-9);
    }

    #[test]
    fn craw_a_puts_written_pages_in_both_areas() {
        // S = 2: w1 → T and W1. r2. r3: T ratio 3 → 1 leaves T (still in W1), then
        // T [2] ties W1 [1] → T: 2 evicted. r4: T [3] ties W1 [1] → 3 evicted.
        let reqs = [w(1), r(2), r(3), r(4)];
        let (rp, hits, ev, _) = replay("craw-a", 2, json!({}), &reqs);
        assert_eq!(hits, vec![false; 4]);
        assert_eq!(ev, vec![(2, false), (3, false)]);
        assert_eq!(pages(&rp, 0), vec![4]);
        assert_eq!(pages(&rp, 1), vec![1]);
        // The same trace under CRAW: 1 is only in W1, 2 and 3 in R.
        let (rp, _, ev, _) = replay("craw", 2, json!({}), &reqs);
        assert_eq!(ev, vec![(2, false), (3, false)]);
        assert_eq!(pages(&rp, 0), vec![4]);
    }

    #[test]
    fn fewer_writebacks_than_lru_on_a_write_heavy_trace() {
        let reqs = random_trace(11, 20_000, 400, 0.6);
        let (_, wb_lru) = count("lru", 60, json!({}), &reqs);
        for id in ["craw", "craw-a"] {
            let (_, wb) = count(id, 60, json!({}), &reqs);
            assert!(wb < wb_lru, "{id} {wb} vs lru {wb_lru}");
        }
    }

    #[test]
    fn bad_costs_are_refused() {
        let t = crate::trace::Trace::reads(&[1]);
        let ctx = super::super::BuildCtx { n_pages: 1, trace: &t.reqs, ids: &t.ids, devices: false, keyed: false };
        assert!(super::super::build("craw", 2, &ctx, &json!({"write_cost": 0})).is_err());
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
        #[test]
        fn areas_ghosts_and_desired_sizes_stay_consistent(seed in 0u64..1000, frames in 1usize..12, approx: bool) {
            let id = if approx { "craw-a" } else { "craw" };
            let reqs = random_trace(seed, 400, 40, 0.5);
            let (rp, _, _, _) = replay(id, frames, json!({}), &reqs);
            let s = rp.policy.snapshot();
            let mut res: Vec<u32> = s.rings.iter().flat_map(|r| r.slots.iter().map(|x| x.page.unwrap())).collect();
            res.sort();
            res.dedup();
            proptest::prop_assert_eq!(res.len(), s.resident as usize);
            proptest::prop_assert!(res.len() <= frames);
            let sum: f64 = s.gauges.iter().map(|g| g.target.unwrap()).sum();
            proptest::prop_assert!((sum - frames as f64).abs() < 1e-6);
            for i in 0..3 {
                proptest::prop_assert!(s.rings[i].slots.len() + s.lists[i].entries.len() <= frames);
                // No page in an area and its ghost.
                for g in &s.lists[i].entries {
                    proptest::prop_assert!(!s.rings[i].slots.iter().any(|x| x.page == g.page));
                }
            }
        }
    }
}
