//! Trace analysis: what a trace is like before any policy runs on it — popularity
//! (rank–frequency and a fitted Zipf α), reuse distances (LRU stack distances,
//! exact or on a spatial sample) and reuse times, one-hit wonders, the working
//! set and read/write mix per window, sequentiality (runs of consecutive pages),
//! and — when the load kept timestamps — the trace's duration and request rate
//! per window. One pass over a loaded trace besides the stack distances' own
//! (`mrc::stack`). The runner (`--analyze`), Python (`cs.analyze`) and the
//! browser read this one implementation.

use crate::error::SimError;
use crate::mrc::lru_curve;
use crate::trace::{is_write, page_of, Trace};
use serde::Serialize;

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
    /// The fitted exponent: references ∝ rank^−α.
    pub alpha: f64,
    /// R² of the fit on log–log axes.
    pub r2: f64,
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

pub fn analyze(trace: &Trace, opts: &AnalyzeOptions) -> Result<Analysis, SimError> {
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
    let mut count = vec![0u64; pages];
    let mut last = vec![u64::MAX; pages];
    // Per window: the window a page was last seen in (+1) and whether it was seen more than once there.
    let mut seen_in = vec![0u32; pages];
    let mut again = vec![false; pages];
    let (mut w_distinct, mut w_ones, mut w_writes, mut w_len) = (0u64, 0u64, 0u64, 0u64);
    let mut windows = Windows { distinct: Vec::new(), one_hit_share: Vec::new(), write_share: Vec::new() };
    let mut reuse_time = Log2Histogram { counts: Vec::new() };
    let mut runs = Log2Histogram { counts: Vec::new() };
    let (mut run, mut in_runs, mut prev_id) = (0u64, 0u64, None::<u64>);
    let mut writes = 0;
    let mut w_id = 1u32;
    for (t, &r) in trace.reqs.iter().enumerate() {
        let p = page_of(r) as usize;
        let t = t as u64;
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
        // Sequential runs over the trace's own page numbers.
        let id = trace.ids[p];
        if prev_id.is_some_and(|q| q.wrapping_add(1) == id) {
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
    if run > 0 {
        runs.add(run);
        in_runs += if run >= 2 { run } else { 0 };
    }
    let one_hit_pages = count.iter().filter(|&&c| c == 1).count() as u64;
    let sampled = match (opts.stack_distances, opts.rate()) {
        (true, Some(rate)) => sampled_stack_distances(trace, rate, 0),
        _ => None,
    };
    let (stack_distance, cold, sampled) = if let Some((h, cold, rate)) = sampled {
        (Some(h), cold, Some(rate))
    } else if opts.stack_distances {
        let c = lru_curve(trace);
        let mut h = Log2Histogram { counts: Vec::new() };
        for (d, &k) in c.hist.iter().enumerate().skip(1).filter(|(_, &k)| k > 0) {
            h.add_many(d as u64, k);
        }
        (Some(h), c.cold, None)
    } else {
        (None, pages as u64, None)
    };
    Ok(Analysis {
        requests: n,
        distinct: pages as u64,
        writes,
        one_hit_pages,
        one_hit_share: one_hit_pages as f64 / pages.max(1) as f64,
        popularity: popularity(trace, &count),
        stack_distance,
        cold,
        sampled,
        reuse_time,
        runs,
        sequential_share: in_runs as f64 / n.max(1) as f64,
        window,
        windows,
        timing: trace.times.as_deref().and_then(|t| timing(t, window)),
    })
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
    let (alpha, r2) = fit(&xy);
    Popularity {
        points,
        alpha,
        r2,
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

/// −slope and R² of the least-squares line through `xy` (NaN with fewer than two points).
fn fit(xy: &[(f64, f64)]) -> (f64, f64) {
    let k = xy.len() as f64;
    if xy.len() < 2 {
        return (f64::NAN, f64::NAN);
    }
    let (mx, my) = (xy.iter().map(|p| p.0).sum::<f64>() / k, xy.iter().map(|p| p.1).sum::<f64>() / k);
    let sxy: f64 = xy.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    let sxx: f64 = xy.iter().map(|p| (p.0 - mx).powi(2)).sum();
    let syy: f64 = xy.iter().map(|p| (p.1 - my).powi(2)).sum();
    if sxx == 0.0 {
        return (f64::NAN, f64::NAN);
    }
    let slope = sxy / sxx;
    let r2 = if syy == 0.0 { 1.0 } else { sxy * sxy / (sxx * syy) };
    (-slope, r2)
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod timing_sampled_tests;
