//! `--reproduce NAME`: a published table beside the numbers this core computes.

use crate::args::Args;
use cachescope_sim::papers::{difference, table, Input, TABLES};
use cachescope_sim::reproduce::{cell, check_input, generated_trace};
use serde_json::{json, Value};

pub fn main(a: &Args, name: &str) -> Result<(), String> {
    let Some(t) = table(name) else {
        let known: Vec<String> = TABLES.iter().map(|t| format!("  {:<18} {}", t.id, t.title)).collect();
        let head = if name == "list" { String::new() } else { format!("no table {name:?}; ") };
        return if name == "list" {
            println!("{}", known.join("\n"));
            Ok(())
        } else {
            Err(format!("{head}known tables:\n{}", known.join("\n")))
        };
    };
    let trace = match (&t.input, &a.trace) {
        (Input::Generate { .. }, Some(_)) => return Err(format!("{name} generates its own workload: drop --trace")),
        (Input::Generate { .. }, None) => generated_trace(t).expect("generated").map_err(|e| e.to_string())?,
        (Input::File { name: file, .. }, None) => {
            return Err(format!("{name} runs on {file}: give it with --trace FILE (the public trace, not shipped)"))
        }
        (Input::File { .. }, Some(_)) => crate::input::load(a).map_err(|e| e.to_string())?.trace,
    };
    let warnings = check_input(t, &trace);
    for w in &warnings {
        eprintln!("cachescope: warning: {w}");
    }
    let mut rows = Vec::new();
    for (ri, r) in t.rows.iter().enumerate() {
        let mut cells = Vec::new();
        for (ci, c) in t.columns.iter().enumerate() {
            let computed = cell(t, &trace, ri, ci).map_err(|e| e.to_string())?;
            let published = r.published[ci];
            cells.push(json!({
                "column": c.label, "computed": computed,
                "published": published.map(|p| if p.lo == p.hi { json!(p.lo) } else { json!([p.lo, p.hi]) }),
                "difference": published.map(|p| difference(p, computed)),
            }));
        }
        rows.push(json!({ "x": r.x, "cells": cells }));
    }
    if a.json {
        let out = json!({
            "core": cachescope_sim::catalog::catalog().version, "table": t.id, "title": t.title, "source": t.source,
            "collapse_repeats": t.collapse_repeats, "row": t.row_label, "unit": t.unit,
            "trace": {"requests": trace.len(), "distinct": trace.distinct()},
            "warnings": warnings, "rows": rows, "notes": t.notes,
        });
        println!("{out}");
        return Ok(());
    }
    println!("{}\n{}\n", t.title, t.source);
    let mut head = format!("{:>10}", t.row_label);
    for c in t.columns.iter() {
        head += &format!(" | {:>28}", c.label);
    }
    println!("{head}\n{:>10}{}", "", " |   published computed    diff".repeat(t.columns.len()));
    for r in &rows {
        let mut line = format!("{:>10}", r["x"].to_string());
        for c in r["cells"].as_array().expect("cells") {
            line += &format!(
                " | {:>11} {:>8.2} {:>7}",
                shown(&c["published"]),
                c["computed"].as_f64().unwrap_or(0.0),
                diff(&c["difference"])
            );
        }
        println!("{line}");
    }
    println!("\nvalues in {}; difference = computed − published (0 inside a published range)", t.unit);
    for n in t.notes.iter() {
        println!("- {n}");
    }
    Ok(())
}

fn shown(p: &Value) -> String {
    match p {
        Value::Null => "—".into(),
        Value::Array(r) => format!("{}–{}", r[0], r[1]),
        v => v.to_string(),
    }
}

fn diff(d: &Value) -> String {
    d.as_f64().map_or("—".into(), |x| if x.abs() < 0.005 { "0.00".into() } else { format!("{x:+.2}") })
}
