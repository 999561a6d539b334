//! Trace analysis: what a trace is like before any policy runs on it — popularity
//! (rank–frequency and a fitted Zipf α), reuse distances (LRU stack distances,
//! exact or on a spatial sample) and reuse times, one-hit wonders, the working
//! set and read/write mix per window, sequentiality (runs of consecutive pages),
//! and — when the load kept timestamps — the trace's duration and request rate
//! per window. One pass over a loaded trace besides the stack distances' own
//! (`mrc::stack`), both advanced a slice at a time by an [`Analyzer`]. The runner
//! (`--analyze`), Python (`cs.analyze`) and the browser read this one
//! implementation.

use crate::error::SimError;
use crate::mrc::LruStack;
use crate::trace::{is_write, page_of, Trace};
use serde::Serialize;
use std::ops::Deref;

mod sampled;
mod timing;
pub use sampled::sampled_stack_distances;
pub use timing::{timing, Timing};

/// What to compute.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AnalyzeOptions {
    /// Requests per window (0: a hundredth of the trace, at least 1).
    pub window: u64,
    /// LRU stack distances (a second pass, O(n log pages)).
    pub stack_distances: bool,
    /// Stack distances on a spatial sample of this share of the pages (0 < rate
    /// < 1), scaled by 1/rate, instead of exact; None or 1: exact.
    pub sample: Option<f64>,
}

impl Default for AnalyzeOptions {
    fn default() -> Self {
        AnalyzeOptions { window: 0, stack_distances: true, sample: None }
    }
}

impl AnalyzeOptions {
    pub fn validate(&self) -> Result<(), SimError> {
        match self.sample {
            Some(r) if !(r > 0.0 && r <= 1.0) => {
                Err(SimError::config("sample", format!("the sampling rate must be above 0 and at most 1, got {r}")))
            }
            _ => Ok(()),
        }
    }

    /// The sampling rate of the stack distances, when they are sampled.
    fn rate(&self) -> Option<f64> {
        self.sample.filter(|&r| r < 1.0)
    }
}

/// A histogram over power-of-two ranges: `counts[k]` values in `[2^k, 2^(k+1))`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Log2Histogram {
    pub counts: Vec<u64>,
}

impl Log2Histogram {
    fn add(&mut self, v: u64) {
        self.add_many(v, 1);
    }
    fn add_many(&mut self, v: u64, times: u64) {
        let k = (63 - v.max(1).leading_zeros()) as usize;
        if self.counts.len() <= k {
            self.counts.resize(k + 1, 0);
        }
        self.counts[k] += times;
    }
}

/// Rank–frequency and the Zipf law fitted to it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Popularity {
    /// (rank, references) at log-spaced ranks, for a log–log plot; rank 1 is the most referenced page.
    pub points: Vec<(u64, u64)>,
    /// The fitted exponent: references ∝ rank^−α (null, as NaN, with fewer than two ranks to fit).
    #[cfg_attr(test, ts(type = "number | null"))]
    pub alpha: f64,
    /// R² of the fit on log–log axes.
    #[cfg_attr(test, ts(type = "number | null"))]
    pub r2: f64,
    /// The fitted line's references at rank 1, so a chart can draw it: references ≈ `fit_scale` · rank^−α.
    #[cfg_attr(test, ts(type = "number | null"))]
    pub fit_scale: f64,
    /// Ranks the fit covers: those referenced at least [`FIT_MIN_COUNT`] times.
    pub fit_ranks: u64,
    /// The most referenced page, as the trace names it, and its references.
    pub top_page: Option<String>,
    pub top_count: u64,
}

/// Per window of [`Analysis::window`] requests (the last may be shorter).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Windows {
    /// Distinct pages referenced in the window (its working-set size).
    pub distinct: Vec<u64>,
    /// Share of those referenced exactly once in the window.
    pub one_hit_share: Vec<f64>,
    /// Share of the window's requests that write.
    pub write_share: Vec<f64>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Analysis {
    pub requests: u64,
    pub distinct: u64,
    pub writes: u64,
    /// Pages referenced exactly once in the whole trace, and their share of the distinct pages.
    pub one_hit_pages: u64,
    pub one_hit_share: f64,
    pub popularity: Popularity,
    /// LRU stack distances (distinct pages since the previous reference, itself
    /// included); `None` when not asked for. First references are `cold`.
    pub stack_distance: Option<Log2Histogram>,
    pub cold: u64,
    /// The rate of the spatial sample `stack_distance` and `cold` were estimated
    /// from (scaled by 1/rate): the share of the distinct pages it holds, the
    /// rate asked for to within one page; None: they are exact (also when the
    /// sample would hold every page). Nothing else is sampled.
    pub sampled: Option<f64>,
    /// Requests since the previous reference of the same page.
    pub reuse_time: Log2Histogram,
    /// Lengths of runs of requests to consecutive pages (page p, then p + 1, …),
    /// a lone request being a run of 1; and the share of requests in runs of 2 or more.
    pub runs: Log2Histogram,
    pub sequential_share: f64,
    pub window: u64,
    pub windows: Windows,
    /// Duration and request rates, when the trace has timestamps ([`Trace::times`]); None: it has none.
    pub timing: Option<Timing>,
}

/// References a rank needs to be in the Zipf fit: fewer are too coarse to place on a log scale.
pub const FIT_MIN_COUNT: u64 = 10;

/// The whole analysis in one call: an [`Analyzer`] run to its end.
pub fn analyze(trace: &Trace, opts: &AnalyzeOptions) -> Result<Analysis, SimError> {
    let mut a = Analyzer::new(trace, opts)?;
    a.advance(usize::MAX);
    Ok(a.finish())
}

/// The analysis a slice of requests at a time, so the browser's worker can show how
/// far it got and stop on a Cancel; [`analyze`] is this run to its end, so every
/// caller computes the same numbers. Both passes (this one and the stack distances')
/// advance over the same requests.
pub struct Analyzer<T: Deref<Target = Trace>> {
    trace: T,
    t: usize,
    pass: Pass,
    stack: Option<LruStack>,
    /// The rate of sampled stack distances, computed at the end in one call (their
    /// sample is a small share of the trace).
    sample: Option<f64>,
}

/// The one pass's state between slices.
struct Pass {
    window: u64,
    count: Vec<u64>,
    last: Vec<u64>,
    // Per window: the window a page was last seen in (+1) and whether it was seen more than once there.
    seen_in: Vec<u32>,
    again: Vec<bool>,
    w_id: u32,
    w_distinct: u64,
    w_ones: u64,
    w_writes: u64,
    w_len: u64,
    windows: Windows,
    reuse_time: Log2Histogram,
    runs: Log2Histogram,
    run: u64,
    in_runs: u64,
    prev_id: Option<u64>,
    writes: u64,
}

impl<T: Deref<Target = Trace>> Analyzer<T> {
    pub fn new(trace: T, opts: &AnalyzeOptions) -> Result<Self, SimError> {
        opts.validate()?;
        let n = trace.reqs.len() as u64;
        let pages = trace.distinct() as usize;
        let window = if opts.window > 0 { opts.window } else { n.div_ceil(100).max(1) };
        if n.div_ceil(window) > crate::limits::MAX_BUCKETS {
            return Err(SimError::config(
                "window",
                format!("{window} requests per window make more than {} windows", crate::limits::MAX_BUCKETS),
            ));
        }
        let sample = opts.rate().filter(|_| opts.stack_distances);
        let stack = (opts.stack_distances && sample.is_none()).then(|| LruStack::new(pages, n as usize));
        let pass = Pass {
            window,
            count: vec![0; pages],
            last: vec![u64::MAX; pages],
            seen_in: vec![0; pages],
            again: vec![false; pages],
            w_id: 1,
            w_distinct: 0,
            w_ones: 0,
            w_writes: 0,
            w_len: 0,
            windows: Windows { distinct: Vec::new(), one_hit_share: Vec::new(), write_share: Vec::new() },
            reuse_time: Log2Histogram { counts: Vec::new() },
            runs: Log2Histogram { counts: Vec::new() },
            run: 0,
            in_runs: 0,
            prev_id: None,
            writes: 0,
        };
        Ok(Analyzer { trace, t: 0, pass, stack, sample })
    }

    /// Requests analysed so far, of [`len`](Self::len).
    pub fn position(&self) -> usize {
        self.t
    }
    pub fn len(&self) -> usize {
        self.trace.reqs.len()
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Analyses up to `n` more requests; true once the whole trace is.
    pub fn advance(&mut self, n: usize) -> bool {
        let (start, end) = (self.t, self.t.saturating_add(n).min(self.len()));
        let trace = &*self.trace;
        self.pass.advance(trace, start, end);
        if let Some(s) = &mut self.stack {
            s.advance(&trace.reqs[start..end]);
        }
        self.t = end;
        self.t == self.len()
    }

    /// The analysis of the requests advanced over (the whole trace once `advance` said so).
    pub fn finish(mut self) -> Analysis {
        let exact = |c: crate::mrc::LruCurve| {
            let mut h = Log2Histogram { counts: Vec::new() };
            for (d, &k) in c.hist.iter().enumerate().skip(1).filter(|(_, &k)| k > 0) {
                h.add_many(d as u64, k);
            }
            (h, c.cold)
        };
        let (stack, sampled) = match self.sample {
            Some(rate) => match sampled_stack_distances(&self.trace, rate, 0) {
                Some((h, cold, rate)) => (Some((h, cold)), Some(rate)),
                None => (Some(exact(crate::mrc::lru_curve(&self.trace))), None),
            },
            None => (self.stack.take().map(|s| exact(s.finish())), None),
        };
        self.pass.finish(&self.trace, self.t as u64, stack, sampled)
    }
}

impl Pass {
    /// Requests `start..end` of `trace`. The loop keeps its running figures in locals (as
    /// one call over the whole trace would), stored back at the end of the slice.
    fn advance(&mut self, trace: &Trace, start: usize, end: usize) {
        let n = trace.reqs.len() as u64;
        let Pass { window, count, last, seen_in, again, windows, reuse_time, runs, .. } = self;
        let window = *window;
        let (mut w_distinct, mut w_ones, mut w_writes, mut w_len) =
            (self.w_distinct, self.w_ones, self.w_writes, self.w_len);
        let (mut run, mut in_runs, mut prev_id) = (self.run, self.in_runs, self.prev_id);
        let (mut writes, mut w_id) = (self.writes, self.w_id);
        for (t, &r) in trace.reqs[start..end].iter().enumerate() {
            let t = (start + t) as u64;
            let p = page_of(r) as usize;
            count[p] += 1;
            if last[p] != u64::MAX {
                reuse_time.add(t - last[p]);
            }
            last[p] = t;
            let w = is_write(r);
            writes += w as u64;
            // The window's working set and one-hit pages.
            if seen_in[p] != w_id {
                seen_in[p] = w_id;
                again[p] = false;
                w_distinct += 1;
                w_ones += 1;
            } else if !again[p] {
                again[p] = true;
                w_ones -= 1;
            }
            w_writes += w as u64;
            w_len += 1;
            if w_len == window || t + 1 == n {
                windows.distinct.push(w_distinct);
                windows.one_hit_share.push(w_ones as f64 / w_distinct.max(1) as f64);
                windows.write_share.push(w_writes as f64 / w_len as f64);
                (w_distinct, w_ones, w_writes, w_len) = (0, 0, 0, 0);
                w_id += 1;
            }
            // Sequential runs over the trace's own page numbers (keys have no neighbours).
            let id = trace.ids[p];
            if trace.keys.is_none() && prev_id.is_some_and(|q| q.wrapping_add(1) == id) {
                run += 1;
            } else {
                if run > 0 {
                    runs.add(run);
                    in_runs += if run >= 2 { run } else { 0 };
                }
                run = 1;
            }
            prev_id = Some(id);
        }
        (self.w_distinct, self.w_ones, self.w_writes, self.w_len) = (w_distinct, w_ones, w_writes, w_len);
        (self.run, self.in_runs, self.prev_id) = (run, in_runs, prev_id);
        (self.writes, self.w_id) = (writes, w_id);
    }

    fn end_run(&mut self) {
        if self.run > 0 {
            self.runs.add(self.run);
            self.in_runs += if self.run >= 2 { self.run } else { 0 };
        }
    }

    fn finish(mut self, trace: &Trace, n: u64, stack: Option<(Log2Histogram, u64)>, sampled: Option<f64>) -> Analysis {
        self.end_run();
        let pages = self.count.len();
        let one_hit_pages = self.count.iter().filter(|&&c| c == 1).count() as u64;
        let (stack_distance, cold) = match stack {
            Some((h, cold)) => (Some(h), cold),
            None => (None, pages as u64),
        };
        Analysis {
            requests: n,
            distinct: pages as u64,
            writes: self.writes,
            one_hit_pages,
            one_hit_share: one_hit_pages as f64 / pages.max(1) as f64,
            popularity: popularity(trace, &self.count),
            stack_distance,
            cold,
            sampled,
            reuse_time: self.reuse_time,
            runs: self.runs,
            sequential_share: self.in_runs as f64 / n.max(1) as f64,
            window: self.window,
            windows: self.windows,
            timing: trace.times.as_deref().and_then(|t| timing(t, self.window)),
        }
    }
}

/// Rank–frequency at log-spaced ranks, and α by least squares on log–log axes over
/// log-spaced ranks (so that each decade of ranks weighs alike, not the long tail).
fn popularity(trace: &Trace, count: &[u64]) -> Popularity {
    let mut order: Vec<u32> = (0..count.len() as u32).collect();
    order.sort_unstable_by(|&a, &b| count[b as usize].cmp(&count[a as usize]).then(a.cmp(&b)));
    let sorted: Vec<u64> = order.iter().map(|&p| count[p as usize]).collect();
    let ranks = log_ranks(sorted.len() as u64);
    let points: Vec<(u64, u64)> = ranks.iter().map(|&r| (r, sorted[r as usize - 1])).collect();
    let fit_ranks = sorted.iter().take_while(|&&c| c >= FIT_MIN_COUNT).count() as u64;
    let xy: Vec<(f64, f64)> =
        log_ranks(fit_ranks).into_iter().map(|r| ((r as f64).ln(), (sorted[r as usize - 1] as f64).ln())).collect();
    let (alpha, r2, fit_scale) = fit(&xy);
    Popularity {
        points,
        alpha,
        r2,
        fit_scale,
        fit_ranks,
        top_page: order.first().map(|&p| trace.label(p)),
        top_count: sorted.first().copied().unwrap_or(0),
    }
}

/// Ranks 1..=n, every one up to 100 and then about 100 per decade.
fn log_ranks(n: u64) -> Vec<u64> {
    let mut out = Vec::new();
    let mut r = 1u64;
    while r <= n {
        out.push(r);
        r = if r < 100 { r + 1 } else { (r as f64 * 1.0233).ceil() as u64 };
    }
    if out.last().is_some_and(|&l| l != n) {
        out.push(n);
    }
    out
}

/// −slope, R² and e^intercept of the least-squares line through `xy` (NaN with fewer than two points).
fn fit(xy: &[(f64, f64)]) -> (f64, f64, f64) {
    let k = xy.len() as f64;
    if xy.len() < 2 {
        return (f64::NAN, f64::NAN, f64::NAN);
    }
    let (mx, my) = (xy.iter().map(|p| p.0).sum::<f64>() / k, xy.iter().map(|p| p.1).sum::<f64>() / k);
    let sxy: f64 = xy.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    let sxx: f64 = xy.iter().map(|p| (p.0 - mx).powi(2)).sum();
    let syy: f64 = xy.iter().map(|p| (p.1 - my).powi(2)).sum();
    if sxx == 0.0 {
        return (f64::NAN, f64::NAN, f64::NAN);
    }
    let slope = sxy / sxx;
    let r2 = if syy == 0.0 { 1.0 } else { sxy * sxy / (sxx * syy) };
    (-slope, r2, (my - slope * mx).exp())
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod timing_sampled_tests;
