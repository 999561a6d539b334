//! SIEVE (Zhang et al., "SIEVE is Simpler than LRU", NSDI '24).
//!
//! A FIFO queue of objects, new ones at the head, each with a `visited` bit
//! that a hit sets. To make room, the hand walks from where it last stopped
//! toward the head (starting at the tail, and wrapping from the head back to
//! the tail): a visited object has its bit cleared and stays where it is; the
//! first unvisited one is evicted, and the hand stays at the object after it.
//! Unlike CLOCK, survivors are not moved: new objects always enter at the head.
//!
//! Readings: the paper's objects are pages of size 1; a write marks the page
//! dirty (write-back when it leaves), and a new page enters unvisited.
//!
//! Snapshot: list "queue", head (newest) first; `bits` is the visited bit;
//! gauge "hand" is the index in that list of the entry the hand points to
//! (-1 before the first eviction). Events: Visit (bit cleared), Evict, Insert.

use super::entry::{CurveMethod, Group, PolicyEntry};
use super::sink::flush_dirty;
use super::{Event, Gauge, List, Policy, Req, Sink, Slot, Snapshot};
use crate::collections::{grow, NIL};
use crate::describe::{defaults_of, list_hint, parse_config, ListHint, View, RESIDENT};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {}

const QUEUE: ListHint = ListHint {
    pointer_gauge: Some("hand"),
    pointer_label: "hand",
    caption: "hand at entry {gauge}",
    caption_gauge: Some("hand"),
    caption_none: "hand: at the tail",
    ..list_hint("queue")
};

pub const ENTRY: PolicyEntry = PolicyEntry {
    id: "sieve",
    name: "SIEVE",
    short: "SIEVE",
    group: Group::Adaptive,
    curve: CurveMethod::Sampled,
    source: "Zhang et al., NSDI 2024",
    summary: "A FIFO queue with a visited bit and a hand that sifts out unvisited pages, leaving survivors in place.",
    how: "New pages enter at the head of a queue with their visited bit clear, and a hit sets the bit. To make room, the hand walks from where it stopped toward the head, wrapping to the tail. A visited page has its bit cleared and stays in place; the first unvisited page is evicted. Survivors never move, so popular pages stay behind while new ones pass by.",
    params: &[],
    view: View::list(&[RESIDENT]).with_bits(1).with_lists(&[QUEUE]),
    defaults: defaults_of::<Config>,
    build: |frames, ctx, params| {
        let _: Config = parse_config("sieve", params)?;
        Ok(Box::new(Sieve::new(frames, ctx.n_pages)))
    },
};

/// The queue is kept as an array in insertion order (oldest first), so the
/// hand walks memory in order as CLOCK's does: an evicted entry leaves a hole
/// ([`NIL`]) that the hand and the snapshot skip, and the array is compacted
/// when new entries reach its end. Compaction moves each live entry once per
/// `frames` insertions (the array holds twice the frames), so it costs O(1) a
/// request; it keeps the order, so what the policy does is unchanged. A linked
/// list made every step of the hand two random reads (the links of a page id),
/// which is what made SIEVE slower than CLOCK per request.
#[derive(Clone)]
pub struct Sieve {
    frames: usize,
    /// Pages in insertion order, oldest first; NIL where one was evicted.
    slots: Vec<u32>,
    /// Live entries in `slots`.
    len: usize,
    /// The slot the hand points to (a live entry); None: start from the oldest.
    hand: Option<usize>,
    /// Per page: bit 0 resident, bit 1 visited, bit 2 dirty.
    state: Vec<u8>,
}

const RES: u8 = 1;
const VISITED: u8 = 2;
const DIRTY: u8 = 4;

impl Sieve {
    pub fn new(frames: usize, n_pages: u32) -> Sieve {
        Sieve {
            frames,
            slots: Vec::with_capacity(Self::room(frames)),
            len: 0,
            hand: None,
            state: vec![0; n_pages as usize],
        }
    }

    /// How many slots the array may use before it is compacted.
    fn room(frames: usize) -> usize {
        frames.saturating_mul(2).max(16)
    }

    /// The first live slot at `i` or after it (toward the head), if any.
    #[inline]
    fn live_from(&self, mut i: usize) -> Option<usize> {
        while i < self.slots.len() {
            if self.slots[i] != NIL {
                return Some(i);
            }
            i += 1;
        }
        None
    }

    /// Pages from the head (newest) to the tail, as the snapshot and the final flush list them.
    fn newest_first(&self) -> impl Iterator<Item = u32> + '_ {
        self.slots.iter().rev().copied().filter(|&p| p != NIL)
    }

    /// Drops the holes, keeping the order and the hand on its entry.
    fn compact(&mut self) {
        let mut kept = 0;
        let mut hand = None;
        for i in 0..self.slots.len() {
            let p = self.slots[i];
            if p == NIL {
                continue;
            }
            if self.hand == Some(i) {
                hand = Some(kept);
            }
            self.slots[kept] = p;
            kept += 1;
        }
        self.slots.truncate(kept);
        self.hand = hand;
    }

    fn evict(&mut self, sink: &mut Sink) {
        let oldest = || self.live_from(0).expect("full");
        let mut i = self.hand.unwrap_or_else(oldest);
        loop {
            let h = self.slots[i];
            if self.state[h as usize] & VISITED == 0 {
                break;
            }
            self.state[h as usize] &= !VISITED;
            sink.ev(|| Event::Visit { hand: "hand", page: h, action: "cleared the visited bit" });
            // Toward the head; from the head, back to the tail.
            i = self.live_from(i + 1).unwrap_or_else(|| self.live_from(0).expect("full"));
        }
        let h = self.slots[i];
        self.slots[i] = NIL;
        self.len -= 1;
        self.hand = self.live_from(i + 1);
        let dirty = self.state[h as usize] & DIRTY != 0;
        self.state[h as usize] = 0;
        sink.evict(h, dirty, "not visited since the hand last passed");
    }
}

impl Policy for Sieve {
    fn id(&self) -> &'static str {
        "sieve"
    }

    #[inline(always)]
    fn access(&mut self, req: Req, sink: &mut Sink) -> bool {
        let p = req.page;
        let w = if req.write { DIRTY } else { 0 };
        if self.state[p as usize] & RES != 0 {
            self.state[p as usize] |= VISITED | w;
            return true;
        }
        if self.len == self.frames {
            self.evict(sink);
        }
        if self.slots.len() >= Self::room(self.frames) {
            self.compact();
        }
        self.state[p as usize] = RES | w;
        self.slots.push(p);
        self.len += 1;
        sink.ev(|| Event::Insert { page: p, place: "head", slot: None });
        false
    }

    fn resident(&self) -> usize {
        self.len
    }
    fn capacity(&self) -> usize {
        self.frames
    }
    fn grow_pages(&mut self, n: u32) -> bool {
        grow(&mut self.state, n as usize, 0);
        true
    }
    fn contains(&self, page: u32) -> bool {
        self.state.get(page as usize).is_some_and(|s| s & RES != 0)
    }
    fn mark_dirty(&mut self, page: u32) -> bool {
        self.state[page as usize] |= DIRTY;
        true
    }

    fn flush(&mut self, sink: &mut Sink) {
        let pages: Vec<u32> = self.newest_first().collect();
        flush_dirty(pages, &mut self.state, DIRTY, sink);
    }

    fn snapshot(&self) -> Snapshot {
        let pages: Vec<u32> = self.newest_first().collect();
        // The hand's entry counted from the head: the live entries newer than it.
        let hand = self.hand.map_or(-1.0, |h| self.slots[h + 1..].iter().filter(|&&p| p != NIL).count() as f64);
        let entries = pages
            .iter()
            .map(|&p| {
                let s = self.state[p as usize];
                Slot::page(p, "", (s & VISITED != 0) as u8, s & DIRTY != 0, true)
            })
            .collect();
        Snapshot {
            policy: "sieve",
            capacity: self.frames as u32,
            resident: pages.len() as u32,
            lists: vec![List { name: "queue", entries }],
            gauges: vec![Gauge { name: "hand", value: hand, target: None }],
            ..Snapshot::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testutil::{run, run_reads, w};

    /// The paper's Fig. 1 walk-through in miniature: visited pages survive the
    /// hand in place, the first unvisited one leaves, and the hand stays there.
    #[test]
    fn the_hand_sifts_out_unvisited_pages_and_survivors_stay() {
        // 1 2 3 fill; 1 and 3 are hit (visited); 4 makes the hand start at the
        // tail (1): it clears 1, evicts 2. 5: the hand at 3 clears 3, passes to 4
        // (unvisited) and evicts it.
        let r = run_reads("sieve", 3, &[1, 2, 3, 1, 3, 4, 5]);
        assert_eq!(r.evicted, vec![2, 4]);
        assert_eq!(r.misses(), 5);
        let s = r.policy.snapshot();
        let queue: Vec<u32> = s.lists[0].entries.iter().map(|e| e.page.unwrap()).collect();
        assert_eq!(queue.len(), 3);
        assert!(s.lists[0].entries.iter().all(|e| e.bits == 0), "the hand cleared every bit it passed");
    }

    #[test]
    fn a_dirty_page_is_written_back_when_it_leaves() {
        let r = run("sieve", 2, &[w(1), w(2), w(3)]);
        assert_eq!(r.evicted, vec![1]);
        assert_eq!(r.writebacks, 1);
    }

    #[test]
    fn never_worse_than_fifo_on_a_scan_resistant_loop_of_hot_pages() {
        // Hot pages 0..3 re-referenced between one-time scans 100.. : SIEVE keeps them.
        let mut t = Vec::new();
        for i in 0..200u64 {
            t.extend([0, 1, 2, 3]);
            t.push(100 + i);
        }
        let sieve = run_reads("sieve", 5, &t).misses();
        let fifo = run_reads("fifo", 5, &t).misses();
        assert!(sieve <= fifo, "sieve {sieve} fifo {fifo}");
        assert_eq!(sieve, 4 + 200);
    }
}
