//! Traces larger than memory: a file read twice in chunks. The first pass
//! learns the distinct pages (and so the dense ids, in order of first use); the
//! second feeds each chunk of requests to every policy as it is read. Memory is
//! bounded by the distinct pages, not by the length, so a trace of billions of
//! requests runs. What remains bounded: dense ids are u32 (at most 2^31 − 1
//! distinct pages), and OPT needs the whole trace to know the future, so it
//! cannot stream.

use crate::chunked::ChunkRun;
use crate::error::SimError;
use crate::formats::{LoadOptions, Loader};
use crate::policy::{build, BuildCtx};
use crate::sim::Metrics;
use crate::sim::RunOptions;
use serde_json::Value;
use std::io::Read;

/// One (policy, size) of a streamed run.
pub struct StreamedCell {
    pub policy: String,
    pub frames: usize,
    pub params: Value,
}

/// What a streamed run learned of its file.
pub struct Streamed {
    pub metrics: Vec<Metrics>,
    pub requests: u64,
    pub distinct: u32,
    pub writes: u64,
    pub skipped: u64,
    pub format: crate::formats::Format,
    pub detected: bool,
}

/// Feeds a file's bytes to a loader in 1 MiB chunks, handing each chunk of requests to `each`.
fn pass(
    name: &str,
    opts: &LoadOptions,
    mut input: Box<dyn Read>,
    each: &mut dyn FnMut(&[u32]),
) -> Result<crate::formats::Loaded, SimError> {
    let mut loader = Loader::new(name, opts.clone());
    let mut buf = vec![0u8; 1 << 20];
    loop {
        let n = input.read(&mut buf).map_err(|e| SimError::Input(format!("{name}: {e}")))?;
        if n == 0 {
            break;
        }
        loader.feed(&buf[..n])?;
        each(&loader.drain());
    }
    let loaded = loader.finish()?;
    each(&loaded.trace.reqs);
    Ok(loaded)
}

/// Runs every cell over the file `open` opens (it is opened twice). `cells`
/// gets the distinct pages once the first pass has counted them (sizes given
/// as a share of the pages resolve then).
pub fn run_streamed(
    name: &str,
    opts: &LoadOptions,
    open: &mut dyn FnMut() -> Result<Box<dyn Read>, SimError>,
    cells: &mut dyn FnMut(u32) -> Vec<StreamedCell>,
    run: &RunOptions,
) -> Result<(Vec<StreamedCell>, Streamed), SimError> {
    let (mut requests, mut writes) = (0u64, 0u64);
    let first = pass(name, opts, open()?, &mut |reqs| {
        requests += reqs.len() as u64;
        writes += reqs.iter().filter(|&&r| crate::trace::is_write(r)).count() as u64;
    })?;
    run.validate(requests)?;
    if run.interval_requests() > 0 {
        return Err(SimError::config(
            "interval",
            "a streamed run gives totals only: load the file (without --stream) for figures per interval",
        ));
    }
    let warm = run.warm_requests(requests) as usize;
    let keyed = first.trace.keys.is_some();
    let ids = first.trace.ids;
    let cells = cells(ids.len() as u32);
    let ctx = BuildCtx { n_pages: ids.len() as u32, trace: &[], ids: &ids, devices: false, keyed };
    let mut runs = cells
        .iter()
        .map(|c| Ok(ChunkRun::new(build(&c.policy, c.frames, &ctx, &c.params)?, warm)))
        .collect::<Result<Vec<ChunkRun>, SimError>>()?;
    // OPT and UNOPT read the future: they serve every request from the trace they were built on.
    if let Some((c, _)) = cells.iter().zip(&runs).find(|(_, r)| r.policy().sees_every_request()) {
        return Err(SimError::config(
            "stream",
            format!("{} needs the whole trace to see the future, so it cannot stream: load the file instead", c.policy),
        ));
    }
    pass(name, opts, open()?, &mut |reqs| {
        for r in &mut runs {
            r.feed(reqs, run.collapse_repeats);
        }
    })?;
    let metrics = runs.into_iter().map(|r| r.finish(run)).collect::<Result<Vec<Metrics>, SimError>>()?;
    Ok((
        cells,
        Streamed {
            metrics,
            requests,
            distinct: ids.len() as u32,
            writes,
            skipped: first.skipped,
            format: first.format,
            detected: first.detected,
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::load_bytes;
    use crate::policy::POLICIES;

    /// OPT and UNOPT: built on the whole trace, they serve every request of it.
    fn reads_the_future(id: &str) -> bool {
        let ctx = BuildCtx { n_pages: 1, trace: &[], ids: &[0], devices: false, keyed: false };
        build(id, 1, &ctx, &Value::Null).unwrap().sees_every_request()
    }

    #[test]
    fn streaming_a_file_equals_loading_it_for_every_policy_but_opt() {
        let text = crate::policy::testutil::plain_text(60_000, 3000, u64::MAX, 4);
        let bytes = text.into_bytes();
        let loaded = load_bytes("t.txt", &bytes, LoadOptions::default()).unwrap().trace;
        let cells: Vec<StreamedCell> = POLICIES
            .iter()
            .filter(|e| !reads_the_future(e.id))
            .flat_map(|e| [50, 700].map(|f| StreamedCell { policy: e.id.into(), frames: f, params: Value::Null }))
            .collect();
        for opts in [RunOptions::default(), RunOptions { collapse_repeats: true, flush: true, ..RunOptions::default() }]
        {
            let b = bytes.clone();
            let mut open = || Ok(Box::new(std::io::Cursor::new(b.clone())) as Box<dyn Read>);
            let mut make = |_| {
                cells
                    .iter()
                    .map(|c| StreamedCell { policy: c.policy.clone(), frames: c.frames, params: Value::Null })
                    .collect()
            };
            let (_, s) = run_streamed("t.txt", &LoadOptions::default(), &mut open, &mut make, &opts).unwrap();
            assert_eq!((s.requests, s.distinct, s.writes), (loaded.len() as u64, loaded.distinct(), loaded.writes()));
            for (c, m) in cells.iter().zip(&s.metrics) {
                let want = crate::sim::run_policy(&loaded, &c.policy, c.frames, &Value::Null, &opts).unwrap().metrics;
                assert_eq!(*m, want, "{} at {}", c.policy, c.frames);
            }
        }
        let mut open = || Ok(Box::new(std::io::Cursor::new(bytes.clone())) as Box<dyn Read>);
        for id in ["opt", "unopt"] {
            let mut opt = |_| vec![StreamedCell { policy: id.into(), frames: 5, params: Value::Null }];
            let e = run_streamed("t.txt", &LoadOptions::default(), &mut open, &mut opt, &RunOptions::default())
                .err()
                .unwrap();
            assert!(e.to_string().contains("cannot stream") && e.to_string().contains(id), "{e}");
        }
    }
}
