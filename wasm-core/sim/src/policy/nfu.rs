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
//! Cost: O(log n) per request (pages ordered by counter and load time; a tick
//! updates the pages used since the one before).
//!
//! Snapshot: list "by counter", smallest first (the next victim at the head,
//! ties in load order); `bits` is the counter, shown up to 255 (events carry the
//! exact value); status "referenced" while R = 1.

use super::entry::{CurveMethod, Group, PolicyEntry};
use super::textbook::{detail, interval, tick_event, tick_param, Frames, NONE, REFERENCED};
use super::{Event, List, Policy, Req, Sink, Slot, Snapshot};
use crate::describe::{defaults_of, parse_config, Param, View, RESIDENT};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

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
            used: Vec::new(),
            set: BTreeSet::new(),
            dirty: vec![false; n],
            tick: c.tick.max(1),
            cur: 0,
        }))
    },
};

#[derive(Clone)]
pub struct Nfu {
    f: Frames,
    /// Per page: the counter (the current interval's R is added at its tick).
    count: Vec<u32>,
    /// Per page: the tick interval of its last use; R = 1 while that is the current one.
    open: Vec<u32>,
    /// The pages used in the current interval (each once): the next tick adds 1 to their counters.
    used: Vec<u32>,
    /// Resident pages as (counter, load time, page): the first is the victim.
    set: BTreeSet<(u32, u32, u32)>,
    dirty: Vec<bool>,
    tick: u64,
    cur: u32,
}

impl Nfu {
    #[inline]
    fn counter(&self, p: u32) -> u32 {
        self.count[p as usize]
    }
    fn key(&self, p: u32) -> (u32, u32, u32) {
        (self.count[p as usize], self.f.loaded[self.f.slot(p).expect("resident")], p)
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
        let tell = detail(sink, self.f.len());
        // The tick adds R to every counter: 1 for the pages used in the interval now ending.
        let mut used = std::mem::take(&mut self.used);
        if tell {
            used.sort_unstable_by_key(|&p| self.f.slot(p));
        }
        for &p in &used {
            if self.f.contains(p) && self.referenced(p) {
                let k = self.key(p);
                self.set.remove(&k);
                self.count[p as usize] += 1;
                self.set.insert((k.0 + 1, k.1, p));
                if tell {
                    sink.ev(|| Event::Count {
                        page: p,
                        name: "counter",
                        from: k.0,
                        to: k.0 + 1,
                        binary: 0,
                        why: "the tick adds R = 1 and clears R",
                    });
                }
            }
        }
        used.clear();
        self.used = used;
        self.cur = now;
    }

    /// Uses `p` now: R = 1.
    fn touch(&mut self, p: u32) {
        if self.open[p as usize] != self.cur {
            self.open[p as usize] = self.cur;
            self.used.push(p);
        }
    }

    /// Frames by counter, then load time.
    fn order(&self) -> Vec<usize> {
        self.set.iter().map(|k| self.f.slot(k.2).expect("resident")).collect()
    }
}

impl Policy for Nfu {
    fn id(&self) -> &'static str {
        "nfu"
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
            let (c, _, v) = self.set.pop_first().expect("a full cache has pages");
            let s = self.f.slot(v).expect("resident");
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
        self.touch(p);
        self.dirty[p as usize] = req.write;
        self.set.insert((0, req.t as u32, p));
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
