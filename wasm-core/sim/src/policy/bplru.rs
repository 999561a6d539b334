//! BPLRU (block padding LRU, Kim and Ahn, FAST 2008, as the CRAW and TS-CLOCK
//! papers summarise it): a write buffer managed as an LRU list of flash blocks.
//! A write to any page moves its block to the MRU end; the victim is the block at
//! the LRU end and all its pages leave together (dirty ones written back in
//! sector order). Two heuristics:
//! - Page padding: before a block with dirty pages is written, the pages of the
//!   block that are not buffered are read from flash so that the whole block is
//!   written at once (a cheap switch merge in a log-block FTL).
//! - LRU compensation: a block whose pages were all written in sequence (offset
//!   0, 1, …, pages_per_block-1) is unlikely to be written again soon and is moved
//!   to the LRU end instead of the MRU end.
//!
//! Readings:
//! - BPLRU buffers writes only; in this simulator every request goes through the
//!   cache, so reads are buffered too, but only writes reorder blocks: a read hit
//!   changes nothing, and a read miss that opens a new block puts it at the MRU end
//!   (it must go somewhere; a read miss into a buffered block leaves it in place).
//! - Padding pages are not pages of the trace (they may never be requested), so
//!   they are not in the after-cache stream; the count of padded pages (each one
//!   read and written once more) is kept in the gauge "padding", and only
//!   buffered dirty pages are write-backs.
//! - The sequence check restarts when a block enters the buffer; any write out of
//!   order (including a rewrite) ends it for that stay.
//! - `pages_per_block` defaults to 64 (large-block NAND of the time).
//!
//! Snapshot: list "LRU": pages grouped by block, blocks MRU first, pages in
//! sector order; `bits` = the block's page count (saturating); status
//! "sequential" for a block written in sequence so far. Gauge "padding".

use super::blocks::BlockPages;
use super::entry::{CurveMethod, Group, PolicyEntry};
use super::{Event, Gauge, List, Policy, Req, Sink, Snapshot};
use crate::collections::{DList, Links};
use crate::describe::{defaults_of, parse_config, Mark, View, RESIDENT};
use crate::error::SimError;

/// Pages per flash block, shared by the block-level baselines.
pub type Config = super::blocks::BlockConfig;

pub const ENTRY: PolicyEntry = PolicyEntry {
    id: "bplru",
    name: "BPLRU",
    short: "BPLRU",
    group: Group::Flash,
    curve: CurveMethod::Sampled,
    source: "as the TS-CLOCK paper describes it",
    summary:
        "Block padding LRU: block-level LRU on writes, whole-block eviction with page padding and LRU compensation.",
    how: "A write buffer managed by block: writes move their whole block to the MRU end. The LRU block is evicted whole, padded with the pages of the block not in the buffer so that the flash writes one full block. A block written in sequence is moved to the LRU end (LRU compensation).",
    params: &[
        super::blocks::PAGES_PER_BLOCK,
    ],
    view: View::list(&[RESIDENT, Mark::new("sequential", "written in sequence", "accent1", "square")]).by_block("pages_per_block"),
    defaults: defaults_of::<Config>,
    build: |frames, ctx, params| {
        let c: Config = parse_config("bplru", params)?;
        Bplru::new(frames, ctx.ids, ctx.n_pages, c.pages_per_block).map(|p| Box::new(p) as Box<dyn Policy>)
    },
};

/// `seq` value once a block was written out of order.
const BROKEN: u32 = u32::MAX;

#[derive(Clone)]
pub struct Bplru {
    frames: usize,
    ppb: u32,
    bp: BlockPages,
    blinks: Links,
    /// Blocks, most recent first.
    lru: DList,
    /// Per block: pages written in order from offset 0 during this stay.
    seq: Vec<u32>,
    padding: u64,
}

impl Bplru {
    fn new(frames: usize, ids: &[u64], n_pages: u32, ppb: u32) -> Result<Bplru, SimError> {
        let bp = BlockPages::new("bplru", ids, n_pages, ppb)?;
        let nb = bp.map.n_blocks as usize;
        Ok(Bplru { frames, ppb, blinks: Links::new(nb), lru: DList::new(), seq: vec![0; nb], padding: 0, bp })
    }

    fn on_write(&mut self, p: u32, b: u32, sink: &mut Sink) {
        let bi = b as usize;
        let off = self.bp.offset(p);
        self.seq[bi] = if self.seq[bi] == off { off + 1 } else { BROKEN };
        self.lru.remove(&mut self.blinks, b);
        if self.seq[bi] == self.ppb {
            self.lru.push_back(&mut self.blinks, b);
            sink.ev(|| Event::Move {
                page: p,
                from: "block",
                to: "LRU",
                why: "block written sequentially in full: LRU compensation",
            });
        } else {
            self.lru.push_front(&mut self.blinks, b);
            sink.ev(|| Event::Move {
                page: p,
                from: "block",
                to: "MRU",
                why: "a write moves the block to the MRU end",
            });
        }
    }
}

impl Policy for Bplru {
    fn id(&self) -> &'static str {
        "bplru"
    }

    #[inline(always)]
    fn access(&mut self, req: Req, sink: &mut Sink) -> bool {
        let p = req.page;
        let b = self.bp.block(p);
        if self.bp.resident(p) {
            if req.write {
                self.bp.write(p);
                self.on_write(p, b, sink);
            }
            return true;
        }
        if self.bp.used() == self.frames {
            let v = self.lru.pop_back(&mut self.blinks).expect("full buffer has blocks");
            let (n, dirty) = self.bp.evict_block(v, sink, "page of the LRU block");
            if dirty > 0 {
                let pad = self.ppb as u64 - n as u64;
                self.padding += pad;
                let before = self.padding - pad;
                let after = self.padding;
                sink.ev(|| Event::Gauge {
                    name: "padding",
                    from: before as f64,
                    to: after as f64,
                    why: "missing pages read to write the whole block",
                });
            }
            self.seq[v as usize] = 0;
        }
        let new_block = self.bp.count(b) == 0;
        self.bp.add(p, req.write);
        if new_block {
            self.lru.push_front(&mut self.blinks, b);
        }
        sink.ev(|| Event::Insert { page: p, place: "block", slot: None });
        if req.write {
            self.on_write(p, b, sink);
        }
        false
    }

    fn resident(&self) -> usize {
        self.bp.used()
    }
    fn capacity(&self) -> usize {
        self.frames
    }
    fn contains(&self, page: u32) -> bool {
        self.bp.resident(page)
    }
    fn flush(&mut self, sink: &mut Sink) {
        self.bp.flush(sink)
    }
    fn snapshot(&self) -> Snapshot {
        let entries = self
            .lru
            .iter(&self.blinks)
            .flat_map(|b| {
                let s = self.seq[b as usize];
                let status = if s != BROKEN && s > 0 { "sequential" } else { "" };
                self.bp.slots(b, status, self.bp.count(b).min(255) as u8)
            })
            .collect();
        Snapshot {
            policy: "bplru",
            capacity: self.frames as u32,
            resident: self.bp.used() as u32,
            lists: vec![List { name: "LRU", entries }],
            gauges: vec![Gauge { name: "padding", value: self.padding as f64, target: None }],
            ..Snapshot::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testutil::{r, random_trace, replay, w};
    use serde_json::json;

    #[test]
    fn hand_worked_block_lru_with_padding() {
        // 4 pages per block, 4 frames. A = 0..3, B = 4..7, C = 8..11.
        // 1w [A] 5w [B A] 2 (a read: A stays) 4 | 9: LRU block A → 1 (dirty), 2
        // out, padding += 4 - 2. [C B]. 6w → [B C]. 10: LRU block C → 9 out (clean:
        // no padding); [C B]. 0: LRU block B → 4, 5w, 6w out, padding += 1.
        let reqs = [w(1), w(5), r(2), r(4), r(9), w(6), r(10), r(0)];
        let (rp, hits, ev, _) = replay("bplru", 4, json!({"pages_per_block": 4}), &reqs);
        assert_eq!(hits, vec![false; 8]);
        assert_eq!(ev, vec![(1, true), (2, false), (9, false), (4, false), (5, true), (6, true)]);
        let s = rp.policy.snapshot();
        assert_eq!(s.gauges[0].value, 3.0);
        let order: Vec<u64> = s.lists[0].entries.iter().map(|x| rp.trace.ids[x.page.unwrap() as usize]).collect();
        assert_eq!(order, vec![0, 10]);
    }

    #[test]
    fn lru_compensation_sends_a_sequentially_written_block_to_the_lru_end() {
        // 2 pages per block, 4 frames. 0w 1w fill block A in sequence → A goes to
        // the LRU end even though it was written last. 4 5 ... : 2w 3 (B) then 4:
        // blocks MRU→LRU: B, A → A evicted (0, 1 dirty) although B is older.
        let reqs = [w(2), r(3), w(0), w(1), r(4)];
        let (rp, _, ev, _) = replay("bplru", 4, json!({"pages_per_block": 2}), &reqs);
        assert_eq!(ev, vec![(0, true), (1, true)]);
        assert_eq!(rp.policy.snapshot().gauges[0].value, 0.0);
        // Written out of order (1w 0w) → no compensation → B (older) goes.
        let reqs = [w(2), r(3), w(1), w(0), r(4)];
        let (_, _, ev, _) = replay("bplru", 4, json!({"pages_per_block": 2}), &reqs);
        assert_eq!(ev, vec![(2, true), (3, false)]);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
        #[test]
        fn stays_within_capacity(seed in 0u64..1000, frames in 1usize..16, ppb in 1u32..9) {
            let reqs = random_trace(seed, 300, 60, 0.5);
            let (rp, _, _, _) = replay("bplru", frames, json!({"pages_per_block": ppb}), &reqs);
            let s = rp.policy.snapshot();
            proptest::prop_assert_eq!(s.lists[0].entries.len(), rp.policy.resident());
        }
    }
}
