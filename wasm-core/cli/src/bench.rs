//! `cachescope bench`: native throughput of every policy on one generated trace.
//! It prints figures; nothing here is a test.

use cachescope_sim::generate::{generate, GenConfig, Workload};
use cachescope_sim::policy::{build, BuildCtx, POLICIES};
use cachescope_sim::{RunOptions, Session};
use serde_json::json;
use std::time::Instant;

pub fn main(argv: Vec<std::ffi::OsString>) -> Result<(), String> {
    use lexopt::prelude::*;
    let (mut requests, mut pages, mut alpha, mut pct, mut as_json) =
        (10_000_000u64, 1_000_000u64, 1.0f64, 1.0f64, false);
    let mut only: Option<Vec<String>> = None;
    let mut parse_files: Vec<(String, String)> = Vec::new();
    let mut flash_writes = 0u64;
    let mut workbench = false;
    // Each policy's best of `repeat` runs: on a shared machine the best is the least disturbed.
    let mut repeat = 1usize;
    let mut p = lexopt::Parser::from_args(argv);
    while let Some(arg) = p.next().map_err(|e| e.to_string())? {
        match arg {
            Long("requests") => requests = val(&mut p)?.parse().map_err(|_| "--requests: not a number")?,
            Long("pages") => pages = val(&mut p)?.parse().map_err(|_| "--pages: not a number")?,
            Long("alpha") => alpha = val(&mut p)?.parse().map_err(|_| "--alpha: not a number")?,
            Long("cache-pct") => pct = val(&mut p)?.parse().map_err(|_| "--cache-pct: not a number")?,
            Long("policy") => only = Some(val(&mut p)?.split(',').map(String::from).collect()),
            Long("json") => as_json = true,
            Long("workbench") => workbench = true,
            Long("repeat") => repeat = val(&mut p)?.parse::<usize>().map_err(|_| "--repeat: not a number")?.max(1),
            Long("parse") => {
                let v = val(&mut p)?;
                let (fmt, path) = v.split_once('=').ok_or("--parse takes FORMAT=FILE")?;
                parse_files.push((fmt.to_string(), path.to_string()));
            }
            Long("flash-writes") => flash_writes = val(&mut p)?.parse().map_err(|_| "--flash-writes: not a number")?,
            _ => return Err(arg.unexpected().to_string()),
        }
    }
    let cfg = GenConfig::single(Workload::Zipf { pages, alpha }, requests, 0.3, 1);
    let t0 = Instant::now();
    let trace = generate(&cfg).map_err(|e| e.to_string())?;
    let gen_s = t0.elapsed().as_secs_f64();
    let frames = ((pages as f64 * pct / 100.0) as usize).max(1);
    let bytes_per_req = (trace.reqs.capacity() * 4 + trace.ids.capacity() * 8) as f64 / trace.len() as f64;
    let mut rows: Vec<serde_json::Value> = Vec::new();
    for e in POLICIES {
        if only.as_ref().is_some_and(|o| !o.iter().any(|x| x == e.id)) {
            continue;
        }
        let (mut run_s, mut build_s, mut hits) = (f64::INFINITY, 0.0, 0);
        for _ in 0..repeat {
            let t0 = Instant::now();
            let p = build(e.id, frames, &BuildCtx::of(&trace), &(e.defaults)()).map_err(|e| e.to_string())?;
            build_s = t0.elapsed().as_secs_f64();
            let t1 = crate::clock::Clock::start();
            let mut s = Session::new(&trace, p, RunOptions { buckets: 1, ..RunOptions::default() });
            s.advance(usize::MAX).map_err(|e| e.to_string())?;
            run_s = run_s.min(t1.seconds());
            hits = s.hits();
        }
        rows.push(json!({
            "policy": e.id, "mreq_per_s": trace.len() as f64 / run_s / 1e6,
            "seconds": run_s, "build_seconds": build_s, "hit_ratio": hits as f64 / trace.len() as f64,
        }));
    }
    let own = if only.is_none() { Some(bench_own(&trace, frames)?) } else { None };
    let analysis = bench_analysis(&trace)?;
    let mut parse = Vec::new();
    for (fmt, path) in &parse_files {
        parse.push(bench_parse(fmt, path)?);
    }
    let flash = if flash_writes > 0 { Some(bench_flash(flash_writes)?) } else { None };
    let curves = if workbench { Some(crate::bench_curves::curves(&trace, frames)?) } else { None };
    let sweep = if workbench { Some(crate::bench_curves::sweep(&trace)?) } else { None };
    let out = json!({
        "trace": {"kind": "zipf", "alpha": alpha, "pages": pages, "requests": requests, "frames": frames,
                   "generate_seconds": gen_s, "bytes_per_request": bytes_per_req},
        "policies": rows,
        "own_policy": own,
        "analysis": analysis,
        "parse": parse,
        "flash": flash,
        "curves": curves,
        "sweep": sweep,
    });
    if as_json {
        println!("{out}");
    } else {
        println!("{}", serde_json::to_string_pretty(&out).expect("json"));
    }
    Ok(())
}

/// An LRU written to the user-policy contract in JavaScript (the editor's template),
/// natively: the requests per second a user's policy runs at, beside the built-in's.
fn bench_own(trace: &cachescope_sim::Trace, frames: usize) -> Result<serde_json::Value, String> {
    use cachescope_sim::policy::user::{define, TEMPLATES};
    let src = TEMPLATES.iter().find(|t| t.0 == "lru").expect("an LRU template").2;
    let js = cachescope_js::JsSource::new("lru-js", src).map_err(|e| e.to_string())?;
    define(std::sync::Arc::new(js)).map_err(|e| e.to_string())?;
    let t0 = Instant::now();
    let p = build("lru-js", frames, &BuildCtx::of(trace), &serde_json::Value::Null).map_err(|e| e.to_string())?;
    let mut s = Session::new(trace, p, RunOptions { buckets: 1, ..RunOptions::default() });
    s.advance(usize::MAX).map_err(|e| e.to_string())?;
    let secs = t0.elapsed().as_secs_f64();
    Ok(
        json!({"policy": "lru written in JavaScript (QuickJS-ng, native)", "mreq_per_s": trace.len() as f64 / secs / 1e6,
              "seconds": secs, "hit_ratio": s.hits() as f64 / trace.len() as f64}),
    )
}

/// `--analyze`'s throughput: everything but the stack distances, and those alone
/// (exact, and from a 1 % sample as `--analyze-sample 0.01` draws it).
fn bench_analysis(trace: &cachescope_sim::Trace) -> Result<serde_json::Value, String> {
    use crate::clock::Clock;
    use cachescope_sim::analyze::{analyze, AnalyzeOptions};
    let t0 = Clock::start();
    analyze(trace, &AnalyzeOptions { window: 0, stack_distances: false, sample: None }).map_err(|e| e.to_string())?;
    let one_pass = t0.seconds();
    let t1 = Clock::start();
    let c = cachescope_sim::mrc::lru_curve(trace);
    let stack = t1.seconds();
    let t2 = Clock::start();
    cachescope_sim::analyze::sampled_stack_distances(trace, 0.01, 0);
    let sampled = t2.seconds();
    let n = trace.len() as f64;
    Ok(json!({"mreq_per_s": n / one_pass / 1e6, "stack_mreq_per_s": n / stack / 1e6,
              "sampled_stack_mreq_per_s": n / sampled / 1e6, "sampled_rate": 0.01, "cold": c.cold}))
}

fn val(p: &mut lexopt::Parser) -> Result<String, String> {
    use lexopt::ValueExt;
    p.value().map_err(|e| e.to_string())?.string().map_err(|e| e.to_string())
}

/// Parse throughput of one file already in memory, fed in 4 MiB chunks as the
/// browser worker feeds it.
fn bench_parse(fmt: &str, path: &str) -> Result<serde_json::Value, String> {
    use cachescope_sim::formats::{Format, LoadOptions, Loader};
    let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    let format = Format::from_id(fmt).ok_or_else(|| format!("unknown format {fmt}"))?;
    let (mut s, mut requests) = (f64::INFINITY, 0);
    // Best of three: the machine is shared and the first pass also warms the page cache.
    for _ in 0..3 {
        let t0 = Instant::now();
        let mut l = Loader::new(path, LoadOptions { format: Some(format), ..LoadOptions::default() });
        for chunk in bytes.chunks(4 << 20) {
            l.feed(chunk).map_err(|e| e.to_string())?;
        }
        requests = l.finish().map_err(|e| e.to_string())?.trace.len();
        s = s.min(t0.elapsed().as_secs_f64());
    }
    Ok(json!({"format": fmt, "bytes": bytes.len(), "requests": requests, "mb_per_s": bytes.len() as f64 / s / 1e6}))
}

/// Page-level FTL with greedy GC at 85 % utilisation: the device is filled to
/// 85 % of its physical pages and then overwritten uniformly at random within
/// that data, so utilisation stays at 85 % (writing over the whole logical space
/// would creep up to the 90 % that 10 % over-provisioning allows).
fn bench_flash(writes: u64) -> Result<serde_json::Value, String> {
    use cachescope_sim::flash::{run_flash, FlashConfig};
    let cfg = FlashConfig::default();
    let geo = cfg.geometry().map_err(|e| e.to_string())?;
    let g = GenConfig::single(Workload::Uniform { pages: geo.fill_pages as u64 }, writes, 1.0, 7);
    let trace = generate(&g).map_err(|e| e.to_string())?;
    let t0 = Instant::now();
    let r = run_flash(&cfg, &trace, None).map_err(|e| e.to_string())?;
    let s = t0.elapsed().as_secs_f64();
    Ok(
        json!({"pages": geo.fill_pages, "utilisation": r.metrics.utilisation, "ftl": cfg.ftl, "gc": cfg.gc, "fill": cfg.fill, "host_writes": r.metrics.host_writes,
              "waf": r.metrics.waf, "seconds": s, "mwrites_per_s": r.metrics.host_writes as f64 / s / 1e6}),
    )
}
