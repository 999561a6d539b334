//! The papers' printed numbers that a trace or a generator can rebuild, as
//! data: each table names its input (a public trace, checked by length and
//! distinct pages where those are documented, or a generator spec), whether
//! immediate repeats are collapsed (as the LIRS and CLOCK-Pro authors counted
//! their traces), its rows (cache sizes in frames, or DAC region counts) and
//! its columns (a policy, or a flash device and a metric), with each published
//! number and where it is printed. Differences are shown, never hidden.
//!
//! Only data and its arithmetic live here, on the ground floor; computing a
//! cell runs policies and FTLs, and is `crate::reproduce`'s, above them. The
//! runner (`--reproduce`), the browser's Reproduce view (through the
//! catalogue) and the tests read the same [`TABLES`].

mod tables;

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
