//! The one list of FTLs, like policy/registry.rs for cache policies.

use super::{block, fast, page, FlashConfig, Ftl, Geometry};
use crate::SimError;
use serde_json::Value;

pub type BuildFtl = fn(&FlashConfig, &Geometry) -> Result<Box<dyn Ftl>, SimError>;

pub struct FtlEntry {
    pub id: &'static str,
    pub name: &'static str,
    pub summary: &'static str,
    /// The FTL's own parameters with defaults, as JSON (`ftl_params`).
    pub defaults: fn() -> Value,
    /// Spare blocks (physical minus logical) it needs to always make progress.
    pub min_spare: fn(&FlashConfig) -> u32,
    /// The smallest device it accepts, and why, in words.
    pub reserve: &'static str,
    pub build: BuildFtl,
}

pub static FTLS: &[FtlEntry] = &[page::ENTRY, block::ENTRY, fast::ENTRY];

/// The ids of `FTLS`, as a constant for parameter declarations (a test keeps them equal).
pub const FTL_IDS: [&str; 3] = ["page", "block", "fast"];

pub fn ftl_entry(id: &str) -> Option<&'static FtlEntry> {
    FTLS.iter().find(|e| e.id == id)
}

pub fn ftl_ids() -> Vec<&'static str> {
    FTLS.iter().map(|e| e.id).collect()
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

pub use crate::policy::entry::{defaults_of, parse_config};

#[cfg(test)]
mod tests {
    #[test]
    fn ftl_ids_match_the_registry() {
        assert_eq!(super::ftl_ids(), super::FTL_IDS.to_vec());
    }
}
