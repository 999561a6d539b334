//! The one list of FTLs, like policy/registry.rs for cache policies.

use super::config::FlashConfig;
use super::entry::FtlEntry;
use super::{block, fast, page};
use crate::describe::registry::find;

/// Every FTL, in the order the catalogue shows them.
pub const FTLS: &[FtlEntry] = &[page::ENTRY, block::ENTRY, fast::ENTRY];

/// The ids of [`FTLS`], as a constant for the device's `ftl` parameter.
pub const FTL_IDS: [&str; FTLS.len()] = crate::ids_of!(FTLS);

pub fn ftl_entry(id: &str) -> Option<&'static FtlEntry> {
    find(FTLS, id)
}

pub fn min_spare(cfg: &FlashConfig) -> u32 {
    ftl_entry(&cfg.ftl).map_or(0, |e| (e.min_spare)(cfg))
}
