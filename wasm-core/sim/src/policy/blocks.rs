//! Flash blocks of pages, for the block-aware policies. Dense ids are assigned in
//! order of first appearance, so the block of a page comes from its original id:
//! `original_id / pages_per_block`, renumbered densely (in order of first
//! appearance of the block) so per-block state can live in plain vectors.

use crate::trace::IdMap;
use crate::SimError;

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
}
