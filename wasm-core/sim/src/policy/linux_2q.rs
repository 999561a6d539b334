//! The Linux 2.4 active/inactive scheme as the CLOCK-Pro paper describes it
//! (section 5.2.1): "When a page in the inactive list is detected being
//! referenced, the page is promoted into the active list. Periodically the pages
//! in the active list that are not recently accessed are removed to refill the
//! inactive list. The kernel attempts to keep the ratio of the sizes of the
//! active list and inactive list as 2:1. An active list is organized as a clock
//! ... An inactive list behaves much as a FIFO buffer for its page reclamations."
//!
//! Readings:
//! - A faulted-in page enters the inactive list's head with its reference bit
//!   clear: the fault is its first reference. A later reference only sets the bit
//!   (no operations on hits, as in VM); it is "detected" when reclamation reaches
//!   the page at the inactive tail, which then moves to the active clock instead
//!   of being evicted. So a page is promoted on its second reference, noticed at
//!   the latest when it would otherwise leave.
//! - Promoted pages go just behind the active hand (reached last) with the bit
//!   cleared; the hand, when refilling, clears set bits (second chance) and moves
//!   the first page with a clear bit to the inactive head.
//! - "Periodically" is read as: on every fault with a full cache, before and while
//!   reclaiming, the active hand runs until the inactive list holds at least
//!   `inactive_fraction` of the frames (default 1/3: the kernel's 2:1 ratio).
//! - Free frames are filled without reclaiming or refilling.
//!
//! Snapshot: ring "active" (slot 0 = the hand's page) with hand "hand"; list
//! "inactive" newest first (the tail, next to reclaim, is last); `bits` is the
//! reference bit. Gauge "inactive" (value its length, target the refill target).

use super::entry::{CurveMethod, Group, PolicyEntry};
use super::sink::flush_dirty;
use super::{Event, Gauge, Hand, List, Policy, Req, Ring, Sink, Slot, Snapshot};
use crate::collections::{DList, Links};
use crate::describe::{defaults_of, parse_config, Param, View, HAND, RESIDENT};
use crate::error::SimError;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// The inactive list is refilled to at least this fraction of the frames.
    pub inactive_fraction: f64,
}

impl Default for Config {
    fn default() -> Self {
        Config { inactive_fraction: 1.0 / 3.0 }
    }
}

pub const ENTRY: PolicyEntry = PolicyEntry {
    id: "linux-2q",
    name: "Linux active/inactive",
    short: "Linux 2Q",
    group: Group::Adaptive,
    curve: CurveMethod::Sampled,
    source: "Linux 2.4, as the CLOCK-Pro paper describes it",
    summary: "Linux 2.4's two lists: FIFO inactive list, clock-managed active list, promotion of pages referenced while inactive.",
    how: "Pages enter the inactive list, a FIFO. A page referenced while inactive is promoted to the active list. A clock hand sweeps the active list to refill the inactive list to its target: referenced pages get a second chance, the rest are demoted. Victims leave from the inactive list's tail.",
    params: &[
        Param::number("inactive_fraction", "Inactive target", 0.001, 1.0, "of the frames", "The inactive list is refilled to at least this fraction of the frames."),
    ],
    view: View::mixed(&[HAND], &[RESIDENT]).read_from_hand(),
    defaults: defaults_of::<Config>,
    build: |frames, ctx, params| {
        let c: Config = parse_config("linux-2q", params)?;
        if !(c.inactive_fraction > 0.0 && c.inactive_fraction <= 1.0) {
            return Err(SimError::config(
                "linux-2q inactive_fraction",
                format!("must be in (0, 1], got {}", c.inactive_fraction),
            ));
        }
        let target = ((c.inactive_fraction * frames as f64).round() as usize).clamp(1, frames);
        Ok(Box::new(Linux2q::new(frames, ctx.n_pages, target)))
    },
};

const ACTIVE: u8 = 1;
const INACTIVE: u8 = 2;
const WHERE: u8 = 3;
const REF: u8 = 4;
const DIRTY: u8 = 8;

#[derive(Clone)]
pub struct Linux2q {
    frames: usize,
    target: usize,
    links: Links,
    /// Front = the hand.
    active: DList,
    /// Front = head (newest), back = tail (next to reclaim).
    inactive: DList,
    st: Vec<u8>,
}

impl Linux2q {
    pub fn new(frames: usize, n_pages: u32, target: usize) -> Linux2q {
        let n = n_pages as usize;
        Linux2q {
            frames,
            target: target.clamp(1, frames),
            links: Links::new(n),
            active: DList::new(),
            inactive: DList::new(),
            st: vec![0; n],
        }
    }

    /// The active hand demotes one page (clearing set bits on its way).
    fn demote_one(&mut self, sink: &mut Sink) {
        while let Some(x) = self.active.pop_front(&mut self.links) {
            if self.st[x as usize] & REF != 0 {
                self.st[x as usize] &= !REF;
                self.active.push_back(&mut self.links, x);
                sink.ev(|| Event::Visit { hand: "hand", page: x, action: "cleared reference bit" });
            } else {
                self.inactive.push_front(&mut self.links, x);
                self.st[x as usize] = (self.st[x as usize] & !WHERE) | INACTIVE;
                sink.ev(|| Event::Move {
                    page: x,
                    from: "active",
                    to: "inactive",
                    why: "not referenced since the hand last passed",
                });
                return;
            }
        }
    }

    fn refill(&mut self, sink: &mut Sink) {
        while self.inactive.len() < self.target && !self.active.is_empty() {
            self.demote_one(sink);
        }
    }

    fn reclaim(&mut self, sink: &mut Sink) {
        loop {
            self.refill(sink);
            let Some(y) = self.inactive.pop_back(&mut self.links) else {
                debug_assert!(false, "a full cache has pages to reclaim");
                return;
            };
            let s = self.st[y as usize];
            if s & REF != 0 {
                self.st[y as usize] = (s & !(REF | WHERE)) | ACTIVE;
                self.active.push_back(&mut self.links, y);
                sink.ev(|| Event::Move { page: y, from: "inactive", to: "active", why: "referenced while inactive" });
            } else {
                self.st[y as usize] = 0;
                sink.evict(y, s & DIRTY != 0, "tail of the inactive list, not referenced");
                return;
            }
        }
    }
}

impl Policy for Linux2q {
    fn id(&self) -> &'static str {
        "linux-2q"
    }

    #[inline(always)]
    fn access(&mut self, req: Req, sink: &mut Sink) -> bool {
        let x = req.page;
        let wbit = if req.write { DIRTY } else { 0 };
        if self.st[x as usize] & WHERE != 0 {
            self.st[x as usize] |= REF | wbit;
            return true;
        }
        if self.resident() == self.frames {
            self.reclaim(sink);
        }
        self.inactive.push_front(&mut self.links, x);
        self.st[x as usize] = INACTIVE | wbit;
        sink.ev(|| Event::Insert { page: x, place: "inactive", slot: None });
        false
    }

    fn resident(&self) -> usize {
        self.active.len() + self.inactive.len()
    }
    fn capacity(&self) -> usize {
        self.frames
    }
    fn contains(&self, page: u32) -> bool {
        self.st.get(page as usize).is_some_and(|s| s & WHERE != 0)
    }
    fn mark_dirty(&mut self, page: u32) -> bool {
        self.st[page as usize] |= DIRTY;
        true
    }

    fn flush(&mut self, sink: &mut Sink) {
        let pages = self.active.iter(&self.links).chain(self.inactive.iter(&self.links));
        flush_dirty(pages, &mut self.st, DIRTY, sink);
    }

    fn snapshot(&self) -> Snapshot {
        let slot = |x: u32| {
            let s = self.st[x as usize];
            Slot::page(x, "", (s & REF != 0) as u8, s & DIRTY != 0, true)
        };
        Snapshot {
            policy: "linux-2q",
            capacity: self.frames as u32,
            resident: self.resident() as u32,
            rings: vec![Ring::new(
                "active",
                self.active.iter(&self.links).map(slot).collect(),
                vec![Hand { name: "hand", pos: 0 }],
            )],
            lists: vec![List { name: "inactive", entries: self.inactive.iter(&self.links).map(slot).collect() }],
            gauges: vec![Gauge {
                name: "inactive",
                value: self.inactive.len() as f64,
                target: Some(self.target as f64),
            }],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Pages = Vec<(u32, u8)>;

    fn state(q: &Linux2q) -> (Pages, Pages) {
        let s = q.snapshot();
        (
            s.rings[0].slots.iter().map(|e| (e.page.unwrap(), e.bits)).collect(),
            s.lists[0].entries.iter().map(|e| (e.page.unwrap(), e.bits)).collect(),
        )
    }

    #[test]
    fn hand_worked_trace_with_three_frames() {
        // 3 frames, inactive target 1.
        let mut q = Linux2q::new(3, 8, 1);
        let mut sink = Sink::recording();
        let mut step = |q: &mut Linux2q, x: u32| q.access(Req { t: 0, page: x, write: false }, &mut sink);
        assert_eq!([0, 1, 2, 0, 1].map(|x| step(&mut q, x)), [false, false, false, true, true]);
        assert_eq!(state(&q), (vec![], vec![(2, 0), (1, 1), (0, 1)]));
        // 3: reclaim finds 0 then 1 referenced at the tail (promoted), evicts 2.
        assert!(!step(&mut q, 3));
        assert_eq!(state(&q), (vec![(0, 0), (1, 0)], vec![(3, 0)]));
        // 0 referenced again. 4: inactive holds 1 = target; tail 3 is evicted.
        assert!(step(&mut q, 0));
        assert!(!step(&mut q, 4));
        assert_eq!(state(&q), (vec![(0, 1), (1, 0)], vec![(4, 0)]));
        // 5: the inactive list is at its target before reclaiming, so 4 goes.
        assert!(!step(&mut q, 5));
        assert_eq!(state(&q), (vec![(0, 1), (1, 0)], vec![(5, 0)]));
        // 5 referenced; 6: 5 is promoted, emptying the inactive list, so the hand
        // refills it: spares 0 (clearing its bit), demotes 1, which is evicted.
        assert!(step(&mut q, 5));
        assert!(!step(&mut q, 6));
        assert_eq!(state(&q), (vec![(5, 0), (0, 0)], vec![(6, 0)]));
        let ev = sink.events.unwrap();
        assert!(ev.contains(&Event::Move {
            page: 1,
            from: "active",
            to: "inactive",
            why: "not referenced since the hand last passed"
        }));
        assert!(ev.contains(&Event::Evict { page: 2, dirty: false, why: "tail of the inactive list, not referenced" }));
        assert!(ev.contains(&Event::Visit { hand: "hand", page: 0, action: "cleared reference bit" }));
        assert!(ev.contains(&Event::Evict { page: 1, dirty: false, why: "tail of the inactive list, not referenced" }));
    }
}
