//! One policy run fed the trace's requests a chunk at a time, as they are read:
//! how a streamed file runs (`streamed.rs`) and how the native runner simulates
//! while another thread still parses. Its metrics equal a run over the loaded
//! trace (`sim::run`) with the same options, intervals aside.

use crate::error::SimError;
use crate::policy::{Policy, Sink};
use crate::sim::{Metrics, RunOptions};

pub struct ChunkRun {
    policy: Box<dyn Policy>,
    sink: Sink,
    hits: u64,
    pos: usize,
    last: u32,
    /// Write-backs of the warm-up, not counted.
    warm_writebacks: u64,
    /// Requests served without being counted, from the start.
    warm: usize,
}

impl ChunkRun {
    /// A run of `policy` whose first `warm` requests are served but not counted.
    pub fn new(policy: Box<dyn Policy>, warm: usize) -> ChunkRun {
        ChunkRun {
            policy,
            sink: Sink::counting(),
            hits: 0,
            pos: 0,
            last: crate::collections::NIL,
            warm_writebacks: 0,
            warm,
        }
    }

    pub fn policy(&self) -> &dyn Policy {
        self.policy.as_ref()
    }

    /// Extends the policy's pages to `0..n_pages` (see [`Policy::grow_pages`]).
    pub fn grow_pages(&mut self, n_pages: u32) -> bool {
        self.policy.grow_pages(n_pages)
    }

    /// Serves the next requests of the trace.
    pub fn feed(&mut self, reqs: &[u32], collapse_repeats: bool) {
        // The warm-up's part of the chunk is served, its hits not counted.
        let split = self.warm.saturating_sub(self.pos).min(reqs.len());
        for (part, counted) in [(&reqs[..split], false), (&reqs[split..], true)] {
            if part.is_empty() {
                continue;
            }
            let h = if collapse_repeats {
                self.policy.run_chunk_collapsing(part, self.pos, &mut self.last, &mut self.sink)
            } else {
                self.policy.run_chunk(part, self.pos, &mut self.sink)
            };
            self.pos += part.len();
            if counted {
                self.hits += h;
            } else if self.pos == self.warm {
                self.warm_writebacks = self.sink.writebacks;
            }
        }
    }

    /// The run's metrics once every request was fed (the final flush if `run` asks).
    pub fn finish(mut self, run: &RunOptions) -> Result<Metrics, SimError> {
        self.policy.settle()?;
        let before = self.sink.writebacks;
        if run.flush {
            self.policy.flush(&mut self.sink);
        }
        let counted = self.pos.saturating_sub(self.warm) as u64;
        Ok(Metrics::finish(counted, self.hits, before - self.warm_writebacks, self.sink.writebacks - before, &run.cost))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::{LoadOptions, Loader};
    use crate::policy::{build, BuildCtx, POLICIES};
    use serde_json::Value;

    /// Every policy that grows, run on chunks as a loader drains them (its pages
    /// grown to the distinct pages read so far), gives the loaded trace's metrics.
    #[test]
    fn a_run_grown_chunk_by_chunk_equals_the_run_on_the_loaded_trace() {
        let text = crate::policy::testutil::plain_text(40_000, 2500, 100, 3);
        let loaded = crate::formats::load_bytes("t.txt", text.as_bytes(), LoadOptions::default()).unwrap().trace;
        let empty = BuildCtx { n_pages: 0, trace: &[], ids: &[], devices: false, keyed: false };
        let grown: Vec<&str> = POLICIES
            .iter()
            .map(|e| e.id)
            .filter(|id| build(id, 10, &empty, &Value::Null).is_ok_and(|mut p| p.grow_pages(1)))
            .collect();
        for id in ["lru", "clock", "arc", "sieve", "s3-fifo"] {
            assert!(grown.contains(&id), "{id} grows");
        }
        let opts = [
            RunOptions::default(),
            RunOptions {
                collapse_repeats: true,
                flush: true,
                warmup: Some(crate::sim::Warmup::Requests(5000)),
                ..RunOptions::default()
            },
        ];
        for run in &opts {
            for id in &grown {
                for frames in [30, 600] {
                    let mut r = ChunkRun::new(
                        build(id, frames, &empty, &Value::Null).unwrap(),
                        run.warm_requests(40_000) as usize,
                    );
                    let mut l = Loader::new("t.txt", LoadOptions::default());
                    for piece in text.as_bytes().chunks(7919) {
                        l.feed(piece).unwrap();
                        let reqs = l.drain();
                        assert!(r.grow_pages(l.distinct()));
                        r.feed(&reqs, run.collapse_repeats);
                    }
                    let last = l.finish().unwrap().trace;
                    assert!(r.grow_pages(last.distinct()));
                    r.feed(&last.reqs, run.collapse_repeats);
                    let want = crate::sim::run_policy(&loaded, id, frames, &Value::Null, run).unwrap().metrics;
                    assert_eq!(r.finish(run).unwrap(), want, "{id} at {frames}");
                }
            }
        }
    }
}
