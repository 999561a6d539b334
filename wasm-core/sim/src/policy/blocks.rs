//! Flash blocks of pages, for the block-aware policies. Dense ids are assigned in
//! order of first appearance, so the block of a page comes from its original id:
//! `original_id / pages_per_block`, renumbered densely (in order of first
//! appearance of the block) so per-block state can live in plain vectors.

use super::{Sink, Slot};
use crate::collections::{DList, Links};
use crate::error::SimError;
use crate::trace::IdMap;

#[derive(Clone)]
pub struct BlockMap {
    /// Dense block of each dense page.
    pub block_of: Vec<u32>,
    /// Offset of each dense page inside its block (`original_id % pages_per_block`).
    pub offset_of: Vec<u32>,
    pub n_blocks: u32,
}

impl BlockMap {
    pub fn new(policy: &str, ids: &[u64], n_pages: u32, pages_per_block: u32) -> Result<BlockMap, SimError> {
        if pages_per_block == 0 {
            return Err(SimError::config(format!("{policy} parameters"), "pages_per_block must be at least 1"));
        }
        if ids.len() != n_pages as usize {
            return Err(SimError::config(
                policy.to_string(),
                format!("needs the original page ids of all {n_pages} pages, got {}", ids.len()),
            ));
        }
        let ppb = pages_per_block as u64;
        let mut map: IdMap<u32> = IdMap::default();
        let mut block_of = Vec::with_capacity(ids.len());
        let mut offset_of = Vec::with_capacity(ids.len());
        for &id in ids {
            let next = map.len() as u32;
            block_of.push(*map.entry(id / ppb).or_insert(next));
            offset_of.push((id % ppb) as u32);
        }
        Ok(BlockMap { block_of, offset_of, n_blocks: map.len() as u32 })
    }
}

const RES: u8 = 1;
const DIRTY: u8 = 2;

/// The resident pages of every block, for policies that evict whole blocks.
#[derive(Clone)]
pub struct BlockPages {
    pub map: BlockMap,
    links: Links,
    pages: Vec<DList>,
    state: Vec<u8>,
    scratch: Vec<u32>,
    used: usize,
}

impl BlockPages {
    pub fn new(policy: &str, ids: &[u64], n_pages: u32, pages_per_block: u32) -> Result<BlockPages, SimError> {
        let map = BlockMap::new(policy, ids, n_pages, pages_per_block)?;
        Ok(BlockPages {
            pages: vec![DList::new(); map.n_blocks as usize],
            map,
            links: Links::new(n_pages as usize),
            state: vec![0; n_pages as usize],
            scratch: Vec::new(),
            used: 0,
        })
    }
    #[inline]
    pub fn block(&self, p: u32) -> u32 {
        self.map.block_of[p as usize]
    }
    #[inline]
    pub fn offset(&self, p: u32) -> u32 {
        self.map.offset_of[p as usize]
    }
    #[inline]
    pub fn count(&self, b: u32) -> usize {
        self.pages[b as usize].len()
    }
    #[inline]
    pub fn used(&self) -> usize {
        self.used
    }
    #[inline]
    pub fn resident(&self, p: u32) -> bool {
        self.state.get(p as usize).is_some_and(|s| s & RES != 0)
    }
    #[inline]
    pub fn dirty(&self, p: u32) -> bool {
        self.state[p as usize] & DIRTY != 0
    }
    /// Marks a resident page written.
    #[inline]
    pub fn write(&mut self, p: u32) {
        self.state[p as usize] |= DIRTY;
    }
    /// Loads a page into its block.
    pub fn add(&mut self, p: u32, write: bool) {
        self.state[p as usize] = RES | if write { DIRTY } else { 0 };
        let b = self.block(p) as usize;
        self.pages[b].push_back(&mut self.links, p);
        self.used += 1;
    }
    /// Evicts every page of block `b` in sector order (a sequential write-back);
    /// returns (pages evicted, dirty pages among them).
    pub fn evict_block(&mut self, b: u32, sink: &mut Sink, why: &'static str) -> (usize, usize) {
        let mut v = std::mem::take(&mut self.scratch);
        v.clear();
        while let Some(p) = self.pages[b as usize].pop_front(&mut self.links) {
            v.push(p);
        }
        v.sort_by_key(|&p| self.map.offset_of[p as usize]);
        let mut dirty = 0;
        for &p in &v {
            let d = self.state[p as usize] & DIRTY != 0;
            dirty += d as usize;
            self.state[p as usize] = 0;
            sink.evict(p, d, why);
        }
        self.used -= v.len();
        let n = v.len();
        self.scratch = v;
        (n, dirty)
    }
    pub fn flush(&mut self, sink: &mut Sink) {
        for b in 0..self.pages.len() as u32 {
            for p in self.sorted_pages(b) {
                if self.state[p as usize] & DIRTY != 0 {
                    self.state[p as usize] &= !DIRTY;
                    sink.clean(p, "final flush");
                }
            }
        }
    }
    /// Pages of block `b` in sector order.
    pub fn sorted_pages(&self, b: u32) -> Vec<u32> {
        let mut v: Vec<u32> = self.pages[b as usize].iter(&self.links).collect();
        v.sort_by_key(|&p| self.map.offset_of[p as usize]);
        v
    }
    /// Snapshot slots of block `b`: `bits` carries a per-block value chosen by the policy.
    pub fn slots(&self, b: u32, status: &'static str, bits: u8) -> impl Iterator<Item = Slot> + '_ {
        self.sorted_pages(b).into_iter().map(move |p| Slot::page(p, status, bits, self.dirty(p), true))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_come_from_original_ids_not_dense_ids() {
        let m = BlockMap::new("x", &[9, 0, 4, 3, 8], 5, 4).unwrap();
        assert_eq!(m.block_of, vec![0, 1, 2, 1, 0]);
        assert_eq!(m.offset_of, vec![1, 0, 0, 3, 0]);
        assert_eq!(m.n_blocks, 3);
        assert!(BlockMap::new("x", &[1], 1, 0).is_err());
        let e = BlockMap::new("fab", &[1], 2, 4).err().unwrap().to_string();
        assert!(e.contains("fab") && e.contains("original page ids"), "{e}");
    }

    #[test]
    fn block_sizes_default_to_the_papers() {
        // The TS-CLOCK paper's 4 MB block for TS-CLOCK, FAB and LB-CLOCK; BPLRU's own 64.
        for (id, ppb) in [("ts-clock", 1024), ("fab", 1024), ("lb-clock", 1024), ("bplru", 64)] {
            let e = crate::policy::entry(id).unwrap();
            assert_eq!((e.defaults)()["pages_per_block"], ppb, "{id}");
            assert_eq!(e.view.block_param, Some("pages_per_block"), "{id}");
        }
    }
}

/// A configuration of the block-level baselines: how many pages of the original
/// address space make one flash block, with its default.
macro_rules! block_config {
    ($(#[$doc:meta])* $name:ident = $ppb:expr) => {
        $(#[$doc])*
        #[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
        #[serde(default, deny_unknown_fields)]
        pub struct $name {
            pub pages_per_block: u32,
        }

        impl Default for $name {
            fn default() -> Self {
                $name { pages_per_block: $ppb }
            }
        }
    };
}

block_config! {
    /// BPLRU's: 64 pages, the large-block NAND of its paper.
    BlockConfig = 64
}
block_config! {
    /// FAB's and LB-CLOCK's: the 4 MB block (1,024 pages of 4 KB) the TS-CLOCK
    /// paper uses when it compares them.
    PaperBlockConfig = 1024
}

/// The block size parameter every block-aware policy declares.
pub const PAGES_PER_BLOCK: crate::describe::Param = crate::describe::Param::integer(
    "pages_per_block",
    "Pages per block",
    1.0,
    u32::MAX as f64,
    "pages",
    "Pages of the original address space that make one flash block.",
);
