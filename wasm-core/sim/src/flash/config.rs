//! Flash device configuration (geometry, FTL, cleaning, DAC, timing) and its
//! validation. Field names match the runner's flags.
//!
//! Readings:
//! - Logical capacity is whole blocks: `floor(blocks * (1 - overprovision))`
//!   blocks, so block-mapped FTLs have a data block for every logical block.
//! - `fill` is, as in DAC's Table II ("amount of initial data, relative to flash
//!   size"), a fraction of the *physical* pages; logical pages `0..fill·physical`
//!   are written in order before measuring, so it cannot exceed `1 - overprovision`.
//! - `aging` is the number of overwrites of the filled pages, as a multiple of
//!   the physical page count (TS-CLOCK ages a 16 GB device with 16 GB of
//!   sequential and random writes: aging 1.0), done after the fill, before
//!   measuring; `aging_sequential` of them come in whole-block sequential runs
//!   (0.5 by default: the paper gives no ratio, so that is our choice).
//! - Time (ages for cost-benefit/CAT, DAC's threshold) is the host-write clock.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Latencies of one page read, one page program, one block erase (µs). The
/// defaults are SLC figures (CRAW Table 1 for read/program; 1.5 ms erase).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Latency {
    pub read_us: f64,
    pub program_us: f64,
    pub erase_us: f64,
}

impl Default for Latency {
    fn default() -> Self {
        Latency { read_us: 25.0, program_us: 200.0, erase_us: 1500.0 }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct FlashConfig {
    /// `page`, `block` or `fast`.
    pub ftl: String,
    /// Victim policy: `greedy`, `cost-benefit`, `cat`, `fifo`.
    pub gc: String,
    pub blocks: u32,
    pub pages_per_block: u32,
    /// Bytes per page; only reported (bytes written), the model counts pages.
    pub page_size: u32,
    /// Spare fraction of the physical pages, not addressable by the host.
    pub overprovision: f64,
    /// Initial fill, fraction of physical pages (DAC uses 0.85 and 0.90).
    pub fill: f64,
    /// DAC regions (1 = no clustering).
    pub regions: u32,
    /// DAC time threshold in host writes; 0 = not set (DAC's Fig. 7 setting).
    pub threshold: u64,
    /// Cleaning starts when fewer free blocks than this remain.
    pub watermark: u32,
    /// Overwrites before measuring, multiple of the physical pages.
    pub aging: f64,
    /// Share of the aging overwrites written as sequential whole-block runs;
    /// the rest are random pages. The TS-CLOCK paper ages its device with both
    /// and gives no ratio: the default, one half, is this project's choice.
    pub aging_sequential: f64,
    /// Seed of the aging writes.
    pub seed: u64,
    pub latency: Latency,
    /// DAC formula (4): write time / erase time of a whole segment.
    pub write_erase_ratio: f64,
    /// The chosen FTL's own parameters (see its module); null = defaults.
    pub ftl_params: Value,
}

impl Default for FlashConfig {
    fn default() -> Self {
        FlashConfig {
            ftl: "page".into(),
            gc: "auto".into(),
            blocks: 1024,
            pages_per_block: 64,
            page_size: 4096,
            overprovision: 0.1,
            fill: 0.85,
            regions: 1,
            threshold: 0,
            watermark: 2,
            aging: 0.0,
            aging_sequential: 0.5,
            seed: 1,
            latency: Latency::default(),
            write_erase_ratio: 0.75,
            ftl_params: Value::Null,
        }
    }
}

/// Sizes derived from a validated configuration.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Geometry {
    pub blocks: u32,
    pub ppb: u32,
    pub logical_blocks: u32,
    pub logical_pages: u32,
    pub physical_pages: u32,
    /// Pages written by the initial fill.
    pub fill_pages: u32,
}

/// Most physical pages: 2^26 (256 GiB of 4 KiB pages) keeps the per-page
/// arrays (about 20 bytes a page with the maps) within a browser's memory.
pub const MAX_PHYSICAL_PAGES: u64 = crate::limits::MAX_PHYSICAL_PAGES;

impl FlashConfig {
    /// The configuration with the defaults that depend on other settings
    /// derived from them, for each field `given` says the user did not set:
    /// the fill is at most what the over-provisioning leaves (the logical
    /// capacity), and the watermark is below the block count and at least
    /// one more than the DAC regions.
    pub fn with_derived_defaults(mut self, given: &dyn Fn(&str) -> bool) -> FlashConfig {
        if !given("watermark") {
            self.watermark = self.watermark.max(self.regions + 1).min(self.blocks.saturating_sub(1)).max(1);
        }
        if !given("fill") && self.blocks > 0 && self.overprovision >= 0.0 && self.overprovision < 1.0 {
            let phys = self.blocks as f64 * self.pages_per_block as f64;
            let logical = (self.blocks as f64 * (1.0 - self.overprovision)).floor() * self.pages_per_block as f64;
            if phys > 0.0 {
                self.fill = self.fill.min(logical / phys);
            }
        }
        self
    }

    /// Free-block level the page FTL cleans up to: at least one more than the
    /// regions, so that cleaning one victim (copies spread over every region's
    /// write point) can always open the blocks it needs (see page.rs).
    pub fn effective_watermark(&self) -> u32 {
        self.watermark.max(self.regions + 1)
    }
}
