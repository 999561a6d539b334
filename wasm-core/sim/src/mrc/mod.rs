//! Whole miss-ratio curves: miss ratio against cache size, for any policy.
//!
//! Each policy declares how ([`CurveMethod`]):
//! - LRU by Mattson's stack algorithm, exact at every size in one pass ([`stack`]);
//! - OPT by a full run at every size;
//! - every other policy by miniature simulations on a spatially sampled trace
//!   ([`sample`]): a cache of C frames is simulated as one of C·R frames on
//!   the requests of a fraction R of the pages. The base sample is fixed-size
//!   (`sample_pages`, at least 16 Ki pages); where it would leave a miniature
//!   cache under [`MIN_MINIATURE`] frames the size takes the smallest larger
//!   tier that does not (our choice: tiny miniature caches are where sampling
//!   errs most, and such sizes are few on a log scale). A trace with no more
//!   distinct pages than the sample is simulated whole, so its curve is exact.
//!   Parameters counted in requests (CFLRU-dynamic's period) are scaled by R.
//!   A block policy samples whole blocks, at least [`MIN_BLOCKS`] of them, and
//!   no miniature cache of it holds fewer than [`MIN_BLOCKS`]/16 blocks.
//!
//! A curve is split into jobs that share nothing but the trace, so the runner's
//! threads and the browser's workers can divide them and still give the same
//! numbers as one thread.

pub mod sample;
mod stack;

pub use stack::{lru_curve, LruCurve};

use crate::policy::{build, entry, BuildCtx, CurveMethod, PolicyEntry};
use crate::trace::Trace;
use crate::{RunOptions, Session, SimError};
use sample::Ranks;
use serde::Serialize;
use serde_json::Value;
use std::ops::Deref;
use std::sync::{Arc, OnceLock};

/// Points of a default curve.
pub const POINTS: usize = 50;
/// Pages of the base sample: at least this many (whole blocks may add a few).
pub const SAMPLE_PAGES: u32 = 16_384;
/// No miniature cache is simulated with fewer frames than this (unless the whole trace is).
pub const MIN_MINIATURE: f64 = 64.0;
/// A block policy's sample holds at least this many blocks, and its miniature
/// caches at least a sixteenth of that: with fewer, whether one busy block is
/// in the sample decides the curve.
pub const MIN_BLOCKS: u32 = 256;
/// A default curve starts at this fraction of the trace's distinct pages.
pub const SMALLEST: f64 = 1e-3;

/// `POINTS` sizes, log-spaced from `SMALLEST` of the distinct pages (at least 1 frame) to all of them.
pub fn default_sizes(distinct: u32) -> Vec<usize> {
    let hi = distinct.max(1) as f64;
    let lo = (hi * SMALLEST).ceil().max(1.0);
    let mut v: Vec<usize> =
        (0..POINTS).map(|i| libm::round(lo * libm::pow(hi / lo, i as f64 / (POINTS - 1) as f64)) as usize).collect();
    v.dedup();
    v
}

/// One policy's curve.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Curve {
    pub policy: String,
    pub method: CurveMethod,
    /// Cache sizes in frames.
    pub frames: Vec<u32>,
    pub miss_ratio: Vec<f64>,
    /// Fraction of the distinct pages simulated at each size (1 where exact).
    pub rate: Vec<f64>,
    /// True when every point is exact.
    pub exact: bool,
}

/// How much to sample.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sampling {
    /// Pages of the base sample; 0: full runs wherever the stack algorithm does not apply.
    pub pages: u32,
    /// Sample even a policy whose curve is exact by other means (to measure sampling's error on LRU).
    pub always: bool,
}

impl Default for Sampling {
    fn default() -> Self {
        Sampling { pages: SAMPLE_PAGES, always: false }
    }
}

impl Sampling {
    pub fn pages(pages: u32) -> Sampling {
        Sampling { pages, always: false }
    }
}

/// A unit of work: one pass that yields some points of the curve.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Job {
    /// The stack pass: every size at once.
    Stack,
    /// One size, on the whole trace or on a tier of samples.
    Point { size: usize, tier: Option<usize> },
}

/// A curve split into jobs. `T` holds the trace (`&Trace` natively, `Rc<Trace>` in the wasm adapter).
pub struct Plan<T> {
    trace: T,
    entry: &'static PolicyEntry,
    method: CurveMethod,
    params: Value,
    sizes: Vec<usize>,
    ranks: Option<Ranks>,
    samples: Vec<OnceLock<Arc<Trace>>>,
    jobs: Vec<Job>,
}

/// The whole trace, or a sample of it.
#[derive(Clone)]
pub enum TraceRef<T> {
    Whole(T),
    Sample(Arc<Trace>),
}

impl<T: Deref<Target = Trace>> Deref for TraceRef<T> {
    type Target = Trace;
    fn deref(&self) -> &Trace {
        match self {
            TraceRef::Whole(t) => t,
            TraceRef::Sample(t) => t,
        }
    }
}

/// One job under way: advance its session in slices, then [`JobRun::finish`].
pub struct JobRun<T: Deref<Target = Trace>> {
    pub session: Session<TraceRef<T>>,
    size: usize,
    /// Requests a sample of this rate should hold (SHARDS's adjustment).
    expected: f64,
}

impl<T: Deref<Target = Trace>> JobRun<T> {
    /// (size index, miss ratio). SHARDS's adjustment: misses over the requests a
    /// sample of this rate should hold. A hot page in or out of the sample moves
    /// the hits far more than the misses, which come from the many cold pages.
    pub fn finish(self) -> (usize, f64) {
        let m = self.session.finish().metrics;
        (self.size, if self.expected == 0.0 { 1.0 } else { (m.misses as f64 / self.expected).min(1.0) })
    }
}

impl<T: Deref<Target = Trace> + Clone> Plan<T> {
    /// Plans `policy`'s curve at `sizes` (default: [`default_sizes`]).
    pub fn new(
        trace: T,
        policy: &str,
        params: &Value,
        sizes: Option<&[usize]>,
        sampling: Sampling,
    ) -> Result<Plan<T>, SimError> {
        let e = entry(policy).ok_or_else(|| SimError::config("policy", format!("unknown policy {policy:?}")))?;
        let sizes = sizes.map_or_else(|| default_sizes(trace.distinct()), <[usize]>::to_vec);
        if let Some(bad) = sizes.iter().find(|&&s| s == 0) {
            return Err(SimError::config("sizes", format!("a cache needs at least 1 frame, got {bad}")));
        }
        // Refuse bad parameters and sizes now, not in the middle of the jobs.
        for &s in sizes.iter().max().into_iter() {
            build(policy, s, &BuildCtx::of(&Trace::default()), params)?;
        }
        let method = if sampling.always && sampling.pages > 0 { CurveMethod::Sampled } else { e.curve };
        let unit = e.view.block_param.map_or(Ok(1), |key| block_pages(e, params, key))?;
        let min_miniature =
            if unit > 1 { MIN_MINIATURE.max((MIN_BLOCKS / 16) as f64 * unit as f64) } else { MIN_MINIATURE };
        let ranks = match method {
            CurveMethod::Sampled if sampling.pages > 0 => {
                let pages =
                    if unit > 1 { sampling.pages.max(MIN_BLOCKS.saturating_mul(unit as u32)) } else { sampling.pages };
                Some(Ranks::new(&trace, unit, pages)).filter(|r| !r.tiers.is_empty())
            }
            _ => None,
        };
        let jobs = match method {
            CurveMethod::Stack => vec![Job::Stack],
            _ => (0..sizes.len())
                .map(|i| Job::Point {
                    size: i,
                    tier: ranks.as_ref().and_then(|r| tier_for(r, sizes[i], min_miniature)),
                })
                .collect(),
        };
        let samples = ranks.as_ref().map_or(0, |r| r.tiers.len());
        Ok(Plan {
            trace,
            entry: e,
            method,
            params: params.clone(),
            sizes,
            ranks,
            samples: (0..samples).map(|_| OnceLock::new()).collect(),
            jobs,
        })
    }

    pub fn jobs(&self) -> usize {
        self.jobs.len()
    }

    /// Requests job `j` simulates (about): for sharing work and showing progress.
    pub fn work(&self, j: usize) -> u64 {
        let n = self.trace.len() as f64;
        match self.jobs[j] {
            Job::Point { tier: Some(t), .. } => (n * self.ranks.as_ref().map_or(1.0, |r| r.rate(t))) as u64 + 1,
            _ => n as u64 + 1,
        }
    }

    /// Whether job `j` is the stack pass (one call gives every point; it cannot be sliced).
    pub fn is_stack(&self, j: usize) -> bool {
        self.jobs[j] == Job::Stack
    }

    /// The stack pass's points (see [`Plan::is_stack`]).
    pub fn stack_points(&self) -> Vec<(usize, f64)> {
        let c = lru_curve(&self.trace);
        self.sizes.iter().enumerate().map(|(i, &s)| (i, c.miss_ratio(s))).collect()
    }

    /// Starts job `j`, which must not be the stack pass.
    pub fn start(&self, j: usize, opts: &RunOptions) -> Result<JobRun<T>, SimError> {
        let Job::Point { size, tier } = self.jobs[j] else {
            return Err(SimError::config("curve", "the stack pass has no session"));
        };
        let (trace, rate) = match (tier, &self.ranks) {
            (Some(t), Some(r)) => {
                let sample = self.samples[t].get_or_init(|| Arc::new(r.sample(&self.trace, t)));
                (TraceRef::Sample(sample.clone()), r.rate(t))
            }
            _ => (TraceRef::Whole(self.trace.clone()), 1.0),
        };
        let frames = ((self.sizes[size] as f64 * rate).round() as usize).max(1);
        let params = scale_request_counts(self.entry, &self.params, rate);
        let p = build(self.entry.id, frames, &BuildCtx::of(&trace), &params)?;
        let opts = RunOptions { buckets: 1, record_stream: false, ..opts.clone() };
        Ok(JobRun { session: Session::new(trace, p, opts), size, expected: self.trace.len() as f64 * rate })
    }

    /// Runs job `j` whole: (size index, miss ratio) pairs.
    pub fn run(&self, j: usize, opts: &RunOptions) -> Result<Vec<(usize, f64)>, SimError> {
        if self.is_stack(j) {
            return Ok(self.stack_points());
        }
        let mut run = self.start(j, opts)?;
        run.session.advance(usize::MAX);
        Ok(vec![run.finish()])
    }

    /// The curve from every job's points.
    pub fn assemble(&self, points: &[(usize, f64)]) -> Curve {
        let mut miss_ratio = vec![f64::NAN; self.sizes.len()];
        for &(i, m) in points {
            miss_ratio[i] = m;
        }
        let rate: Vec<f64> = self
            .jobs
            .iter()
            .flat_map(|j| match *j {
                Job::Stack => vec![1.0; self.sizes.len()],
                Job::Point { tier, .. } => vec![tier.zip(self.ranks.as_ref()).map_or(1.0, |(t, r)| r.rate(t))],
            })
            .collect();
        Curve {
            policy: self.entry.id.into(),
            method: self.method,
            frames: self.sizes.iter().map(|&s| s as u32).collect(),
            miss_ratio,
            exact: rate.iter().all(|&r| r == 1.0),
            rate,
        }
    }
}

/// The curve, job after job on this thread.
pub fn curve(
    trace: &Trace,
    policy: &str,
    params: &Value,
    sizes: Option<&[usize]>,
    sampling: Sampling,
    opts: &RunOptions,
) -> Result<Curve, SimError> {
    let plan = Plan::new(trace, policy, params, sizes, sampling)?;
    let mut points = Vec::new();
    for j in 0..plan.jobs() {
        points.extend(plan.run(j, opts)?);
    }
    Ok(plan.assemble(&points))
}

/// The smallest tier whose miniature cache of `size` has at least `min` frames; None: the whole trace.
fn tier_for(r: &Ranks, size: usize, min: f64) -> Option<usize> {
    (0..r.tiers.len()).find(|&t| size as f64 * r.rate(t) >= min)
}

/// Pages per block of a block policy, as configured or by default.
fn block_pages(e: &PolicyEntry, params: &Value, key: &str) -> Result<u64, SimError> {
    params
        .get(key)
        .cloned()
        .unwrap_or_else(|| (e.defaults)()[key].clone())
        .as_u64()
        .filter(|&b| b > 0)
        .ok_or_else(|| SimError::config(format!("{} {key}", e.id), "must be a whole number of pages"))
}

/// `params` with every parameter counted in requests scaled by `rate` (at least 1).
fn scale_request_counts(e: &PolicyEntry, params: &Value, rate: f64) -> Value {
    let mut out = if params.is_object() { params.clone() } else { Value::Object(Default::default()) };
    for p in e.params.iter().filter(|p| p.unit == "requests") {
        let v = params.get(p.key).cloned().unwrap_or_else(|| (e.defaults)()[p.key].clone());
        if let Some(x) = v.as_f64() {
            out[p.key] = Value::from(((x * rate).round() as u64).max(1));
        }
    }
    out
}

/// Mean absolute difference of two curves at the same sizes.
pub fn mean_absolute_error(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| (x - y).abs()).sum::<f64>() / a.len().max(1) as f64
}

#[cfg(test)]
mod tests;
