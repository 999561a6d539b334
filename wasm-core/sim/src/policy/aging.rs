//! Aging, as Tanenbaum's *Modern Operating Systems* (§3.4.7, Fig. 3-17)
//! describes it: each page has a `bits`-wide counter; at every clock tick each
//! counter is shifted right by one and the page's R bit is put into its leftmost
//! bit, then R is cleared. On a fault with every frame full, the page with the
//! smallest counter leaves. A use in the last tick outweighs all older ones, so
//! the counter approximates LRU with a memory of `bits` ticks.
//!
//! Readings: a tick comes every `tick` requests (virtual time is the request
//! count; see `textbook.rs`). A page loaded by a fault starts with counter 0 and
//! R = 1 (the faulting reference); its counter is forgotten when it leaves.
//! Ties (equal counters: pages that were not used in the last `bits` ticks, or
//! were loaded since the last tick) go to the page that entered the cache first.
//!
//! Cost: every counter is 0 but those of the pages used in the last `bits`
//! ticks, so a fault walks the load order skipping only those (O(bits · tick)
//! pages); ticks cost nothing, applied lazily. The snapshot sorts every frame.
//!
//! Snapshot: list "by counter", smallest first (the next victim at the head,
//! ties in load order); `bits` is the counter (at most 8 bits, so exact); status
//! "referenced" while R = 1. Events write counters in binary.

use super::entry::{CurveMethod, Group, PolicyEntry};
use super::textbook::{detail, interval, tick_event, tick_param, Frames, REFERENCED};
use super::{Event, List, Policy, Req, Sink, Slot, Snapshot};
use crate::describe::{defaults_of, parse_config, Param, View, RESIDENT};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    pub bits: u8,
    pub tick: u64,
}

impl Default for Config {
    fn default() -> Self {
        Config { bits: 8, tick: 4 }
    }
}

const PARAMS: &[Param] = &[
    Param::integer(
        "bits",
        "Counter bits",
        1.0,
        8.0,
        "bits",
        "Width of each page's counter: how many ticks it remembers.",
    ),
    tick_param("Requests between clock ticks; every tick shifts each counter right and puts R into its leftmost bit."),
];

pub const ENTRY: PolicyEntry = PolicyEntry {
    id: "aging",
    name: "Aging",
    short: "Aging",
    group: Group::Textbook,
    curve: CurveMethod::Sampled,
    source: "Tanenbaum, Modern Operating Systems, §3.4.7 (Fig. 3-17)",
    summary: "NFU with fading memory: at each tick a page's counter shifts right and takes its R bit on the left.",
    how: "Every page has a counter of a few bits, 0 when it is loaded, and an R bit set when it is used. At every clock tick each counter is shifted right by one bit and the page's R bit is put into the leftmost bit; then R is cleared. Read as a number, the counter weighs the last tick's use more than all older ones together. On a fault with every frame full, the page with the smallest counter leaves (the one that entered first, among equals).",
    params: PARAMS,
    view: View::list(&[RESIDENT, REFERENCED]).with_bits(255),
    defaults: defaults_of::<Config>,
    build: |frames, ctx, params| {
        let c: Config = parse_config("aging", params)?;
        let n = ctx.n_pages as usize;
        Ok(Box::new(Aging {
            f: Frames::new(frames, ctx.n_pages),
            reg: vec![0; n],
            at: vec![0; n],
            r: vec![false; n],
            dirty: vec![false; n],
            width: c.bits.clamp(1, 8) as u32,
            tick: c.tick.max(1),
            cur: 0,
        }))
    },
};

#[derive(Clone)]
pub struct Aging {
    f: Frames,
    /// Per page: the counter as of the start of tick interval `at`.
    reg: Vec<u32>,
    at: Vec<u32>,
    /// Per page: used during interval `at`.
    r: Vec<bool>,
    dirty: Vec<bool>,
    width: u32,
    tick: u64,
    cur: u32,
}

impl Aging {
    /// The counter at the start of interval `now`: the first tick since `at`
    /// shifts R in, the others shift in zeros.
    #[inline]
    fn counter_at(&self, p: u32, now: u32) -> u32 {
        let (reg, at) = (self.reg[p as usize], self.at[p as usize]);
        if now <= at {
            return reg;
        }
        let first = (reg >> 1) | ((self.r[p as usize] as u32) << (self.width - 1));
        let rest = now - at - 1;
        if rest >= self.width {
            0
        } else {
            first >> rest
        }
    }
    #[inline]
    fn counter(&self, p: u32) -> u32 {
        self.counter_at(p, self.cur)
    }
    #[inline]
    fn referenced(&self, p: u32) -> bool {
        self.r[p as usize] && self.at[p as usize] == self.cur
    }

    fn advance(&mut self, t: usize, sink: &mut Sink) {
        let now = interval(t, self.tick);
        if now == self.cur {
            return;
        }
        tick_event(sink, self.cur, now);
        if detail(sink, self.f.len()) {
            for &p in &self.f.pages {
                let (from, to) = (self.counter(p), self.counter_at(p, now));
                let r = self.referenced(p);
                if from != to || r {
                    sink.ev(|| Event::Count {
                        page: p,
                        name: "counter",
                        from,
                        to,
                        binary: self.width as u8,
                        why: if r {
                            "the tick shifts it right and puts R = 1 on the left"
                        } else {
                            "the tick shifts it right and puts R = 0 on the left"
                        },
                    });
                }
            }
        }
        self.cur = now;
    }

    fn order(&self) -> Vec<usize> {
        let mut o: Vec<usize> = (0..self.f.len()).collect();
        o.sort_unstable_by_key(|&s| (self.counter(self.f.pages[s]), self.f.loaded[s]));
        o
    }
}

impl Policy for Aging {
    fn id(&self) -> &'static str {
        "aging"
    }

    #[inline(always)]
    fn access(&mut self, req: Req, sink: &mut Sink) -> bool {
        let p = req.page;
        self.advance(req.t, sink);
        if self.f.contains(p) {
            let c = self.counter(p);
            let i = p as usize;
            (self.reg[i], self.at[i], self.r[i]) = (c, self.cur, true);
            self.dirty[i] |= req.write;
            return true;
        }
        let victim = if self.f.full() {
            // Counters are 0 but for the pages used in the last `bits` ticks: the
            // first loaded page at 0 is the victim, found skipping only those.
            let s = self.f.first_loaded(|p| self.counter(p) == 0).unwrap_or_else(|| {
                (0..self.f.len())
                    .min_by_key(|&s| (self.counter(self.f.pages[s]), self.f.loaded[s]))
                    .expect("a full cache has pages")
            });
            let v = self.f.pages[s];
            let c = self.counter(v);
            let width = self.width as u8;
            sink.ev(|| Event::Count {
                page: v,
                name: "counter",
                from: c,
                to: c,
                binary: width,
                why: "the smallest (first loaded among equals)",
            });
            sink.evict(v, std::mem::take(&mut self.dirty[v as usize]), "smallest counter: least used in recent ticks");
            Some(s)
        } else {
            None
        };
        let i = p as usize;
        (self.reg[i], self.at[i], self.r[i], self.dirty[i]) = (0, self.cur, true, req.write);
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
                Slot::page(p, status, self.counter(p) as u8, self.dirty[p as usize], true)
            })
            .collect();
        Snapshot {
            policy: "aging",
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
    use super::super::Event;
    use serde_json::json;

    /// Tanenbaum's Fig. 3-17: six pages over five ticks with R bits (pages 0–5)
    /// 101011, 110010, 110101, 100010, 011000 end with the counters
    /// 01111000, 10110000, 10001000, 00100000, 01011000, 00101000.
    /// A tick every 8 requests; page 6 fills each interval. First the pages are
    /// loaded and left unused for 8 ticks, so that their counters are 0.
    #[test]
    fn tanenbaums_figure_3_17_five_ticks() {
        let mut pages: Vec<u64> = vec![0, 1, 2, 3, 4, 5, 6, 6];
        pages.extend([6; 64]);
        for row in ["101011", "110010", "110101", "100010", "011000"] {
            let mut used: Vec<u64> = row.char_indices().filter(|c| c.1 == '1').map(|c| c.0 as u64).collect();
            used.resize(8, 6);
            pages.extend(used);
        }
        pages.push(6); // the first request after the fifth tick
        let reqs: Vec<_> = pages.iter().map(|&p| r(p)).collect();
        let (rp, hits, _, sink) = replay("aging", 7, json!({"tick": 8}), &reqs);
        assert_eq!(hits.iter().filter(|h| !**h).count(), 7);
        let s = rp.policy.snapshot();
        let counter = |page: u64| {
            let dense = rp.trace.ids.iter().position(|&id| id == page).unwrap() as u32;
            s.lists[0].entries.iter().find(|e| e.page == Some(dense)).unwrap().bits
        };
        let got: Vec<u8> = (0..6).map(counter).collect();
        assert_eq!(got, vec![0b0111_1000, 0b1011_0000, 0b1000_1000, 0b0010_0000, 0b0101_1000, 0b0010_1000]);
        // By counter, smallest first: 3 (00100000) heads the list, so a fault now evicts it.
        assert_eq!(s.lists[0].entries[0].page, Some(3));
        // The last tick's events: page 2's counter 00010000 → 10001000, R = 1, in binary.
        let ev = sink.events.unwrap();
        assert!(ev.contains(&Event::Count {
            page: 2,
            name: "counter",
            from: 0b0001_0000,
            to: 0b1000_1000,
            binary: 8,
            why: "the tick shifts it right and puts R = 1 on the left"
        }));
        let mut more = reqs.clone();
        more.push(r(7));
        let (_, _, ev, _) = replay("aging", 7, json!({"tick": 8}), &more);
        assert_eq!(ev, vec![(3, false)]);
    }

    /// With 2 bits a counter forgets after two ticks: a page used long ago and
    /// one never used since tie at 0, and the first loaded leaves.
    #[test]
    fn a_narrow_counter_forgets_and_ties_go_to_the_first_loaded() {
        // tick 2, 2 frames: 1 2 | 1 1 | 2 2 | 2 2 | 3: counters 1: 00 (used 3 ticks ago), 2: 11 → 1 leaves.
        let reqs: Vec<_> = [1, 2, 1, 1, 2, 2, 2, 2, 3].iter().map(|&p| r(p)).collect();
        let (_, _, ev, _) = replay("aging", 2, json!({"tick": 2, "bits": 2}), &reqs);
        assert_eq!(ev, vec![(1, false)]);
        // 1 2 3 with no tick in between: both counters 0, 1 entered first.
        let (_, _, ev, _) = replay("aging", 2, json!({"tick": 100}), &[r(1), r(2), r(3)]);
        assert_eq!(ev, vec![(1, false)]);
    }
}
