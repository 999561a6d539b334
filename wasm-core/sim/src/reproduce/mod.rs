//! The papers' printed numbers that a trace or a generator can rebuild, carried
//! as data beside the code that recomputes them. The runner (`--reproduce`), the
//! browser's Reproduce view and the tests read the same [`TABLES`]; each cell is
//! computed by [`cell`], so every front end shows the same figures.
//!
//! A table names its input (a public trace, checked by length and distinct
//! pages where those are documented, or a generator spec), whether immediate
//! repeats are collapsed (as the LIRS and CLOCK-Pro authors counted their
//! traces), its rows (cache sizes in frames, or DAC region counts) and its
//! columns (a policy, or a flash device and a metric), with each published
//! number and where it is printed. Differences are shown, never hidden.

mod tables;

use crate::flash::{run_flash, FlashConfig, FlashMetrics};
use crate::{RunOptions, SimError, Trace};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
pub use tables::TABLES;

/// Text: borrowed in the built-in tables, owned in one read from JSON (the
/// browser sends the table it shows, which a test may have registered).
pub type Text = Cow<'static, str>;
pub type Items<T> = Cow<'static, [T]>;

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Table {
    /// What `--reproduce` takes.
    pub id: Text,
    pub title: Text,
    /// Paper, table or section, as printed.
    pub source: Text,
    pub input: Input,
    pub collapse_repeats: bool,
    /// What a row's `x` is: `frames` (cache size) or `regions` (DAC regions).
    pub row_key: Text,
    pub row_label: Text,
    /// Unit of the values (`%`).
    pub unit: Text,
    pub columns: Items<Column>,
    pub rows: Items<Row>,
    /// Readings and known differences, in words.
    pub notes: Items<Text>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Input {
    /// A public trace the user supplies. `requests` and `distinct` are the
    /// documented figures the file is checked against (None: not documented).
    File { name: Text, format: Text, requests: Option<u64>, distinct: Option<u64> },
    /// A generated workload, in the runner's `--generate` syntax.
    Generate { spec: Text },
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Column {
    pub label: Text,
    /// A policy id for cache columns; empty for flash columns.
    pub policy: Text,
    /// JSON of the policy's parameters (empty: defaults).
    pub params: Text,
    /// JSON of a `FlashConfig` for flash columns (the trace goes straight to it).
    pub flash: Text,
    /// `hit_ratio`, or `<metric>_reduction`: how much lower a flash metric
    /// (`erases`, `copied`, `cleaning_cost`) is than with one DAC region.
    pub value: Text,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Row {
    pub x: u64,
    /// One per column; None where the paper prints nothing.
    pub published: Items<Option<Published>>,
}

/// A printed number, or a printed range (`lo` to `hi`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Published {
    pub lo: f64,
    pub hi: f64,
}

/// The table with this id.
pub fn table(id: &str) -> Option<&'static Table> {
    TABLES.iter().find(|t| t.id == id)
}

/// How far `computed` is from what was published: 0 inside a range, else the
/// signed distance to the nearer end (computed − published).
pub fn difference(published: Published, computed: f64) -> f64 {
    if computed < published.lo {
        computed - published.lo
    } else if computed > published.hi {
        computed - published.hi
    } else {
        0.0
    }
}

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
        return Ok(crate::run_policy(trace, &c.policy, frames, &params, &opts)?.metrics.hit_ratio * 100.0);
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
