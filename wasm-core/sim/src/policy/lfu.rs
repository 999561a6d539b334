//! LFU: evicts the page used least often since it entered the cache; among
//! pages used equally often, the one whose count last changed earliest (LRU
//! within a count, as libCacheSim's LFU breaks ties).
//!
//! Readings: a page's count starts at 1 when it enters and is forgotten when it
//! leaves (no ghost counts); counts are not aged. O(1) per request: pages sit in
//! one list per count, and the smallest non-empty count is tracked.
//!
//! Snapshot: list "by count", least often used first (the next victim at the
//! head); `bits` is the count, saturated at 255.

use super::entry::{defaults_of, parse_config, Group, PolicyEntry};
use super::util::{flush_dirty, DList, Links};
use super::{Event, List, Policy, Req, Sink, Slot, Snapshot};
use crate::catalog::{View, RESIDENT};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {}

pub const ENTRY: PolicyEntry = PolicyEntry {
    id: "lfu",
    name: "LFU",
    short: "LFU",
    group: Group::Classic,
    source: "textbook; ties broken as libCacheSim does",
    summary: "Least frequently used: evicts the page with the fewest uses since it entered the cache.",
    how: "Each page counts its uses from the moment it enters the cache. On a fault with every frame full, the page with the smallest count leaves; among equal counts, the one whose count changed longest ago. Counts never decay, so a page that was popular long ago can hold its frame.",
    params: &[],
    view: View::list(&[RESIDENT]).with_bits(255),
    defaults: defaults_of::<Config>,
    build: |frames, ctx, params| {
        let _: Config = parse_config("lfu", params)?;
        Ok(Box::new(Lfu::new(frames, ctx.n_pages)))
    },
};

#[derive(Clone)]
pub struct Lfu {
    frames: usize,
    links: Links,
    /// `buckets[c]`: resident pages used `c` times, most recently counted first.
    buckets: Vec<DList>,
    /// Per page: its count (0 = not resident).
    count: Vec<u32>,
    dirty: Vec<u8>,
    min: usize,
    len: usize,
}

impl Lfu {
    pub fn new(frames: usize, n_pages: u32) -> Lfu {
        // Counts only grow by one, so the list of counts grows one entry at a time.
        Lfu {
            frames,
            links: Links::new(n_pages as usize),
            buckets: vec![DList::new(); 2],
            count: vec![0; n_pages as usize],
            dirty: vec![0; n_pages as usize],
            min: 1,
            len: 0,
        }
    }

}

impl Policy for Lfu {
    fn id(&self) -> &'static str {
        "lfu"
    }

    #[inline]
    fn access(&mut self, req: Req, sink: &mut Sink) -> bool {
        let p = req.page;
        let c = self.count[p as usize] as usize;
        if req.write {
            self.dirty[p as usize] = 1;
        }
        if c > 0 {
            self.buckets[c].remove(&mut self.links, p);
            if c == self.min && self.buckets[c].is_empty() {
                self.min = c + 1;
            }
            if c + 1 == self.buckets.len() {
                self.buckets.push(DList::new());
            }
            self.buckets[c + 1].push_front(&mut self.links, p);
            self.count[p as usize] = (c + 1) as u32;
            return true;
        }
        if self.len == self.frames {
            let v = self.buckets[self.min].back().expect("a full cache has a least-used page");
            self.buckets[self.min].remove(&mut self.links, v);
            self.count[v as usize] = 0;
            let dirty = std::mem::take(&mut self.dirty[v as usize]) != 0;
            sink.evict(v, dirty, "used least often since it entered");
            self.len -= 1;
        }
        self.buckets[1].push_front(&mut self.links, p);
        self.count[p as usize] = 1;
        self.min = 1;
        self.len += 1;
        sink.ev(|| Event::Insert { page: p, place: "count 1", slot: None });
        false
    }

    fn resident(&self) -> usize {
        self.len
    }
    fn capacity(&self) -> usize {
        self.frames
    }
    fn contains(&self, page: u32) -> bool {
        self.count.get(page as usize).is_some_and(|&c| c > 0)
    }

    fn flush(&mut self, sink: &mut Sink) {
        let pages: Vec<u32> = self.buckets.iter().flat_map(|b| b.iter(&self.links).collect::<Vec<_>>()).collect();
        flush_dirty(pages, &mut self.dirty, 1, sink);
    }

    fn snapshot(&self) -> Snapshot {
        let entries = self
            .buckets
            .iter()
            .flat_map(|b| b.iter(&self.links).collect::<Vec<_>>().into_iter().rev())
            .map(|p| Slot::page(p, "", self.count[p as usize].min(255) as u8, self.dirty[p as usize] != 0, true))
            .collect();
        Snapshot {
            policy: "lfu",
            capacity: self.frames as u32,
            resident: self.len as u32,
            lists: vec![List { name: "by count", entries }],
            ..Snapshot::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testutil::{run, run_reads, w};

    #[test]
    fn the_least_used_page_leaves_and_ties_go_to_the_least_recently_counted() {
        // 1 is used three times, 2 twice, 3 once: 4 evicts 3. Then 2 and 4 tie
        // below 1… 5 evicts 4 (count 1, the smallest).
        let r = run_reads("lfu", 3, &[1, 1, 1, 2, 2, 3, 4, 5]);
        assert_eq!(r.evicted, vec![3, 4]);
        // 6 and 7 tie at count 1 with 5: the least recently counted (5) leaves first.
        let r = run_reads("lfu", 3, &[1, 1, 5, 6, 7]);
        assert_eq!(r.evicted, vec![5]);
    }

    #[test]
    fn a_dirty_page_is_written_back_when_it_leaves() {
        let r = run("lfu", 1, &[w(1), w(2)]);
        assert_eq!((r.evicted, r.writebacks), (vec![1], 1));
    }
}
