//! A flash configuration checked against the FTL it names and turned into
//! sizes ([`Geometry`]), and that FTL built on an empty device. Apart from
//! `config.rs` because the check asks the FTL list (`registry.rs`), whose FTLs
//! read the configuration.

use super::config::{FlashConfig, Geometry, MAX_PHYSICAL_PAGES};
use super::ftl::Ftl;
use super::registry::{self, FTLS};
use crate::describe::registry::lookup;
use crate::error::SimError;

impl FlashConfig {
    pub fn geometry(&self) -> Result<Geometry, SimError> {
        let c = |what: &str, msg: String| Err(SimError::config(what, msg));
        lookup(FTLS, "ftl", &self.ftl)?;
        lookup(super::gc::CLEANING, "gc", &self.gc)?;
        if self.blocks == 0 {
            return c("blocks", "a flash device needs at least 1 block".into());
        }
        if self.pages_per_block == 0 || self.pages_per_block as u64 > crate::limits::MAX_PAGES_PER_BLOCK {
            return c("pages_per_block", format!("must be between 1 and 65536, got {}", self.pages_per_block));
        }
        let phys = self.blocks as u64 * self.pages_per_block as u64;
        if phys > MAX_PHYSICAL_PAGES {
            return c("blocks", format!("{phys} physical pages is more than the {MAX_PHYSICAL_PAGES} supported"));
        }
        if self.page_size == 0 {
            return c("page_size", "must be at least 1 byte".into());
        }
        if !(self.overprovision >= 0.0 && self.overprovision < 1.0) {
            return c("overprovision", format!("must be in [0, 1), got {}", self.overprovision));
        }
        let logical_blocks = (self.blocks as f64 * (1.0 - self.overprovision)).floor() as u32;
        if logical_blocks == 0 {
            return c(
                "blocks",
                format!(
                    "{} block{} at overprovision {} leave{} no logical block; {}",
                    self.blocks,
                    if self.blocks == 1 { "" } else { "s" },
                    self.overprovision,
                    if self.blocks == 1 { "s" } else { "" },
                    self.fewest_blocks_advice()
                ),
            );
        }
        if !(1..=crate::limits::MAX_REGIONS as u32).contains(&self.regions) {
            return c("regions", format!("DAC regions must be between 1 and 16, got {}", self.regions));
        }
        if self.watermark == 0 || (self.watermark >= self.blocks && self.blocks > 1) {
            return c(
                "watermark",
                format!("must be between 1 and blocks-1 ({}), got {}", self.blocks.saturating_sub(1), self.watermark),
            );
        }
        if !(0.0..=1.0).contains(&self.aging_sequential) {
            return c("aging_sequential", format!("must be in [0, 1], got {}", self.aging_sequential));
        }
        if !(self.aging >= 0.0 && self.aging <= 100.0) {
            return c("aging", format!("must be in [0, 100] device writes, got {}", self.aging));
        }
        let l = self.latency;
        if ![l.read_us, l.program_us, l.erase_us, self.write_erase_ratio].iter().all(|x| x.is_finite() && *x >= 0.0) {
            return c("latency", "latencies and write/erase ratio must be finite and >= 0".into());
        }
        let aging_writes = self.aging * phys as f64;
        if aging_writes > crate::generate::MAX_LENGTH as f64 {
            return c(
                "aging",
                format!("{aging_writes:.0} aging writes is more than the {} allowed", crate::generate::MAX_LENGTH),
            );
        }
        let ppb = self.pages_per_block;
        let logical_pages = logical_blocks * ppb;
        if !(self.fill >= 0.0 && self.fill <= 1.0) {
            return c("fill", format!("must be in [0, 1], got {}", self.fill));
        }
        let fill_pages = (self.fill * phys as f64).round() as u64;
        if fill_pages > logical_pages as u64 {
            return c(
                "fill",
                format!(
                    "{} of the physical pages ({fill_pages}) exceeds the logical capacity ({logical_pages} pages); \
                     fill at most {:.4} at overprovision {}",
                    self.fill,
                    logical_pages as f64 / phys as f64,
                    self.overprovision
                ),
            );
        }
        let need = registry::min_spare(self);
        let spare = self.blocks - logical_blocks;
        if spare < need && need >= self.blocks {
            return c(
                "blocks",
                format!(
                    "{} blocks are too few: the {} FTL needs {need} spare blocks (watermark, write points, merge \
                     targets) and at least one logical block; {}",
                    self.blocks,
                    self.ftl,
                    self.fewest_blocks_advice()
                ),
            );
        }
        if spare < need {
            let op = need as f64 / self.blocks as f64;
            return c(
                "overprovision",
                format!(
                    "too small to garbage-collect: the {} FTL needs at least {need} spare blocks (watermark, \
                     write points, merge targets) but {} blocks at overprovision {} leave {spare}; \
                     raise overprovision to about {op:.3} or above",
                    self.ftl, self.blocks, self.overprovision
                ),
            );
        }
        Ok(Geometry {
            blocks: self.blocks,
            ppb,
            logical_blocks,
            logical_pages,
            physical_pages: phys as u32,
            fill_pages: fill_pages as u32,
        })
    }

    /// The fewest blocks that work at this over-provisioning, as advice naming its flag.
    fn fewest_blocks_advice(&self) -> String {
        let need = registry::min_spare(self) as u64;
        let works = |b: u64| {
            let logical = (b as f64 * (1.0 - self.overprovision)).floor() as u64;
            logical >= 1 && b - logical >= need
        };
        match (1..=1u64 << 20).find(|&b| works(b)) {
            Some(b) => format!("use --blocks {b} or more at this over-provisioning"),
            None => "lower --overprovision".into(),
        }
    }
}

/// Validates `cfg` and builds its FTL on an empty device.
pub fn build(cfg: &FlashConfig) -> Result<(Box<dyn Ftl>, Geometry), SimError> {
    let g = cfg.geometry()?;
    let e = registry::ftl_entry(&cfg.ftl).expect("validated");
    Ok(((e.build)(cfg, &g)?, g))
}
