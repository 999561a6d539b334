//! LRU's miss-ratio curve, exact at every cache size in one pass (Mattson's
//! stack algorithm): a request hits an LRU cache of c frames exactly
//! when its stack distance — the number of distinct pages referenced since the
//! page's previous reference, itself included — is at most c. Distances come
//! from a bit set over reference slots holding a 1 at each page's latest
//! reference ([`LruStack`]), so the pass is O(n log pages) time at worst and
//! O(pages) memory.

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

/// A Fenwick tree of counts, one per 64-slot word of [`LruStack`]'s bit set.
#[derive(Clone)]
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
    /// Rebuilt from the counts of every position, in O(size).
    fn build(&mut self, counts: impl Iterator<Item = u32>) {
        self.0.fill(0);
        for (i, c) in counts.enumerate() {
            self.0[i + 1] = c;
        }
        for i in 1..self.0.len() {
            let up = i + (i & i.wrapping_neg());
            if up < self.0.len() {
                let v = self.0[i];
                self.0[up] += v;
            }
        }
    }
}

/// How many words apart two references may be for their distance to be
/// counted word by word instead of through the tree: close reuses are the
/// common case, and their words are the ones just written.
const NEAR_WORDS: usize = 8;

const NONE: u32 = u32::MAX;

/// How many requests ahead [`LruStack::advance`] asks for a page's `last` entry:
/// far enough for a miss to memory to arrive before the request is reached.
const PREFETCH_AHEAD: usize = 16;

/// Asks the CPU to bring `v[i]` into cache, if `i` is in range. The pass is
/// bound by its random reads of `last` (a page's previous slot, 4 bytes a page),
/// and their addresses are known from the trace well before they are needed.
#[inline(always)]
fn prefetch(v: &[u32], i: usize) {
    #[cfg(target_arch = "x86_64")]
    if let Some(x) = v.get(i) {
        // SAFETY: a prefetch is a hint: it reads nothing into the program and
        // cannot fault; the address is of an element in bounds anyway.
        unsafe { std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>((x as *const u32).cast()) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (v, i);
}

/// LRU's stack distances, a request at a time (Mattson's stack algorithm), so
/// a caller can advance it in slices and see a Cancel between them.
///
/// Each reference takes the next *slot*; a bit set marks each page's latest
/// slot, so a page's distance is one more than the bits set after its previous
/// slot. Those are counted word by word when the reuse is near, else as the
/// live bits less those up to the previous slot, from a Fenwick tree over the
/// words (a 64th of the slots: small enough to stay in cache). When the slots
/// run out the live ones (one per page, in reference order) are renumbered from
/// 0 by one scan of the bit set; with twice as many slots as distinct pages
/// that costs O(pages) once every `pages` requests.
#[derive(Clone)]
pub struct LruStack {
    /// Per page: the slot of its latest reference, or NONE.
    last: Vec<u32>,
    /// Per slot: the page referenced there (read only when renumbering).
    page_at: Vec<u32>,
    bits: Vec<u64>,
    /// Set bits per word, for the words below `closed` only: the word being
    /// written is counted when the next begins, so a request costs the tree
    /// no update for its own slot.
    words: Fenwick,
    closed: usize,
    /// Bits set: the distinct pages referenced so far.
    live: u32,
    next: usize,
    /// Requests per distance, as `LruCurve::hist`, in u32: half the memory of the
    /// array every reuse writes at random (the pass's largest cost). A loaded
    /// trace holds at most `MAX_REQUESTS` (< 2^32) requests; a count that would
    /// pass u32 moves the histogram to `wide`.
    hist: Vec<u32>,
    wide: Option<Vec<u64>>,
    requests: u64,
    cold: u64,
}

impl LruStack {
    /// For a trace of `requests` requests over `pages` distinct pages.
    pub fn new(pages: usize, requests: usize) -> LruStack {
        let slots = (2 * pages).max(64).min(requests.max(1));
        let words = slots.div_ceil(64);
        LruStack {
            last: vec![NONE; pages],
            page_at: vec![0; slots],
            bits: vec![0; words],
            words: Fenwick(vec![0; words + 1]),
            closed: 0,
            live: 0,
            next: 0,
            hist: vec![0; pages + 1],
            wide: None,
            requests: 0,
            cold: 0,
        }
    }

    /// Takes the next requests (packed, dense pages below `pages`).
    pub fn advance(&mut self, reqs: &[u32]) {
        for (i, &r) in reqs.iter().enumerate() {
            if let Some(&ahead) = reqs.get(i + PREFETCH_AHEAD) {
                prefetch(&self.last, page_of(ahead) as usize);
            }
            if self.next == self.page_at.len() {
                self.renumber();
            }
            while self.closed < self.next / 64 {
                self.words.add(self.closed, self.bits[self.closed].count_ones() as i32);
                self.closed += 1;
            }
            let p = page_of(r) as usize;
            let prev = self.last[p];
            if prev == NONE {
                self.cold += 1;
                self.live += 1;
            } else {
                let d = self.set_after(prev as usize) as usize + 1;
                match &mut self.wide {
                    None => match self.hist[d].checked_add(1) {
                        Some(c) => self.hist[d] = c,
                        None => {
                            let mut wide: Vec<u64> = self.hist.iter().map(|&c| c as u64).collect();
                            wide[d] += 1;
                            self.wide = Some(wide);
                        }
                    },
                    Some(wide) => wide[d] += 1,
                }
                let (w, b) = (prev as usize / 64, prev % 64);
                self.bits[w] &= !(1u64 << b);
                if w < self.closed {
                    self.words.add(w, -1);
                }
            }
            let (w, b) = (self.next / 64, self.next % 64);
            self.bits[w] |= 1u64 << b;
            self.page_at[self.next] = p as u32;
            self.last[p] = self.next as u32;
            self.next += 1;
        }
        self.requests += reqs.len() as u64;
    }

    /// Bits set in the slots after `slot` (all of them are before `next`).
    #[inline]
    fn set_after(&self, slot: usize) -> u32 {
        let (w, b) = (slot / 64, slot % 64);
        let above = if b == 63 { 0 } else { (self.bits[w] >> (b + 1)).count_ones() };
        let end = (self.next - 1) / 64;
        if end - w <= NEAR_WORDS {
            above + self.bits[w + 1..=end].iter().map(|x| x.count_ones()).sum::<u32>()
        } else {
            let upto = self.words.prefix(w) + (self.bits[w] << (63 - b)).count_ones();
            self.live - upto
        }
    }

    /// Renumbers the live slots 0.. in their order: one scan of the bit set.
    fn renumber(&mut self) {
        let mut k = 0usize;
        for w in 0..self.bits.len() {
            let mut x = self.bits[w];
            while x != 0 {
                let slot = w * 64 + x.trailing_zeros() as usize;
                x &= x - 1;
                let p = self.page_at[slot];
                self.last[p as usize] = k as u32;
                self.page_at[k] = p;
                k += 1;
            }
        }
        let full = k / 64;
        for (w, x) in self.bits.iter_mut().enumerate() {
            *x = match w.cmp(&full) {
                std::cmp::Ordering::Less => u64::MAX,
                std::cmp::Ordering::Equal => (1u64 << (k % 64)) - 1,
                std::cmp::Ordering::Greater => 0,
            };
        }
        self.words.build((0..self.bits.len()).map(|w| if w < full { 64 } else { 0 }));
        self.closed = full;
        self.next = k;
    }

    pub fn finish(self) -> LruCurve {
        let hist = self.wide.unwrap_or_else(|| self.hist.iter().map(|&c| c as u64).collect());
        LruCurve { requests: self.requests, cold: self.cold, hist }
    }
}

/// LRU's exact curve for `trace`.
pub fn lru_curve(trace: &Trace) -> LruCurve {
    let mut s = LruStack::new(trace.distinct() as usize, trace.reqs.len());
    s.advance(&trace.reqs);
    s.finish()
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

    /// Distances by the definition (a list of pages, most recent first), on a
    /// trace with far reuses (counted through the tree) and near ones (word by
    /// word), advanced in uneven slices across several renumberings.
    #[test]
    fn distances_equal_a_plain_stack_far_and_near_and_in_slices() {
        for (seed, n, pages) in [(7, 20_000, 3000), (8, 30_000, 700), (9, 5_000, 33)] {
            let t = Trace::from_pages(&random_trace(seed, n, pages, 0.1));
            let (mut stack, mut hist, mut cold) = (Vec::<u32>::new(), vec![0u64; t.distinct() as usize + 1], 0);
            for &r in &t.reqs {
                let p = page_of(r);
                match stack.iter().position(|&q| q == p) {
                    Some(i) => {
                        hist[i + 1] += 1;
                        stack.remove(i);
                    }
                    None => cold += 1,
                }
                stack.insert(0, p);
            }
            let mut s = LruStack::new(t.distinct() as usize, t.len());
            for (i, chunk) in t.reqs.chunks(997).enumerate() {
                let (a, b) = chunk.split_at(chunk.len().min(i % 5 * 100));
                s.advance(a);
                s.advance(b);
            }
            let c = s.finish();
            assert_eq!((c.requests, c.cold), (n as u64, cold), "seed {seed}");
            assert_eq!(c.hist, hist, "seed {seed}");
        }
    }

    /// A count past u32 moves the histogram to u64 and loses nothing.
    #[test]
    fn a_count_past_u32_widens_the_histogram() {
        let t = Trace::reads(&[1, 1, 2, 2, 1]);
        let mut s = LruStack::new(t.distinct() as usize, t.len());
        s.hist[1] = u32::MAX;
        s.advance(&t.reqs);
        let c = s.finish();
        assert_eq!(c.hist[1], u32::MAX as u64 + 2);
        assert_eq!(c.hist[2], 1);
        assert_eq!(c.cold, 2);
    }
}
