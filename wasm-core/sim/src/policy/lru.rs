//! LRU: evict the page whose last access is oldest. Snapshot: one list "LRU",
//! most recently used first.

use super::entry::{CurveMethod, Group, PolicyEntry};
use super::sink::flush_dirty;
use super::{Event, List, Policy, Req, Sink, Slot, Snapshot};
use crate::collections::{grow, DList, Links};
use crate::describe::{defaults_of, parse_config, View, RESIDENT};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {}

pub const ENTRY: PolicyEntry = PolicyEntry {
    id: "lru",
    name: "LRU",
    short: "LRU",
    group: Group::Classic,
    curve: CurveMethod::Stack,
    source: "textbook",
    summary: "Least recently used: evicts the page unused for the longest time.",
    how: "Pages are kept in order of their last use, most recent first. A hit moves the page to the head. On a fault with every frame full, the page at the tail, unused for the longest time, leaves.",
    params: &[],
    view: View::list(&[RESIDENT]),
    defaults: defaults_of::<Config>,
    build: |frames, ctx, params| {
        let _: Config = parse_config("lru", params)?;
        Ok(Box::new(Lru::new(frames, ctx.n_pages)))
    },
};

#[derive(Clone)]
pub struct Lru {
    frames: usize,
    links: Links,
    list: DList,
    /// Per page: bit 0 resident, bit 1 dirty.
    state: Vec<u8>,
}

const RES: u8 = 1;
const DIRTY: u8 = 2;

impl Lru {
    pub fn new(frames: usize, n_pages: u32) -> Lru {
        Lru { frames, links: Links::new(n_pages as usize), list: DList::new(), state: vec![0; n_pages as usize] }
    }
}

impl Policy for Lru {
    fn id(&self) -> &'static str {
        "lru"
    }

    #[inline(always)]
    fn access(&mut self, req: Req, sink: &mut Sink) -> bool {
        let p = req.page;
        let s = &mut self.state[p as usize];
        if *s & RES != 0 {
            if req.write {
                *s |= DIRTY;
            }
            // Where it was, in words (the narration must not call a page in the middle "LRU"); worked
            // out only when events are recorded, so the run loop pays nothing.
            let list = &self.list;
            sink.ev(|| {
                let from = if list.front() == Some(p) {
                    "the head"
                } else if list.back() == Some(p) {
                    "the tail (least recently used)"
                } else {
                    "the middle of the list"
                };
                Event::Move { page: p, from, to: "the head", why: "a hit makes it the most recently used" }
            });
            self.list.move_to_front(&mut self.links, p);
            return true;
        }
        *s = RES | if req.write { DIRTY } else { 0 };
        if self.list.len() == self.frames {
            let v = self.list.pop_back(&mut self.links).expect("full list has a tail");
            let dirty = self.state[v as usize] & DIRTY != 0;
            self.state[v as usize] = 0;
            sink.evict(v, dirty, "least recently used");
        }
        self.list.push_front(&mut self.links, p);
        sink.ev(|| Event::Insert { page: p, place: "at the head, the most recently used end", slot: None });
        false
    }

    fn resident(&self) -> usize {
        self.list.len()
    }
    fn capacity(&self) -> usize {
        self.frames
    }
    fn grow_pages(&mut self, n: u32) -> bool {
        self.links.grow(n as usize);
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
        let pages: Vec<u32> = self.list.iter(&self.links).collect();
        flush_dirty(pages.into_iter().rev(), &mut self.state, DIRTY, sink);
    }

    fn snapshot(&self) -> Snapshot {
        let entries = self
            .list
            .iter(&self.links)
            .map(|p| Slot::page(p, "", 0, self.state[p as usize] & DIRTY != 0, true))
            .collect();
        Snapshot {
            policy: "lru",
            capacity: self.frames as u32,
            resident: self.list.len() as u32,
            lists: vec![List { name: "LRU", entries }],
            ..Snapshot::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testutil::{run, run_reads};

    // Silberschatz's reference string: with 3 frames LRU takes 12 faults.
    const BOOK: [u64; 20] = [7, 0, 1, 2, 0, 3, 0, 4, 2, 3, 0, 3, 2, 1, 2, 0, 1, 7, 0, 1];

    #[test]
    fn textbook_string_gives_twelve_faults_in_this_order() {
        let r = run_reads("lru", 3, &BOOK);
        assert_eq!(r.misses(), 12);
        assert_eq!(r.evicted, vec![7, 1, 2, 3, 0, 4, 0, 3, 2]);
    }

    #[test]
    fn dirty_victims_are_written_back_and_snapshot_is_mru_first() {
        // 1w 2 3 1 4 → 4 evicts 2 (clean); then 5 evicts 3; then 6 evicts 1 (dirty)
        let r = run("lru", 3, &[(1, true), (2, false), (3, false), (1, false), (4, false), (5, false), (6, false)]);
        assert_eq!(r.evicted, vec![2, 3, 1]);
        assert_eq!(r.writebacks, 1);
        let s = r.policy.snapshot();
        let order: Vec<u32> = s.lists[0].entries.iter().map(|e| e.page.unwrap()).collect();
        assert_eq!(order, vec![5, 4, 3]); // dense ids of 6, 5, 4
    }
}
