//! The simulation loop: feeds a trace through a policy in chunks, counting hits
//! per bucket (for the hit-ratio chart). A [`Session`] can be advanced a slice
//! at a time, which is how the browser worker stays responsive to cancel and
//! how the explorer steps one request at a time with events.

use crate::cost::CostModel;
use crate::error::SimError;
use crate::policy::{collapse, Event, Policy, Req, Sink, Snapshot};
use crate::trace::Trace;
use crate::trace::{is_write, pack, page_of};
use serde::{Deserialize, Serialize};
use std::ops::Deref;

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(default, deny_unknown_fields)]
pub struct RunOptions {
    pub cost: CostModel,
    /// Number of points of the hit series (buckets of equal request counts).
    pub buckets: usize,
    /// Write back every dirty page still cached at the end (counted in `flushed`).
    pub flush: bool,
    /// Keep the after-cache stream (miss reads and write-backs, in order).
    pub record_stream: bool,
    /// Collapse immediate repeats, as the authors of LIRS and CLOCK-Pro did in
    /// their simulators: a request for the page just requested counts as a
    /// request and a hit, sets the dirty bit if it writes, and changes nothing
    /// else. (A policy that files dirty pages apart serves such a write as an
    /// ordinary request; see [`Policy::mark_dirty`].)
    pub collapse_repeats: bool,
    /// Requests served first but not counted (hits, misses, write-backs and the
    /// series start after them): a number of requests, or a share of the trace.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional, type = "number | string"))]
    pub warmup: Option<Warmup>,
    /// Requests per point of the hit series (none: `buckets` points over the run).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub interval: Option<u64>,
}

/// The warm-up of a run: `N` requests, or `P%` of the trace (`"10%"`).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub enum Warmup {
    #[default]
    None,
    Requests(u64),
    Percent(f64),
}

impl Warmup {
    pub fn is_none(&self) -> bool {
        *self == Warmup::None
    }
    /// Reads `N` or `P%` (0 ≤ P < 100), as the runner, Python and links write it.
    pub fn parse(text: &str) -> Result<Warmup, SimError> {
        let t = text.trim();
        let bad = || {
            SimError::config(
                "warm-up",
                format!("{} is not a number of requests or a share like 10%", crate::error::quoted(t)),
            )
        };
        if let Some(p) = t.strip_suffix('%') {
            let p: f64 = p.trim().parse().map_err(|_| bad())?;
            if !(0.0..100.0).contains(&p) {
                // Quoted as an excerpt: a link may carry a 70,000-digit share.
                return Err(SimError::config(
                    "warm-up",
                    format!("{} is not a share from 0% to below 100%", crate::error::quoted(t)),
                ));
            }
            return Ok(if p == 0.0 { Warmup::None } else { Warmup::Percent(p) });
        }
        match t.parse::<u64>() {
            Ok(0) => Ok(Warmup::None),
            Ok(n) => Ok(Warmup::Requests(n)),
            Err(_) => Err(bad()),
        }
    }
    /// Requests of a trace of `n` it covers (at most `n`).
    pub fn requests(&self, n: u64) -> u64 {
        match *self {
            Warmup::None => 0,
            Warmup::Requests(k) => k.min(n),
            Warmup::Percent(p) => ((n as f64 * p / 100.0).floor() as u64).min(n),
        }
    }
}

impl std::fmt::Display for Warmup {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Warmup::None => write!(f, "0"),
            Warmup::Requests(k) => write!(f, "{k}"),
            Warmup::Percent(p) => write!(f, "{p}%"),
        }
    }
}

impl Serialize for Warmup {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Warmup::None => s.serialize_u64(0),
            Warmup::Requests(k) => s.serialize_u64(*k),
            Warmup::Percent(_) => s.serialize_str(&self.to_string()),
        }
    }
}

impl<'de> Deserialize<'de> for Warmup {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Warmup, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            N(u64),
            S(String),
        }
        match Raw::deserialize(d)? {
            Raw::N(n) => Ok(if n == 0 { Warmup::None } else { Warmup::Requests(n) }),
            Raw::S(t) => Warmup::parse(&t).map_err(serde::de::Error::custom),
        }
    }
}

impl RunOptions {
    /// Requests of a trace of `n` the warm-up covers.
    pub fn warm_requests(&self, n: u64) -> u64 {
        self.warmup.map_or(0, |w| w.requests(n))
    }
    /// Requests per interval (0: none asked for).
    pub fn interval_requests(&self) -> u64 {
        self.interval.unwrap_or(0)
    }
    /// Checks what depends on the trace's length `n`: the cost model, and that the
    /// warm-up leaves requests to count and the intervals are not too many.
    pub fn validate(&self, n: u64) -> Result<(), SimError> {
        self.cost.validate(n)?;
        let counted = n - self.warm_requests(n);
        if n > 0 && counted == 0 {
            return Err(SimError::config(
                "warm-up",
                format!(
                    "a warm-up of {} leaves none of the trace's {n} requests to count",
                    self.warmup.unwrap_or_default()
                ),
            ));
        }
        let max = crate::limits::MAX_BUCKETS;
        let interval = self.interval_requests();
        if self.interval == Some(0) {
            return Err(SimError::config("interval", "an interval needs at least 1 request"));
        }
        if interval > 0 && counted.div_ceil(interval) > max {
            return Err(SimError::config(
                "interval",
                format!(
                    "{interval} requests per interval make {} intervals of {counted} requests; at most {max}",
                    counted.div_ceil(interval)
                ),
            ));
        }
        Ok(())
    }

    /// Requests per point of the hit series of a run of `n` requests.
    fn bucket_size(&self, n: u64) -> u64 {
        let counted = n - self.warm_requests(n);
        if self.interval_requests() > 0 {
            self.interval_requests()
        } else {
            bucket_size(counted, self.buckets)
        }
    }
}

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions {
            cost: CostModel::default(),
            buckets: 1000,
            flush: false,
            record_stream: false,
            collapse_repeats: false,
            warmup: None,
            interval: None,
        }
    }
}

/// The figures of one run. `reads` counts page reads from storage (one per
/// miss, first-time misses included); `writebacks` counts dirty evictions;
/// `flushed` the pages written by the optional final flush.
/// One request served by a stepped session: hit or miss, and what happened.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct StepRecord {
    pub hit: bool,
    /// Pages named as the trace names them.
    pub events: Vec<Event<String>>,
    /// Why the pages this step evicted left, in words (`policy::reason`); None when none left.
    pub reason: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Metrics {
    pub requests: u64,
    pub hits: u64,
    pub misses: u64,
    pub hit_ratio: f64,
    pub reads: u64,
    pub writebacks: u64,
    pub flushed: u64,
    pub cost: f64,
}

impl Metrics {
    pub fn finish(requests: u64, hits: u64, writebacks: u64, flushed: u64, cost: &CostModel) -> Metrics {
        let misses = requests - hits;
        Metrics {
            requests,
            hits,
            misses,
            hit_ratio: if requests == 0 { 0.0 } else { hits as f64 / requests as f64 },
            reads: misses,
            writebacks,
            flushed,
            cost: cost.cost(misses, writebacks + flushed),
        }
    }

    /// The figures of a run with no cache: every request misses and goes to
    /// the device, a read as a read and a write written through.
    pub fn without_cache(requests: u64, writes: u64, cost: &CostModel) -> Metrics {
        let reads = requests - writes;
        Metrics {
            requests,
            hits: 0,
            misses: requests,
            hit_ratio: 0.0,
            reads,
            writebacks: writes,
            flushed: 0,
            cost: cost.cost(reads, writes),
        }
    }
}

/// Requests per bucket of a run of `n` requests drawn as about `buckets` points.
fn bucket_size(n: u64, buckets: usize) -> u64 {
    n.div_ceil(buckets.clamp(1, crate::limits::MAX_BUCKETS as usize) as u64).max(1)
}

/// A run with no cache, the baseline beside the policies: [`Metrics::without_cache`],
/// no hits in any bucket, and the trace itself as the after-cache stream.
pub fn run_without_cache(trace: &Trace, opts: &RunOptions) -> RunResult {
    let n = trace.reqs.len() as u64;
    let warm = opts.warm_requests(n);
    let bucket_size = opts.bucket_size(n);
    let writes = if warm == 0 {
        trace.writes()
    } else {
        trace.reqs[warm as usize..].iter().filter(|&&r| is_write(r)).count() as u64
    };
    RunResult {
        metrics: Metrics::without_cache(n - warm, writes, &opts.cost),
        bucket_size,
        bucket_hits: vec![0; (n - warm).div_ceil(bucket_size) as usize],
        stream: opts.record_stream.then(|| trace.reqs.clone()),
    }
}

#[derive(Debug, Clone, Default)]
pub struct RunResult {
    pub metrics: Metrics,
    /// Requests per bucket (the last bucket may be shorter).
    pub bucket_size: u64,
    /// Hits in each bucket.
    pub bucket_hits: Vec<u32>,
    /// The after-cache stream as packed requests, when asked for.
    pub stream: Option<Vec<u32>>,
}

/// A run in progress over a trace held by `T` (`&Trace` natively, `Rc<Trace>`
/// in the wasm adapter). Cloning it (see [`Session::fork`]) copies the policy's
/// whole state, so a copy continues exactly as the original would.
#[derive(Clone)]
pub struct Session<T: Deref<Target = Trace>> {
    trace: T,
    policy: Box<dyn Policy>,
    opts: RunOptions,
    pos: usize,
    hits: u64,
    bucket_size: u64,
    bucket_hits: Vec<u32>,
    partial: u64,
    sink: Sink,
    /// The page of the previous request (NIL before the first).
    last: u32,
    /// Requests of the warm-up ([`RunOptions::warmup`]): served, not counted.
    warm: usize,
    /// Write-backs during the warm-up, not counted.
    warm_writebacks: u64,
}

impl<T: Deref<Target = Trace>> Session<T> {
    pub fn new(trace: T, policy: Box<dyn Policy>, opts: RunOptions) -> Self {
        let n = trace.reqs.len() as u64;
        let bucket_size = opts.bucket_size(n);
        let warm = opts.warm_requests(n) as usize;
        let mut sink = Sink::counting();
        if opts.record_stream {
            sink.stream = Some(Vec::new());
        }
        Session {
            bucket_hits: Vec::with_capacity((n - warm as u64).div_ceil(bucket_size) as usize),
            trace,
            policy,
            opts,
            pos: 0,
            hits: 0,
            bucket_size,
            partial: 0,
            sink,
            last: crate::collections::NIL,
            warm,
            warm_writebacks: 0,
        }
    }

    pub fn position(&self) -> usize {
        self.pos
    }
    pub fn len(&self) -> usize {
        self.trace.reqs.len()
    }
    pub fn is_empty(&self) -> bool {
        self.trace.reqs.is_empty()
    }
    pub fn done(&self) -> bool {
        self.pos >= self.trace.reqs.len()
    }
    pub fn hits(&self) -> u64 {
        self.hits
    }
    /// Write-backs counted (none during the warm-up).
    pub fn writebacks(&self) -> u64 {
        if self.pos < self.warm {
            0
        } else {
            self.sink.writebacks - self.warm_writebacks
        }
    }
    pub fn policy(&self) -> &dyn Policy {
        self.policy.as_ref()
    }
    pub fn snapshot(&self) -> Snapshot {
        self.policy.snapshot()
    }

    /// The snapshot with pages named as the trace names them.
    pub fn labeled_snapshot(&self) -> Snapshot<String> {
        let t = &self.trace;
        self.policy.snapshot().label(&|p| t.label(p))
    }

    /// Serves one request and returns what happened, pages named as the trace names them.
    pub fn step_labeled(&mut self) -> Option<StepRecord> {
        let (hit, events) = self.step_traced()?;
        let t = &self.trace;
        let events: Vec<Event<String>> = events.into_iter().map(|e| e.label(&|p| t.label(p))).collect();
        let reason = crate::policy::reason::eviction_reason(&events, self.policy.id());
        Some(StepRecord { hit, events, reason })
    }

    /// The trace being run.
    pub fn trace(&self) -> &Trace {
        &self.trace
    }

    /// An exact copy of the run at this point (a checkpoint).
    pub fn fork(&self) -> Self
    where
        T: Clone,
    {
        self.clone()
    }

    /// Serves up to `n` more requests; returns how many it served. A policy written by
    /// a user that failed on the way stops the run with its message.
    pub fn advance(&mut self, n: usize) -> Result<usize, SimError> {
        let len = self.trace.reqs.len();
        let stop = self.pos.saturating_add(n).min(len);
        let start = self.pos;
        let bs = self.bucket_size as usize;
        while self.pos < stop {
            if self.pos < self.warm {
                // The warm-up: served, its hits not counted.
                let end = self.warm.min(stop);
                let chunk = &self.trace.reqs[self.pos..end];
                let collapsing = self.opts.collapse_repeats.then_some(&mut self.last);
                if self.opts.record_stream {
                    step_streaming(self.policy.as_mut(), chunk, self.pos, collapsing, &mut self.sink);
                } else if let Some(last) = collapsing {
                    self.policy.run_chunk_collapsing(chunk, self.pos, last, &mut self.sink);
                } else {
                    self.policy.run_chunk(chunk, self.pos, &mut self.sink);
                }
                self.pos = end;
                if end == self.warm {
                    self.warm_writebacks = self.sink.writebacks;
                }
                continue;
            }
            let w = self.warm;
            let bucket_end = (w + ((self.pos - w) / bs + 1) * bs).min(len);
            let end = bucket_end.min(stop);
            let chunk = &self.trace.reqs[self.pos..end];
            let collapsing = self.opts.collapse_repeats.then_some(&mut self.last);
            let h = if self.opts.record_stream {
                step_streaming(self.policy.as_mut(), chunk, self.pos, collapsing, &mut self.sink)
            } else if let Some(last) = collapsing {
                self.policy.run_chunk_collapsing(chunk, self.pos, last, &mut self.sink)
            } else {
                self.policy.run_chunk(chunk, self.pos, &mut self.sink)
            };
            self.hits += h;
            self.partial += h;
            self.pos = end;
            if end == bucket_end {
                self.bucket_hits.push(self.partial as u32);
                self.partial = 0;
            }
        }
        self.policy.settle()?;
        Ok(self.pos - start)
    }

    /// Delivers what the policy holds back and reports its failure, if any (see
    /// [`Policy::settle`]): steppers ask after each step.
    pub fn settle(&mut self) -> Result<(), SimError> {
        self.policy.settle()
    }

    /// Serves the next request and says what happened, first event the hit or
    /// miss. None at the end of the trace.
    pub fn step_traced(&mut self) -> Option<(bool, Vec<Event>)> {
        if self.done() {
            return None;
        }
        let r = self.trace.reqs[self.pos];
        let req = Req { t: self.pos, page: page_of(r), write: is_write(r) };
        self.sink.events = Some(Vec::new());
        let repeat = std::mem::replace(&mut self.last, req.page) == req.page;
        let hit = if self.opts.collapse_repeats && repeat && collapse(self.policy.as_mut(), req) {
            self.sink.ev(|| Event::Repeat { page: req.page, write: req.write });
            true
        } else {
            self.policy.access(req, &mut self.sink)
        };
        let mut events = self.sink.events.take().unwrap_or_default();
        if let (false, Some(s)) = (hit, &mut self.sink.stream) {
            s.push(pack(req.page, false));
        }
        let first = if hit {
            Event::Hit { page: req.page, write: req.write }
        } else {
            Event::Miss { page: req.page, write: req.write }
        };
        events.insert(0, first);
        let counted = self.pos >= self.warm;
        self.pos += 1;
        if self.pos == self.warm {
            self.warm_writebacks = self.sink.writebacks;
        }
        if counted {
            self.hits += hit as u64;
            self.partial += hit as u64;
            let bs = self.bucket_size as usize;
            if (self.pos - self.warm).is_multiple_of(bs) || self.pos == self.trace.reqs.len() {
                self.bucket_hits.push(self.partial as u32);
                self.partial = 0;
            }
        }
        Some((hit, events))
    }

    /// Ends the run (flushing if asked) and returns its figures.
    pub fn finish(mut self) -> RunResult {
        // A run stopped early keeps its last, partial bucket.
        let counted = self.pos.saturating_sub(self.warm);
        if !self.done() && counted > 0 && !counted.is_multiple_of(self.bucket_size as usize) {
            self.bucket_hits.push(self.partial as u32);
        }
        let before_flush = self.sink.writebacks;
        if self.opts.flush {
            self.policy.flush(&mut self.sink);
        }
        let warm_writebacks = if self.pos < self.warm { before_flush } else { self.warm_writebacks };
        RunResult {
            metrics: Metrics::finish(
                counted as u64,
                self.hits,
                before_flush - warm_writebacks,
                self.sink.writebacks - before_flush,
                &self.opts.cost,
            ),
            bucket_size: self.bucket_size,
            bucket_hits: self.bucket_hits,
            stream: self.sink.stream.take(),
        }
    }
}

/// Size of the slices between progress reports.
const PROGRESS_EVERY: usize = 1 << 18;

/// Runs the whole trace through `policy`. `progress(done, total)` is called now
/// and then; returning false cancels the run.
pub fn run(
    trace: &Trace,
    policy: Box<dyn Policy>,
    opts: &RunOptions,
    progress: &mut dyn FnMut(u64, u64) -> bool,
) -> Result<RunResult, SimError> {
    opts.validate(trace.reqs.len() as u64)?;
    let mut s = Session::new(trace, policy, opts.clone());
    let n = trace.reqs.len() as u64;
    while !s.done() {
        s.advance(PROGRESS_EVERY)?;
        if !progress(s.position() as u64, n) {
            return Err(SimError::Cancelled);
        }
    }
    Ok(s.finish())
}

/// Builds `policy_id` for `trace` and runs it: the one call the runner, the
/// benchmark and the tests share.
pub fn run_policy(
    trace: &Trace,
    policy_id: &str,
    frames: usize,
    params: &serde_json::Value,
    opts: &RunOptions,
) -> Result<RunResult, SimError> {
    let p = crate::policy::build(policy_id, frames, &crate::policy::BuildCtx::of(trace), params)?;
    run(trace, p, opts, &mut |_, _| true)
}

/// One request at a time, so the read of each missed page lands in the stream
/// right after the write-backs its fault caused.
fn step_streaming(
    policy: &mut dyn Policy,
    chunk: &[u32],
    t0: usize,
    mut last: Option<&mut u32>,
    sink: &mut Sink,
) -> u64 {
    let mut hits = 0;
    for (i, &r) in chunk.iter().enumerate() {
        let req = Req { t: t0 + i, page: page_of(r), write: is_write(r) };
        let repeat = last.as_deref_mut().is_some_and(|l| std::mem::replace(l, req.page) == req.page);
        if (repeat && collapse(policy, req)) || policy.access(req, sink) {
            hits += 1;
        } else if let Some(s) = &mut sink.stream {
            s.push(pack(req.page, false));
        }
    }
    hits
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_without_cache_sends_every_request_to_the_device() {
        let t = Trace::from_pages(&[(1, false), (2, true), (1, true), (3, false), (1, false)]);
        let cost = CostModel { read: 2.0, write: 5.0 };
        let opts = RunOptions { cost, buckets: 2, record_stream: true, ..RunOptions::default() };
        let r = run_without_cache(&t, &opts);
        let m = &r.metrics;
        assert_eq!((m.requests, m.hits, m.misses, m.reads, m.writebacks, m.flushed), (5, 0, 5, 3, 2, 0));
        assert_eq!((m.hit_ratio, m.cost), (0.0, 3.0 * 2.0 + 2.0 * 5.0));
        assert_eq!((r.bucket_size, r.bucket_hits), (3, vec![0, 0]));
        assert_eq!(r.stream.as_deref(), Some(&t.reqs[..]));
    }
    use crate::policy::{build, BuildCtx};
    use serde_json::Value;

    #[test]
    fn counts_buckets_cost_flush_and_stream() {
        // LRU, 2 frames: 1w 2 1 3w 2 1 → M M H M(evict 2) M(evict 1, dirty) M(evict 3, dirty)
        let t = Trace::from_pages(&[(1, true), (2, false), (1, false), (3, true), (2, false), (1, false)]);
        let opts = RunOptions {
            cost: CostModel { read: 1.0, write: 8.0 },
            buckets: 3,
            flush: true,
            record_stream: true,
            ..RunOptions::default()
        };
        let r = run_policy(&t, "lru", 2, &Value::Null, &opts).unwrap();
        let m = &r.metrics;
        assert_eq!((m.requests, m.hits, m.misses, m.reads), (6, 1, 5, 5));
        assert_eq!((m.writebacks, m.flushed), (2, 0));
        assert_eq!(m.cost, 5.0 + 16.0);
        assert_eq!(r.bucket_size, 2);
        assert_eq!(r.bucket_hits, vec![0, 1, 0]);
        // dense ids: 1→0, 2→1, 3→2; each victim's write-back precedes the read of the new page
        let w = crate::trace::WRITE_BIT;
        assert_eq!(r.stream.unwrap(), vec![0, 1, 2, w, 1, w | 2, 0]);
    }

    #[test]
    fn flush_writes_back_dirty_pages_left_in_the_cache() {
        let t = Trace::from_pages(&[(1, true), (2, true), (3, false)]);
        let opts = RunOptions { flush: true, ..RunOptions::default() };
        let r = run_policy(&t, "lru", 3, &Value::Null, &opts).unwrap();
        assert_eq!((r.metrics.writebacks, r.metrics.flushed, r.metrics.cost), (0, 2, 5.0));
    }

    #[test]
    fn sliced_and_stepped_runs_equal_the_whole_run() {
        let cfg = crate::generate::GenConfig::single(
            crate::generate::Workload::Zipf { pages: 300, alpha: 0.8 },
            5000,
            0.3,
            9,
        );
        let t = crate::generate::generate(&cfg).unwrap();
        let opts = RunOptions { buckets: 7, ..RunOptions::default() };
        for id in ["lru", "clock", "opt"] {
            let whole = run_policy(&t, id, 50, &Value::Null, &opts).unwrap();
            let mk = || build(id, 50, &BuildCtx::of(&t), &Value::Null).unwrap();
            let mut sliced = Session::new(&t, mk(), opts.clone());
            while !sliced.done() {
                sliced.advance(333).unwrap();
            }
            let sliced = sliced.finish();
            let mut stepped = Session::new(&t, mk(), opts.clone());
            while let Some((hit, ev)) = stepped.step_traced() {
                assert!(matches!(ev[0], Event::Hit { .. }) == hit);
            }
            let stepped = stepped.finish();
            assert_eq!(whole.metrics, sliced.metrics, "{id}");
            assert_eq!(whole.metrics, stepped.metrics, "{id}");
            assert_eq!(whole.bucket_hits, sliced.bucket_hits, "{id}");
            assert_eq!(whole.bucket_hits, stepped.bucket_hits, "{id}");
            assert_eq!(whole.bucket_hits.iter().map(|&h| h as u64).sum::<u64>(), whole.metrics.hits);
        }
    }

    #[test]
    fn a_forked_session_continues_exactly_as_the_original_for_every_policy() {
        let cfg = crate::generate::GenConfig::single(
            crate::generate::Workload::Zipf { pages: 200, alpha: 0.7 },
            3000,
            0.4,
            5,
        );
        let t = crate::generate::generate(&cfg).unwrap();
        for e in crate::policy::POLICIES {
            let p = build(e.id, 40, &BuildCtx::of(&t), &(e.defaults)()).unwrap();
            let mut s = Session::new(&t, p, RunOptions { buckets: 10, ..RunOptions::default() });
            s.advance(1234).unwrap();
            let snap = s.snapshot();
            let mut copy = s.fork();
            assert_eq!(copy.snapshot(), snap, "{}", e.id);
            while let Some((hit, ev)) = s.step_traced() {
                let (hit2, ev2) = copy.step_traced().unwrap();
                assert_eq!((hit, &ev), (hit2, &ev2), "{} at {}", e.id, s.position());
            }
            assert_eq!(s.snapshot(), copy.snapshot(), "{}", e.id);
            assert_eq!(s.finish().metrics, copy.finish().metrics, "{}", e.id);
        }
    }

    #[test]
    fn flush_writes_back_exactly_the_dirty_resident_pages_of_every_policy() {
        let cfg = crate::generate::GenConfig::single(
            crate::generate::Workload::Zipf { pages: 300, alpha: 0.8 },
            4000,
            0.5,
            3,
        );
        let t = crate::generate::generate(&cfg).unwrap();
        for e in crate::policy::POLICIES {
            let mut p = build(e.id, 50, &BuildCtx::of(&t), &(e.defaults)()).unwrap();
            let mut sink = crate::policy::Sink::counting();
            p.run_chunk(&t.reqs, 0, &mut sink);
            let snap = p.snapshot();
            let mut dirty: Vec<u32> = snap
                .rings
                .iter()
                .flat_map(|r| r.slots.iter())
                .chain(snap.lists.iter().flat_map(|l| l.entries.iter()))
                .filter(|s| s.resident && s.dirty)
                .filter_map(|s| s.page)
                .collect();
            dirty.sort_unstable();
            dirty.dedup();
            let mut flushed = crate::policy::Sink::counting();
            p.flush(&mut flushed);
            assert_eq!(flushed.writebacks, dirty.len() as u64, "{}", e.id);
            let mut again = crate::policy::Sink::counting();
            p.flush(&mut again);
            assert_eq!(again.writebacks, 0, "{}: a second flush writes nothing", e.id);
        }
    }

    /// Explore's cost follows what the cache holds, not its size: at 1 M frames with
    /// 10 pages resident every policy's snapshot stays small (CLOCK's and CFCLOCK's
    /// once listed every empty frame: 4.98 MB at 65,536 frames).
    #[test]
    fn snapshots_follow_the_contents_not_the_cache_size() {
        let t = Trace::from_pages(&(0..40u64).map(|i| (i % 10, i % 3 == 0)).collect::<Vec<_>>());
        let mut big = vec![];
        for e in crate::policy::POLICIES {
            let p = build(e.id, 1 << 20, &BuildCtx::of(&t), &Value::Null).unwrap();
            let mut s = Session::new(&t, p, RunOptions::default());
            s.advance(40).unwrap();
            let json = serde_json::to_string(&s.labeled_snapshot()).unwrap();
            if json.len() > 16 * 1024 {
                big.push(format!("{}: {} bytes", e.id, json.len()));
            }
        }
        assert!(big.is_empty(), "{big:?}");
    }

    /// Snapshots and events leave the core with the trace's own page numbers:
    /// the textbook string 7 0 1 2 … on FIFO with 3 frames holds 7, 0, 1 at first.
    #[test]
    fn labelled_snapshots_and_events_name_pages_as_the_trace_does() {
        let t = Trace::reads(&[7, 0, 1, 2, 0, 3]);
        let p = crate::policy::build("fifo", 3, &crate::policy::BuildCtx::of(&t), &serde_json::Value::Null).unwrap();
        let mut s = Session::new(&t, p, RunOptions::default());
        let mut last = None;
        for _ in 0..3 {
            last = s.step_labeled();
        }
        let mut pages: Vec<String> =
            s.labeled_snapshot().lists[0].entries.iter().filter_map(|e| e.page.clone()).collect();
        pages.sort();
        assert_eq!(pages, ["0", "1", "7"]);
        assert_eq!(last.unwrap().events[0], Event::Miss { page: "1".to_string(), write: false });
        let r = s.step_labeled().unwrap();
        assert!(r.events.iter().any(|e| matches!(e, Event::Evict { page, .. } if page == "7")), "{:?}", r.events);
    }

    /// A collapsed repeat is a hit that changes nothing but, for a write, the
    /// page's dirty bit; whole, sliced and stepped runs agree on it.
    #[test]
    fn collapsed_repeats_change_nothing_but_the_dirty_bit_for_every_policy() {
        let mut reqs = Vec::new();
        let mut rng = crate::rng::Rng::new(11);
        while reqs.len() < 3000 {
            let page = rng.below(120);
            for _ in 0..1 + rng.below(3) {
                reqs.push((page, rng.below(3) == 0));
            }
        }
        let t = Trace::from_pages(&reqs);
        let opts = RunOptions { collapse_repeats: true, buckets: 5, ..RunOptions::default() };
        for e in crate::policy::POLICIES {
            let mk = || build(e.id, 30, &BuildCtx::of(&t), &(e.defaults)()).unwrap();
            let mut s = Session::new(&t, mk(), opts.clone());
            let mut repeats = 0;
            loop {
                let before = s.snapshot();
                let Some((hit, ev)) = s.step_traced() else { break };
                let Some(&Event::Repeat { page, write }) = ev.get(1) else { continue };
                repeats += 1;
                assert!(hit && ev.len() == 2, "{}: {ev:?}", e.id);
                let mut expect = before;
                for slot in expect.rings.iter_mut().flat_map(|r| r.slots.iter_mut()) {
                    slot.dirty |= write && slot.page == Some(page);
                }
                for slot in expect.lists.iter_mut().flat_map(|l| l.entries.iter_mut()) {
                    slot.dirty |= write && slot.page == Some(page) && slot.resident;
                }
                assert_eq!(s.snapshot(), expect, "{} at {}", e.id, s.position());
            }
            if mk().sees_every_request() {
                // OPT and UNOPT serve every request: collapsing changes nothing for them.
                assert_eq!(repeats, 0);
                let plain = run_policy(&t, e.id, 30, &(e.defaults)(), &RunOptions::default()).unwrap();
                let collapsed = run_policy(&t, e.id, 30, &(e.defaults)(), &opts).unwrap();
                assert_eq!(plain.metrics, collapsed.metrics);
                continue;
            }
            assert!(repeats > 500, "{}: {repeats} collapsed repeats", e.id);
            let stepped = s.finish();
            let whole = run_policy(&t, e.id, 30, &(e.defaults)(), &opts).unwrap();
            assert_eq!(whole.metrics, stepped.metrics, "{}", e.id);
            assert_eq!(whole.bucket_hits, stepped.bucket_hits, "{}", e.id);
            let plain = run_policy(&t, e.id, 30, &(e.defaults)(), &RunOptions::default()).unwrap();
            assert!(whole.metrics.hits >= repeats, "{}", e.id);
            assert_eq!(whole.metrics.requests, plain.metrics.requests);
        }
    }

    #[test]
    fn cancel_stops_the_run() {
        let t = Trace::reads(&(0..1_000_000u64).map(|i| i % 1000).collect::<Vec<_>>());
        let p = build("lru", 10, &BuildCtx::of(&t), &Value::Null).unwrap();
        let e = run(&t, p, &RunOptions::default(), &mut |_, _| false).unwrap_err();
        assert_eq!(e, SimError::Cancelled);
    }

    #[test]
    fn a_warm_up_and_intervals_count_what_slicing_the_per_request_record_by_hand_counts() {
        use crate::generate::{generate, GenConfig, Workload};
        let t = generate(&GenConfig::single(Workload::Zipf { pages: 300, alpha: 0.8 }, 5_000, 0.3, 7)).unwrap();
        let n = t.len();
        for policy in ["lru", "clock", "arc", "clock-pro", "cflru", "2q"] {
            // Per request: hit, and write-backs so far, from a plain stepped run.
            let p = build(policy, 40, &BuildCtx::of(&t), &Value::Null).unwrap();
            let mut s = Session::new(&t, p, RunOptions::default());
            let (mut hits, mut wbs) = (Vec::new(), vec![0u64]);
            while let Some((hit, _)) = s.step_traced() {
                hits.push(hit as u64);
                wbs.push(s.writebacks());
            }
            for (warmup, w, interval) in
                [(Warmup::Requests(1234), 1234, 500), (Warmup::Percent(10.0), 500, 0), (Warmup::None, 0, 999)]
            {
                let opts = RunOptions {
                    warmup: Some(warmup),
                    interval: (interval > 0).then_some(interval),
                    buckets: 7,
                    ..RunOptions::default()
                };
                let r = run_policy(&t, policy, 40, &Value::Null, &opts).unwrap();
                let m = &r.metrics;
                let counted = &hits[w..];
                assert_eq!(m.requests as usize, n - w, "{policy} {warmup}");
                assert_eq!(m.hits, counted.iter().sum::<u64>(), "{policy} {warmup}");
                assert_eq!(m.writebacks, wbs[n] - wbs[w], "{policy} {warmup}");
                let size = if interval > 0 { interval as usize } else { (n - w).div_ceil(7) };
                let by_hand: Vec<u32> = counted.chunks(size).map(|c| c.iter().sum::<u64>() as u32).collect();
                assert_eq!((r.bucket_size as usize, &r.bucket_hits), (size, &by_hand), "{policy} {warmup}");
                // Stepped, and advanced in uneven slices, the same.
                let p = build(policy, 40, &BuildCtx::of(&t), &Value::Null).unwrap();
                let mut a = Session::new(&t, p, opts.clone());
                while a.advance(777).unwrap() > 0 {}
                assert_eq!(a.finish().bucket_hits, by_hand, "{policy} {warmup} advanced");
                let p = build(policy, 40, &BuildCtx::of(&t), &Value::Null).unwrap();
                let mut b = Session::new(&t, p, opts.clone());
                while b.step_traced().is_some() {}
                let rb = b.finish();
                assert_eq!((rb.metrics.hits, rb.bucket_hits), (m.hits, by_hand), "{policy} {warmup} stepped");
            }
        }
    }

    #[test]
    fn a_warm_up_reads_as_requests_or_a_share_and_must_leave_requests_to_count() {
        assert_eq!(Warmup::parse("1000").unwrap(), Warmup::Requests(1000));
        assert_eq!(Warmup::parse(" 12.5% ").unwrap(), Warmup::Percent(12.5));
        assert_eq!(Warmup::parse("0").unwrap(), Warmup::None);
        assert_eq!(Warmup::Percent(12.5).requests(1000), 125);
        assert_eq!(Warmup::Requests(5000).requests(1000), 1000);
        for bad in ["ten", "100%", "-5", "5%%"] {
            assert!(Warmup::parse(bad).is_err(), "{bad}");
        }
        let o: RunOptions = serde_json::from_str(r#"{"warmup": "10%", "interval": 50}"#).unwrap();
        assert_eq!((o.warmup, o.interval), (Some(Warmup::Percent(10.0)), Some(50)));
        assert_eq!(serde_json::to_value(o.warmup).unwrap(), serde_json::json!("10%"));
        let all = RunOptions { warmup: Some(Warmup::Requests(10)), ..RunOptions::default() };
        assert!(all.validate(10).unwrap_err().to_string().contains("leaves none of the trace's 10 requests"));
        let tiny = RunOptions { interval: Some(1), ..RunOptions::default() };
        assert!(tiny.validate(crate::limits::MAX_BUCKETS + 1).is_err());
    }
}
