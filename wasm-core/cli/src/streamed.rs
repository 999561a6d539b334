//! `--stream`: a trace file read in chunks, twice, instead of loaded: the
//! runner's numbers for traces longer than memory (see `cachescope_sim::stream`).

use crate::args::Args;
use crate::input::load_options;
use cachescope_sim::flags::result_row;
use cachescope_sim::streamed::{run_streamed, StreamedCell};
use cachescope_sim::{RunOptions, SimError};
use serde_json::{json, Value};
use std::io::Read;

pub fn main(a: &Args) -> Result<(), String> {
    let Some(path) = &a.trace else {
        return Err("--stream reads a --trace file (a generated trace is in memory anyway)".into());
    };
    if a.flash.is_some() || a.mrc {
        return Err("--stream runs policies only: leave out the flash flags and --mrc".into());
    }
    let opts = load_options(a, path).map_err(|e| e.to_string())?;
    let name = std::path::Path::new(path).file_name().and_then(|n| n.to_str()).unwrap_or(path).to_string();
    let mut open = || -> Result<Box<dyn Read>, SimError> {
        Ok(Box::new(std::fs::File::open(path).map_err(|e| SimError::Input(format!("{path}: {e}")))?))
    };
    let mut cells = |distinct: u32| {
        a.policies
            .iter()
            .flat_map(|id| {
                cachescope_sim::frames::resolve(&a.frames, distinct).into_iter().map(move |frames| StreamedCell {
                    policy: id.clone(),
                    frames,
                    params: a.params.get(id).cloned().unwrap_or(Value::Null),
                })
            })
            .collect()
    };
    let run = RunOptions {
        cost: a.cost,
        flush: a.flush,
        collapse_repeats: a.collapse_repeats,
        warmup: Some(a.warmup),
        interval: (a.interval > 0).then_some(a.interval),
        ..RunOptions::default()
    };
    let (cells, s) = run_streamed(&name, &opts, &mut open, &mut cells, &run).map_err(|e| e.to_string())?;
    let results: Vec<Value> =
        cells.iter().zip(&s.metrics).map(|(c, m)| result_row(&c.policy, &c.params, c.frames, m)).collect();
    if a.json {
        let out = json!({
            "core": cachescope_sim::catalog::catalog().version,
            "options": {"collapse_repeats": a.collapse_repeats, "flush": a.flush, "stream": true,
                        "warmup": a.warmup, "warmup_requests": a.warmup.requests(s.requests)},
            "trace": {"source": path, "format": format!("{}{}", s.format.id(), if s.detected { " (detected)" } else { "" }),
                      "requests": s.requests, "distinct": s.distinct, "writes": s.writes, "skipped": s.skipped, "sha256": null},
            "cost_model": {"read": a.cost.read, "write": a.cost.write},
            "results": results,
        });
        println!("{out}");
    } else {
        println!(
            "trace: {path} (streamed) — {} requests, {} distinct pages, {} writes",
            s.requests, s.distinct, s.writes
        );
        crate::print_rows(&results);
    }
    Ok(())
}
