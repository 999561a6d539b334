//! Trace statistics for the load screen: counts, footprint, and the LRU stack
//! (reuse) distance histogram, computed in O(n log n) with a Fenwick tree over
//! access times: the distance of an access is the number of distinct pages
//! touched since the previous access to its page, i.e. the number of pages
//! whose latest access lies between the two.

use crate::trace::{is_write, page_of};
use crate::Trace;
use serde::{Deserialize, Serialize};

/// Finite reuse buckets: bucket k holds accesses whose LRU stack position
/// s = distance + 1 satisfies 2^k ≤ s < 2^(k+1). So an LRU cache of 2^k pages
/// hits exactly the accesses in buckets 0..k.
pub const REUSE_BUCKETS: usize = 32;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub requests: u64,
    pub distinct_pages: u64,
    pub reads: u64,
    pub writes: u64,
    /// Distinct pages written at least once.
    pub written_pages: u64,
    /// The working set of the whole trace: every distinct page.
    pub footprint_pages: u64,
    pub footprint_bytes: u64,
    pub page_size: u64,
    /// See [`REUSE_BUCKETS`].
    pub reuse: Vec<u64>,
    /// First accesses (infinite distance): the compulsory misses of any cache.
    pub cold: u64,
}

pub fn summarize(t: &Trace, page_size: u64) -> Summary {
    let n = t.len();
    let pages = t.distinct() as usize;
    let mut last = vec![u32::MAX; pages];
    let mut written = vec![false; pages];
    let mut fen = vec![0u32; n + 1];
    let mut reuse = vec![0u64; REUSE_BUCKETS];
    let mut cold = 0u64;
    let mut writes = 0u64;
    for (i, &r) in t.reqs.iter().enumerate() {
        let p = page_of(r) as usize;
        if is_write(r) {
            writes += 1;
            written[p] = true;
        }
        let prev = last[p];
        if prev == u32::MAX {
            cold += 1;
        } else {
            let prev = prev as usize;
            // Pages last touched strictly after `prev`: each holds one mark.
            let between = prefix(&fen, i) - prefix(&fen, prev + 1);
            let s = between as u64 + 1;
            reuse[(63 - s.leading_zeros()) as usize] += 1;
            add(&mut fen, prev, -1);
        }
        add(&mut fen, i, 1);
        last[p] = i as u32;
    }
    Summary {
        requests: n as u64,
        distinct_pages: pages as u64,
        reads: n as u64 - writes,
        writes,
        written_pages: written.iter().filter(|&&w| w).count() as u64,
        footprint_pages: pages as u64,
        footprint_bytes: (pages as u64).saturating_mul(page_size),
        page_size,
        reuse,
        cold,
    }
}

/// Sum of marks at positions 0..i.
#[inline]
fn prefix(fen: &[u32], i: usize) -> u32 {
    let mut s = 0;
    let mut k = i;
    while k > 0 {
        s += fen[k];
        k &= k - 1;
    }
    s
}

#[inline]
fn add(fen: &mut [u32], i: usize, d: i32) {
    let mut k = i + 1;
    while k < fen.len() {
        fen[k] = fen[k].wrapping_add_signed(d);
        k += k & k.wrapping_neg();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The O(n·d) definition, for checking.
    fn naive(t: &Trace) -> (Vec<u64>, u64) {
        let mut stack: Vec<u32> = Vec::new();
        let mut reuse = vec![0u64; REUSE_BUCKETS];
        let mut cold = 0;
        for &r in &t.reqs {
            let p = page_of(r);
            match stack.iter().rev().position(|&q| q == p) {
                None => cold += 1,
                Some(d) => {
                    let s = d as u64 + 1;
                    reuse[(63 - s.leading_zeros()) as usize] += 1;
                    let at = stack.len() - 1 - d;
                    stack.remove(at);
                }
            }
            stack.push(p);
        }
        (reuse, cold)
    }

    #[test]
    fn counts_and_known_distances() {
        // a b c a a b: a at stack position 3 (bucket 1), a again position 1
        // (bucket 0), b position 3 (bucket 1).
        let t = Trace::from_pages(&[(1, false), (2, true), (3, false), (1, true), (1, false), (2, false)]);
        let s = summarize(&t, 4096);
        assert_eq!((s.requests, s.reads, s.writes, s.distinct_pages), (6, 4, 2, 3));
        assert_eq!(s.written_pages, 2);
        assert_eq!(s.footprint_bytes, 3 * 4096);
        assert_eq!(s.cold, 3);
        assert_eq!(&s.reuse[..3], &[1, 2, 0]);
        let json = serde_json::to_string(&s).unwrap();
        assert!(json.contains("\"reuse\""));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]
        #[test]
        fn fenwick_matches_the_stack_definition(pages in proptest::collection::vec(0u64..40, 0..400)) {
            let t = Trace::reads(&pages);
            let s = summarize(&t, 512);
            let (reuse, cold) = naive(&t);
            prop_assert_eq!(s.reuse, reuse);
            prop_assert_eq!(s.cold, cold);
        }
    }
}
