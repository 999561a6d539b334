//! The one list of FTLs, like policy/registry.rs for cache policies.

use super::entry::FtlEntry;
use super::{block, fast, page, FlashConfig, Ftl, Geometry};
use crate::describe::registry::find;
use crate::error::SimError;

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

/// Validates `cfg` and builds its FTL on an empty device.
pub fn build(cfg: &FlashConfig) -> Result<(Box<dyn Ftl>, Geometry), SimError> {
    let g = cfg.geometry()?;
    let e = ftl_entry(&cfg.ftl).expect("validated");
    Ok(((e.build)(cfg, &g)?, g))
}
