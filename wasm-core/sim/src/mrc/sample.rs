//! Spatial sampling of a trace (SHARDS, Waldspurger et al., FAST '15), for
//! miniature simulations (Waldspurger et al., USENIX ATC '17).
//!
//! A page — or, for a block policy, a whole block — is in the sample when the
//! hash of its id as the trace wrote it is among the smallest. The sample is
//! fixed-size: the smallest hashes up to `sample_pages` pages. Since loading
//! already counted the distinct pages, the threshold is known before the pass,
//! so the sample is the one fixed-size SHARDS converges to, from the first
//! request on. Larger samples (tiers) double the pages and contain the smaller
//! ones, so a size that needs a larger sample sees the same pages plus more.

use crate::trace::{is_write, pack, page_of};
use crate::Trace;

/// Which pages are in each tier of samples.
pub struct Ranks {
    /// The rank of each dense page's unit (page or block) in hash order.
    rank: Vec<u32>,
    /// Per tier: (units taken, pages they hold); the last tier before the whole trace.
    pub tiers: Vec<(u32, u32)>,
}

/// A page's hash: SplitMix64 of its id plus a constant, so that id 0 is not
/// hash 0 (a generator's hottest page is often page 0, and would always be sampled).
fn mix(id: u64) -> u64 {
    crate::rng::mix(id.wrapping_add(0x9E37_79B9_7F4A_7C15))
}

impl Ranks {
    /// Ranks `trace`'s pages by the hash of their unit (`id / unit_pages`), and
    /// the tiers of `sample_pages`, twice that, … pages below the whole trace.
    pub fn new(trace: &Trace, unit_pages: u64, sample_pages: u32) -> Ranks {
        let unit_pages = unit_pages.max(1);
        let mut order: Vec<(u64, u64, u32)> =
            trace.ids.iter().enumerate().map(|(p, &id)| (mix(id / unit_pages), id / unit_pages, p as u32)).collect();
        order.sort_unstable();
        let mut rank = vec![0u32; order.len()];
        let mut unit_pages_so_far = Vec::new();
        let mut units = 0u32;
        for (i, &(_, unit, p)) in order.iter().enumerate() {
            if i > 0 && order[i - 1].1 != unit {
                unit_pages_so_far.push(i as u32);
                units += 1;
            }
            rank[p as usize] = units;
        }
        let total = order.len() as u32;
        let mut tiers = Vec::new();
        let mut want = sample_pages.max(1) as u64;
        // The first unit boundary holding at least `want` pages, while that is below the whole trace.
        for (u, &pages) in unit_pages_so_far.iter().enumerate() {
            if pages as u64 >= want && pages < total {
                tiers.push((u as u32 + 1, pages));
                while want <= pages as u64 {
                    want *= 2;
                }
            }
        }
        Ranks { rank, tiers }
    }

    /// The fraction of the trace's distinct pages in tier `t`.
    pub fn rate(&self, t: usize) -> f64 {
        self.tiers[t].1 as f64 / self.rank.len().max(1) as f64
    }

    /// The requests of tier `t`'s pages, renumbered densely in order of first
    /// appearance, with their original ids.
    pub fn sample(&self, trace: &Trace, t: usize) -> Trace {
        let cut = self.tiers[t].0;
        let mut dense = vec![u32::MAX; self.rank.len()];
        let mut ids = Vec::with_capacity(self.tiers[t].1 as usize);
        let expected = trace.reqs.len() as f64 * self.rate(t) * 1.1;
        let mut reqs = Vec::with_capacity(expected as usize);
        for &r in &trace.reqs {
            let p = page_of(r) as usize;
            if self.rank[p] < cut {
                if dense[p] == u32::MAX {
                    dense[p] = ids.len() as u32;
                    ids.push(trace.ids[p]);
                }
                reqs.push(pack(dense[p], is_write(r)));
            }
        }
        Trace { reqs, ids, devices: trace.devices }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trace(pages: u64) -> Trace {
        Trace::reads(&(0..pages * 3).map(|i| (i * 7919) % pages).collect::<Vec<_>>())
    }

    #[test]
    fn tiers_double_and_nest_and_stop_below_the_whole_trace() {
        let t = trace(10_000);
        let r = Ranks::new(&t, 1, 1000);
        let pages: Vec<u32> = r.tiers.iter().map(|x| x.1).collect();
        assert_eq!(pages, [1000, 2000, 4000, 8000]);
        let small = r.sample(&t, 0);
        let big = r.sample(&t, 1);
        assert_eq!(small.distinct(), 1000);
        assert!(small.ids.iter().all(|id| big.ids.contains(id)));
        // Every request of a sampled page is kept.
        assert_eq!(small.len(), 3000);
        assert!(Ranks::new(&t, 1, 10_000).tiers.is_empty(), "a sample of every page is the trace");
    }

    #[test]
    fn a_block_is_sampled_whole() {
        let t = trace(4096);
        let r = Ranks::new(&t, 64, 300);
        let s = r.sample(&t, 0);
        assert_eq!(s.distinct() % 64, 0);
        assert!(s.distinct() >= 300 && s.distinct() < 300 + 64);
        for id in &s.ids {
            let block = id / 64;
            assert_eq!(s.ids.iter().filter(|x| *x / 64 == block).count(), 64, "block {block} is whole");
        }
    }

    #[test]
    fn the_sample_depends_on_ids_not_on_the_order_pages_first_appear() {
        let a = Trace::reads(&(0..5000u64).collect::<Vec<_>>());
        let b = Trace::reads(&(0..5000u64).rev().collect::<Vec<_>>());
        let (ra, rb) = (Ranks::new(&a, 1, 500), Ranks::new(&b, 1, 500));
        let mut ia = ra.sample(&a, 0).ids;
        let mut ib = rb.sample(&b, 0).ids;
        ia.sort_unstable();
        ib.sort_unstable();
        assert_eq!(ia, ib);
    }
}
