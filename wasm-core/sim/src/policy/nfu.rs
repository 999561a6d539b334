//! NFU (not frequently used), as Tanenbaum's *Modern Operating Systems*
//! (§3.4.7) describes it: each page has a software counter, initially 0; at
//! every clock tick each page's R bit is added to its counter and cleared. On a
//! fault with every frame full, the page with the smallest counter leaves.
//!
//! Readings: a tick comes every `tick` requests (virtual time is the request
//! count; see `textbook.rs`). A page loaded by a fault starts with counter 0 and
//! R = 1 (the faulting reference); its counter is forgotten when it leaves.
//! Counters never decay (that is aging's fix). Ties go to the page that entered
//! the cache first.
//!
//! Cost: a fault scans every frame, as the textbook's algorithm does (ticks
//! cost nothing, applied lazily): fine for the caches one teaches with, slow for
//! runs of caches of many thousands of frames.
//!
//! Snapshot: list "by counter", smallest first (the next victim at the head,
//! ties in load order); `bits` is the counter, shown up to 255 (events carry the
//! exact value); status "referenced" while R = 1.

use super::entry::{CurveMethod, Group, PolicyEntry};
use super::textbook::{detail, interval, tick_event, tick_param, Frames, NONE, REFERENCED};
use super::{Event, List, Policy, Req, Sink, Slot, Snapshot};
use crate::describe::{defaults_of, parse_config, Param, View, RESIDENT};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    pub tick: u64,
}

impl Default for Config {
    fn default() -> Self {
        Config { tick: 4 }
    }
}

const PARAMS: &[Param] =
    &[tick_param("Requests between clock ticks; every tick adds each page's R bit to its counter and clears R.")];

pub const ENTRY: PolicyEntry = PolicyEntry {
    id: "nfu",
    name: "NFU (not frequently used)",
    short: "NFU",
    group: Group::Textbook,
    curve: CurveMethod::Sampled,
    source: "Tanenbaum, Modern Operating Systems, §3.4.7",
    summary: "Counts, per page, the clock ticks in which it was used; evicts the smallest count. Never forgets.",
    how: "Every page has a counter, 0 when it is loaded, and an R bit set when it is used. At every clock tick, each page's R bit is added to its counter and cleared. On a fault with every frame full, the page with the smallest counter leaves (the one that entered first, among equals). A page used heavily long ago keeps a large counter and its frame: NFU never forgets, which aging fixes.",
    params: PARAMS,
    view: View::list(&[RESIDENT, REFERENCED]).with_bits(255),
    defaults: defaults_of::<Config>,
    build: |frames, ctx, params| {
        let c: Config = parse_config("nfu", params)?;
        let n = ctx.n_pages as usize;
        Ok(Box::new(Nfu {
            f: Frames::new(frames, ctx.n_pages),
            count: vec![0; n],
            open: vec![NONE; n],
            dirty: vec![false; n],
            tick: c.tick.max(1),
            cur: 0,
        }))
    },
};

#[derive(Clone)]
pub struct Nfu {
    f: Frames,
    /// Per page: the counter, not yet counting the interval `open`.
    count: Vec<u32>,
    /// Per page: the tick interval of its last use, whose R bit the counter
    /// takes in at the interval's end (NONE: taken in).
    open: Vec<u32>,
    dirty: Vec<bool>,
    tick: u64,
    cur: u32,
}

impl Nfu {
    /// The counter now: an earlier interval's R has been added at its tick.
    #[inline]
    fn counter(&self, p: u32) -> u32 {
        let o = self.open[p as usize];
        self.count[p as usize] + (o != NONE && o < self.cur) as u32
    }
    #[inline]
    fn referenced(&self, p: u32) -> bool {
        self.open[p as usize] == self.cur
    }

    fn advance(&mut self, t: usize, sink: &mut Sink) {
        let now = interval(t, self.tick);
        if now == self.cur {
            return;
        }
        tick_event(sink, self.cur, now);
        if detail(sink, self.f.len()) {
            for &p in &self.f.pages {
                if self.referenced(p) {
                    let c = self.counter(p);
                    sink.ev(|| Event::Count {
                        page: p,
                        name: "counter",
                        from: c,
                        to: c + 1,
                        binary: 0,
                        why: "the tick adds R = 1 and clears R",
                    });
                }
            }
        }
        self.cur = now;
    }

    /// Uses `p` now: an earlier interval's R is taken into the counter first.
    fn touch(&mut self, p: u32) {
        self.count[p as usize] = self.counter(p);
        self.open[p as usize] = self.cur;
    }

    fn order(&self) -> Vec<usize> {
        let mut o: Vec<usize> = (0..self.f.len()).collect();
        o.sort_unstable_by_key(|&s| (self.counter(self.f.pages[s]), self.f.loaded[s]));
        o
    }
}

impl Policy for Nfu {
    fn id(&self) -> &'static str {
        "nfu"
    }

    #[inline]
    fn access(&mut self, req: Req, sink: &mut Sink) -> bool {
        let p = req.page;
        self.advance(req.t, sink);
        if self.f.contains(p) {
            self.touch(p);
            self.dirty[p as usize] |= req.write;
            return true;
        }
        let victim = if self.f.full() {
            let s = (0..self.f.len())
                .min_by_key(|&s| (self.counter(self.f.pages[s]), self.f.loaded[s]))
                .expect("a full cache has pages");
            let v = self.f.pages[s];
            let c = self.counter(v);
            sink.ev(|| Event::Count {
                page: v,
                name: "counter",
                from: c,
                to: c,
                binary: 0,
                why: "the smallest (first loaded among equals)",
            });
            sink.evict(v, std::mem::take(&mut self.dirty[v as usize]), "smallest counter: used in the fewest ticks");
            Some(s)
        } else {
            None
        };
        self.count[p as usize] = 0;
        self.open[p as usize] = self.cur;
        self.dirty[p as usize] = req.write;
        let place = if victim.is_some() { "the victim's frame" } else { "a free frame" };
        let s = self.f.load(p, req.t, victim);
        sink.ev(|| Event::Insert { page: p, place, slot: Some(s as u32) });
        false
    }

    fn resident(&self) -> usize {
        self.f.len()
    }
    fn capacity(&self) -> usize {
        self.f.frames
    }
    fn contains(&self, page: u32) -> bool {
        self.f.contains(page)
    }
    fn mark_dirty(&mut self, page: u32) -> bool {
        self.dirty[page as usize] = true;
        true
    }

    fn flush(&mut self, sink: &mut Sink) {
        for s in self.order() {
            let p = self.f.pages[s];
            if std::mem::take(&mut self.dirty[p as usize]) {
                sink.clean(p, "final flush");
            }
        }
    }

    fn snapshot(&self) -> Snapshot {
        let entries = self
            .order()
            .into_iter()
            .map(|s| {
                let p = self.f.pages[s];
                let status = if self.referenced(p) { "referenced" } else { "" };
                Slot::page(p, status, self.counter(p).min(255) as u8, self.dirty[p as usize], true)
            })
            .collect();
        Snapshot {
            policy: "nfu",
            capacity: self.f.frames as u32,
            resident: self.f.len() as u32,
            lists: vec![List { name: "by counter", entries }],
            ..Snapshot::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testutil::{r, replay};
    use serde_json::json;

    /// By hand, 3 frames, a tick every 2 requests. t0 1, t1 2 load (counter 0,
    /// R = 1). Tick: 1 → 1, 2 → 1. t2 3 loads; t3 1 hits. Tick: 1 → 2, 3 → 1, 2
    /// stays 1. t4 4: counters 1:2, 2:1, 3:1 → 2 (loaded before 3) leaves. t5 1
    /// hits. Tick: 1 → 3, 4 → 1. t6 5: 1:3, 3:1, 4:1 → 3 leaves.
    #[test]
    fn the_smallest_counter_leaves_first_loaded_among_equals() {
        let reqs: Vec<_> = [1, 2, 3, 1, 4, 1, 5].iter().map(|&p| r(p)).collect();
        let (rp, _, ev, _) = replay("nfu", 3, json!({"tick": 2}), &reqs);
        assert_eq!(ev.iter().map(|e| e.0).collect::<Vec<_>>(), vec![2, 3]);
        let s = rp.policy.snapshot();
        // By counter: 5 (0, just loaded, R = 1), 4 (1), 1 (3).
        let c: Vec<u8> = s.lists[0].entries.iter().map(|e| e.bits).collect();
        assert_eq!(c, vec![0, 1, 3]);
        assert_eq!(s.lists[0].entries[0].status, "referenced");
    }
}
