//! The words the core's parts describe themselves with: a parameter (`Param`),
//! how a policy's state is drawn (`View`), reading a configuration from JSON
//! (`parse_config`, `defaults_of`), and a list of entries found by id
//! (`registry`). They stand below everything they describe, so a policy, an
//! FTL or a trace format declares itself without knowing the catalogue that
//! gathers them all (`crate::catalog`, on top).

mod config;
mod param;
pub mod registry;
mod view;

pub use config::{defaults_of, parse_config};
pub use param::{check_all, docs, Param, ParamDoc, ParamKind};
pub use registry::Entry;
pub use view::{list_hint, ListHint, Mark, View, ViewKind, GHOST, HAND, RESIDENT};
