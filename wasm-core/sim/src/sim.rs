//! The simulation loop: feeds a trace through a policy in chunks, counting hits
//! per bucket (for the hit-ratio chart), reporting progress between chunks and
//! stopping when asked.

use crate::policy::{Policy, Sink};
use crate::trace::{pack, page_of};
use crate::{CostModel, SimError, Trace};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RunOptions {
    pub cost: CostModel,
    /// Number of points of the hit series (buckets of equal request counts).
    pub buckets: usize,
    /// Write back every dirty page still cached at the end (counted in `flushed`).
    pub flush: bool,
    /// Keep the after-cache stream (miss reads and write-backs, in order).
    pub record_stream: bool,
}

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions { cost: CostModel::default(), buckets: 1000, flush: false, record_stream: false }
    }
}

/// The figures of one run. `reads` counts page reads from storage (one per
/// miss); `writebacks` counts dirty evictions; `flushed` the final flush.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
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

/// Size of the chunks between progress reports.
const PROGRESS_EVERY: u64 = 1 << 18;

/// Runs the whole trace through `policy`. `progress(done, total)` is called now
/// and then; returning false cancels the run.
pub fn run(
    trace: &Trace,
    policy: &mut dyn Policy,
    opts: &RunOptions,
    progress: &mut dyn FnMut(u64, u64) -> bool,
) -> Result<RunResult, SimError> {
    let n = trace.reqs.len() as u64;
    let buckets = opts.buckets.clamp(1, 1_000_000) as u64;
    let bucket_size = n.div_ceil(buckets).max(1);
    let mut sink = Sink::counting();
    if opts.record_stream {
        sink.stream = Some(Vec::new());
    }
    let mut bucket_hits = Vec::with_capacity(n.div_ceil(bucket_size) as usize);
    let mut hits = 0u64;
    let mut since_report = 0u64;
    let mut start = 0usize;
    while start < trace.reqs.len() {
        let end = (start + bucket_size as usize).min(trace.reqs.len());
        let chunk = &trace.reqs[start..end];
        let h = if opts.record_stream { step_streaming(policy, chunk, start, &mut sink) } else { policy.run_chunk(chunk, start, &mut sink) };
        hits += h;
        bucket_hits.push(h as u32);
        since_report += chunk.len() as u64;
        start = end;
        if since_report >= PROGRESS_EVERY {
            since_report = 0;
            if !progress(start as u64, n) {
                return Err(SimError::Cancelled);
            }
        }
    }
    let before_flush = sink.writebacks;
    if opts.flush {
        policy.flush(&mut sink);
    }
    progress(n, n);
    Ok(RunResult {
        metrics: Metrics::finish(n, hits, before_flush, sink.writebacks - before_flush, &opts.cost),
        bucket_size,
        bucket_hits,
        stream: sink.stream.take(),
    })
}

/// One request at a time, so the read of each missed page lands in the stream
/// right after the write-backs its fault caused.
fn step_streaming(policy: &mut dyn Policy, chunk: &[u32], t0: usize, sink: &mut Sink) -> u64 {
    let mut hits = 0;
    for (i, &r) in chunk.iter().enumerate() {
        let req = crate::Req { t: t0 + i, page: page_of(r), write: crate::trace::is_write(r) };
        if policy.access(req, sink) {
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
    use crate::policy::{build, BuildCtx};

    fn run_policy(id: &str, frames: usize, t: &Trace, opts: &RunOptions) -> RunResult {
        let ctx = BuildCtx { n_pages: t.distinct(), trace: &t.reqs, ids: &t.ids };
        let mut p = build(id, frames, &ctx, &serde_json::Value::Null).unwrap();
        run(t, p.as_mut(), opts, &mut |_, _| true).unwrap()
    }

    #[test]
    fn counts_buckets_cost_flush_and_stream() {
        // LRU, 2 frames: 1w 2 1 3w 2 1 → M M H M(evict 2) M(evict 1, dirty) M(evict 3, dirty)
        let t = Trace::from_pages(&[(1, true), (2, false), (1, false), (3, true), (2, false), (1, false)]);
        let opts = RunOptions {
            cost: CostModel { read: 1.0, write: 8.0 },
            buckets: 3,
            flush: true,
            record_stream: true,
        };
        let r = run_policy("lru", 2, &t, &opts);
        let m = &r.metrics;
        assert_eq!((m.requests, m.hits, m.misses, m.reads), (6, 1, 5, 5));
        assert_eq!((m.writebacks, m.flushed), (2, 0));
        assert_eq!(m.cost, 5.0 + 16.0);
        assert_eq!(r.bucket_size, 2);
        assert_eq!(r.bucket_hits, vec![0, 1, 0]);
        // dense ids: 1→0, 2→1, 3→2
        let w = crate::trace::WRITE_BIT;
        assert_eq!(r.stream.unwrap(), vec![0, 1, 2, w, 1, w | 2, 0]);
    }

    #[test]
    fn cancel_stops_the_run() {
        let t = Trace::reads(&(0..1_000_000u64).map(|i| i % 1000).collect::<Vec<_>>());
        let ctx = BuildCtx { n_pages: t.distinct(), trace: &t.reqs, ids: &t.ids };
        let mut p = build("lru", 10, &ctx, &serde_json::Value::Null).unwrap();
        let e = run(&t, p.as_mut(), &RunOptions::default(), &mut |_, _| false).unwrap_err();
        assert_eq!(e, SimError::Cancelled);
    }
}
