//! S3-FIFO (Yang et al., "FIFO queues are all you need for cache eviction",
//! SOSP '23), Algorithm 1, with pages as objects of size 1.
//!
//! A small FIFO S (10 % of the frames) takes new pages; a main FIFO M the rest;
//! a ghost FIFO G remembers pages evicted from S (as many as M holds). A hit
//! raises a page's frequency, capped at 3. To make room: while S holds at least
//! its share, its tail leaves S — into M if it was hit more than once, else
//! into G (the eviction); otherwise M's tail is reinserted at M's head with its
//! frequency decreased, until one with frequency 0 is evicted. A miss on a page
//! in G goes straight into M.
//!
//! Readings: S's share is rounded down, at least one frame when the cache has
//! two or more; G holds at most as many entries as M's share.
//!
//! A page moved from S to M starts in M with frequency 0 (the default), as in
//! the authors' simulator, libCacheSim, with which the paper's results were
//! measured: its `S3FIFO_evict_small` inserts the page into M as a new object
//! (`create_cache_obj_from_request` zeroes it), so the hits that earned the move
//! do not also buy reinsertions in M. Algorithm 1 as printed does not touch
//! `t.freq` on the move, so read literally the page keeps its frequency (up to
//! 3, i.e. up to three trips round M); `keep_frequency` gives that reading. On
//! the ARC paper's OLTP trace, against libCacheSim 0.3.5's S3FIFO (miss ratio,
//! pp): the default +0.05, −0.11, +0.02 at 1,000, 5,000 and 15,000 frames;
//! `keep_frequency` +0.15, +0.38, +0.51. libCacheSim differs still in its
//! warm-up (until its first eviction, a new page that finds S full goes into M)
//! and chooses between S and M by M's size rather than S's, which agree once
//! the cache is full.
//!
//! Snapshot: lists "S" and "M" (head = newest first; `bits` = frequency) and
//! "G" (ghosts, newest first). Gauge "S" (value |S|, target its share).

use super::entry::{CurveMethod, Group, PolicyEntry};
use super::{Event, Gauge, List, Policy, Req, Sink, Slot, Snapshot};
use crate::collections::{grow, DList, Links};
use crate::describe::{defaults_of, parse_config, Param, View, GHOST, RESIDENT};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// The small queue's share of the frames.
    pub small: f64,
    /// A page moved from S to M keeps its frequency (Algorithm 1 read
    /// literally) instead of starting at 0 (libCacheSim, the default).
    pub keep_frequency: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config { small: 0.1, keep_frequency: false }
    }
}

pub const ENTRY: PolicyEntry = PolicyEntry {
    id: "s3-fifo",
    name: "S3-FIFO",
    short: "S3-FIFO",
    group: Group::Adaptive,
    curve: CurveMethod::Sampled,
    source: "Yang et al., SOSP 2023, Algorithm 1",
    summary: "Three FIFO queues: a small probationary queue, a main queue, and ghosts that let quickly re-used pages skip probation.",
    how: "New pages enter the small queue S, a tenth of the cache; the main queue M holds the rest, and the ghost queue G remembers pages that left S. A hit raises a page's frequency, up to 3. When S is full its oldest page moves to M if it was hit more than once (starting there at frequency 0), else it leaves and is remembered in G. When M must make room, its oldest page goes back to M's head with its frequency lowered by one, until one with frequency 0 is evicted. A miss on a page in G goes straight into M.",
    params: &[
        Param::number("small", "Small queue S", 0.01, 0.9, "of the frames", "The small FIFO's share of the frames."),
        Param::flag("keep_frequency", "Keep frequency into M", "A page moved from S to M keeps its frequency, as Algorithm 1 reads literally, instead of starting at 0 as in the authors' simulator (libCacheSim)."),
    ],
    view: View::list(&[RESIDENT, GHOST]).with_bits(3),
    defaults: defaults_of::<Config>,
    build: |frames, ctx, params| {
        let c: Config = parse_config("s3-fifo", params)?;
        Ok(Box::new(S3Fifo::new(frames, ctx.n_pages, &c)))
    },
};

#[derive(Clone)]
pub struct S3Fifo {
    frames: usize,
    small_cap: usize,
    main_cap: usize,
    links: Links,
    small: DList,
    main: DList,
    /// Ghost ids, oldest at the front, with each page's count of live entries.
    ghost: VecDeque<u32>,
    ghost_count: Vec<u16>,
    /// Per page: bits 0–1 frequency, bit 2 in S, bit 3 in M, bit 4 dirty.
    state: Vec<u8>,
    keep_frequency: bool,
}

const FREQ: u8 = 3;
const IN_S: u8 = 4;
const IN_M: u8 = 8;
const DIRTY: u8 = 16;

impl S3Fifo {
    pub fn new(frames: usize, n_pages: u32, c: &Config) -> S3Fifo {
        let small = c.small;
        let small_cap = if frames >= 2 { ((small * frames as f64) as usize).clamp(1, frames - 1) } else { frames };
        S3Fifo {
            frames,
            small_cap,
            main_cap: frames - small_cap.min(frames),
            links: Links::new(n_pages as usize),
            small: DList::new(),
            main: DList::new(),
            ghost: VecDeque::new(),
            ghost_count: vec![0; n_pages as usize],
            state: vec![0; n_pages as usize],
            keep_frequency: c.keep_frequency,
        }
    }

    fn resident_len(&self) -> usize {
        self.small.len() + self.main.len()
    }

    fn remember(&mut self, p: u32, sink: &mut Sink) {
        self.ghost.push_back(p);
        self.ghost_count[p as usize] += 1;
        sink.ev(|| Event::Ghost { page: p, list: "G", action: "added" });
        while self.ghost.len() > self.main_cap.max(1) {
            let old = self.ghost.pop_front().expect("non-empty");
            self.ghost_count[old as usize] -= 1;
        }
    }

    fn leave(&mut self, p: u32, why: &'static str, sink: &mut Sink) {
        let dirty = self.state[p as usize] & DIRTY != 0;
        self.state[p as usize] = 0;
        sink.evict(p, dirty, why);
    }

    fn evict_main(&mut self, sink: &mut Sink) {
        while let Some(t) = self.main.back() {
            let f = self.state[t as usize] & FREQ;
            if f > 0 {
                self.state[t as usize] = (self.state[t as usize] & !FREQ) | (f - 1);
                self.main.move_to_front(&mut self.links, t);
                sink.ev(|| Event::Move {
                    page: t,
                    from: "M tail",
                    to: "M head",
                    why: "used since it entered: frequency lowered",
                });
            } else {
                self.main.remove(&mut self.links, t);
                self.leave(t, "oldest in M and not used since it came round", sink);
                return;
            }
        }
    }

    fn evict_small(&mut self, sink: &mut Sink) {
        while let Some(t) = self.small.back() {
            self.small.remove(&mut self.links, t);
            if self.state[t as usize] & FREQ > 1 {
                let s = self.state[t as usize];
                let freq = if self.keep_frequency { s & FREQ } else { 0 };
                self.state[t as usize] = (s & !(IN_S | FREQ)) | freq | IN_M;
                self.main.push_front(&mut self.links, t);
                sink.ev(|| Event::Move { page: t, from: "S", to: "M", why: "hit more than once in S" });
                if self.main.len() > self.main_cap {
                    self.evict_main(sink);
                }
            } else {
                self.leave(t, "oldest in S and not re-used", sink);
                self.remember(t, sink);
                return;
            }
        }
    }

    fn evict(&mut self, sink: &mut Sink) {
        if self.small.len() >= self.small_cap || self.main.is_empty() {
            self.evict_small(sink);
        } else {
            self.evict_main(sink);
        }
    }
}

impl Policy for S3Fifo {
    fn id(&self) -> &'static str {
        "s3-fifo"
    }

    #[inline(always)]
    fn access(&mut self, req: Req, sink: &mut Sink) -> bool {
        let p = req.page;
        let w = if req.write { DIRTY } else { 0 };
        let s = self.state[p as usize];
        if s & (IN_S | IN_M) != 0 {
            self.state[p as usize] = (s & !FREQ) | ((s & FREQ) + 1).min(FREQ) | w;
            return true;
        }
        while self.resident_len() >= self.frames {
            self.evict(sink);
        }
        if self.ghost_count[p as usize] > 0 {
            self.state[p as usize] = IN_M | w;
            self.main.push_front(&mut self.links, p);
            sink.ev(|| Event::Ghost { page: p, list: "G", action: "hit: straight into M" });
            sink.ev(|| Event::Insert { page: p, place: "M", slot: None });
        } else {
            self.state[p as usize] = IN_S | w;
            self.small.push_front(&mut self.links, p);
            sink.ev(|| Event::Insert { page: p, place: "S", slot: None });
        }
        false
    }

    fn resident(&self) -> usize {
        self.resident_len()
    }
    fn capacity(&self) -> usize {
        self.frames
    }
    fn grow_pages(&mut self, n: u32) -> bool {
        self.links.grow(n as usize);
        grow(&mut self.ghost_count, n as usize, 0);
        grow(&mut self.state, n as usize, 0);
        true
    }
    fn contains(&self, page: u32) -> bool {
        self.state.get(page as usize).is_some_and(|s| s & (IN_S | IN_M) != 0)
    }
    fn mark_dirty(&mut self, page: u32) -> bool {
        self.state[page as usize] |= DIRTY;
        true
    }

    fn flush(&mut self, sink: &mut Sink) {
        let pages: Vec<u32> = self.small.iter(&self.links).chain(self.main.iter(&self.links)).collect();
        for p in pages {
            if self.state[p as usize] & DIRTY != 0 {
                self.state[p as usize] &= !DIRTY;
                sink.clean(p, "final flush");
            }
        }
    }

    fn snapshot(&self) -> Snapshot {
        let slot = |p: u32| {
            let s = self.state[p as usize];
            Slot::page(p, "", s & FREQ, s & DIRTY != 0, true)
        };
        let mut seen = std::collections::HashSet::new();
        let ghosts = self
            .ghost
            .iter()
            .rev()
            .filter(|&&p| seen.insert(p) && !self.contains(p))
            .map(|&p| Slot::page(p, "ghost", 0, false, false))
            .collect();
        Snapshot {
            policy: "s3-fifo",
            capacity: self.frames as u32,
            resident: self.resident_len() as u32,
            lists: vec![
                List { name: "S", entries: self.small.iter(&self.links).map(slot).collect() },
                List { name: "M", entries: self.main.iter(&self.links).map(slot).collect() },
                List { name: "G", entries: ghosts },
            ],
            gauges: vec![Gauge { name: "S", value: self.small.len() as f64, target: Some(self.small_cap as f64) }],
            ..Snapshot::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testutil::run_reads;

    /// One-hit wonders leave from S without touching M; a page hit twice in S
    /// is promoted; a ghost hit goes straight to M.
    #[test]
    fn probation_promotion_and_ghosts() {
        // 3 frames: S's share is 1, M's 2. Page 1 is hit twice in S; 4 finds the
        // cache full: 1 (hit twice) moves to M, 2 (never hit) leaves for G. The
        // next 2 is a ghost hit: 3 leaves S for G and 2 goes straight into M.
        let r = run_reads("s3-fifo", 3, &[1, 1, 1, 2, 3, 4, 2]);
        assert_eq!(r.evicted, vec![2, 3]);
        let s = r.policy.snapshot();
        let pages = |i: usize| -> Vec<u32> { s.lists[i].entries.iter().map(|e| e.page.unwrap()).collect() };
        // Dense ids follow first appearance: pages 1, 2, 3, 4 are 0, 1, 2, 3.
        assert_eq!(pages(0), vec![3], "S holds 4");
        assert_eq!(pages(1), vec![1, 0], "M holds 2 (back from G), then 1 (promoted)");
        assert_eq!(pages(2), vec![2], "G remembers 3; 2 came back and is no longer a ghost");
    }

    /// A page promoted from S starts M at frequency 0 (libCacheSim); with
    /// `keep_frequency` it keeps the hits that promoted it (Algorithm 1 read
    /// literally) and survives a trip round M.
    #[test]
    fn the_frequency_a_page_takes_into_m() {
        use super::super::testutil::replay;
        // 3 frames: S's share 1, M's 2. 1 is hit twice in S and promoted when 4
        // arrives (2 leaves for G); ghost hits on 2 and 3 push 3 and 4 out of S
        // and fill M with 2 and 3 behind 1; the ghost hit on 4 finds S empty and
        // evicts from M, whose tail is 1.
        let t: Vec<(u64, bool)> = [1, 1, 1, 2, 3, 4, 2, 3, 4].iter().map(|&p| (p, false)).collect();
        let evicted = |params| -> Vec<u64> {
            let (_, _, ev, _) = replay("s3-fifo", 3, params, &t);
            ev.into_iter().map(|e| e.0).collect()
        };
        assert_eq!(evicted(serde_json::json!({})), vec![2, 3, 4, 1], "1 came into M at frequency 0");
        assert_eq!(evicted(serde_json::json!({"keep_frequency": true})), vec![2, 3, 4, 2], "1 kept 2 and went round");
        let (rp, _, _, _) = replay("s3-fifo", 3, serde_json::Value::Null, &t[..6]);
        assert_eq!(rp.policy.snapshot().lists[1].entries[0].bits, 0, "promoted with frequency 0");
        let (rp, _, _, _) = replay("s3-fifo", 3, serde_json::json!({"keep_frequency": true}), &t[..6]);
        assert_eq!(rp.policy.snapshot().lists[1].entries[0].bits, 2, "promoted with its frequency");
    }

    #[test]
    fn a_scan_does_not_flush_the_main_queue() {
        let mut t = Vec::new();
        for round in 0..50u64 {
            t.extend([0, 1, 2, 3, 0, 1, 2, 3]);
            t.push(1000 + round);
        }
        let s3 = run_reads("s3-fifo", 6, &t).misses();
        let fifo = run_reads("fifo", 6, &t).misses();
        assert!(s3 <= fifo, "s3-fifo {s3} fifo {fifo}");
    }
}
