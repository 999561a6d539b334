//! MFU (most frequently used), the counting policy textbooks set beside LFU
//! (Silberschatz, *Operating System Concepts*, §10.4.7): on a fault with every
//! frame full, the page used most often since it entered the cache leaves, on
//! the argument that a page with a small count was probably just brought in and
//! has yet to be used.
//!
//! Readings: as LFU here, a page's count starts at 1 when it enters and is
//! forgotten when it leaves. Ties (equal counts) go to the page that entered the
//! cache first. O(log n) per request (an ordered set of (count, load order)).
//!
//! Snapshot: list "by count", most used first (the next victim at the head, ties
//! in load order); `bits` is the count, shown up to 255 (events carry the exact
//! value).

use super::entry::{CurveMethod, Group, PolicyEntry};
use super::{Event, List, Policy, Req, Sink, Slot, Snapshot};
use crate::describe::{defaults_of, parse_config, View, RESIDENT};
use serde::{Deserialize, Serialize};
use std::cmp::Reverse;
use std::collections::BTreeSet;

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {}

pub const ENTRY: PolicyEntry = PolicyEntry {
    id: "mfu",
    name: "MFU (most frequently used)",
    short: "MFU",
    group: Group::Textbook,
    curve: CurveMethod::Sampled,
    source: "Silberschatz, Operating System Concepts, §10.4.7",
    summary: "Most frequently used: evicts the page used most often since it entered the cache.",
    how: "Each page counts its uses from the moment it enters the cache (1 on entry). On a fault with every frame full, the page with the largest count leaves; among equal counts, the one that entered first. The argument: a page with a small count was probably just brought in and has yet to be used. It is the opposite of LFU and rarely a good idea.",
    params: &[],
    view: View::list(&[RESIDENT]).with_bits(255),
    defaults: defaults_of::<Config>,
    build: |frames, ctx, params| {
        let _: Config = parse_config("mfu", params)?;
        let n = ctx.n_pages as usize;
        Ok(Box::new(Mfu {
            frames,
            set: BTreeSet::new(),
            count: vec![0; n],
            seq: vec![0; n],
            dirty: vec![false; n],
            loads: 0,
        }))
    },
};

#[derive(Clone)]
pub struct Mfu {
    frames: usize,
    /// (count, Reverse(load order), page) of every resident page: the last is
    /// the largest count, loaded first among equals.
    set: BTreeSet<(u32, Reverse<u64>, u32)>,
    /// Per page: its count (0: not resident).
    count: Vec<u32>,
    /// Per page: its load order.
    seq: Vec<u64>,
    dirty: Vec<bool>,
    loads: u64,
}

impl Mfu {
    fn key(&self, p: u32) -> (u32, Reverse<u64>, u32) {
        (self.count[p as usize], Reverse(self.seq[p as usize]), p)
    }
}

impl Policy for Mfu {
    fn id(&self) -> &'static str {
        "mfu"
    }

    #[inline(always)]
    fn access(&mut self, req: Req, sink: &mut Sink) -> bool {
        let p = req.page;
        let i = p as usize;
        if self.count[i] != 0 {
            self.set.remove(&self.key(p));
            let from = self.count[i];
            self.count[i] = from.saturating_add(1);
            self.set.insert(self.key(p));
            self.dirty[i] |= req.write;
            let to = self.count[i];
            sink.ev(|| Event::Count { page: p, name: "use count", from, to, binary: 0, why: "a hit" });
            return true;
        }
        if self.set.len() == self.frames {
            let (c, _, v) = self.set.pop_last().expect("a full cache has pages");
            self.count[v as usize] = 0;
            sink.ev(|| Event::Count {
                page: v,
                name: "use count",
                from: c,
                to: c,
                binary: 0,
                why: "the largest (first loaded among equals)",
            });
            sink.evict(v, std::mem::take(&mut self.dirty[v as usize]), "used most often since it entered");
        }
        self.count[i] = 1;
        self.seq[i] = self.loads;
        self.loads += 1;
        self.dirty[i] = req.write;
        self.set.insert(self.key(p));
        sink.ev(|| Event::Insert { page: p, place: "count 1", slot: None });
        false
    }

    fn resident(&self) -> usize {
        self.set.len()
    }
    fn capacity(&self) -> usize {
        self.frames
    }
    fn contains(&self, page: u32) -> bool {
        self.count.get(page as usize).is_some_and(|&c| c != 0)
    }
    fn mark_dirty(&mut self, page: u32) -> bool {
        self.dirty[page as usize] = true;
        true
    }

    fn flush(&mut self, sink: &mut Sink) {
        let pages: Vec<u32> = self.set.iter().rev().map(|k| k.2).collect();
        for p in pages {
            if std::mem::take(&mut self.dirty[p as usize]) {
                sink.clean(p, "final flush");
            }
        }
    }

    fn snapshot(&self) -> Snapshot {
        let entries = self
            .set
            .iter()
            .rev()
            .map(|&(c, _, p)| Slot::page(p, "", c.min(255) as u8, self.dirty[p as usize], true))
            .collect();
        Snapshot {
            policy: "mfu",
            capacity: self.frames as u32,
            resident: self.set.len() as u32,
            lists: vec![List { name: "by count", entries }],
            ..Snapshot::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testutil::run_reads;

    /// By hand, 3 frames: 1 1 1 2 2 3 → counts 1:3, 2:2, 3:1. 4 evicts 1 (the
    /// largest); 5 evicts 2 (2 against 1, 1); 6: 3, 4, 5 all at 1 → 3 (entered first).
    #[test]
    fn the_most_used_page_leaves_first_loaded_among_equals() {
        let r = run_reads("mfu", 3, &[1, 1, 1, 2, 2, 3, 4, 5, 6]);
        assert_eq!(r.evicted, vec![1, 2, 3]);
        let s = r.policy.snapshot();
        let c: Vec<u8> = s.lists[0].entries.iter().map(|e| e.bits).collect();
        assert_eq!(c, vec![1, 1, 1]);
    }
}
