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
    pub build: BuildFtl,
}

pub static FTLS: &[FtlEntry] = &[page::ENTRY, block::ENTRY, fast::ENTRY];

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

pub use crate::policy::parse_config;

/// The JSON of a configuration type's defaults.
pub fn defaults_of<C: Default + serde::Serialize>() -> Value {
    serde_json::to_value(C::default()).expect("configs serialise")
}
