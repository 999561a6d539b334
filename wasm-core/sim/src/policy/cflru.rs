//! CFLRU (Park et al., "CFLRU: A Replacement Algorithm for Flash Memory"): the
//! LRU list is split into a working region (most recent pages) and a clean-first
//! region of the `w` least recent pages. The victim is the least recently used
//! clean page inside the clean-first region; when the region holds no clean page
//! the least recently used page (a dirty one) is evicted. Fig. 1 of the paper:
//! with P5..P8 in the window and P5, P7 clean, the victim order is P7, P5, P8, P6.
//!
//! Readings:
//! - `window` is a fraction of the frames; the region holds `floor(window ·
//!   frames)` pages (the paper writes S/x for x = 1..6 and uses 1/4 in Linux).
//!   `window = 0` is plain LRU.
//! - While the cache fills, the working region is filled first (up to
//!   `frames - w` pages) and the clean-first region takes the older pages beyond
//!   it; no eviction happens before the cache is full, so this only shows in the
//!   snapshot.
//! - The region is kept as its own two lists (clean / dirty, each most recent
//!   first) so finding the victim is O(1) instead of a scan of `w` pages; a page
//!   leaving the working region enters the region at its most recent end, so the
//!   region always holds exactly the `w` least recent pages.
//!
//! Snapshot: list "LRU" (MRU first, status "working" or "clean-first", dirty
//! flags) and gauge "window" (pages). Events: Move on hits, Insert on misses,
//! Evict whose `why` says whether a clean page in the window was found.

use super::entry::{CurveMethod, Group, PolicyEntry};
use super::{Event, Gauge, List, Policy, Req, Sink, Slot, Snapshot};
use crate::collections::{DList, Links};
use crate::describe::{defaults_of, list_hint, parse_config, ListHint, Mark, Param, View};
use crate::error::SimError;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Size of the clean-first region as a fraction of the frames (0..=1).
    pub window: f64,
}

impl Default for Config {
    fn default() -> Self {
        Config { window: 0.25 }
    }
}

/// The bar between the working and clean-first regions, and the window's size.
pub const CFLRU_LIST: ListHint = ListHint {
    split_status: Some("clean-first"),
    caption: "clean-first window: {gauge} pages (right of the bar)",
    caption_gauge: Some("window"),
    ..list_hint("LRU")
};

pub const ENTRY: PolicyEntry = PolicyEntry {
    id: "cflru",
    name: "CFLRU",
    short: "CFLRU",
    group: Group::Flash,
    curve: CurveMethod::Sampled,
    source: "CFLRU paper, section 3.1",
    summary: "Clean-first LRU: evicts the LRU clean page within a window at the LRU end, else the LRU dirty page.",
    how: "An LRU list split in two: the working region at the MRU end and the clean-first region of w pages at the LRU end. On a fault, the least recently used clean page in the clean-first region is evicted, because dropping a clean page costs no flash write. Only when the clean-first region holds no clean page does the LRU dirty page leave, written back.",
    params: &[
        Param::number("window", "Window w", 0.0, 1.0, "of the frames", "Size of the clean-first region as a fraction of the frames."),
    ],
    view: View::list(&[Mark::new("working", "working region", "cold", "circle"), Mark::new("clean-first", "clean-first region", "accent1", "square")]).with_lists(&[CFLRU_LIST]),
    defaults: defaults_of::<Config>,
    build: |frames, ctx, params| {
        let c: Config = parse_config("cflru", params)?;
        let w = window_pages("cflru", c.window, frames)?;
        Ok(Box::new(Cflru::new("cflru", frames, ctx.n_pages, w)))
    },
};

/// Checks a window fraction and turns it into pages.
pub fn window_pages(id: &str, window: f64, frames: usize) -> Result<usize, SimError> {
    if !(0.0..=1.0).contains(&window) {
        return Err(SimError::config(format!("{id} parameters"), format!("window must be within 0..=1, got {window}")));
    }
    Ok((window * frames as f64).floor() as usize)
}

const RES: u8 = 1;
const DIRTY: u8 = 2;
const WIN: u8 = 4;

#[derive(Clone)]
pub struct Cflru {
    id: &'static str,
    frames: usize,
    /// Pages in the clean-first region when the cache is full.
    w: usize,
    links: Links,
    work: DList,
    win_clean: DList,
    win_dirty: DList,
    state: Vec<u8>,
    /// Time of last access, only to merge the two region lists for the snapshot.
    stamp: Vec<u64>,
    now: u64,
    /// Misses and dirty evictions since the start (the dynamic variant's input).
    pub(crate) misses: u64,
    pub(crate) dirty_evictions: u64,
}

impl Cflru {
    pub fn new(id: &'static str, frames: usize, n_pages: u32, w: usize) -> Cflru {
        let n = n_pages as usize;
        Cflru {
            id,
            frames,
            w: w.min(frames),
            links: Links::new(n),
            work: DList::new(),
            win_clean: DList::new(),
            win_dirty: DList::new(),
            state: vec![0; n],
            stamp: vec![0; n],
            now: 0,
            misses: 0,
            dirty_evictions: 0,
        }
    }

    pub fn window(&self) -> usize {
        self.w
    }

    /// Changes the clean-first region size, moving pages across the boundary.
    pub fn set_window(&mut self, w: usize) {
        self.w = w.min(self.frames);
        self.rebalance();
    }

    fn region_len(&self) -> usize {
        self.win_clean.len() + self.win_dirty.len()
    }

    /// Restores: working region ≤ frames - w, and the region only non-empty
    /// when the working region is at its size.
    fn rebalance(&mut self) {
        let cap = self.frames - self.w;
        while self.work.len() > cap {
            let p = self.work.pop_back(&mut self.links).expect("non-empty");
            self.state[p as usize] |= WIN;
            if self.state[p as usize] & DIRTY != 0 {
                self.win_dirty.push_front(&mut self.links, p);
            } else {
                self.win_clean.push_front(&mut self.links, p);
            }
        }
        while self.work.len() < cap && self.region_len() > 0 {
            // The most recent page of the region goes back to the working region.
            let c = self.win_clean.front();
            let d = self.win_dirty.front();
            let p = match (c, d) {
                (Some(c), Some(d)) => {
                    if self.stamp[c as usize] > self.stamp[d as usize] {
                        c
                    } else {
                        d
                    }
                }
                (Some(c), None) => c,
                (None, Some(d)) => d,
                (None, None) => unreachable!(),
            };
            self.unlink_region(p);
            self.work.push_back(&mut self.links, p);
        }
    }

    fn unlink_region(&mut self, p: u32) {
        let s = &mut self.state[p as usize];
        *s &= !WIN;
        if *s & DIRTY != 0 {
            self.win_dirty.remove(&mut self.links, p);
        } else {
            self.win_clean.remove(&mut self.links, p);
        }
    }

    fn evict_one(&mut self, sink: &mut Sink) {
        let (v, why) = if let Some(v) = self.win_clean.back() {
            (v, "least recently used clean page in the clean-first window")
        } else if let Some(v) = self.win_dirty.back() {
            (v, "no clean page in the window: least recently used (dirty) page")
        } else {
            (self.work.back().expect("full cache"), "no clean-first window: least recently used page")
        };
        if self.state[v as usize] & WIN != 0 {
            self.unlink_region(v);
        } else {
            self.work.remove(&mut self.links, v);
        }
        let dirty = self.state[v as usize] & DIRTY != 0;
        self.state[v as usize] = 0;
        self.dirty_evictions += dirty as u64;
        sink.evict(v, dirty, why);
    }

    /// The victim order the policy would follow now if pages were evicted one
    /// after another with nothing inserted (tests and the explainer).
    pub fn victim_order(&self) -> Vec<u32> {
        let mut order: Vec<u32> = self.win_clean.iter(&self.links).collect();
        order.reverse();
        let clean_in_window = |p: u32| self.state[p as usize] & (WIN | DIRTY) == WIN;
        order.extend(self.lru_order().into_iter().rev().filter(|&p| !clean_in_window(p)));
        order
    }

    /// Resident pages, most recently used first.
    fn lru_order(&self) -> Vec<u32> {
        let mut v: Vec<u32> = self.work.iter(&self.links).collect();
        let mut region: Vec<u32> = self.win_clean.iter(&self.links).chain(self.win_dirty.iter(&self.links)).collect();
        region.sort_by_key(|&p| std::cmp::Reverse(self.stamp[p as usize]));
        v.extend(region);
        v
    }
}

impl Policy for Cflru {
    fn id(&self) -> &'static str {
        self.id
    }

    #[inline(always)]
    fn access(&mut self, req: Req, sink: &mut Sink) -> bool {
        let p = req.page;
        self.now += 1;
        self.stamp[p as usize] = self.now;
        let s = self.state[p as usize];
        if s & RES != 0 {
            if s & WIN != 0 {
                self.unlink_region(p);
                self.work.push_front(&mut self.links, p);
            } else {
                self.work.move_to_front(&mut self.links, p);
            }
            if req.write {
                self.state[p as usize] |= DIRTY;
            }
            sink.ev(|| Event::Move {
                page: p,
                from: "its place",
                to: "the MRU end",
                why: "a hit makes it the most recently used",
            });
            self.rebalance();
            return true;
        }
        self.misses += 1;
        if self.work.len() + self.region_len() == self.frames {
            self.evict_one(sink);
        }
        self.state[p as usize] = RES | if req.write { DIRTY } else { 0 };
        self.work.push_front(&mut self.links, p);
        sink.ev(|| Event::Insert { page: p, place: "MRU", slot: None });
        self.rebalance();
        false
    }

    fn resident(&self) -> usize {
        self.work.len() + self.region_len()
    }
    fn capacity(&self) -> usize {
        self.frames
    }
    fn contains(&self, page: u32) -> bool {
        self.state.get(page as usize).is_some_and(|s| s & RES != 0)
    }

    fn flush(&mut self, sink: &mut Sink) {
        let order = self.lru_order();
        for &p in order.iter().rev() {
            if self.state[p as usize] & DIRTY != 0 {
                if self.state[p as usize] & WIN != 0 {
                    // Keep the region lists consistent with the new clean state.
                    self.win_dirty.remove(&mut self.links, p);
                    self.state[p as usize] &= !WIN;
                    self.work.push_back(&mut self.links, p);
                }
                self.state[p as usize] &= !DIRTY;
                sink.clean(p, "final flush");
            }
        }
        // Pages moved out of the region re-enter it (now clean) in LRU order.
        let region: Vec<u32> = self.win_clean.iter(&self.links).collect();
        for p in region {
            self.win_clean.remove(&mut self.links, p);
            self.state[p as usize] &= !WIN;
            self.work.push_back(&mut self.links, p);
        }
        let mut all: Vec<u32> = self.work.iter(&self.links).collect();
        all.sort_by_key(|&p| std::cmp::Reverse(self.stamp[p as usize]));
        for &p in &all {
            self.work.remove(&mut self.links, p);
        }
        for &p in &all {
            self.work.push_back(&mut self.links, p);
        }
        self.rebalance();
    }

    fn snapshot(&self) -> Snapshot {
        let entries = self
            .lru_order()
            .into_iter()
            .map(|p| {
                let s = self.state[p as usize];
                Slot::page(p, if s & WIN != 0 { "clean-first" } else { "working" }, 0, s & DIRTY != 0, true)
            })
            .collect();
        Snapshot {
            policy: self.id,
            capacity: self.frames as u32,
            resident: self.resident() as u32,
            lists: vec![List { name: "LRU", entries }],
            gauges: vec![Gauge { name: "window", value: self.w as f64, target: None }],
            ..Snapshot::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testutil::{count, r, random_trace, replay, w};
    use super::*;
    use serde_json::json;

    /// Fig. 1: LRU list P1 (MRU) .. P8 (LRU), window P5..P8 with P5, P7 clean and
    /// P6, P8 dirty. The text fixes only the window; P1..P4 are made dirty so that
    /// pages shifted into the window by later insertions are never clean victims.
    #[test]
    fn paper_fig1_victim_order_is_p7_p5_p8_p6() {
        let dirty = |i: u64| matches!(i, 1..=4 | 6 | 8);
        let mut reqs: Vec<(u64, bool)> = (1..=8).rev().map(|i| (i, dirty(i))).collect();
        let (rp, _, ev, _) = replay("cflru", 8, json!({"window": 0.5}), &reqs);
        assert!(ev.is_empty());
        let snap = rp.policy.snapshot();
        let order: Vec<u64> = snap.lists[0].entries.iter().map(|s| rp.trace.ids[s.page.unwrap() as usize]).collect();
        assert_eq!(order, vec![1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(snap.gauges[0].value, 4.0);
        // Four read misses (pages 101..104) force four evictions.
        reqs.extend((101..=104).map(r));
        let (_, hits, ev, sink) = replay("cflru", 8, json!({"window": 0.5}), &reqs);
        assert_eq!(hits.iter().filter(|&&h| h).count(), 0);
        assert_eq!(ev, vec![(7, false), (5, false), (8, true), (6, true)]);
        let whys: Vec<&str> = sink
            .events
            .unwrap()
            .iter()
            .filter_map(|e| if let Event::Evict { why, .. } = e { Some(*why) } else { None })
            .collect();
        assert!(whys[0].contains("clean page in the clean-first window") && whys[1].contains("clean"));
        assert!(whys[2].contains("no clean page") && whys[3].contains("no clean page"));
    }

    #[test]
    fn victim_order_of_fig1_state() {
        let mut c = Cflru::new("cflru", 8, 8, 4);
        let mut sink = Sink::counting();
        // Dense id i-1 is P_i; access P8 first so P1 ends at the MRU end.
        for i in (1..=8u32).rev() {
            c.access(Req { t: 0, page: i - 1, write: matches!(i, 6 | 8) }, &mut sink);
        }
        assert_eq!(&c.victim_order()[..4], &[6, 4, 7, 5]);
    }

    #[test]
    fn hand_worked_trace_with_small_window() {
        // 3 frames, window 0.34 → 1 page. 1w 2 3 | 4: window {1w} has no clean page →
        // evict 1 (dirty). 2 hit. 5: list 2,4,3 → window {3} clean → evict 3.
        // 6w: list 5,2,4 → window {4} clean → evict 4.
        let reqs = [w(1), r(2), r(3), r(4), r(2), r(5), w(6)];
        let (_, hits, ev, _) = replay("cflru", 3, json!({"window": 0.34}), &reqs);
        assert_eq!(hits, vec![false, false, false, false, true, false, false]);
        assert_eq!(ev, vec![(1, true), (3, false), (4, false)]);
        // Window 2 pages: at 4 the window {2,1w} has clean 2 → evict 2 (LRU would evict 1).
        let (_, hits, ev, _) = replay("cflru", 3, json!({"window": 0.67}), &reqs);
        assert_eq!(hits, vec![false, false, false, false, false, false, false]);
        // after 4: 4,3,1w; 2 miss: window {3,1w} → evict 3; list 2,4,1w;
        // 5: window {4,1w} → evict 4; list 5,2,1w; 6w: window {2,1w} → evict 2.
        assert_eq!(ev, vec![(2, false), (3, false), (4, false), (2, false)]);
    }

    #[test]
    fn window_zero_is_exactly_lru() {
        let reqs = random_trace(7, 5000, 200, 0.4);
        for frames in [1, 7, 50] {
            let (_, h1, e1, _) = replay("cflru", frames, json!({"window": 0.0}), &reqs);
            let (_, h2, e2, _) = replay("lru", frames, json!({}), &reqs);
            assert_eq!(h1, h2);
            assert_eq!(e1, e2);
        }
    }

    #[test]
    fn fewer_writebacks_than_lru_on_a_write_heavy_trace() {
        let reqs = random_trace(11, 20_000, 400, 0.6);
        let (_, wb_lru) = count("lru", 60, json!({}), &reqs);
        let (_, wb_cf) = count("cflru", 60, json!({}), &reqs);
        assert!(wb_cf < wb_lru, "cflru {wb_cf} vs lru {wb_lru}");
    }

    #[test]
    fn bad_window_is_refused() {
        let t = crate::trace::Trace::reads(&[1]);
        let ctx = super::super::BuildCtx { n_pages: 1, trace: &t.reqs, ids: &t.ids, devices: false, keyed: false };
        let e = super::super::build("cflru", 4, &ctx, &json!({"window": 1.5})).err().unwrap().to_string();
        assert!(e.contains("window"), "{e}");
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
        #[test]
        fn matches_the_scanning_definition(seed in 0u64..1000, frames in 1usize..20, win in 0.0f64..=1.0) {
            // The paper's definition, literally: scan the last w pages of the LRU
            // list for the least recent clean one, else take the LRU page.
            let reqs = random_trace(seed, 400, 40, 0.5);
            let (_, hits, ev, _) = replay("cflru", frames, json!({"window": win}), &reqs);
            let w = (win * frames as f64).floor() as usize;
            let mut list: Vec<(u64, bool)> = Vec::new(); // MRU first
            let (mut want_ev, mut want_hits) = (Vec::new(), Vec::new());
            for &(p, wr) in &reqs {
                if let Some(i) = list.iter().position(|e| e.0 == p) {
                    let e = list.remove(i);
                    list.insert(0, (p, e.1 | wr));
                    want_hits.push(true);
                    continue;
                }
                want_hits.push(false);
                if list.len() == frames {
                    let n = list.len();
                    let i = (n - w..n).rev().find(|&i| !list[i].1).unwrap_or(n - 1);
                    want_ev.push(list.remove(i));
                }
                list.insert(0, (p, wr));
            }
            proptest::prop_assert_eq!(hits, want_hits);
            proptest::prop_assert_eq!(ev, want_ev);
        }

        #[test]
        fn region_holds_the_least_recent_pages(seed in 0u64..1000, frames in 1usize..20, win in 0.0f64..=1.0) {
            let reqs = random_trace(seed, 300, 40, 0.5);
            let (rp, _, _, _) = replay("cflru", frames, json!({"window": win}), &reqs);
            let snap = rp.policy.snapshot();
            let e = &snap.lists[0].entries;
            proptest::prop_assert!(e.len() <= frames);
            // Once full, the statuses are frames - w "working" then w "clean-first".
            if e.len() == frames {
                let w = snap.gauges[0].value as usize;
                for (i, s) in e.iter().enumerate() {
                    proptest::prop_assert_eq!(s.status, if i < frames - w { "working" } else { "clean-first" });
                }
            }
        }
    }
}
