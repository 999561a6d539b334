//! Whole miss-ratio curves: miss ratio against cache size, for any policy.
//!
//! Each policy declares how ([`CurveMethod`]):
//! - LRU by Mattson's stack algorithm, exact at every size in one pass ([`stack`]);
//! - OPT by a full run at every size;
//! - every other policy by miniature simulations on a spatially sampled trace
//!   ([`sample`]): a cache of C frames is simulated as one of C·R frames on
//!   the requests of a fraction R of the pages. Each sample is fixed-size
//!   ([`SAMPLE_PAGES`]); where it would leave a miniature cache under
//!   [`MIN_MINIATURE`] frames the size takes the smallest larger tier that does
//!   not, and where the samples together would simulate as many requests as the
//!   whole trace, one full run (exact) replaces them. A trace with no more
//!   distinct pages than the sample is simulated whole, so its curve is exact.
//!   Parameters counted in requests (CFLRU-dynamic's period) are scaled by R.
//!   Each point is the mean of [`SAMPLES`] independent samples (seeds `seed`,
//!   `seed + 1`, …), each stratified by popularity ([`sample::Ranks::new`]),
//!   with SHARDS's adjustment; their spread gives it an error estimate
//!   ([`Curve::error`]).
//!
//!   The defaults are measured (`npm run probe:mrc`, README): on the ARC paper's
//!   OLTP trace plain SHARDS with one 16 Ki-page sample put sampled LRU a mean of
//!   0.72 pp and up to 3.56 pp from the exact curve, for about 6 full runs of
//!   requests; four stratified samples of 2 Ki pages with 8-frame miniature
//!   caches put it 0.25 / 0.74 pp away for about 3 full runs, and their error
//!   estimate covers the error at every size. Stratifying does most of it: one
//!   stratified 16 Ki sample alone gives 0.26 / 0.66 pp.
//!   A block policy samples whole blocks, at least [`MIN_BLOCKS`] of them, and
//!   no miniature cache of it holds fewer than [`MIN_BLOCKS`]/16 blocks.
//!
//! A curve is split into jobs that share nothing but the trace, so the runner's
//! threads and the browser's workers can divide them and still give the same
//! numbers as one thread.

pub mod sample;
mod stack;

pub use stack::{lru_curve, LruCurve, LruStack};

use crate::describe::Param;
use crate::error::SimError;
use crate::policy::{build, entry, BuildCtx, CurveMethod, PolicyEntry};
use crate::sim::{RunOptions, Session};
use crate::trace::Trace;
use sample::{Draw, Ranks};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::ops::Deref;
use std::sync::{Arc, OnceLock};

/// Points of a default curve.
pub const POINTS: usize = 50;
/// No miniature cache is simulated with fewer frames than this (unless the whole trace is).
pub const MIN_MINIATURE: f64 = 8.0;
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
    /// Fraction of the distinct pages simulated at each size, per sample (1 where exact).
    pub rate: Vec<f64>,
    /// Error estimate of each point (± miss ratio): the half-width of a 95 %
    /// Student-t interval from the spread of the independent samples, combined
    /// (root of the sum of squares) with the binomial noise of the misses sampled;
    /// 0 where exact, null with one sample.
    #[cfg_attr(test, ts(type = "Array<number | null>"))]
    pub error: Vec<f64>,
    /// Independent samples averaged at each sampled point.
    pub samples: u32,
    /// True when every point is exact.
    pub exact: bool,
}

/// How to sample: the options of a sampled curve, declared in [`OPTIONS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Sampling {
    /// Pages of each sample's base tier; 0: full runs wherever the stack algorithm does not apply.
    #[serde(rename = "sample_pages")]
    pub pages: u32,
    /// Independent samples averaged at each size (their spread is the error estimate).
    pub samples: u32,
    /// Seed of the first sample's hash; sample i uses `seed + i`.
    #[serde(rename = "sample_seed")]
    pub seed: u64,
    /// SHARDS's adjustment: misses over the requests a sample of its rate should
    /// hold (capped at 1), rather than over the requests it holds.
    pub adjust: bool,
    /// Stratify each sample by page popularity ([`sample::Ranks::new`]).
    pub stratify: bool,
    /// Sample even a policy whose curve is exact by other means (to measure sampling's error on LRU).
    #[serde(skip)]
    pub always: bool,
}

/// Pages of each sample's base tier.
pub const SAMPLE_PAGES: u32 = 2048;
/// Independent samples of a sampled point.
pub const SAMPLES: u32 = 4;
/// Most independent samples of a point.
pub const MAX_SAMPLES: u32 = 16;

impl Default for Sampling {
    fn default() -> Self {
        Sampling { pages: SAMPLE_PAGES, samples: SAMPLES, seed: 0, adjust: true, stratify: true, always: false }
    }
}

/// The options of a sampled curve, as the runner's flags (`--sample-pages`, …),
/// the app and Python (`cs.mrc(…, sample_pages=…)`) take them.
pub const OPTIONS: &[Param] = &[
    Param::integer(
        "sample_pages",
        "Pages per sample",
        0.0,
        crate::limits::MAX_DISTINCT_PAGES as f64,
        "pages",
        "Pages of each sample (a block policy takes whole blocks, at least 256); 0: a full run at every size.",
    ),
    Param::integer(
        "samples",
        "Samples",
        1.0,
        MAX_SAMPLES as f64,
        "",
        "Independent samples averaged at each size; their spread gives the error estimate (at least 2 for one).",
    ),
    Param::integer(
        "sample_seed",
        "Sample seed",
        0.0,
        9007199254740991.0,
        "",
        "Seed of the first sample's hash (the others take the next seeds): another seed draws other samples.",
    ),
    Param::flag(
        "adjust",
        "Adjust",
        "SHARDS's adjustment: divide a sample's misses by the requests a sample of its rate should hold (at most 1), not by the requests it holds.",
    ),
    Param::flag(
        "stratify",
        "Stratify",
        "Draw each sample across page popularity, so that it holds hot and cold pages in the trace's proportions (off: plain SHARDS, the smallest hashes).",
    ),
];

impl Sampling {
    pub fn pages(pages: u32) -> Sampling {
        Sampling { pages, ..Sampling::default() }
    }

    /// The options from JSON (`{"sample_pages": 4096, "adjust": false}`; null: the defaults),
    /// each checked against [`OPTIONS`].
    pub fn from_json(v: &Value) -> Result<Sampling, SimError> {
        if v.is_null() {
            return Ok(Sampling::default());
        }
        let v = crate::describe::check_all("curve", OPTIONS, v)?;
        serde_json::from_value(v).map_err(|e| SimError::config("curve", e.to_string()))
    }

    /// The options as JSON, every key present.
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).expect("sampling serialises")
    }
}

/// A unit of work: one pass, or one pass per sample, that yields some points of the curve.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Job {
    /// The stack pass: every size at once.
    Stack,
    /// One size, on the whole trace (`tier` None) or on that tier of every sample.
    Point { size: usize, tier: Option<usize> },
}

/// A curve split into jobs. `T` holds the trace (`&Trace` natively, `Rc<Trace>` in the wasm adapter).
pub struct Plan<T> {
    trace: T,
    entry: &'static PolicyEntry,
    method: CurveMethod,
    params: Value,
    sizes: Vec<usize>,
    sampling: Sampling,
    /// One per independent sample; empty: no sampling.
    ranks: Vec<Ranks>,
    /// Per sample, per tier: its requests, drawn when a job first needs them.
    samples: Vec<Vec<OnceLock<Arc<Trace>>>>,
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

/// One job under way: a session per sample (one on the whole trace), advanced
/// one after the other in slices; then [`JobRun::finish`].
pub struct JobRun<T: Deref<Target = Trace>> {
    sessions: Vec<Session<TraceRef<T>>>,
    size: usize,
    /// Requests each sample should hold for its rate (SHARDS's adjustment).
    expected: Vec<f64>,
    adjust: bool,
    /// On the whole trace: exact.
    whole: bool,
}

impl<T: Deref<Target = Trace>> JobRun<T> {
    /// Advances by up to `n` requests in all; returns how many it applied.
    pub fn advance(&mut self, n: usize) -> Result<usize, SimError> {
        let mut left = n;
        for s in self.sessions.iter_mut() {
            if left == 0 {
                break;
            }
            left -= s.advance(left)?;
        }
        Ok(n - left)
    }
    pub fn done(&self) -> bool {
        self.sessions.iter().all(|s| s.done())
    }
    /// Requests applied so far, over every sample.
    pub fn position(&self) -> usize {
        self.sessions.iter().map(|s| s.position()).sum()
    }
    /// Requests of every sample together.
    pub fn len(&self) -> usize {
        self.sessions.iter().map(|s| s.len()).sum()
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The point: (size index, miss ratio, error estimate). Each sample's miss
    /// ratio is its misses over the requests it holds, or, with SHARDS's
    /// adjustment, over the requests a sample of its rate should hold (at most
    /// 1): a hot page in or out of the sample moves the hits far more than the
    /// misses, which come from the many cold pages. The point is their mean.
    pub fn finish(self) -> (usize, f64, f64) {
        let adjust = self.adjust;
        let mut requests = 0u64;
        let ratios: Vec<f64> = self
            .sessions
            .into_iter()
            .zip(self.expected)
            .map(|(s, expected)| {
                let m = s.finish().metrics;
                requests += m.hits + m.misses;
                let over = if adjust { expected } else { (m.hits + m.misses) as f64 };
                if over == 0.0 {
                    1.0
                } else {
                    (m.misses as f64 / over).min(1.0)
                }
            })
            .collect();
        if self.whole {
            return (self.size, ratios[0], 0.0);
        }
        let (mean, spread) = spread(&ratios);
        // The binomial noise of the misses among the requests sampled, added so that samples
        // that agree by chance (all at the cap of 1, or a few hundred requests each) still carry
        // an estimate.
        let binomial = 1.96 * libm::sqrt(mean.clamp(0.0, 1.0) * (1.0 - mean.clamp(0.0, 1.0)) / requests.max(1) as f64);
        (self.size, mean, libm::sqrt(spread * spread + binomial * binomial))
    }
}

/// Two-sided 95 % quantiles of Student's t with 1 to [`MAX_SAMPLES`] − 1 degrees of freedom.
const T95: [f64; 15] =
    [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131];

/// Mean of independent estimates and the half-width of its 95 % interval (NaN with one).
pub fn spread(x: &[f64]) -> (f64, f64) {
    let n = x.len();
    let mean = x.iter().sum::<f64>() / n.max(1) as f64;
    if n < 2 {
        return (mean, f64::NAN);
    }
    let var = x.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / (n - 1) as f64;
    let t = T95[(n - 2).min(T95.len() - 1)];
    (mean, t * libm::sqrt(var / n as f64))
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
        if !(1..=MAX_SAMPLES).contains(&sampling.samples) {
            return Err(SimError::config("curve samples", format!("must be between 1 and {MAX_SAMPLES}")));
        }
        // Refuse bad parameters and sizes now, not in the middle of the jobs.
        for &s in sizes.iter().max().into_iter() {
            build(policy, s, &BuildCtx::of(&Trace::default()), params)?;
        }
        let method = if sampling.always && sampling.pages > 0 { CurveMethod::Sampled } else { e.curve };
        let unit = e.view.block_param.map_or(Ok(1), |key| block_pages(e, params, key))?;
        let min_miniature =
            if unit > 1 { MIN_MINIATURE.max((MIN_BLOCKS / 16) as f64 * unit as f64) } else { MIN_MINIATURE };
        let ranks: Vec<Ranks> = match method {
            CurveMethod::Sampled if sampling.pages > 0 => {
                let pages =
                    if unit > 1 { sampling.pages.max(MIN_BLOCKS.saturating_mul(unit as u32)) } else { sampling.pages };
                (0..sampling.samples as u64)
                    .map(|i| {
                        let seed = sampling.seed.wrapping_add(i);
                        Ranks::new(
                            &trace,
                            Draw { unit_pages: unit, sample_pages: pages, seed, stratify: sampling.stratify },
                        )
                    })
                    .collect()
            }
            _ => Vec::new(),
        };
        // Whole blocks may give the samples' tiers a few pages more or less; each takes as many tiers as all have.
        let tiers = ranks.iter().map(|r| r.tiers.len()).min().unwrap_or(0);
        let ranks = if tiers == 0 { Vec::new() } else { ranks };
        let jobs = match method {
            CurveMethod::Stack => vec![Job::Stack],
            _ => (0..sizes.len())
                .map(|i| Job::Point {
                    size: i,
                    // Samples that would together simulate the whole trace's requests or more: one full run instead.
                    tier: ranks
                        .first()
                        .and_then(|r| tier_for(r, tiers, sizes[i], min_miniature))
                        .filter(|&t| ranks[0].rate(t) * (ranks.len() as f64) < 1.0),
                })
                .collect(),
        };
        Ok(Plan {
            trace,
            entry: e,
            method,
            params: params.clone(),
            sizes,
            sampling,
            samples: ranks.iter().map(|_| (0..tiers).map(|_| OnceLock::new()).collect()).collect(),
            ranks,
            jobs,
        })
    }

    pub fn jobs(&self) -> usize {
        self.jobs.len()
    }

    /// The rate of tier `t` (the mean over the samples, which differ only by whole blocks).
    fn rate(&self, t: usize) -> f64 {
        self.ranks.iter().map(|r| r.rate(t)).sum::<f64>() / self.ranks.len().max(1) as f64
    }

    /// Requests job `j` simulates (about): for sharing work and showing progress.
    pub fn work(&self, j: usize) -> u64 {
        let n = self.trace.len() as f64;
        match self.jobs[j] {
            Job::Point { tier: Some(t), .. } => (n * self.rate(t) * self.ranks.len() as f64) as u64 + 1,
            _ => n as u64 + 1,
        }
    }

    /// Which size job `j` computes (None: the stack pass, every size).
    pub fn size_of(&self, j: usize) -> Option<usize> {
        match self.jobs[j] {
            Job::Point { size, .. } => Some(size),
            Job::Stack => None,
        }
    }

    /// Whether job `j` is the stack pass (one call gives every point; it cannot be sliced).
    pub fn is_stack(&self, j: usize) -> bool {
        self.jobs[j] == Job::Stack
    }

    /// The stack pass's points (see [`Plan::is_stack`]): exact, so with no error.
    pub fn stack_points(&self) -> Vec<(usize, f64, f64)> {
        let c = lru_curve(&self.trace);
        self.sizes.iter().enumerate().map(|(i, &s)| (i, c.miss_ratio(s), 0.0)).collect()
    }

    /// Starts job `j`, which must not be the stack pass.
    pub fn start(&self, j: usize, opts: &RunOptions) -> Result<JobRun<T>, SimError> {
        let Job::Point { size, tier } = self.jobs[j] else {
            return Err(SimError::config("curve", "the stack pass has no session"));
        };
        let opts = RunOptions { buckets: 1, record_stream: false, ..opts.clone() };
        let traces: Vec<(TraceRef<T>, f64)> = match tier {
            Some(t) => self
                .ranks
                .iter()
                .zip(&self.samples)
                .map(|(r, cache)| {
                    let sample = cache[t].get_or_init(|| Arc::new(r.sample(&self.trace, t)));
                    (TraceRef::Sample(sample.clone()), r.rate(t))
                })
                .collect(),
            None => vec![(TraceRef::Whole(self.trace.clone()), 1.0)],
        };
        let mut sessions = Vec::with_capacity(traces.len());
        let mut expected = Vec::with_capacity(traces.len());
        for (trace, rate) in traces {
            let frames = ((self.sizes[size] as f64 * rate).round() as usize).max(1);
            let params = scale_request_counts(self.entry, &self.params, rate);
            let p = build(self.entry.id, frames, &BuildCtx::of(&trace), &params)?;
            sessions.push(Session::new(trace, p, opts.clone()));
            expected.push(self.trace.len() as f64 * rate);
        }
        Ok(JobRun { sessions, size, expected, adjust: self.sampling.adjust, whole: tier.is_none() })
    }

    /// Runs job `j` whole: (size index, miss ratio, error) triples.
    pub fn run(&self, j: usize, opts: &RunOptions) -> Result<Vec<(usize, f64, f64)>, SimError> {
        if self.is_stack(j) {
            return Ok(self.stack_points());
        }
        let mut run = self.start(j, opts)?;
        run.advance(usize::MAX)?;
        Ok(vec![run.finish()])
    }

    /// The curve from every job's points.
    pub fn assemble(&self, points: &[(usize, f64, f64)]) -> Curve {
        let mut miss_ratio = vec![f64::NAN; self.sizes.len()];
        let mut error = vec![f64::NAN; self.sizes.len()];
        for &(i, m, e) in points {
            miss_ratio[i] = m;
            error[i] = e;
        }
        let rate: Vec<f64> = self
            .jobs
            .iter()
            .flat_map(|j| match *j {
                Job::Stack => vec![1.0; self.sizes.len()],
                Job::Point { tier, .. } => vec![tier.map_or(1.0, |t| self.rate(t))],
            })
            .collect();
        Curve {
            policy: self.entry.id.into(),
            method: self.method,
            frames: self.sizes.iter().map(|&s| s as u32).collect(),
            miss_ratio,
            error,
            samples: self.ranks.len().max(1) as u32,
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

/// The smallest of the first `tiers` tiers whose miniature cache of `size` has at least `min` frames; None: the whole trace.
fn tier_for(r: &Ranks, tiers: usize, size: usize, min: f64) -> Option<usize> {
    (0..tiers).find(|&t| size as f64 * r.rate(t) >= min)
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
