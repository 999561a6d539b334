//! Policies the user wrote (`--policy-file FILE.js`) and `--check-against`.

use crate::args::Args;
use crate::input::Input;
use cachescope_js::JsSource;
use cachescope_sim::check::{check as check_policies, CheckReport};
use cachescope_sim::policy::user;
use serde_json::Value;
use std::path::Path;
use std::sync::Arc;

/// Defines each `--policy-file` under its file's stem and adds it to the run.
pub fn define_files(a: &mut Args) -> Result<(), String> {
    for file in &a.policy_files {
        let path = Path::new(file);
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
        let source = std::fs::read_to_string(path).map_err(|e| format!("--policy-file {file}: {e}"))?;
        let js = JsSource::new(stem, &source).map_err(|e| format!("--policy-file {file}: {e}"))?;
        user::define(Arc::new(js)).map_err(|e| format!("--policy-file {file}: {e}"))?;
        if !a.policies.iter().any(|p| p == stem) {
            a.policies.push(stem.to_string());
        }
    }
    Ok(())
}

/// A user policy's result row names its source by its SHA-256.
pub fn mark_row(id: &str, row: &mut Value) {
    if let Some((source, _, _)) = user::lookup(id) {
        row["source"] = Value::String(source.provenance());
    }
}

/// `--check-against ID`: each file's policy against ID; a difference exits 2.
pub fn check(a: &Args, input: &Input, reference: &str) -> Result<(), String> {
    let mine: Vec<&String> = a.policies.iter().filter(|p| user::lookup(p).is_some() && *p != reference).collect();
    if mine.is_empty() {
        return Err("--check-against compares the policies of --policy-file files; give one".into());
    }
    let trace = &input.trace;
    let sizes: Vec<usize> = a.frames.iter().map(|f| f.resolve(trace.distinct())).collect();
    let ref_params = a.params.get(reference).cloned().unwrap_or(Value::Null);
    let mut differ = Vec::new();
    for id in mine {
        let params = a.params.get(id.as_str()).cloned().unwrap_or(Value::Null);
        let r = check_policies(Some((trace, &sizes)), (id, &params), (reference, &ref_params))
            .map_err(|e| e.to_string())?;
        if a.json {
            println!("{}", serde_json::to_string(&r).expect("reports serialise"));
        } else {
            print(&r, &input.source);
        }
        if r.difference.is_some() {
            differ.push(id.clone());
        }
    }
    match differ.len() {
        0 => Ok(()),
        _ => Err(format!("{} decided differently from {reference}", differ.join(", "))),
    }
}

fn print(r: &CheckReport, source: &str) {
    match &r.difference {
        None => println!(
            "{} decides as {} on every request: {} cases (the trace and generated ones), {} requests",
            r.policy, r.reference, r.cases, r.requests
        ),
        Some(d) => {
            let trace = if d.trace == "current" { source.to_string() } else { format!("generated: {}", d.trace) };
            let did = |hit: bool, v: &Option<String>| match (hit, v) {
                (true, _) => "hit".to_string(),
                (false, Some(v)) => format!("miss, evicted page {v}"),
                (false, None) => "miss, evicted nothing".to_string(),
            };
            println!(
                "{} first differs from {} at request {} (page {}), {} frames, on {trace}:",
                r.policy, r.reference, d.request, d.page, d.frames
            );
            println!("  {:<16} {}", r.policy, did(d.hit, &d.victim));
            println!("  {:<16} {}", r.reference, did(d.reference_hit, &d.reference_victim));
        }
    }
}
