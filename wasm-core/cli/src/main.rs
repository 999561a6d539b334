//! cachescope: the native runner. Same core as the browser, so the same trace,
//! policy and frames give the same numbers here and there.

mod args;
mod bench;
mod bench_curves;
mod clock;
mod input;
mod memory;
mod own;
mod parallel;
mod pipelined;
mod reproduce;
mod streamed;

use args::Args;
use cachescope_sim::flags::result_row;
use cachescope_sim::flash::{run_flash, FlashMetrics};
use cachescope_sim::frames;
use cachescope_sim::mrc::{self, Sampling};
use cachescope_sim::policy::{build, entry, BuildCtx, CurveMethod, POLICIES};
use cachescope_sim::{RunOptions, SimError, Trace};
use serde_json::{json, Value};
use std::process::ExitCode;

#[global_allocator]
static ALLOC: memory::Guarded = memory::Guarded;

fn main() -> ExitCode {
    let mut argv: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    let result = if argv.first().is_some_and(|a| a == "bench") {
        argv.remove(0);
        bench::main(argv)
    } else {
        match args::parse(argv) {
            Ok(a) => simulate(a),
            // Our own messages say what to change; the usage helps with an unknown flag or a missing value.
            Err(e @ lexopt::Error::Custom(_)) => Err(e.to_string()),
            Err(e) => Err(format!("{e}\n\n{}", args::USAGE)),
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("cachescope: {msg}");
            ExitCode::from(2)
        }
    }
}

fn simulate(a: Args) -> Result<(), String> {
    if let Some(name) = &a.reproduce {
        return reproduce::main(&a, name);
    }
    if a.list_policies && a.json {
        println!("{}", cachescope_sim::catalog::catalog_json());
        return Ok(());
    }
    if a.list_policies {
        for e in POLICIES {
            println!("{:<16} {:<18} {}  defaults: {}", e.id, e.name, e.summary, (e.defaults)());
        }
        return Ok(());
    }
    let mut a = a;
    own::define_files(&mut a)?;
    let a = a;
    for id in &a.policies {
        if entry(id).is_none() {
            let known: Vec<&str> = POLICIES.iter().map(|e| e.id).collect();
            return Err(format!("unknown policy {id:?}; known: {}", known.join(", ")));
        }
    }
    cachescope_sim::flags::params_among(
        a.params.keys().map(String::as_str),
        &a.policies,
        &cachescope_sim::flags::RUNNER,
    )
    .map_err(|e| e.to_string())?;
    if a.stream {
        return streamed::main(&a);
    }
    let opts = RunOptions {
        cost: a.cost,
        flush: a.flush,
        buckets: 1,
        record_stream: a.flash.is_some(),
        collapse_repeats: a.collapse_repeats,
        warmup: Some(a.warmup),
        interval: (a.interval > 0).then_some(a.interval),
    };
    let plain_run = a.check_against.is_none() && !a.mrc && !a.analyze;
    if let Some((cells, warm)) = pipelined::cells(&a, &opts).filter(|_| plain_run) {
        let (input, metrics) = pipelined::run(&a, &cells, warm, &opts)?;
        let results = cells
            .iter()
            .zip(&metrics)
            .map(|(c, m)| {
                let (id, frames) = (c.policy, c.frames);
                let params = a.params.get(id).cloned().unwrap_or(Value::Null);
                let mut row = result_row(id, &params, frames, m);
                own::mark_row(id, &mut row);
                row
            })
            .collect::<Vec<Value>>();
        report(&a, &input, &results, None);
        return Ok(());
    }
    let input = input::load(&a).map_err(|e| e.to_string())?;
    let trace = &input.trace;
    if let Some(reference) = &a.check_against {
        return own::check(&a, &input, reference);
    }
    if a.mrc {
        return print_mrc(&a, &input);
    }
    if a.analyze {
        return print_analysis(&a, &input);
    }
    if let Some(f) = &a.flash {
        // Refuse an impossible device before spending time on the cache runs.
        cachescope_sim::flash::FlashSim::new(f).map_err(flash_error)?;
    }
    opts.validate(trace.len() as u64).map_err(|e| e.to_string())?;
    let cells: Vec<(&String, usize)> = a
        .policies
        .iter()
        .flat_map(|id| frames::resolve(&a.frames, trace.distinct()).into_iter().map(move |f| (id, f)))
        .collect();
    // Every cell on its own thread; collected in cell order, so the output equals one thread's.
    let results = parallel::map(a.threads, &cells, |&(id, frames)| {
        let params = a.params.get(id).cloned().unwrap_or(Value::Null);
        let p = build(id, frames, &BuildCtx::of(trace), &params).map_err(|e| e.to_string())?;
        let r = cachescope_sim::run(trace, p, &opts, &mut |_, _| true).map_err(|e: SimError| e.to_string())?;
        let mut row = result_row(id, &params, frames, &r.metrics);
        if a.interval > 0 {
            row["intervals"] = cachescope_sim::flags::intervals(&r);
        }
        own::mark_row(id, &mut row);
        if let Some(f) = &a.flash {
            let fr = run_flash(f, trace, r.stream.as_deref()).map_err(|e| e.to_string())?;
            row["flash"] = serde_json::to_value(&fr.metrics).expect("metrics serialise");
        }
        Ok(row)
    })
    .into_iter()
    .collect::<Result<Vec<Value>, String>>()?;
    // No cache: the trace itself goes to the FTL.
    let direct = match (&a.flash, a.policies_given) {
        (Some(f), false) => Some(run_flash(f, trace, None).map_err(|e| e.to_string())?.metrics),
        _ => None,
    };
    report(&a, &input, &results, direct.as_ref());
    Ok(())
}

/// The results of a run, as JSON or a table; `direct` is the trace sent straight to the flash model.
fn report(a: &Args, input: &input::Input, results: &[Value], direct: Option<&FlashMetrics>) {
    let trace = &input.trace;
    if a.json {
        let mut out = json!({
            "core": cachescope_sim::catalog::catalog().version,
            "options": {"collapse_repeats": a.collapse_repeats, "flush": a.flush,
                        "warmup": a.warmup, "warmup_requests": a.warmup.requests(trace.len() as u64),
                        "interval": a.interval},
            "trace": input.describe(),
            "cost_model": {"read": a.cost.read, "write": a.cost.write},
            "results": results,
        });
        if let Some(f) = &a.flash {
            out["flash_config"] = serde_json::to_value(f).expect("config serialises");
        }
        if let Some(m) = direct {
            out["flash"] = serde_json::to_value(m).expect("metrics serialise");
        }
        println!("{out}");
    } else {
        print_table(input, results, a.warmup.requests(trace.len() as u64));
        if let Some(m) = direct {
            print_flash("trace → FTL", m);
        }
    }
}

/// `--analyze`: the analysis as JSON, or its figures in a few lines.
fn print_analysis(a: &Args, input: &input::Input) -> Result<(), String> {
    use cachescope_sim::analyze::{analyze, AnalyzeOptions};
    let t0 = std::time::Instant::now();
    let opts = AnalyzeOptions { window: a.window, stack_distances: true, sample: a.analyze_sample };
    let r = analyze(&input.trace, &opts).map_err(|e| e.to_string())?;
    let secs = t0.elapsed().as_secs_f64();
    if a.json {
        let out = json!({"core": cachescope_sim::catalog::catalog().version, "trace": input.describe(),
                         "seconds": secs, "analysis": r});
        println!("{out}");
        return Ok(());
    }
    let pct = |x: f64| format!("{:.2} %", x * 100.0);
    let p = &r.popularity;
    println!("trace: {} — {} requests, {} distinct pages, {} writes", input.source, r.requests, r.distinct, r.writes);
    println!(
        "popularity: Zipf α {:.3} (R² {:.3}, over the {} pages referenced {}+ times); most referenced page {} ({} times)",
        p.alpha,
        p.r2,
        p.fit_ranks,
        cachescope_sim::analyze::FIT_MIN_COUNT,
        p.top_page.as_deref().unwrap_or("-"),
        p.top_count
    );
    println!("one-hit wonders: {} pages, {} of the distinct pages", r.one_hit_pages, pct(r.one_hit_share));
    let pow = |counts: &[u64]| {
        counts
            .iter()
            .enumerate()
            .filter(|(_, &c)| c > 0)
            .map(|(k, c)| format!("{}+: {c}", 1u64 << k))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if let Some(h) = &r.stack_distance {
        let how = match r.sampled {
            Some(rate) => format!("sampled: {} % of the pages, scaled by {:.0}", rate * 100.0, 1.0 / rate),
            None => "exact".into(),
        };
        println!("LRU stack distance ({how}): cold {}; {}", r.cold, pow(&h.counts));
    }
    println!("reuse time (requests): {}", pow(&r.reuse_time.counts));
    println!(
        "runs of consecutive pages (length): {}; {} of requests in runs of 2+",
        pow(&r.runs.counts),
        pct(r.sequential_share)
    );
    let w = &r.windows;
    let (lo, hi) = (w.distinct.iter().min().unwrap_or(&0), w.distinct.iter().max().unwrap_or(&0));
    println!("per window of {} requests ({} windows): working set {lo}–{hi} pages", r.window, w.distinct.len());
    match &r.timing {
        Some(t) => {
            let rates: Vec<f64> = t.window_rate.iter().flatten().copied().collect();
            let (lo, hi) = rates.iter().fold((f64::INFINITY, 0f64), |(l, h), &x| (l.min(x), h.max(x)));
            let rate = t.rate.map_or("-".into(), |x| format!("{x:.1}"));
            let back = if t.backwards > 0 {
                format!("; {} requests timed before the one ahead", t.backwards)
            } else {
                "".into()
            };
            println!("time: {:.3} s, {rate} requests/s; per window {lo:.1}–{hi:.1} requests/s{back}", t.duration);
        }
        None => println!("time: none (the trace has no timestamps)"),
    }
    println!("analysed in {secs:.2} s");
    Ok(())
}

/// Miss-ratio curves of every policy, their jobs spread over the threads.
fn print_mrc(a: &Args, input: &input::Input) -> Result<(), String> {
    let trace = &input.trace;
    let sizes: Option<Vec<usize>> = a.frames_given.then(|| frames::resolve(&a.frames, trace.distinct()));
    let sampling = Sampling {
        always: a.sample_all,
        ..Sampling::from_json(&Value::Object(a.curve_options.clone())).map_err(|e| e.to_string())?
    };
    let plans = a
        .policies
        .iter()
        .map(|id| {
            let params = a.params.get(id).cloned().unwrap_or(Value::Null);
            mrc::Plan::new(trace, id, &params, sizes.as_deref(), sampling).map_err(|e| e.to_string())
        })
        .collect::<Result<Vec<_>, String>>()?;
    let opts = RunOptions { cost: a.cost, collapse_repeats: a.collapse_repeats, ..RunOptions::default() };
    // Largest jobs first, so that no thread is left with a long one at the end.
    let mut jobs: Vec<(usize, usize)> =
        plans.iter().enumerate().flat_map(|(p, plan)| (0..plan.jobs()).map(move |j| (p, j))).collect();
    jobs.sort_by_key(|&(p, j)| std::cmp::Reverse(plans[p].work(j)));
    let points = parallel::map(a.threads, &jobs, |&(p, j)| plans[p].run(j, &opts));
    let mut per_plan = vec![Vec::new(); plans.len()];
    for (&(p, _), pts) in jobs.iter().zip(points) {
        per_plan[p].extend(pts.map_err(|e| e.to_string())?);
    }
    let curves: Vec<mrc::Curve> = plans.iter().zip(&per_plan).map(|(plan, pts)| plan.assemble(pts)).collect();
    if a.json {
        let by_policy: serde_json::Map<String, Value> =
            curves.iter().map(|c| (c.policy.clone(), serde_json::to_value(c).expect("curves serialise"))).collect();
        let out = json!({
            "core": cachescope_sim::catalog::catalog().version,
            "options": {"collapse_repeats": a.collapse_repeats, "sampling": sampling.to_json(), "sample_all": sampling.always},
            "trace": input.describe(),
            "mrc": by_policy,
        });
        println!("{out}");
    } else {
        print_curves(input, &curves);
    }
    Ok(())
}

fn print_curves(input: &input::Input, curves: &[mrc::Curve]) {
    let t = &input.trace;
    println!("miss-ratio curves: {} — {} requests, {} distinct pages", input.source, t.len(), t.distinct());
    for c in curves {
        let how = match c.method {
            CurveMethod::Stack => "exact, one pass".to_string(),
            _ if c.exact => "exact, a run per size".to_string(),
            _ => {
                let (lo, hi) = c.rate.iter().fold((1f64, 0f64), |(l, h), &r| (l.min(r), h.max(r)));
                let e = c.error.iter().fold(0f64, |m, &x| if x.is_nan() { m } else { m.max(x) });
                format!(
                    "sampled, {} samples of {:.3} % to {:.3} % of the pages each; error estimate up to ±{:.2} pp",
                    c.samples,
                    lo * 100.0,
                    hi * 100.0,
                    e * 100.0
                )
            }
        };
        println!("  {:<16} {how}", c.policy);
    }
    print!("{:>12}", "frames");
    for c in curves {
        print!(" {:>22}", c.policy);
    }
    println!();
    for (i, f) in curves.first().map_or(&[][..], |c| &c.frames[..]).iter().enumerate() {
        print!("{f:>12}");
        for c in curves {
            match c.error[i] {
                e if e > 0.0 => print!(" {:>13.5} ± {:<6.5}", c.miss_ratio[i], e),
                _ => print!(" {:>13.5}         ", c.miss_ratio[i]),
            }
        }
        println!();
    }
}

/// A flash configuration error, naming the flag a user types rather than the field.
fn flash_error(e: SimError) -> String {
    match &e {
        SimError::Config { what, msg } => match args::FLASH_FLAGS.iter().find(|(_, field)| field == what) {
            Some((flag, _)) => format!("{flag}: {msg}"),
            None => e.to_string(),
        },
        _ => e.to_string(),
    }
}

fn print_table(input: &input::Input, results: &[Value], warmup: u64) {
    let t: &Trace = &input.trace;
    println!("trace: {} — {} requests, {} distinct pages, {} writes", input.source, t.len(), t.distinct(), t.writes());
    if warmup > 0 {
        println!("warm-up: the first {warmup} requests were served but are not counted below");
    }
    print_rows(results);
}

/// The results as a table, a row per (policy, size).
pub fn print_rows(results: &[Value]) {
    if results.is_empty() {
        return;
    }
    println!(
        "{:<16} {:>10} {:>12} {:>12} {:>9} {:>12} {:>12} {:>14}",
        "policy", "frames", "hits", "misses", "hit %", "reads", "write-backs", "cost"
    );
    let n = |r: &Value, k: &str| r[k].as_u64().unwrap_or(0);
    for r in results {
        println!(
            "{:<16} {:>10} {:>12} {:>12} {:>9.3} {:>12} {:>12} {:>14.1}",
            r["policy"].as_str().unwrap_or(""),
            n(r, "frames"),
            n(r, "hits"),
            n(r, "misses"),
            r["hit_ratio"].as_f64().unwrap_or(0.0) * 100.0,
            n(r, "reads"),
            n(r, "writebacks"),
            r["cost"].as_f64().unwrap_or(0.0),
        );
        if let Ok(m) = serde_json::from_value::<serde_json::Value>(r["flash"].clone()) {
            if !m.is_null() {
                println!(
                    "{:<16} ↳ flash: WAF {:.3}, erases {}, copied {}, erase stddev {:.3}",
                    "",
                    m["waf"].as_f64().unwrap_or(0.0),
                    m["erases"],
                    m["copied"],
                    m["erase_stddev"].as_f64().unwrap_or(0.0)
                );
            }
        }
    }
}

fn print_flash(label: &str, m: &FlashMetrics) {
    println!(
        "{label}: host writes {}, flash writes {}, copied {}, erases {}, WAF {:.3}, erase stddev {:.3}, cleaning cost {:.1}",
        m.host_writes, m.flash_writes, m.copied, m.erases, m.waf, m.erase_stddev, m.cleaning_cost
    );
}
