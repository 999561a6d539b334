//! What an FTL file declares about itself: its [`FtlEntry`]. Kept apart from
//! the registry so that FTL files depend on this type, not on the list of
//! every FTL.

use super::config::{FlashConfig, Geometry};
use super::ftl::Ftl;
use crate::describe::Entry;
use crate::error::SimError;
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

impl Entry for FtlEntry {
    const KIND: &'static str = "FTL";
    fn id(&self) -> &'static str {
        self.id
    }
}
