//! Rebuilding the papers' tables (`crate::papers`, the data): each cell is
//! computed here by [`cell`], running the column's policy or flash device on a
//! trace, so the runner (`--reproduce`), the browser's Reproduce view and the
//! tests show the same figures.

use crate::error::SimError;
use crate::flash::{run_flash, FlashConfig, FlashMetrics};
use crate::papers::{Input, Table};
use crate::sim::RunOptions;
use crate::trace::Trace;

/// Checks a supplied trace against the documented length and distinct pages;
/// each difference is one sentence.
pub fn check_input(t: &Table, trace: &Trace) -> Vec<String> {
    let mut out = Vec::new();
    if let Input::File { name, requests, distinct, .. } = &t.input {
        let got = [(requests, trace.len() as u64, "requests"), (distinct, trace.distinct() as u64, "distinct pages")];
        for (want, got, what) in got {
            match *want {
                Some(w) if w != got => out.push(format!("{name} has {w} {what} as documented; this file has {got}.")),
                _ => {}
            }
        }
    }
    out
}

/// Computes the value of row `row`, column `col` on `trace`.
pub fn cell(t: &Table, trace: &Trace, row: usize, col: usize) -> Result<f64, SimError> {
    let (Some(r), Some(c)) = (t.rows.get(row), t.columns.get(col)) else {
        return Err(SimError::config(format!("reproduce {}", t.id), format!("no cell at row {row}, column {col}")));
    };
    let bad = |m: String| SimError::config(format!("reproduce {}", t.id), m);
    if c.value == "hit_ratio" {
        let params: serde_json::Value = if c.params.is_empty() {
            serde_json::Value::Null
        } else {
            serde_json::from_str(&c.params).map_err(|e| bad(e.to_string()))?
        };
        let opts = RunOptions { buckets: 1, collapse_repeats: t.collapse_repeats, ..RunOptions::default() };
        let frames = usize::try_from(r.x).map_err(|_| bad(format!("{} frames", r.x)))?;
        return Ok(crate::sim::run_policy(trace, &c.policy, frames, &params, &opts)?.metrics.hit_ratio * 100.0);
    }
    let metric = c.value.strip_suffix("_reduction").ok_or_else(|| bad(format!("unknown value {:?}", c.value)))?;
    let mut cfg: FlashConfig = serde_json::from_str(&c.flash).map_err(|e| bad(e.to_string()))?;
    let run = |cfg: &FlashConfig| run_flash(cfg, trace, None).map(|r| r.metrics);
    let pick = |m: &FlashMetrics| match metric {
        "erases" => Ok(m.erases as f64),
        "copied" => Ok(m.copied as f64),
        "cleaning_cost" => Ok(m.cleaning_cost),
        other => Err(bad(format!("unknown flash metric {other:?}"))),
    };
    cfg.regions = 1;
    let base = pick(&run(&cfg)?)?;
    cfg.regions = u32::try_from(r.x).map_err(|_| bad(format!("{} regions", r.x)))?;
    let now = pick(&run(&cfg)?)?;
    Ok(if base == 0.0 { 0.0 } else { (1.0 - now / base) * 100.0 })
}

/// Builds the trace of a generated table.
pub fn generated_trace(t: &Table) -> Option<Result<Trace, SimError>> {
    match &t.input {
        Input::Generate { spec } => {
            Some(crate::spec::parse_generator(spec).and_then(|c| crate::generate::generate(&c)))
        }
        Input::File { .. } => None,
    }
}

#[cfg(test)]
mod tests;
