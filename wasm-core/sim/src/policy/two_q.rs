//! 2Q, full version (Johnson & Shasha, VLDB 1994): A1in is a FIFO of pages seen
//! once, A1out a FIFO of the identifiers of pages paged out of A1in (ghosts), Am
//! an LRU of pages referenced again after leaving A1in.
//!
//! The paper's algorithm: a hit in Am moves the page to Am's head; a hit in A1in
//! does nothing; a miss found in A1out is loaded into Am's head; any other miss
//! is loaded into A1in's head. To make room ("reclaimfor"): use a free frame if
//! any; else if |A1in| > Kin page out A1in's tail and remember it at A1out's head
//! (dropping A1out's tail beyond Kout); else page out Am's tail, not remembered.
//!
//! Readings:
//! - Kin = round(kin × frames) and Kout = round(kout × frames), with the paper's
//!   recommended 25 % and 50 % as defaults.
//! - When |A1in| ≤ Kin but Am is empty (tiny caches, or Kin ≥ frames) the victim
//!   comes from A1in anyway: the paper's pseudo-code assumes Am has a tail.
//!
//! Snapshot: lists "A1in" and "A1out" (head first: newest first) and "Am" (MRU
//! first); A1out entries have status "ghost" and resident = false. Gauge "A1in"
//! (value |A1in|, target Kin).

use super::entry::{CurveMethod, Group, PolicyEntry};
use super::sink::flush_dirty;
use super::{Event, Gauge, List, Policy, Req, Sink, Slot, Snapshot};
use crate::collections::{DList, Links};
use crate::describe::{defaults_of, parse_config, Param, View, GHOST, RESIDENT};
use crate::error::SimError;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Kin as a fraction of the frames.
    pub kin: f64,
    /// Kout (ghost entries remembered) as a fraction of the frames.
    pub kout: f64,
}

impl Default for Config {
    fn default() -> Self {
        Config { kin: 0.25, kout: 0.5 }
    }
}

impl Config {
    pub fn kin_pages(&self, frames: usize) -> usize {
        (self.kin * frames as f64).round() as usize
    }
    /// The most A1out entries (the bound on non-resident pages).
    pub fn kout_pages(&self, frames: usize) -> usize {
        (self.kout * frames as f64).round() as usize
    }
    fn validate(&self) -> Result<(), SimError> {
        if !(0.0..=1.0).contains(&self.kin) {
            return Err(SimError::config(
                "2q kin",
                format!("must be a fraction of the frames in [0, 1], got {}", self.kin),
            ));
        }
        if !(0.0..=16.0).contains(&self.kout) {
            return Err(SimError::config("2q kout", format!("must be in [0, 16] times the frames, got {}", self.kout)));
        }
        Ok(())
    }
}

pub const ENTRY: PolicyEntry = PolicyEntry {
    id: "2q",
    name: "2Q",
    short: "2Q",
    group: Group::Adaptive,
    curve: CurveMethod::Sampled,
    source: "Johnson & Shasha (VLDB 1994), full version",
    summary: "Johnson & Shasha's 2Q: new pages in a FIFO (A1in), re-referenced ghosts (A1out) promoted to an LRU (Am).",
    how: "New pages enter A1in, a FIFO of about Kin frames. A page leaving A1in is remembered in the ghost queue A1out. A fault on a page in A1out puts it in Am, an LRU list for pages that proved themselves; hits in A1in change nothing. Victims come from A1in while it is over Kin, otherwise from Am's LRU end.",
    params: &[
        Param::number("kin", "Kin", 0.0, 1.0, "of the frames", "Target size of A1in as a fraction of the frames."),
        Param::number("kout", "Kout", 0.0, 16.0, "× frames", "Ghost entries remembered in A1out, as a multiple of the frames."),
    ],
    view: View::list(&[RESIDENT, GHOST]),
    defaults: defaults_of::<Config>,
    build: |frames, ctx, params| {
        let c: Config = parse_config("2q", params)?;
        c.validate()?;
        Ok(Box::new(TwoQ::new(frames, ctx.n_pages, c.kin_pages(frames), c.kout_pages(frames))))
    },
};

const NONE: u8 = 0;
const A1IN: u8 = 1;
const A1OUT: u8 = 2;
const AM: u8 = 3;
const WHERE: u8 = 3;
const DIRTY: u8 = 4;

#[derive(Clone)]
pub struct TwoQ {
    frames: usize,
    kin: usize,
    kout: usize,
    links: Links,
    a1in: DList,
    a1out: DList,
    am: DList,
    st: Vec<u8>,
}

impl TwoQ {
    pub fn new(frames: usize, n_pages: u32, kin: usize, kout: usize) -> TwoQ {
        let n = n_pages as usize;
        TwoQ {
            frames,
            kin,
            kout,
            links: Links::new(n),
            a1in: DList::new(),
            a1out: DList::new(),
            am: DList::new(),
            st: vec![0; n],
        }
    }

    fn reclaim(&mut self, sink: &mut Sink) {
        if self.a1in.len() + self.am.len() < self.frames {
            return;
        }
        if self.a1in.len() > self.kin || self.am.is_empty() {
            let y = self.a1in.pop_back(&mut self.links).expect("a full cache with Am empty has A1in pages");
            sink.evict(y, self.st[y as usize] & DIRTY != 0, "tail of A1in");
            self.st[y as usize] = NONE;
            if self.kout > 0 {
                self.a1out.push_front(&mut self.links, y);
                self.st[y as usize] = A1OUT;
                sink.ev(|| Event::Ghost { page: y, list: "A1out", action: "added" });
                if self.a1out.len() > self.kout {
                    let z = self.a1out.pop_back(&mut self.links).expect("non-empty");
                    self.st[z as usize] = NONE;
                    sink.ev(|| Event::Ghost { page: z, list: "A1out", action: "dropped" });
                }
            }
        } else {
            let y = self.am.pop_back(&mut self.links).expect("checked non-empty");
            sink.evict(y, self.st[y as usize] & DIRTY != 0, "LRU end of Am");
            self.st[y as usize] = NONE;
        }
    }
}

impl Policy for TwoQ {
    fn id(&self) -> &'static str {
        "2q"
    }

    #[inline(always)]
    fn access(&mut self, req: Req, sink: &mut Sink) -> bool {
        let x = req.page;
        let wbit = if req.write { DIRTY } else { 0 };
        match self.st[x as usize] & WHERE {
            AM => {
                self.am.move_to_front(&mut self.links, x);
                self.st[x as usize] |= wbit;
                sink.ev(|| Event::Move { page: x, from: "Am", to: "Am", why: "hit: head of Am" });
                true
            }
            A1IN => {
                self.st[x as usize] |= wbit;
                true
            }
            A1OUT => {
                self.a1out.remove(&mut self.links, x);
                self.st[x as usize] = NONE;
                sink.ev(|| Event::Ghost { page: x, list: "A1out", action: "hit" });
                self.reclaim(sink);
                self.am.push_front(&mut self.links, x);
                self.st[x as usize] = AM | wbit;
                sink.ev(|| Event::Insert { page: x, place: "Am", slot: None });
                false
            }
            _ => {
                self.reclaim(sink);
                self.a1in.push_front(&mut self.links, x);
                self.st[x as usize] = A1IN | wbit;
                sink.ev(|| Event::Insert { page: x, place: "A1in", slot: None });
                false
            }
        }
    }

    fn resident(&self) -> usize {
        self.a1in.len() + self.am.len()
    }
    fn capacity(&self) -> usize {
        self.frames
    }
    fn contains(&self, page: u32) -> bool {
        self.st.get(page as usize).is_some_and(|s| matches!(s & WHERE, A1IN | AM))
    }
    fn mark_dirty(&mut self, page: u32) -> bool {
        self.st[page as usize] |= DIRTY;
        true
    }

    fn flush(&mut self, sink: &mut Sink) {
        let pages = self.a1in.iter(&self.links).chain(self.am.iter(&self.links));
        flush_dirty(pages, &mut self.st, DIRTY, sink);
    }

    fn snapshot(&self) -> Snapshot {
        let list = |name, l: &DList, res: bool| List {
            name,
            entries: l
                .iter(&self.links)
                .map(|x| Slot::page(x, if res { "" } else { "ghost" }, 0, self.st[x as usize] & DIRTY != 0, res))
                .collect(),
        };
        Snapshot {
            policy: "2q",
            capacity: self.frames as u32,
            resident: self.resident() as u32,
            lists: vec![list("A1in", &self.a1in, true), list("A1out", &self.a1out, false), list("Am", &self.am, true)],
            gauges: vec![Gauge { name: "A1in", value: self.a1in.len() as f64, target: Some(self.kin as f64) }],
            ..Snapshot::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lists(q: &TwoQ) -> Vec<Vec<u32>> {
        q.snapshot().lists.iter().map(|l| l.entries.iter().map(|e| e.page.unwrap()).collect()).collect()
    }

    #[test]
    fn hand_worked_trace_with_four_frames() {
        // 4 frames: Kin = 1, Kout = 2.
        let mut q = TwoQ::new(4, 16, 1, 2);
        let mut sink = Sink::recording();
        let trace = [0u32, 1, 2, 3, 0, 4, 5, 6, 1, 0, 1];
        let hits: Vec<bool> =
            trace.iter().map(|&x| q.access(Req { t: 0, page: x, write: x == 3 }, &mut sink)).collect();
        // 0..3 fill A1in; 0 hits there (no change). 4: |A1in| = 4 > 1 → 0 out to
        // A1out. 5 → 1 out; 6 → 2 out, A1out over Kout drops 0. 1 is in A1out →
        // reclaim (3 out, dirty) and 1 enters Am. 0 was dropped: a plain miss into
        // A1in (4 out, A1out drops 2). 1 hits in Am.
        assert_eq!(hits, vec![false, false, false, false, true, false, false, false, false, false, true]);
        assert_eq!(lists(&q), vec![vec![0, 6, 5], vec![4, 3], vec![1]]);
        assert_eq!(sink.writebacks, 1);
        let ev = sink.events.unwrap();
        assert!(ev.contains(&Event::Ghost { page: 0, list: "A1out", action: "dropped" }));
        assert!(ev.contains(&Event::Ghost { page: 1, list: "A1out", action: "hit" }));
        assert!(ev.contains(&Event::Evict { page: 3, dirty: true, why: "tail of A1in" }));
    }

    #[test]
    fn am_victim_when_a1in_is_within_kin() {
        let mut q = TwoQ::new(2, 8, 1, 2);
        let mut sink = Sink::counting();
        for x in [0, 1, 2, 0, 3] {
            q.access(Req { t: 0, page: x, write: false }, &mut sink);
        }
        // 0 1 2: 0 → A1out. 0: A1out hit, reclaim: |A1in| = 2 > 1 → 1 out; 0 into Am.
        // 3: |A1in| = 1 (only 2) not > Kin → Am's tail 0 is paged out, not remembered.
        assert_eq!(lists(&q), vec![vec![3, 2], vec![1], vec![]]);
    }

    #[test]
    fn bad_parameters_are_refused() {
        let t = crate::trace::Trace::reads(&[0]);
        let ctx = crate::policy::BuildCtx::of(&t);
        let e = crate::policy::build("2q", 4, &ctx, &serde_json::json!({"kin": 2.0})).err().unwrap().to_string();
        assert!(e.contains("kin"), "{e}");
    }
}
