//! LRU-WSR (LRU with write sequence reordering; Jung et al., IEEE TCE 2008, as
//! summarised in the CRAW paper §II-B): an LRU list plus a cold flag per page.
//! A referenced page moves to the MRU end and, if dirty, has its cold flag
//! cleared. To replace, the LRU page is checked: a clean page is evicted; a dirty
//! page with the cold flag set is evicted; a dirty page with the flag clear gets
//! it set and moves to the MRU end (a second chance), and the next LRU page is
//! checked.
//!
//! Readings: a newly loaded page starts with the cold flag clear (the original
//! sets the flag only when a dirty page is given its second chance), so a page
//! written once and never again survives one trip to the LRU end. The loop ends
//! within one pass: every dirty page it passes becomes cold.
//!
//! Snapshot: list "LRU" (MRU first), status "cold" for cold pages. Events: Move
//! (hit, second chance), Status (cold flag set), Insert, Evict.

use super::entry::{CurveMethod, Group, PolicyEntry};
use super::sink::flush_dirty;
use super::{Event, List, Policy, Req, Sink, Slot, Snapshot};
use crate::collections::{DList, Links};
use crate::describe::{defaults_of, parse_config, Mark, View, RESIDENT};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {}

pub const ENTRY: PolicyEntry = PolicyEntry {
    id: "lru-wsr",
    name: "LRU-WSR",
    short: "LRU-WSR",
    group: Group::Flash,
    curve: CurveMethod::Sampled,
    source: "as the CRAW and TS-CLOCK papers describe it",
    summary:
        "LRU with write sequence reordering: dirty pages reaching the LRU end get one more trip unless marked cold.",
    how: "LRU with write-sequence reordering. A dirty page reaching the LRU end is not evicted at once: unless it is marked cold, it is marked cold and moved back to the MRU end. A hit clears the cold mark. Clean pages and cold dirty pages at the LRU end are evicted.",
    params: &[],
    view: View::list(&[RESIDENT, Mark::new("cold", "cold (second trip used)", "accent1", "square")]),
    defaults: defaults_of::<Config>,
    build: |frames, ctx, params| {
        let _: Config = parse_config("lru-wsr", params)?;
        Ok(Box::new(LruWsr {
            frames,
            links: Links::new(ctx.n_pages as usize),
            list: DList::new(),
            state: vec![0; ctx.n_pages as usize],
        }))
    },
};

const RES: u8 = 1;
const DIRTY: u8 = 2;
const COLD: u8 = 4;

#[derive(Clone)]
pub struct LruWsr {
    frames: usize,
    links: Links,
    list: DList,
    state: Vec<u8>,
}

impl Policy for LruWsr {
    fn id(&self) -> &'static str {
        "lru-wsr"
    }

    #[inline(always)]
    fn access(&mut self, req: Req, sink: &mut Sink) -> bool {
        let p = req.page;
        let s = &mut self.state[p as usize];
        if *s & RES != 0 {
            if req.write {
                *s |= DIRTY;
            }
            if *s & DIRTY != 0 {
                *s &= !COLD;
            }
            self.list.move_to_front(&mut self.links, p);
            sink.ev(|| Event::Move {
                page: p,
                from: "its place",
                to: "the MRU end",
                why: "a hit makes it the most recently used",
            });
            return true;
        }
        if self.list.len() == self.frames {
            loop {
                let v = self.list.back().expect("full list");
                let sv = self.state[v as usize];
                if sv & DIRTY == 0 || sv & COLD != 0 {
                    self.list.remove(&mut self.links, v);
                    self.state[v as usize] = 0;
                    let why =
                        if sv & DIRTY == 0 { "clean page at the LRU end" } else { "cold dirty page at the LRU end" };
                    sink.evict(v, sv & DIRTY != 0, why);
                    break;
                }
                self.state[v as usize] |= COLD;
                self.list.move_to_front(&mut self.links, v);
                sink.ev(|| Event::Status {
                    page: v,
                    from: "hot",
                    to: "cold",
                    why: "dirty page at the LRU end gets a second chance",
                });
            }
        }
        self.state[p as usize] = RES | if req.write { DIRTY } else { 0 };
        self.list.push_front(&mut self.links, p);
        sink.ev(|| Event::Insert { page: p, place: "MRU", slot: None });
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
        flush_dirty(pages.into_iter().rev(), &mut self.state, DIRTY, sink);
    }
    fn snapshot(&self) -> Snapshot {
        let entries = self
            .list
            .iter(&self.links)
            .map(|p| {
                let s = self.state[p as usize];
                Slot::page(p, if s & COLD != 0 { "cold" } else { "" }, 0, s & DIRTY != 0, true)
            })
            .collect();
        Snapshot {
            policy: "lru-wsr",
            capacity: self.frames as u32,
            resident: self.list.len() as u32,
            lists: vec![List { name: "LRU", entries }],
            ..Snapshot::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testutil::{count, r, random_trace, replay, w};
    use serde_json::json;

    #[test]
    fn hand_worked_second_chance_and_cold_flag() {
        // 3 frames. 1w 2 3 | 4: LRU 1 dirty, not cold → cold, to MRU; 2 evicted.
        // 5: list 4 1c 3 → 3 evicted. 6: list 5 4 1c → 1 (cold, dirty) evicted.
        let reqs = [w(1), r(2), r(3), r(4), r(5), r(6)];
        let (rp, _, ev, _) = replay("lru-wsr", 3, json!({}), &reqs);
        assert_eq!(ev, vec![(2, false), (3, false), (1, true)]);
        assert_eq!(rp.policy.snapshot().lists[0].entries.len(), 3);
        // A hit on the cold dirty page clears the flag: 1w 2 3 4 (2 out, 1 cold)
        // 1 (hit → hot) 5: list 1 4 3 → 3 out. 6: 5 1 4 → 4 out. 7: 6 5 1 → 1
        // gets a second chance again, 5 out.
        let reqs = [w(1), r(2), r(3), r(4), r(1), r(5), r(6), r(7)];
        let (rp, hits, ev, _) = replay("lru-wsr", 3, json!({}), &reqs);
        assert_eq!(hits.iter().filter(|&&h| h).count(), 1);
        assert_eq!(ev, vec![(2, false), (3, false), (4, false), (5, false)]);
        let st: Vec<&str> = rp.policy.snapshot().lists[0].entries.iter().map(|s| s.status).collect();
        assert_eq!(st, vec!["", "cold", ""]);
    }

    #[test]
    fn fewer_writebacks_than_lru_on_a_write_heavy_trace() {
        let reqs = random_trace(11, 20_000, 400, 0.6);
        let (_, wb_lru) = count("lru", 60, json!({}), &reqs);
        let (_, wb) = count("lru-wsr", 60, json!({}), &reqs);
        assert!(wb < wb_lru, "{wb} vs {wb_lru}");
    }
}
