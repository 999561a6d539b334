//! NRU (not recently used), as Tanenbaum's *Modern Operating Systems* (§3.4.2)
//! describes it: each page has an R bit (set by every use) and an M bit (set by
//! every write); at every clock tick all R bits are cleared. On a fault with
//! every frame full, a page is evicted from the lowest non-empty class:
//! 0 (R = 0, M = 0), 1 (R = 0, M = 1), 2 (R = 1, M = 0), 3 (R = 1, M = 1).
//!
//! Readings: a tick comes every `tick` requests (virtual time is the request
//! count; see `textbook.rs`). A page loaded by a fault has R = 1 (the faulting
//! reference) and M = 1 if that reference writes. M stays set until the page
//! leaves. Tanenbaum picks at random within the class; here the tie goes to the
//! page that entered the cache first, so a run repeats.
//!
//! Cost: O(log n) per fault plus the pages used since the last tick, which the
//! search skips (clean and dirty pages are kept in load order; ticks cost
//! nothing, applied lazily).
//!
//! Snapshot: list "frames" in frame order; status "class 0" … "class 3"; `bits`
//! is R and `dirty` is M.

use super::entry::{CurveMethod, Group, PolicyEntry};
use super::textbook::{detail, interval, tick_event, tick_param, Frames, CLASSES, CLASS_MARKS, NONE};
use super::{Event, List, Policy, Req, Sink, Slot, Snapshot};
use crate::describe::{defaults_of, parse_config, Param, View};
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

const PARAMS: &[Param] = &[tick_param("Requests between clock ticks; every tick clears all R bits.")];

pub const ENTRY: PolicyEntry = PolicyEntry {
    id: "nru",
    name: "NRU (not recently used)",
    short: "NRU",
    group: Group::Textbook,
    curve: CurveMethod::Sampled,
    source: "Tanenbaum, Modern Operating Systems, §3.4.2",
    summary: "Evicts a page from the lowest class of (referenced, modified) bits; R bits are cleared at every clock tick.",
    how: "Every page has an R bit, set when it is used, and an M bit, set when it is written. A clock tick every few requests clears all R bits, so R = 1 means \"used since the last tick\". On a fault with every frame full, the pages fall into four classes: 0 (not referenced, not modified), 1 (not referenced, modified), 2 (referenced, not modified), 3 (referenced and modified); a page of the lowest non-empty class leaves, the one that entered first. A clean page is cheaper to evict than a dirty one, but recent use counts for more.",
    params: PARAMS,
    view: View::list(CLASS_MARKS).with_bits(1),
    defaults: defaults_of::<Config>,
    build: |frames, ctx, params| {
        let c: Config = parse_config("nru", params)?;
        Ok(Box::new(Nru {
            f: Frames::new(frames, ctx.n_pages),
            r: vec![NONE; ctx.n_pages as usize],
            m: vec![false; ctx.n_pages as usize],
            clean: BTreeSet::new(),
            dirty: BTreeSet::new(),
            tick: c.tick.max(1),
            cur: 0,
        }))
    },
};

#[derive(Clone)]
pub struct Nru {
    f: Frames,
    /// Per page: the tick interval of its last use; R = 1 while that is the current one.
    r: Vec<u32>,
    /// Per page: M.
    m: Vec<bool>,
    /// Clean and dirty resident pages as (load time, page), first loaded first:
    /// the victim is the first without R in the clean set, else in the dirty set
    /// (skipping only pages used since the last tick), else the first of either.
    clean: BTreeSet<(u32, u32)>,
    dirty: BTreeSet<(u32, u32)>,
    tick: u64,
    /// The current tick interval.
    cur: u32,
}

const WHY: [&str; 4] = [
    "lowest non-empty class: 0 (R = 0, M = 0), the first to enter",
    "lowest non-empty class: 1 (R = 0, M = 1), the first to enter",
    "lowest non-empty class: 2 (R = 1, M = 0), the first to enter",
    "lowest non-empty class: 3 (R = 1, M = 1), the first to enter",
];

impl Nru {
    /// The key of resident `p` in its set.
    fn key(&self, p: u32) -> (u32, u32) {
        (self.f.loaded[self.f.slot(p).expect("resident")], p)
    }

    /// The victim: lowest class, then first loaded.
    fn victim(&self) -> u32 {
        let r0 = |k: &&(u32, u32)| self.r[k.1 as usize] != self.cur;
        let first = |set: &BTreeSet<(u32, u32)>| set.iter().find(r0).map(|k| k.1);
        first(&self.clean)
            .or_else(|| first(&self.dirty))
            .or_else(|| self.clean.first().map(|k| k.1))
            .or_else(|| self.dirty.first().map(|k| k.1))
            .expect("a full cache has pages")
    }

    #[inline]
    fn class(&self, p: u32) -> usize {
        2 * (self.r[p as usize] == self.cur) as usize + self.m[p as usize] as usize
    }

    /// Applies the ticks up to request `t`.
    fn advance(&mut self, t: usize, sink: &mut Sink) {
        let now = interval(t, self.tick);
        if now == self.cur {
            return;
        }
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
    }
}

impl Policy for Nru {
    fn id(&self) -> &'static str {
        "nru"
    }

    #[inline(always)]
    fn access(&mut self, req: Req, sink: &mut Sink) -> bool {
        let p = req.page;
        self.advance(req.t, sink);
        if self.f.contains(p) {
            self.r[p as usize] = self.cur;
            if req.write && !self.m[p as usize] {
                self.m[p as usize] = true;
                let k = self.key(p);
                self.clean.remove(&k);
                self.dirty.insert(k);
            }
            return true;
        }
        let victim = if self.f.full() {
            let v = self.victim();
            let (s, class, k) = (self.f.slot(v).expect("resident"), self.class(v), self.key(v));
            if self.m[v as usize] { &mut self.dirty } else { &mut self.clean }.remove(&k);
            sink.evict(v, std::mem::take(&mut self.m[v as usize]), WHY[class]);
            self.r[v as usize] = NONE;
            Some(s)
        } else {
            None
        };
        self.r[p as usize] = self.cur;
        self.m[p as usize] = req.write;
        if req.write { &mut self.dirty } else { &mut self.clean }.insert((req.t as u32, p));
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

    fn flush(&mut self, sink: &mut Sink) {
        for &p in &self.f.pages {
            if std::mem::take(&mut self.m[p as usize]) {
                sink.clean(p, "final flush");
            }
        }
        self.clean.append(&mut self.dirty);
    }

    fn snapshot(&self) -> Snapshot {
        let entries = self
            .f
            .pages
            .iter()
            .map(|&p| {
                let c = self.class(p);
                Slot::page(p, CLASSES[c], (c >= 2) as u8, self.m[p as usize], true)
            })
            .collect();
        Snapshot {
            policy: "nru",
            capacity: self.f.frames as u32,
            resident: self.f.len() as u32,
            lists: vec![List { name: "frames", entries }],
            ..Snapshot::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testutil::{r, replay, w};
    use serde_json::json;

    /// By hand, 3 frames, a tick every 4 requests: 1w 2 3 load (R = 1; 1 has
    /// M = 1); 1 hits. Tick (t = 4). 2 hits. 4 at t = 5: 1 is class 1, 2 class 2,
    /// 3 class 0 → 3 leaves. 5w at t = 6: 1 class 1, 2 class 2, 4 class 2 → 1
    /// leaves, written back. Tick (t = 8). 6 at t = 8: 2, 4 class 0, 5 class 1 →
    /// 2 (loaded before 4) leaves.
    #[test]
    fn the_lowest_class_leaves_first_loaded_first() {
        let reqs = [w(1), r(2), r(3), r(1), r(2), r(4), w(5), r(4), r(6)];
        let (rp, hits, ev, sink) = replay("nru", 3, json!({"tick": 4}), &reqs);
        assert_eq!(hits, vec![false, false, false, true, true, false, false, true, false]);
        assert_eq!(ev, vec![(3, false), (1, true), (2, false)]);
        assert_eq!(sink.writebacks, 1);
        let s = rp.policy.snapshot();
        let st: Vec<&str> = s.lists[0].entries.iter().map(|e| e.status).collect();
        // Frames: 5 (took 1's: M = 1), 6 (took 2's, just loaded), 4 (took 3's; used before the tick).
        assert_eq!(st, vec!["class 1", "class 2", "class 0"]);
    }
}
