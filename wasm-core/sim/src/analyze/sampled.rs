//! LRU stack distances on a spatial sample of the pages (SHARDS, Waldspurger et
//! al., FAST '15), for traces too long to wait for the exact pass: the sample
//! the sampled curves draw (`mrc::sample`, by the hash of each page's id as the
//! trace wrote it, stratified by popularity), here of `rate` of the distinct
//! pages. Distances in the sample, and the counts of each, are scaled by
//! 1/rate; the stack pass then costs about `rate` of the exact one.
//!
//! Stratified because a Zipf trace's short distances are a few hot pages'
//! reuses: a plain hash sample of 10 % holds one of the 10 hottest pages or
//! none or three, and its short distances came out a third of what they are.
//! SHARDS's adjustment (SHARDS_adj) then gives the difference between the
//! requests a sample of its rate should hold and those it holds to the
//! shortest distance it can tell (1/rate), as a hot page in or out explains it.

use super::Log2Histogram;
use crate::mrc::lru_curve;
use crate::mrc::sample::{Draw, Ranks};
use crate::trace::Trace;

/// The stack-distance histogram, cold misses, and the sample's rate (the share
/// of the distinct pages it holds, near `rate`), from a sample drawn with
/// `seed`; None when the sample would be the whole trace.
pub fn sampled_stack_distances(trace: &Trace, rate: f64, seed: u64) -> Option<(Log2Histogram, u64, f64)> {
    let want = (trace.distinct() as f64 * rate).round().max(1.0) as u32;
    let ranks = Ranks::new(trace, Draw { unit_pages: 1, sample_pages: want, seed, stratify: true });
    if ranks.tiers.is_empty() {
        return None;
    }
    let (sample, rate) = (ranks.sample(trace, 0), ranks.rate(0));
    let c = lru_curve(&sample);
    let short = bucket((1.0 / rate).round() as u64);
    let mut scaled = vec![0.0f64; short + 1];
    scaled[short] = (rate * trace.reqs.len() as f64 - sample.reqs.len() as f64) / rate;
    for (d, &k) in c.hist.iter().enumerate().skip(1).filter(|(_, &k)| k > 0) {
        let b = bucket((d as f64 / rate).round() as u64);
        if scaled.len() <= b {
            scaled.resize(b + 1, 0.0);
        }
        scaled[b] += k as f64 / rate;
    }
    // A negative adjustment takes from the shortest distances it can.
    let mut debt = 0.0;
    for x in scaled.iter_mut() {
        *x += debt;
        debt = x.min(0.0);
        *x = x.max(0.0);
    }
    let counts = scaled.iter().map(|&x| x.round() as u64).collect();
    Some((Log2Histogram { counts }, (c.cold as f64 / rate).round() as u64, rate))
}

fn bucket(v: u64) -> usize {
    (63 - v.max(1).leading_zeros()) as usize
}
