//! The working-set page replacement algorithm, as Tanenbaum's *Modern Operating
//! Systems* (§3.4.8) gives it, with a fixed number of frames. Each page has an
//! R bit, set by every use and cleared at every clock tick, and a time of last
//! use. On a fault with every frame full, every resident page is scanned: R = 1
//! sets its time of last use to now (it is in the working set); a page with
//! R = 0 whose age (now minus its time of last use) is above τ is out of the
//! working set and is evicted. If none is, the oldest page with R = 0 is evicted,
//! or, when every R is 1, the page that entered first.
//!
//! Readings: virtual time is the request count and a tick comes every `tick`
//! requests (see `textbook.rs`); τ is in requests. A page loaded by a fault has
//! R = 1 and its time of last use is now. The scan goes in load order and
//! updates every R = 1 page even after finding the victim (as Tanenbaum's
//! continues), and the first page out of the working set leaves; ties (equal
//! ages, every R = 1) go to the page that entered first, where Tanenbaum picks
//! at random.
//!
//! Cost: the scan's updates touch only the pages used since the last tick, and
//! the search walks the load order skipping only pages used within τ, so a
//! fault costs about τ · tick pages, not the whole cache (ticks are applied
//! lazily).
//!
//! Snapshot: list "frames" in load order (first loaded at the head); status
//! "old" for a page with R = 0 and age above τ (out of the working set), else
//! "referenced" for R = 1, else plain; `bits` is R. Events give ages and times.

use super::entry::{CurveMethod, Group, PolicyEntry};
use super::textbook::{detail, interval, tick_event, tick_param, Frames, NONE, OLD, REFERENCED, TAU};
use super::{Event, List, Policy, Req, Sink, Slot, Snapshot};
use crate::describe::{defaults_of, parse_config, Param, View, RESIDENT};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    pub tau: u64,
    pub tick: u64,
}

impl Default for Config {
    fn default() -> Self {
        Config { tau: 10, tick: 4 }
    }
}

const PARAMS: &[Param] = &[TAU, tick_param("Requests between clock ticks; every tick clears all R bits.")];

pub const ENTRY: PolicyEntry = PolicyEntry {
    id: "working-set",
    name: "Working set",
    short: "WS",
    group: Group::Textbook,
    curve: CurveMethod::Sampled,
    source: "Tanenbaum, Modern Operating Systems, §3.4.8 (Fig. 3-19); Denning (1968)",
    summary: "Evicts a page not used in the last τ requests (out of the working set), scanning every frame on a fault.",
    how: "Every page has an R bit, set when it is used and cleared at every clock tick, and a time of last use. On a fault with every frame full, every page is scanned: R = 1 means it was used since the last tick, so its time of last use becomes now. A page with R = 0 whose age (now minus its time of last use) is above τ has left the working set and is evicted. If every page is in the working set, the oldest page with R = 0 leaves; if every R is 1, the page that entered first.",
    params: PARAMS,
    view: View::list(&[RESIDENT, REFERENCED, OLD]).with_bits(1),
    defaults: defaults_of::<Config>,
    build: |frames, ctx, params| {
        let c: Config = parse_config("working-set", params)?;
        let n = ctx.n_pages as usize;
        Ok(Box::new(WorkingSet {
            f: Frames::new(frames, ctx.n_pages),
            r: vec![NONE; n],
            last: vec![0; n],
            used: Vec::new(),
            dirty: vec![false; n],
            tau: c.tau.max(1),
            tick: c.tick.max(1),
            cur: 0,
            now: 0,
        }))
    },
};

#[derive(Clone)]
pub struct WorkingSet {
    f: Frames,
    /// Per page: the tick interval of its last use; R = 1 while that is the current one.
    r: Vec<u32>,
    /// Per page: its time of last use.
    last: Vec<u32>,
    /// The pages used in the current tick interval (R = 1), each about once.
    used: Vec<u32>,
    dirty: Vec<bool>,
    tau: u64,
    tick: u64,
    cur: u32,
    /// The last request served (virtual time).
    now: u32,
}

impl WorkingSet {
    #[inline]
    fn referenced(&self, p: u32) -> bool {
        self.r[p as usize] == self.cur
    }
    /// Uses `p` now: R = 1.
    #[inline]
    fn touch(&mut self, p: u32) {
        if self.r[p as usize] != self.cur {
            self.r[p as usize] = self.cur;
            self.used.push(p);
        }
    }
    #[inline]
    fn age(&self, p: u32) -> u32 {
        self.now - self.last[p as usize]
    }
    #[inline]
    fn old(&self, p: u32) -> bool {
        !self.referenced(p) && self.age(p) as u64 > self.tau
    }

    fn advance(&mut self, t: usize, sink: &mut Sink) {
        let now = interval(t, self.tick);
        if now != self.cur {
            tick_event(sink, self.cur, now);
            if detail(sink, self.f.len()) {
                for &p in &self.f.pages {
                    if self.r[p as usize] == self.cur {
                        sink.ev(|| Event::Status {
                            page: p,
                            from: "R = 1",
                            to: "R = 0",
                            why: "a clock tick clears every R bit",
                        });
                    }
                }
            }
            self.cur = now;
            self.used.clear();
        }
        self.now = t.min(u32::MAX as usize) as u32;
    }

    /// Tanenbaum's scan: the victim's frame, and why.
    fn scan(&mut self, sink: &mut Sink) -> (usize, &'static str) {
        let tell = detail(sink, self.f.len());
        // The R = 1 pages are those used in this tick interval: their time of last use becomes now.
        let mut used = std::mem::take(&mut self.used);
        used.sort_unstable_by_key(|&p| self.f.slot(p).map(|s| self.f.loaded[s]));
        used.dedup();
        for &p in &used {
            if self.f.contains(p) && self.referenced(p) {
                let (from, to) = (self.last[p as usize], self.now);
                self.last[p as usize] = to;
                if tell && from != to {
                    sink.ev(|| Event::Count {
                        page: p,
                        name: "time of last use",
                        from,
                        to,
                        binary: 0,
                        why: "R = 1: used since the last tick, so in the working set now",
                    });
                }
            }
        }
        self.used = used;
        // The first loaded page with R = 0 older than τ: the walk in load order
        // skips only pages used within τ (or since the last tick).
        let (s, why) = match self.f.first_loaded(|p| !self.referenced(p) && self.age(p) as u64 > self.tau) {
            Some(s) => (s, "R = 0 and older than τ: out of the working set"),
            // Every page is in the working set (so there are few of them).
            None => match self
                .f
                .by_load()
                .into_iter()
                .filter(|&s| !self.referenced(self.f.pages[s]))
                .min_by_key(|&s| (self.last[self.f.pages[s] as usize], self.f.loaded[s]))
            {
                Some(s) => (s, "every page is in the working set: the oldest with R = 0"),
                None => (
                    self.f.first_loaded(|_| true).expect("a full cache has pages"),
                    "every R is 1: the page that entered first",
                ),
            },
        };
        let v = self.f.pages[s];
        let age = self.age(v);
        sink.ev(|| Event::Count {
            page: v,
            name: "age",
            from: age,
            to: age,
            binary: 0,
            why: "now minus its time of last use",
        });
        (s, why)
    }
}

impl Policy for WorkingSet {
    fn id(&self) -> &'static str {
        "working-set"
    }

    #[inline(always)]
    fn access(&mut self, req: Req, sink: &mut Sink) -> bool {
        let p = req.page;
        self.advance(req.t, sink);
        if self.f.contains(p) {
            self.touch(p);
            self.dirty[p as usize] |= req.write;
            return true;
        }
        let victim = if self.f.full() {
            let (s, why) = self.scan(sink);
            let v = self.f.pages[s];
            self.r[v as usize] = NONE;
            sink.evict(v, std::mem::take(&mut self.dirty[v as usize]), why);
            Some(s)
        } else {
            None
        };
        self.touch(p);
        self.last[p as usize] = self.now;
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
        for s in self.f.by_load() {
            let p = self.f.pages[s];
            if std::mem::take(&mut self.dirty[p as usize]) {
                sink.clean(p, "final flush");
            }
        }
    }

    fn snapshot(&self) -> Snapshot {
        let entries = self
            .f
            .by_load()
            .into_iter()
            .map(|s| {
                let p = self.f.pages[s];
                let r = self.referenced(p);
                let status = if self.old(p) {
                    "old"
                } else if r {
                    "referenced"
                } else {
                    ""
                };
                Slot::page(p, status, r as u8, self.dirty[p as usize], true)
            })
            .collect();
        Snapshot {
            policy: "working-set",
            capacity: self.f.frames as u32,
            resident: self.f.len() as u32,
            lists: vec![List { name: "frames", entries }],
            ..Snapshot::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testutil::{r, replay};
    use super::super::Event;
    use serde_json::json;

    fn run(tau: u64, tick: u64, frames: usize, pages: &[u64]) -> Vec<u64> {
        let reqs: Vec<_> = pages.iter().map(|&p| r(p)).collect();
        let (_, _, ev, _) = replay("working-set", frames, json!({ "tau": tau, "tick": tick }), &reqs);
        ev.into_iter().map(|e| e.0).collect()
    }

    /// By hand, τ = 3, a tick every 2 requests, 3 frames. t0 1, t1 2 (interval 0),
    /// t2 3, t3 1 (interval 1: 1's time of last use is still 0), t4 2 hits
    /// (interval 2), t5 4 faults at now = 5: 1 has R = 0 and age 5 > 3 → evicted
    /// (2 has R = 1, 3 has age 3, not above τ).
    #[test]
    fn a_page_older_than_tau_with_r_clear_leaves() {
        assert_eq!(run(3, 2, 3, &[1, 2, 3, 1, 2, 4]), vec![1]);
    }

    /// τ = 10: nobody is old. t0 1, t1 2, t2 3 (a tick every 2), t3 4: 1 and 2
    /// have R = 0 (the tick at t2), 3 has R = 1; 1 was last used at 0, 2 at 1:
    /// the oldest with R = 0 is 1.
    #[test]
    fn with_nobody_old_the_oldest_r0_page_leaves() {
        assert_eq!(run(10, 2, 3, &[1, 2, 3, 4]), vec![1]);
        // Every R = 1 (no tick yet): the page that entered first.
        assert_eq!(run(10, 100, 3, &[1, 2, 3, 4]), vec![1]);
        // A scan records R = 1 pages as used now (tick every 3): 1 2 3 load, the
        // tick at t3 clears R, 1 hits (R = 1); 4 at t4 scans: 1's time of last use
        // 0 → 4, and 2 (R = 0, last used at 1, the oldest) leaves.
        let reqs: Vec<_> = [1, 2, 3, 1, 4].iter().map(|&p| r(p)).collect();
        let (_, _, ev, sink) = replay("working-set", 3, json!({"tau": 10, "tick": 3}), &reqs);
        assert_eq!(ev, vec![(2, false)]);
        assert!(sink.events.unwrap().contains(&Event::Count {
            page: 0,
            name: "time of last use",
            from: 0,
            to: 4,
            binary: 0,
            why: "R = 1: used since the last tick, so in the working set now"
        }));
    }
}
