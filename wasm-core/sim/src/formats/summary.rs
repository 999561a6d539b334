//! Trace statistics for the load screen: counts, footprint, and the LRU stack
//! (reuse) distance histogram, computed in O(n log d) with a Fenwick tree over
//! access times: the distance of an access is the number of distinct pages
//! touched since the previous access to its page, i.e. the number of pages
//! whose latest access lies between the two. Only each page's latest access
//! holds a mark, so the times are renumbered into 2d slots and compacted when
//! they run out (at most once per d accesses): the tree stays the size of the
//! footprint, in cache for typical traces, instead of the length of the trace.

use crate::trace::Trace;
use crate::trace::{is_write, page_of};
use serde::{Deserialize, Serialize};

/// Finite reuse buckets: bucket k holds accesses whose LRU stack position
/// s = distance + 1 satisfies 2^k ≤ s < 2^(k+1). So an LRU cache of 2^k pages
/// hits exactly the accesses in buckets 0..k.
pub const REUSE_BUCKETS: usize = 32;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
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
    const NONE: u32 = u32::MAX;
    let cap = 2 * pages + 16;
    // slot[p]: where page p's latest access is marked; owner[s]: whose mark s is.
    let mut slot = vec![NONE; pages];
    let mut owner = vec![NONE; cap];
    let mut fen = vec![0u32; cap + 1];
    let mut cur = 0usize;
    let mut written = vec![false; pages];
    let mut reuse = vec![0u64; REUSE_BUCKETS];
    let mut cold = 0u64;
    let mut writes = 0u64;
    for &r in &t.reqs {
        let p = page_of(r) as usize;
        if is_write(r) {
            writes += 1;
            written[p] = true;
        }
        let prev = slot[p];
        if prev == NONE {
            cold += 1;
        } else {
            let prev = prev as usize;
            // Pages whose latest access came after this page's: one mark each.
            let between = prefix(&fen, cur) - prefix(&fen, prev + 1);
            let s = between as u64 + 1;
            reuse[(63 - s.leading_zeros()) as usize] += 1;
            add(&mut fen, prev, -1);
            owner[prev] = NONE;
        }
        if cur == cap {
            cur = compact(&mut owner, &mut slot, &mut fen);
        }
        add(&mut fen, cur, 1);
        owner[cur] = p as u32;
        slot[p] = cur as u32;
        cur += 1;
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

/// Moves the live marks to the front, keeping their order; returns the first
/// free slot. At most `pages` marks are live, so at least half the slots free up.
fn compact(owner: &mut [u32], slot: &mut [u32], fen: &mut [u32]) -> usize {
    let mut live = 0;
    for s in 0..owner.len() {
        let p = owner[s];
        if p != u32::MAX {
            owner[s] = u32::MAX;
            owner[live] = p;
            slot[p as usize] = live as u32;
            live += 1;
        }
    }
    // Rebuild the tree for marks at 0..live in O(cap).
    fen.iter_mut().for_each(|x| *x = 0);
    for i in 1..fen.len() {
        fen[i] += (i <= live) as u32;
        let j = i + (i & i.wrapping_neg());
        if j < fen.len() {
            fen[j] += fen[i];
        }
    }
    live
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
        fn fenwick_matches_the_stack_definition(pages in proptest::collection::vec(0u64..40, 0..600)) {
            let t = Trace::reads(&pages);
            let s = summarize(&t, 512);
            let (reuse, cold) = naive(&t);
            prop_assert_eq!(s.reuse, reuse);
            prop_assert_eq!(s.cold, cold);
        }
    }
}
