//! What the textbook policies (the "Textbook" group) share: virtual time and
//! clock ticks, a frame table that remembers when each page was loaded, and the
//! marks their views draw.
//!
//! Virtual time is the request count: request `t` (0-based) happens at time `t`.
//! A clock tick (the timer interrupt) comes every `tick` requests, before each
//! request whose position is a positive multiple of `tick`, so request `t` lies
//! in tick interval `t / tick`. Policies apply a tick's effect lazily (an R bit
//! is "set" when the page was referenced in the current interval), so a tick
//! costs nothing however large the cache; a run that skips requests (collapsed
//! repeats) sees the ticks at its next request.

use super::{Event, Sink};
use crate::collections::{DList, Links, NIL};
use crate::describe::{Mark, Param};

/// No interval yet (an R bit that was never set or was cleared by a hand).
pub const NONE: u32 = u32::MAX;

/// The tick parameter, in requests (sampled curves scale it with the rate).
pub const fn tick_param(doc: &'static str) -> Param {
    Param::integer("tick", "Clock tick", 1.0, 1e9, "requests", doc)
}

/// The working-set window τ, in requests (sampled curves scale it with the rate).
pub const TAU: Param = Param::integer(
    "tau",
    "τ (window)",
    1.0,
    1e9,
    "requests",
    "The working-set window: a page not used in the last τ requests (its age, now minus its time of last use, is above τ) is out of the working set.",
);

/// The tick interval request `t` lies in.
#[inline]
pub fn interval(t: usize, tick: u64) -> u32 {
    (t as u64 / tick.max(1)).min(NONE as u64 - 1) as u32
}

/// Per-page events (a tick's effect on every page, a scan's updates) are
/// recorded only for caches of up to this many pages: a step's narration names
/// each page, and a tick on a huge cache would name a million.
pub const DETAIL: usize = 64;

/// Whether to record per-page events now.
#[inline]
pub fn detail(sink: &Sink, resident: usize) -> bool {
    sink.recording_events() && resident <= DETAIL
}

/// Records that the clock ticked from interval `from` to `to` (several ticks
/// when requests passed without the policy seeing them).
pub fn tick_event(sink: &mut Sink, from: u32, to: u32) {
    sink.ev(|| Event::Gauge { name: "clock ticks", from: from as f64, to: to as f64, why: "a timer interrupt" });
}

/// Frames filled in slot order; a new page takes its victim's frame. Each
/// frame remembers when its page was loaded: ties go to the page loaded first.
#[derive(Clone)]
pub struct Frames {
    /// Page in each filled frame.
    pub pages: Vec<u32>,
    /// Per frame: the request that loaded its page (unique: one load per request).
    pub loaded: Vec<u32>,
    /// Per page: its frame, or NIL.
    pub slot_of: Vec<u32>,
    pub frames: usize,
    /// The resident pages in load order, first loaded at the front: loads come
    /// at increasing request times, so appending keeps the order (a tree of
    /// (time, page) did the same with an allocation per fault, the largest cost
    /// of these policies in WASM).
    order: DList,
    links: Links,
}

impl Frames {
    pub fn new(frames: usize, n_pages: u32) -> Frames {
        Frames {
            pages: Vec::new(),
            loaded: Vec::new(),
            slot_of: vec![NIL; n_pages as usize],
            frames,
            order: DList::new(),
            links: Links::new(n_pages as usize),
        }
    }
    #[inline]
    pub fn slot(&self, page: u32) -> Option<usize> {
        let s = self.slot_of[page as usize];
        (s != NIL).then_some(s as usize)
    }
    #[inline]
    pub fn full(&self) -> bool {
        self.pages.len() == self.frames
    }
    pub fn len(&self) -> usize {
        self.pages.len()
    }
    pub fn is_empty(&self) -> bool {
        self.pages.is_empty()
    }
    pub fn contains(&self, page: u32) -> bool {
        self.slot_of.get(page as usize).is_some_and(|&s| s != NIL)
    }
    /// Loads `page` at time `t` into a free frame, or into `victim`'s frame
    /// (whose page leaves); returns the frame.
    pub fn load(&mut self, page: u32, t: usize, victim: Option<usize>) -> usize {
        let s = match victim {
            Some(s) => {
                self.order.remove(&mut self.links, self.pages[s]);
                self.slot_of[self.pages[s] as usize] = NIL;
                self.pages[s] = page;
                self.loaded[s] = t as u32;
                s
            }
            None => {
                self.pages.push(page);
                self.loaded.push(t as u32);
                self.pages.len() - 1
            }
        };
        self.slot_of[page as usize] = s as u32;
        self.order.push_back(&mut self.links, page);
        s
    }
    /// Frames in the order their pages were loaded (first loaded first).
    pub fn by_load(&self) -> Vec<usize> {
        self.order.iter(&self.links).map(|p| self.slot_of[p as usize] as usize).collect()
    }
    /// The frame of the first loaded page that `keep` accepts: it walks the
    /// load order, so it costs the pages it skips.
    pub fn first_loaded(&self, keep: impl Fn(u32) -> bool) -> Option<usize> {
        self.order.iter(&self.links).find(|&p| keep(p)).map(|p| self.slot_of[p as usize] as usize)
    }
}

/// NRU's classes, as statuses: 2·R + M.
pub const CLASSES: [&str; 4] = ["class 0", "class 1", "class 2", "class 3"];
pub const CLASS_MARKS: &[Mark] = &[
    Mark::new("class 0", "class 0: R = 0, M = 0", "cold", "circle"),
    Mark::new("class 1", "class 1: R = 0, M = 1", "test", "square"),
    Mark::new("class 2", "class 2: R = 1, M = 0", "accent2", "triangle"),
    Mark::new("class 3", "class 3: R = 1, M = 1", "hot", "diamond"),
];

/// A page referenced since the last clock tick (R = 1).
pub const REFERENCED: Mark = Mark::new("referenced", "R = 1 (used since the last tick)", "hot", "diamond");
/// A page older than τ with R = 0: out of the working set.
pub const OLD: Mark = Mark::new("old", "out of the working set (R = 0, age > τ)", "ghost", "square");
