//! LRU's miss-ratio curve, exact at every cache size in one pass (Mattson's
//! stack algorithm): a request hits an LRU cache of c frames exactly
//! when its stack distance — the number of distinct pages referenced since the
//! page's previous reference, itself included — is at most c. Distances come
//! from a Fenwick tree over trace positions holding a 1 at each page's latest
//! reference, so the pass is O(n log n) time and O(pages) memory.

use crate::trace::page_of;
use crate::trace::Trace;
use serde::Serialize;

/// LRU's stack-distance histogram: `hist[d]` requests at distance d (1-based;
/// `hist[0]` is unused); `cold` first references, which miss at every size.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LruCurve {
    pub requests: u64,
    pub cold: u64,
    pub hist: Vec<u64>,
}

impl LruCurve {
    /// Hits of an LRU cache of `frames` frames.
    pub fn hits_at(&self, frames: usize) -> u64 {
        self.hist.iter().take(frames.saturating_add(1).min(self.hist.len())).sum()
    }
    /// Miss ratio at `frames` (1 for an empty trace).
    pub fn miss_ratio(&self, frames: usize) -> f64 {
        if self.requests == 0 {
            return 1.0;
        }
        1.0 - self.hits_at(frames) as f64 / self.requests as f64
    }
    /// Miss ratios at every size from 1 to the trace's distinct pages, from one scan of the histogram.
    pub fn curve(&self) -> Vec<f64> {
        let mut hits = 0;
        (1..self.hist.len())
            .map(|d| {
                hits += self.hist[d];
                1.0 - hits as f64 / self.requests.max(1) as f64
            })
            .collect()
    }
}

struct Fenwick(Vec<u32>);

impl Fenwick {
    fn add(&mut self, i: usize, v: i32) {
        let mut i = i + 1;
        while i < self.0.len() {
            self.0[i] = self.0[i].wrapping_add_signed(v);
            i += i & i.wrapping_neg();
        }
    }
    /// Sum of positions 0..i.
    fn prefix(&self, i: usize) -> u32 {
        let (mut i, mut s) = (i, 0u32);
        while i > 0 {
            s += self.0[i];
            i -= i & i.wrapping_neg();
        }
        s
    }
}

/// LRU's exact curve for `trace`.
pub fn lru_curve(trace: &Trace) -> LruCurve {
    let mut pass = LruStack::new(trace.distinct() as usize, trace.len());
    pass.advance(&trace.reqs);
    pass.finish()
}

/// The stack pass a slice of requests at a time (the browser's worker sees a
/// Cancel between slices); fed the whole trace in order, it gives `lru_curve`.
///
/// The tree runs over *slots*, not trace positions: each reference takes the
/// next slot, and when the slots run out the live ones (one per page, in
/// reference order) are renumbered from 0. With twice as many slots as
/// distinct pages the tree stays small enough for the cache, and renumbering
/// costs O(pages) once every `pages` requests.
pub struct LruStack {
    slots: usize,
    last: Vec<u32>,
    tree: Fenwick,
    hist: Vec<u64>,
    cold: u64,
    next: usize,
    requests: u64,
}

impl LruStack {
    /// A pass over a trace of `pages` distinct pages and `len` requests.
    pub fn new(pages: usize, len: usize) -> LruStack {
        let slots = (2 * pages).max(64).min(len.max(1));
        LruStack {
            slots,
            last: vec![u32::MAX; pages],
            tree: Fenwick(vec![0; slots + 1]),
            hist: vec![0u64; pages + 1],
            cold: 0,
            next: 0,
            requests: 0,
        }
    }

    /// The next requests of the trace, in order.
    pub fn advance(&mut self, reqs: &[u32]) {
        // The state moved into locals for the loop and back after it: through `&mut self`, the
        // compiler would reload each vector's pointer after every write to another (2–3 × slower).
        let slots = self.slots;
        let (mut last, mut tree, mut hist) = (
            std::mem::take(&mut self.last),
            std::mem::replace(&mut self.tree, Fenwick(Vec::new())),
            std::mem::take(&mut self.hist),
        );
        let (mut cold, mut next) = (self.cold, self.next);
        for &r in reqs {
            if next == slots {
                next = compact(&mut last, &mut tree);
            }
            let p = page_of(r) as usize;
            match last[p] {
                u32::MAX => cold += 1,
                prev => {
                    let prev = prev as usize;
                    // Distinct pages referenced after `prev`, this one included.
                    let d = (tree.prefix(next) - tree.prefix(prev + 1)) as usize + 1;
                    hist[d] += 1;
                    tree.add(prev, -1);
                }
            }
            tree.add(next, 1);
            last[p] = next as u32;
            next += 1;
        }
        (self.last, self.tree, self.hist, self.cold, self.next) = (last, tree, hist, cold, next);
        self.requests += reqs.len() as u64;
    }

    pub fn finish(self) -> LruCurve {
        LruCurve { requests: self.requests, cold: self.cold, hist: self.hist }
    }
}

/// Renumbers the live slots 0.. in their order and rebuilds the tree; returns the next free slot.
fn compact(last: &mut [u32], tree: &mut Fenwick) -> usize {
    let mut live: Vec<(u32, usize)> =
        last.iter().enumerate().filter(|(_, &s)| s != u32::MAX).map(|(p, &s)| (s, p)).collect();
    live.sort_unstable();
    tree.0.fill(0);
    for (i, &(_, p)) in live.iter().enumerate() {
        last[p] = i as u32;
    }
    // All ones in 0..k, built in O(size).
    for i in 1..tree.0.len() {
        tree.0[i] += u32::from(i <= live.len());
        let up = i + (i & i.wrapping_neg());
        if up < tree.0.len() {
            let v = tree.0[i];
            tree.0[up] += v;
        }
    }
    live.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::testutil::random_trace;

    #[test]
    fn the_one_pass_curve_equals_simulated_lru_at_every_size() {
        for (seed, n, pages) in [(1, 300, 20), (2, 2000, 150), (3, 5000, 40), (4, 1, 1), (5, 0, 1)] {
            let reqs = random_trace(seed, n, pages, 0.3);
            let t = Trace::from_pages(&reqs);
            let c = lru_curve(&t);
            assert_eq!(c.requests, n as u64);
            assert_eq!(c.cold, t.distinct() as u64);
            let curve = c.curve();
            for frames in 1..=t.distinct() as usize + 2 {
                let sim =
                    crate::sim::run_policy(&t, "lru", frames, &serde_json::Value::Null, &Default::default()).unwrap();
                assert_eq!(c.hits_at(frames), sim.metrics.hits, "seed {seed}, {frames} frames");
                if frames <= curve.len() {
                    assert!((curve[frames - 1] - (1.0 - sim.metrics.hit_ratio)).abs() < 1e-12);
                }
            }
        }
    }

    #[test]
    fn a_loop_one_page_larger_than_memory_has_every_distance_equal_to_the_loop() {
        let t = Trace::reads(&(0..1010u64).map(|i| i % 101).collect::<Vec<_>>());
        let c = lru_curve(&t);
        assert_eq!(c.cold, 101);
        assert_eq!(c.hist[101], 1010 - 101);
        assert_eq!(c.hits_at(100), 0);
        assert_eq!(c.hits_at(101), 909);
    }
}
