//! A run of a trace file on two threads: one reads and parses the file and hands
//! each chunk of dense ids over a bounded channel; this one serves every chunk to
//! the cells as it comes. A run then takes about the longer of parsing and
//! simulating, not their sum. Taken when every cell can start before the
//! trace's pages are known ([`Policy::grow_pages`]) and nothing needs the whole
//! trace first (sizes in %, a warm-up in %, intervals, a flash model); the
//! numbers are those of the run on the loaded trace (`chunked.rs`'s tests).
//!
//! [`Policy::grow_pages`]: cachescope_sim::policy::Policy::grow_pages

use crate::args::{Args, Frames};
use crate::input::{load_file, Input};
use cachescope_sim::chunked::ChunkRun;
use cachescope_sim::formats::{too_many_requests, MAX_REQUESTS};
use cachescope_sim::policy::{build, BuildCtx};
use cachescope_sim::sim::Metrics;
use cachescope_sim::{RunOptions, SimError, Warmup};
use serde_json::Value;
use std::sync::mpsc::{sync_channel, Receiver};
use std::sync::Arc;

/// Chunks parsed ahead of the simulation, at most (each about 1 MiB of the file).
const AHEAD: usize = 8;

/// A cell of the run: policy, frames, parameters.
pub struct Cell<'a> {
    pub policy: &'a String,
    pub frames: usize,
    params: Value,
}

impl Cell<'_> {
    fn build(&self, warm: usize) -> Result<ChunkRun, SimError> {
        let empty = BuildCtx { n_pages: 0, trace: &[], ids: &[], devices: false, keyed: false };
        Ok(ChunkRun::new(build(self.policy, self.frames, &empty, &self.params)?, warm))
    }
}

/// The cells of `a` and its warm-up, or None when the run must load the trace
/// first.
pub fn cells<'a>(a: &'a Args, opts: &RunOptions) -> Option<(Vec<Cell<'a>>, usize)> {
    let warm = match a.warmup {
        Warmup::None => 0,
        Warmup::Requests(n) => usize::try_from(n).ok()?,
        Warmup::Percent(_) => return None,
    };
    // Anything the loaded-trace path checks or refuses (a trace and a generated
    // workload both given, among others) goes that way.
    if a.trace.is_none() || a.generate.is_some() || a.flash.is_some() || opts.interval.is_some() {
        return None;
    }
    let mut frames = Vec::new();
    for f in &a.frames {
        match *f {
            Frames::Count(n) if !frames.contains(&n) => frames.push(n),
            Frames::Count(_) => {}
            Frames::Percent(_) => return None,
        }
    }
    let mut cells = Vec::new();
    for id in &a.policies {
        let params = a.params.get(id).cloned().unwrap_or_default();
        for &f in &frames {
            let cell = Cell { policy: id, frames: f, params: params.clone() };
            if !cell.build(warm).ok()?.grow_pages(0) {
                return None;
            }
            cells.push(cell);
        }
    }
    Some((cells, warm))
}

type Chunk = Arc<(Vec<u32>, u32)>;

/// Serves every chunk `rx` brings to a run of each cell, built here (a policy
/// stays on its thread); returns their metrics and, with `keep`, the requests.
fn serve(
    cells: &[&Cell],
    warm: usize,
    opts: &RunOptions,
    rx: Receiver<Chunk>,
    keep: bool,
) -> Result<(Vec<Metrics>, Vec<u32>), SimError> {
    let mut runs = cells.iter().map(|c| c.build(warm)).collect::<Result<Vec<_>, _>>()?;
    let mut reqs = Vec::new();
    for chunk in rx {
        let (chunk, distinct) = &*chunk;
        for r in &mut runs {
            r.grow_pages(*distinct);
            r.feed(chunk, opts.collapse_repeats);
        }
        if keep {
            reqs.extend_from_slice(chunk);
        }
    }
    Ok((runs.into_iter().map(|r| r.finish(opts)).collect::<Result<_, _>>()?, reqs))
}

/// Reads `a`'s trace file on one thread while the cells run on its chunks on
/// the others (as many as `a.threads` and the cells allow, this one among
/// them; the reading thread comes on top, so `--threads 1` uses two); returns
/// the loaded trace and each cell's metrics, in cell order.
pub fn run(a: &Args, cells: &[Cell], warm: usize, opts: &RunOptions) -> Result<(Input, Vec<Metrics>), String> {
    let path = a.trace.as_deref().unwrap_or_default();
    let groups = crate::parallel::threads_for(a.threads, cells.len());
    // Cell i runs on thread i % groups.
    let group = |g: usize| cells.iter().skip(g).step_by(groups).collect::<Vec<&Cell>>();
    let (txs, rxs): (Vec<_>, Vec<_>) = (0..groups).map(|_| sync_channel::<Chunk>(AHEAD)).unzip();
    let (input, served) = std::thread::scope(|s| {
        let reader = s.spawn(move || {
            let mut each = |chunk: Vec<u32>, distinct: u32| {
                let chunk = Arc::new((chunk, distinct));
                for tx in &txs {
                    // A closed channel: that thread stopped, and reports why.
                    let _ = tx.send(chunk.clone());
                }
            };
            let mut input = load_file(a, path, Some(&mut each))?;
            // What the loader still held at the end of the file.
            let rest = std::mem::take(&mut input.trace.reqs);
            each(rest, input.trace.distinct());
            Ok::<Input, SimError>(input)
        });
        let mut rxs = rxs.into_iter();
        let first = rxs.next();
        let others: Vec<_> = rxs
            .enumerate()
            .map(|(g, rx)| {
                let cells = group(g + 1);
                s.spawn(move || serve(&cells, warm, opts, rx, false))
            })
            .collect();
        let mut served = vec![first.map_or(Ok((Vec::new(), Vec::new())), |rx| serve(&group(0), warm, opts, rx, true))];
        served.extend(others.into_iter().map(|h| h.join().unwrap_or_else(|_| Err(thread_failed(path)))));
        (reader.join().unwrap_or_else(|_| Err(thread_failed(path))), served)
    });
    let mut input = input.map_err(|e| e.to_string())?;
    let mut per_group = Vec::new();
    for r in served {
        per_group.push(r.map_err(|e| e.to_string())?);
    }
    let reqs = std::mem::take(&mut per_group[0].1);
    if reqs.len() > MAX_REQUESTS {
        return Err(SimError::Input(too_many_requests(MAX_REQUESTS, false)).to_string());
    }
    input.trace.reqs = reqs;
    opts.validate(input.trace.len() as u64).map_err(|e| e.to_string())?;
    // Back in cell order: cell i is the (i / groups)-th of group i % groups.
    let metrics = (0..cells.len()).map(|i| per_group[i % groups].0[i / groups].clone()).collect();
    Ok((input, metrics))
}

fn thread_failed(path: &str) -> SimError {
    SimError::Input(format!("{path}: a thread of the run failed"))
}
