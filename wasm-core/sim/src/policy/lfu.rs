//! LFU: evicts the page used least often since it entered the cache; among
//! pages used equally often, the one whose count last changed earliest (LRU
//! within a count, as libCacheSim's LFU breaks ties).
//!
//! Readings: a page's count starts at 1 when it enters and is forgotten when it
//! leaves (no ghost counts); counts are not aged. O(1) per request: pages sit in
//! one list per count, the lists linked in ascending order (at most one per
//! frame, so memory does not grow with the counts).
//!
//! Snapshot: list "by count", least often used first (the next victim at the
//! head); `bits` is the count, saturated at 255.

use super::entry::{CurveMethod, Group, PolicyEntry};
use super::sink::flush_dirty;
use super::{Event, List, Policy, Req, Sink, Slot, Snapshot};
use crate::collections::{DList, Links, NIL};
use crate::describe::{defaults_of, parse_config, View, RESIDENT};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {}

pub const ENTRY: PolicyEntry = PolicyEntry {
    id: "lfu",
    name: "LFU",
    short: "LFU",
    group: Group::Classic,
    curve: CurveMethod::Sampled,
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

/// The pages used a given number of times, least recently counted at the back.
#[derive(Clone)]
struct Node {
    count: u32,
    pages: DList,
    prev: u32,
    next: u32,
}

#[derive(Clone)]
pub struct Lfu {
    frames: usize,
    links: Links,
    /// One node per count that some resident page has, in ascending order from
    /// `first`: at most one per frame, whatever the counts reach.
    nodes: Vec<Node>,
    free: Vec<u32>,
    first: u32,
    /// Per page: its node (NIL: not resident).
    node_of: Vec<u32>,
    dirty: Vec<u8>,
    len: usize,
}

impl Lfu {
    pub fn new(frames: usize, n_pages: u32) -> Lfu {
        Lfu {
            frames,
            links: Links::new(n_pages as usize),
            nodes: Vec::new(),
            free: Vec::new(),
            first: NIL,
            node_of: vec![NIL; n_pages as usize],
            dirty: vec![0; n_pages as usize],
            len: 0,
        }
    }

    /// A new node for `count`, linked after `after` (NIL: at the front).
    fn new_node(&mut self, count: u32, after: u32) -> u32 {
        let next = if after == NIL { self.first } else { self.nodes[after as usize].next };
        let node = Node { count, pages: DList::new(), prev: after, next };
        let n = match self.free.pop() {
            Some(n) => {
                self.nodes[n as usize] = node;
                n
            }
            None => {
                self.nodes.push(node);
                (self.nodes.len() - 1) as u32
            }
        };
        if after == NIL {
            self.first = n;
        } else {
            self.nodes[after as usize].next = n;
        }
        if next != NIL {
            self.nodes[next as usize].prev = n;
        }
        n
    }

    /// Unlinks node `n` once its last page has left.
    fn drop_if_empty(&mut self, n: u32) {
        if !self.nodes[n as usize].pages.is_empty() {
            return;
        }
        let (prev, next) = (self.nodes[n as usize].prev, self.nodes[n as usize].next);
        if prev == NIL {
            self.first = next;
        } else {
            self.nodes[prev as usize].next = next;
        }
        if next != NIL {
            self.nodes[next as usize].prev = prev;
        }
        self.free.push(n);
    }

    fn count(&self, p: u32) -> u32 {
        let n = self.node_of[p as usize];
        if n == NIL {
            0
        } else {
            self.nodes[n as usize].count
        }
    }

    /// Nodes in ascending count order.
    fn order(&self) -> impl Iterator<Item = &Node> + '_ {
        let mut n = self.first;
        std::iter::from_fn(move || {
            (n != NIL).then(|| {
                let node = &self.nodes[n as usize];
                n = node.next;
                node
            })
        })
    }
}

impl Policy for Lfu {
    fn id(&self) -> &'static str {
        "lfu"
    }

    #[inline(always)]
    fn access(&mut self, req: Req, sink: &mut Sink) -> bool {
        let p = req.page;
        if req.write {
            self.dirty[p as usize] = 1;
        }
        let n = self.node_of[p as usize];
        if n != NIL {
            let c = self.nodes[n as usize].count;
            let next = self.nodes[n as usize].next;
            let t =
                if next != NIL && self.nodes[next as usize].count == c + 1 { next } else { self.new_node(c + 1, n) };
            self.nodes[n as usize].pages.remove(&mut self.links, p);
            self.nodes[t as usize].pages.push_front(&mut self.links, p);
            self.node_of[p as usize] = t;
            self.drop_if_empty(n);
            return true;
        }
        if self.len == self.frames {
            let f = self.first;
            let v = self.nodes[f as usize].pages.back().expect("a full cache has a least-used page");
            self.nodes[f as usize].pages.remove(&mut self.links, v);
            self.node_of[v as usize] = NIL;
            self.drop_if_empty(f);
            let dirty = std::mem::take(&mut self.dirty[v as usize]) != 0;
            sink.evict(v, dirty, "used least often since it entered");
            self.len -= 1;
        }
        let one = if self.first != NIL && self.nodes[self.first as usize].count == 1 {
            self.first
        } else {
            self.new_node(1, NIL)
        };
        self.nodes[one as usize].pages.push_front(&mut self.links, p);
        self.node_of[p as usize] = one;
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
        self.node_of.get(page as usize).is_some_and(|&n| n != NIL)
    }
    fn mark_dirty(&mut self, page: u32) -> bool {
        self.dirty[page as usize] = 1;
        true
    }

    fn flush(&mut self, sink: &mut Sink) {
        let pages: Vec<u32> = self.order().flat_map(|n| n.pages.iter(&self.links).collect::<Vec<_>>()).collect();
        flush_dirty(pages, &mut self.dirty, 1, sink);
    }

    fn snapshot(&self) -> Snapshot {
        let pages: Vec<u32> =
            self.order().flat_map(|n| n.pages.iter(&self.links).collect::<Vec<_>>().into_iter().rev()).collect();
        let entries = pages
            .into_iter()
            .map(|p| Slot::page(p, "", self.count(p).min(255) as u8, self.dirty[p as usize] != 0, true))
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

    /// A page hit a million times costs one node, not a million.
    #[test]
    fn counts_do_not_grow_memory() {
        let mut t = vec![7u64; 1_000_000];
        t.extend([1, 2, 3, 1]);
        let r = run_reads("lfu", 2, &t);
        // 7 stays; each newcomer pushes out the one before it.
        assert_eq!(r.evicted, vec![1, 2, 3]);
        assert!(r.policy.snapshot().lists[0].entries.iter().any(|e| e.bits == 255));
    }

    #[test]
    fn a_dirty_page_is_written_back_when_it_leaves() {
        let r = run("lfu", 1, &[w(1), w(2)]);
        assert_eq!((r.evicted, r.writebacks), (vec![1], 1));
    }
}
