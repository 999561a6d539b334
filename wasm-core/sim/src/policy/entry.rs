//! What a policy file declares about itself: its [`PolicyEntry`]. Kept apart from
//! the registry so that policy files depend on this type, not on the list of
//! every policy.

use super::Policy;
use crate::describe::{Entry, Param, View};
use crate::error::SimError;
use serde::Serialize;
use serde_json::Value;

/// What a policy may need from the trace when it is built.
pub struct BuildCtx<'a> {
    /// Dense ids run 0..n_pages.
    pub n_pages: u32,
    /// The packed requests; only OPT looks at them (to know the future).
    pub trace: &'a [u32],
    /// Original id of each dense page (block-aware policies group pages by it).
    pub ids: &'a [u64],
    /// The ids carry a device (labels read `vol D · page P`).
    pub devices: bool,
    /// The pages are string keys (a key-value trace): policies that read page
    /// numbers' neighbours refuse it ([`crate::describe::View::numeric_ids`]).
    pub keyed: bool,
}

impl<'a> BuildCtx<'a> {
    pub fn of(trace: &'a crate::trace::Trace) -> BuildCtx<'a> {
        BuildCtx {
            n_pages: trace.distinct(),
            trace: &trace.reqs,
            ids: &trace.ids,
            devices: trace.devices,
            keyed: trace.keys.is_some(),
        }
    }
}

pub type BuildFn = fn(usize, &BuildCtx, &Value) -> Result<Box<dyn Policy>, SimError>;

/// How the UI groups policies in its pickers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Group {
    Classic,
    Adaptive,
    Flash,
    /// The textbooks' policies (OSTEP, Tanenbaum): MRU, UNOPT, NRU, aging, working set, …
    Textbook,
    /// Written by the user (`policy::user`).
    Yours,
}

impl Group {
    pub const ALL: [Group; 5] = [Group::Classic, Group::Adaptive, Group::Flash, Group::Textbook, Group::Yours];
    pub fn id(self) -> &'static str {
        match self {
            Group::Classic => "classic",
            Group::Adaptive => "adaptive",
            Group::Flash => "flash",
            Group::Textbook => "textbook",
            Group::Yours => "yours",
        }
    }
    pub fn label(self) -> &'static str {
        match self {
            Group::Classic => "Classic",
            Group::Adaptive => "Adaptive",
            Group::Flash => "Flash-aware",
            Group::Textbook => "Textbook",
            Group::Yours => "Your policies",
        }
    }
}

/// How the workbench draws a policy's whole miss-ratio curve (`crate::mrc`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum CurveMethod {
    /// Mattson's stack algorithm: exact at every size in one pass (LRU).
    Stack,
    /// A full run at every size: sampling would not be faithful (OPT's choices
    /// depend on every page's future, not on a sample's).
    ExactOnly,
    /// Miniature simulations on a spatially sampled trace (SHARDS); a policy
    /// with a block parameter samples whole blocks.
    Sampled,
}

pub struct PolicyEntry {
    pub id: &'static str,
    pub name: &'static str,
    /// A name short enough for a legend or a table column.
    pub short: &'static str,
    pub group: Group,
    pub curve: CurveMethod,
    /// The paper (and section) the implementation follows.
    pub source: &'static str,
    /// One line.
    pub summary: &'static str,
    /// The rules in 3–6 plain sentences, in the paper's names for hands and lists.
    pub how: &'static str,
    /// Every key of the configuration, with its type and range.
    pub params: &'static [Param],
    pub view: View,
    /// The configuration with every default filled in, as JSON.
    pub defaults: fn() -> Value,
    pub build: BuildFn,
}

impl Entry for PolicyEntry {
    const KIND: &'static str = "policy";
    fn id(&self) -> &'static str {
        self.id
    }
}

/// How a policy whose published numbers need more than its paper's text reads
/// that paper: `tables` reproduces the printed tables (the default), `text` is
/// the literal text. Each such policy's module lists where the two part.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Reading {
    #[default]
    Tables,
    Text,
}

/// The `reading` parameter, the same for every policy that has one.
pub const READING: Param = Param::choice(
    "reading",
    "Reading",
    &["tables", "text"],
    "tables: the reading that reproduces the paper's published tables (default); text: the literal reading of its text. The policy's documentation lists where they differ.",
);
