//! A loaded trace: dense page ids (0..n-1, remapped at load) with the operation
//! packed into the top bit, so a request costs 4 bytes and simulation indexes
//! plain arrays instead of hashing.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Bit 31 of a packed request: set for a write.
pub const WRITE_BIT: u32 = 1 << 31;
/// The largest number of distinct pages a trace may hold.
pub const MAX_PAGES: u64 = (WRITE_BIT - 1) as u64;

#[inline]
pub fn pack(page: u32, write: bool) -> u32 {
    page | if write { WRITE_BIT } else { 0 }
}
#[inline]
pub fn page_of(r: u32) -> u32 {
    r & !WRITE_BIT
}
#[inline]
pub fn is_write(r: u32) -> bool {
    r & WRITE_BIT != 0
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Trace {
    /// One packed request per access.
    pub reqs: Vec<u32>,
    /// Original id (page number in the source's units) of each dense page id.
    pub ids: Vec<u64>,
}

impl Trace {
    pub fn len(&self) -> usize {
        self.reqs.len()
    }
    pub fn is_empty(&self) -> bool {
        self.reqs.is_empty()
    }
    /// Number of distinct pages; dense ids run 0..distinct().
    pub fn distinct(&self) -> u32 {
        self.ids.len() as u32
    }
    pub fn writes(&self) -> u64 {
        self.reqs.iter().filter(|&&r| is_write(r)).count() as u64
    }

    /// Builds a trace whose page ids are already dense-ish small numbers (tests,
    /// generators); ids are remapped in order of first appearance.
    pub fn from_pages(pages: &[(u64, bool)]) -> Trace {
        let mut b = TraceBuilder::new();
        for &(p, w) in pages {
            b.push(p, w).expect("page id range");
        }
        b.finish()
    }

    /// Read-only trace from page numbers.
    pub fn reads(pages: &[u64]) -> Trace {
        let v: Vec<(u64, bool)> = pages.iter().map(|&p| (p, false)).collect();
        Trace::from_pages(&v)
    }
}

/// Multiplicative hashing: page ids are integers and need no DoS protection, and
/// SipHash would dominate load time.
#[derive(Default)]
pub struct IdHasher(u64);
impl Hasher for IdHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ b as u64).wrapping_mul(0x51_7C_C1_B7_27_22_0A_95);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (n ^ (n >> 29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}
pub type IdMap<V> = HashMap<u64, V, BuildHasherDefault<IdHasher>>;

/// Remaps original ids to dense ids as requests arrive.
#[derive(Default)]
pub struct TraceBuilder {
    map: IdMap<u32>,
    trace: Trace,
}

impl TraceBuilder {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn with_capacity(requests: usize) -> Self {
        let mut b = Self::default();
        b.trace.reqs.reserve(requests);
        b
    }

    /// Makes room for `additional` more requests (a loader that knows the file
    /// size reserves once instead of doubling a large vector repeatedly).
    pub fn reserve(&mut self, additional: usize) {
        self.trace.reqs.reserve(additional);
    }

    /// Appends one access. Fails only when the trace holds more distinct pages
    /// than a packed request can name.
    #[inline]
    pub fn push(&mut self, id: u64, write: bool) -> Result<(), crate::SimError> {
        let next = self.trace.ids.len() as u32;
        let dense = *self.map.entry(id).or_insert(next);
        if dense == next {
            if next as u64 >= MAX_PAGES {
                return Err(crate::SimError::Input(format!(
                    "trace has more than {MAX_PAGES} distinct pages"
                )));
            }
            self.trace.ids.push(id);
        }
        self.trace.reqs.push(pack(dense, write));
        Ok(())
    }

    pub fn len(&self) -> usize {
        self.trace.reqs.len()
    }
    pub fn is_empty(&self) -> bool {
        self.trace.reqs.is_empty()
    }

    pub fn finish(self) -> Trace {
        self.trace
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remaps_in_order_of_first_appearance_and_keeps_ops() {
        let t = Trace::from_pages(&[(100, false), (7, true), (100, true), (5_000_000_000, false)]);
        assert_eq!(t.reqs.iter().map(|&r| page_of(r)).collect::<Vec<_>>(), vec![0, 1, 0, 2]);
        assert_eq!(t.reqs.iter().map(|&r| is_write(r)).collect::<Vec<_>>(), vec![false, true, true, false]);
        assert_eq!(t.ids, vec![100, 7, 5_000_000_000]);
        assert_eq!(t.distinct(), 3);
        assert_eq!(t.writes(), 2);
    }
}
