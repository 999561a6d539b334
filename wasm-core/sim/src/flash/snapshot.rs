//! The flash device's state at one instant, for the explorer: every block's
//! counters, wear, role and DAC region (the page states, one byte a page, come
//! apart: `FlashSim::page_states`); the write points; the
//! block the last step cleaned or merged and the pages it copied; and where a
//! selected logical page lives.

use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct FlashSnapshot {
    pub ftl: &'static str,
    pub gc: String,
    pub blocks: u32,
    pub pages_per_block: u32,
    pub logical_pages: u32,
    /// The initial fill the device was given, derived from the over-provisioning when not set
    /// (the explorer's form shows it rather than the catalogue's default).
    pub fill: f64,
    pub free_blocks: u32,
    pub block: Vec<BlockView>,
    pub write_points: Vec<u32>,
    /// Victim (or merge source) of the last step, if it cleaned.
    pub victim: Option<u32>,
    /// Pages copied in the last step.
    pub copies: Vec<CopyView>,
    pub selected: Option<PageView>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct BlockView {
    pub valid: u32,
    pub invalid: u32,
    /// Lifetime erases (fill and aging included: this is the device's wear).
    pub erases: u32,
    pub role: &'static str,
    pub region: Option<u8>,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct CopyView {
    pub lpn: u32,
    pub from: u32,
    pub to: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct PageView {
    pub lpn: u32,
    pub ppn: Option<u32>,
    pub block: Option<u32>,
    pub offset: Option<u32>,
    /// Latest host version written (0 = never written).
    pub version: u32,
}
