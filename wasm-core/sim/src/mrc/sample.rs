//! Spatial sampling of a trace (SHARDS, Waldspurger et al., FAST '15), for
//! miniature simulations (Waldspurger et al., USENIX ATC '17).
//!
//! A page — or, for a block policy, a whole block — is in the sample when the
//! hash of its id as the trace wrote it (a key trace's: of its key's bytes) is
//! among the smallest. The sample is
//! fixed-size: the smallest hashes up to `sample_pages` pages. Since loading
//! already counted the distinct pages, the threshold is known before the pass,
//! so the sample is the one fixed-size SHARDS converges to, from the first
//! request on. Larger samples (tiers) double the pages and contain the smaller
//! ones, so a size that needs a larger sample sees the same pages plus more.

use crate::trace::Trace;
use crate::trace::{is_write, pack, page_of};

/// Which pages are in each tier of samples.
pub struct Ranks {
    /// The rank of each dense page's unit (page or block) in hash order.
    rank: Vec<u32>,
    /// Per tier: (units taken, pages they hold); the last tier before the whole trace.
    pub tiers: Vec<(u32, u32)>,
}

/// A unit's hash under `seed`: SplitMix64 of its id plus a constant, so that
/// id 0 is not hash 0 (a generator's hottest page is often page 0, and would
/// always be sampled); another seed gives another, independent order.
fn mix(id: u64, seed: u64) -> u64 {
    crate::rng::mix(id.wrapping_add(0x9E37_79B9_7F4A_7C15) ^ crate::rng::mix(seed))
}

/// How the pages of a sample are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Draw {
    /// Pages (or blocks) of a unit: a block policy samples whole blocks.
    pub unit_pages: u64,
    pub sample_pages: u32,
    pub seed: u64,
    /// Stratify by popularity (see [`Ranks::new`]).
    pub stratify: bool,
}

impl Ranks {
    /// Ranks `trace`'s pages by their unit (`id / unit_pages`), and the tiers of
    /// `sample_pages`, twice that, … pages below the whole trace.
    ///
    /// Plain (SHARDS): units in order of their hash. Stratified: units sorted by
    /// their request count (ties by hash), then taken in the order of the
    /// bit-reversed position XOR a mask from the seed (a scrambled van der
    /// Corput sequence). Every unit is still in a sample of rate R with
    /// probability R, so miniature caches scale as with SHARDS; but any prefix
    /// of the order takes about every 1/R-th unit of each popularity, so the
    /// sample holds the trace's hot, warm and cold pages in their proportions and
    /// its request count is close to the expected one. A hot page in or out of a
    /// plain sample is what moves sampled curves most.
    pub fn new(trace: &Trace, d: Draw) -> Ranks {
        let unit_pages = d.unit_pages.max(1);
        let mut order: Vec<(u64, u64, u32)> = trace
            .ids
            .iter()
            .enumerate()
            .map(|(p, &id)| {
                // A key trace's page is drawn by its key's bytes, as the trace wrote it.
                let named = trace.keys.as_ref().map_or(id / unit_pages, |k| crate::keys::hash_key(k.key(p as u32)));
                (mix(named, d.seed), id / unit_pages, p as u32)
            })
            .collect();
        order.sort_unstable();
        // Each unit's pages: order[starts[u]..starts[u + 1]], units in hash order.
        let mut starts: Vec<usize> = Vec::new();
        for i in 0..order.len() {
            if i == 0 || order[i - 1].1 != order[i].1 {
                starts.push(i);
            }
        }
        let units = starts.len();
        starts.push(order.len());
        let mut taken: Vec<u32> = (0..units as u32).collect();
        if d.stratify && units > 1 {
            let mut per_page = vec![0u64; trace.ids.len()];
            for &r in &trace.reqs {
                per_page[page_of(r) as usize] += 1;
            }
            let count: Vec<u64> = (0..units)
                .map(|u| order[starts[u]..starts[u + 1]].iter().map(|x| per_page[x.2 as usize]).sum())
                .collect();
            // Popularity order, ties in hash order (stable sort of the hash order).
            taken.sort_by_key(|&u| std::cmp::Reverse(count[u as usize]));
            let bits = usize::BITS - (units - 1).leading_zeros();
            let mask = crate::rng::mix(d.seed ^ 0x5851_F42D_4C95_7F2D) & ((1u64 << bits) - 1);
            let key = |i: usize| ((i as u64).reverse_bits() >> (64 - bits)) ^ mask;
            let mut keyed: Vec<(u64, u32)> = taken.iter().enumerate().map(|(i, &u)| (key(i), u)).collect();
            keyed.sort_unstable();
            taken = keyed.into_iter().map(|(_, u)| u).collect();
        }
        let mut rank = vec![0u32; order.len()];
        let mut pages_so_far = Vec::with_capacity(units);
        let mut n = 0u32;
        for (k, &u) in taken.iter().enumerate() {
            for x in &order[starts[u as usize]..starts[u as usize + 1]] {
                rank[x.2 as usize] = k as u32;
            }
            n += (starts[u as usize + 1] - starts[u as usize]) as u32;
            pages_so_far.push(n);
        }
        let total = order.len() as u32;
        let mut tiers = Vec::new();
        let mut want = d.sample_pages.max(1) as u64;
        // The first unit boundary holding at least `want` pages, while that is below the whole trace.
        for (u, &pages) in pages_so_far.iter().enumerate() {
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
        Trace { reqs, ids, devices: trace.devices, ..Trace::default() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draw(unit_pages: u64, sample_pages: u32) -> Draw {
        Draw { unit_pages, sample_pages, seed: 0, stratify: false }
    }

    fn trace(pages: u64) -> Trace {
        Trace::reads(&(0..pages * 3).map(|i| (i * 7919) % pages).collect::<Vec<_>>())
    }

    #[test]
    fn tiers_double_and_nest_and_stop_below_the_whole_trace() {
        let t = trace(10_000);
        let r = Ranks::new(&t, draw(1, 1000));
        let pages: Vec<u32> = r.tiers.iter().map(|x| x.1).collect();
        assert_eq!(pages, [1000, 2000, 4000, 8000]);
        let small = r.sample(&t, 0);
        let big = r.sample(&t, 1);
        assert_eq!(small.distinct(), 1000);
        assert!(small.ids.iter().all(|id| big.ids.contains(id)));
        // Every request of a sampled page is kept.
        assert_eq!(small.len(), 3000);
        assert!(Ranks::new(&t, draw(1, 10_000)).tiers.is_empty(), "a sample of every page is the trace");
    }

    #[test]
    fn a_block_is_sampled_whole() {
        let t = trace(4096);
        let r = Ranks::new(&t, draw(64, 300));
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
        let (ra, rb) = (Ranks::new(&a, draw(1, 500)), Ranks::new(&b, draw(1, 500)));
        let mut ia = ra.sample(&a, 0).ids;
        let mut ib = rb.sample(&b, 0).ids;
        ia.sort_unstable();
        ib.sort_unstable();
        assert_eq!(ia, ib);
    }

    #[test]
    fn a_key_trace_is_sampled_by_its_keys_not_by_the_order_they_first_appear() {
        let keyed = |order: &mut dyn Iterator<Item = u64>| {
            let mut b = crate::trace::TraceBuilder::new();
            for i in order {
                b.push_key(format!("user:{i}").as_bytes(), false).unwrap();
            }
            b.finish()
        };
        let (a, b) = (keyed(&mut (0..5000u64)), keyed(&mut (0..5000u64).rev()));
        let sampled = |t: &Trace| {
            let s = Ranks::new(t, draw(1, 500)).sample(t, 0);
            let mut keys: Vec<String> = s.ids.iter().map(|&d| t.label(d as u32)).collect();
            keys.sort_unstable();
            keys
        };
        let (ka, kb) = (sampled(&a), sampled(&b));
        assert_eq!(ka.len(), 500);
        assert_eq!(ka, kb);
    }

    /// A skewed trace: page p is requested about 20000 / (p + 100) times.
    fn skewed() -> Trace {
        let mut pages = Vec::new();
        for p in 0..20_000u64 {
            for _ in 0..(20_000 / (p + 100)).max(1) {
                pages.push(p);
            }
        }
        Trace::reads(&pages)
    }

    #[test]
    fn another_seed_draws_another_sample_of_the_same_size() {
        let t = skewed();
        for stratify in [false, true] {
            let d = Draw { stratify, ..draw(1, 1000) };
            let ids = |seed| {
                let r = Ranks::new(&t, Draw { seed, ..d });
                let mut ids = r.sample(&t, 0).ids;
                ids.sort_unstable();
                ids
            };
            let (a, b) = (ids(0), ids(1));
            assert_eq!(a, ids(0), "a seed gives one sample");
            assert_eq!((a.len(), b.len()), (1000, 1000));
            let common = a.iter().filter(|x| b.binary_search(x).is_ok()).count();
            assert!(common < 200, "stratify {stratify}: {common} pages in common");
        }
    }

    #[test]
    fn a_stratified_sample_holds_the_requests_expected_and_its_tiers_nest() {
        let t = skewed();
        let expected = t.len() as f64 * 1000.0 / t.distinct() as f64;
        let off = |stratify| {
            (0..20u64)
                .map(|seed| {
                    let r = Ranks::new(&t, Draw { seed, stratify, ..draw(1, 1000) });
                    (r.sample(&t, 0).len() as f64 / expected - 1.0).abs()
                })
                .sum::<f64>()
                / 20.0
        };
        let (plain, strat) = (off(false), off(true));
        assert!(strat < 0.02, "stratified: {strat}");
        assert!(plain > 3.0 * strat, "plain {plain}, stratified {strat}");
        let r = Ranks::new(&t, Draw { stratify: true, ..draw(1, 1000) });
        let (small, big) = (r.sample(&t, 0), r.sample(&t, 1));
        assert!(small.ids.iter().all(|id| big.ids.contains(id)));
    }
}
