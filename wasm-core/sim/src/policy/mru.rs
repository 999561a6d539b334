//! MRU, as OSTEP's homework simulator (`paging-policy.py -p MRU`) runs it:
//! pages are kept in order of their last use and, on a fault with every frame
//! full, the most recently used page leaves. It is the best policy for a loop
//! one page larger than the cache, where LRU, FIFO and CLOCK miss every time.
//!
//! Ties cannot occur (one page is the most recently used); the order is by last
//! use, a new page counting as used when it is loaded. Snapshot: list "by
//! recency", most recently used first (the next victim at the head); `bits` is
//! unused.

use super::entry::{CurveMethod, Group, PolicyEntry};
use super::sink::flush_dirty;
use super::{Event, List, Policy, Req, Sink, Slot, Snapshot};
use crate::collections::{DList, Links};
use crate::describe::{defaults_of, parse_config, View, RESIDENT};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {}

pub const ENTRY: PolicyEntry = PolicyEntry {
    id: "mru",
    name: "MRU",
    short: "MRU",
    group: Group::Textbook,
    curve: CurveMethod::Sampled,
    source: "OSTEP ch. 22 and its homework simulator (paging-policy.py -p MRU)",
    summary: "Most recently used: evicts the page used last. Wins on loops slightly larger than the cache.",
    how: "Pages are kept in order of their last use, most recent at the head. A hit moves the page to the head; a new page enters at the head. On a fault with every frame full, the page at the head, the one used last, leaves. On a loop one page larger than the cache this keeps most of the loop resident, where LRU misses every time.",
    params: &[],
    view: View::list(&[RESIDENT]),
    defaults: defaults_of::<Config>,
    build: |frames, ctx, params| {
        let _: Config = parse_config("mru", params)?;
        Ok(Box::new(Mru::new(frames, ctx.n_pages)))
    },
};

#[derive(Clone)]
pub struct Mru {
    frames: usize,
    links: Links,
    /// Most recently used at the front.
    list: DList,
    state: Vec<u8>,
}

const RES: u8 = 1;
const DIRTY: u8 = 2;

impl Mru {
    pub fn new(frames: usize, n_pages: u32) -> Mru {
        Mru { frames, links: Links::new(n_pages as usize), list: DList::new(), state: vec![0; n_pages as usize] }
    }
}

impl Policy for Mru {
    fn id(&self) -> &'static str {
        "mru"
    }

    #[inline(always)]
    fn access(&mut self, req: Req, sink: &mut Sink) -> bool {
        let p = req.page;
        let s = &mut self.state[p as usize];
        if *s & RES != 0 {
            if req.write {
                *s |= DIRTY;
            }
            if self.list.front() != Some(p) {
                self.list.move_to_front(&mut self.links, p);
                sink.ev(|| Event::Move {
                    page: p,
                    from: "its place",
                    to: "the head",
                    why: "used now, so it is the most recently used page, the next to leave",
                });
            }
            return true;
        }
        *s = RES | if req.write { DIRTY } else { 0 };
        if self.list.len() == self.frames {
            let v = self.list.pop_front(&mut self.links).expect("a full list has a head");
            let dirty = self.state[v as usize] & DIRTY != 0;
            self.state[v as usize] = 0;
            sink.evict(v, dirty, "the most recently used page (at the head)");
        }
        self.list.push_front(&mut self.links, p);
        sink.ev(|| Event::Insert { page: p, place: "the head (most recently used)", slot: None });
        false
    }

    fn resident(&self) -> usize {
        self.list.len()
    }
    fn capacity(&self) -> usize {
        self.frames
    }
    fn contains(&self, page: u32) -> bool {
        self.state.get(page as usize).is_some_and(|s| s & RES != 0)
    }
    fn mark_dirty(&mut self, page: u32) -> bool {
        self.state[page as usize] |= DIRTY;
        true
    }

    fn flush(&mut self, sink: &mut Sink) {
        let pages: Vec<u32> = self.list.iter(&self.links).collect();
        flush_dirty(pages, &mut self.state, DIRTY, sink);
    }

    fn snapshot(&self) -> Snapshot {
        let entries = self
            .list
            .iter(&self.links)
            .map(|p| Slot::page(p, "", 0, self.state[p as usize] & DIRTY != 0, true))
            .collect();
        Snapshot {
            policy: "mru",
            capacity: self.frames as u32,
            resident: self.list.len() as u32,
            lists: vec![List { name: "by recency", entries }],
            ..Snapshot::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testutil::run_reads;

    const BOOK: [u64; 20] = [7, 0, 1, 2, 0, 3, 0, 4, 2, 3, 0, 3, 2, 1, 2, 0, 1, 7, 0, 1];

    /// By hand, 3 frames (head first): 7 0 1 fill [1 0 7]; 2 evicts 1 → [2 0 7];
    /// 0 hits → [0 2 7]; 3 evicts 0 → [3 2 7]; 0 evicts 3 → [0 2 7]; 4 evicts 0
    /// → [4 2 7]; 2 hits; 3 evicts 2 → [3 4 7]; 0 evicts 3 → [0 4 7]; 3 evicts 0
    /// → [3 4 7]; 2 evicts 3 → [2 4 7]; 1 evicts 2 → [1 4 7]; 2 evicts 1 →
    /// [2 4 7]; 0 evicts 2 → [0 4 7]; 1 evicts 0 → [1 4 7]; 7 hits; 0 evicts 7 →
    /// [0 1 4]; 1 hits. 16 faults.
    #[test]
    fn textbook_string_worked_by_hand() {
        let r = run_reads("mru", 3, &BOOK);
        assert_eq!(r.misses(), 16);
        assert_eq!(r.evicted, vec![1, 0, 3, 0, 2, 3, 0, 3, 2, 1, 2, 0, 7]);
    }

    /// A loop of 5 pages in 4 frames: after the first pass MRU misses once per
    /// pass or so (the victim is the page just used), LRU misses every time.
    #[test]
    fn a_loop_one_page_larger_than_the_cache_mostly_hits() {
        let pages: Vec<u64> = (0..100).map(|i| i % 5).collect();
        let r = run_reads("mru", 4, &pages);
        assert_eq!(run_reads("lru", 4, &pages).misses(), 100);
        assert_eq!(r.misses(), 28);
    }
}
