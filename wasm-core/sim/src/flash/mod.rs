//! Flash translation layers under a buffer cache (or run directly on a trace):
//! page-level, block-level and FAST hybrid mapping over one NAND model, with
//! DAC's cleaning policies and dynamic data clustering, wear statistics and
//! TS-CLOCK's block-utilisation measure.
//!
//! Files: `config` (geometry, validation), `nand` (physical pages, counters),
//! `gc` (victim policies), `dac` (region state machine), `page` / `block` /
//! `fast` (the FTLs), `entry` (what an FTL declares), `registry` (the FTL
//! list), `params` (the device's parameters as the catalogue lists them), `metrics`, `pipeline`
//! (run on a trace or on a cache's after-cache stream; step-wise API,
//! snapshot), `session` (a device stepped request by request, for the
//! explorer), `check` (the nothing-lost invariant checker).
//!
//! Adding an FTL: a file with a serde `Config`, a type implementing [`Ftl`] and
//! a `pub const ENTRY: FtlEntry` (`entry.rs`), then one line in [`registry::FTLS`].

pub mod block;
pub mod check;
pub mod config;
pub mod dac;
pub mod entry;
pub mod event;
pub mod fast;
pub mod gc;
pub mod metrics;
pub mod nand;
pub mod page;
mod params;
pub mod pipeline;
pub mod registry;
pub mod session;
pub mod snapshot;

#[cfg(test)]
mod sliced_tests;
#[cfg(test)]
mod tests;

pub use config::{FlashConfig, Geometry, Latency};
pub use entry::FtlEntry;
pub use event::{FlashEvent, Log};
pub use metrics::FlashMetrics;
pub use params::PARAMS;
pub use pipeline::{run_flash, run_flash_with, FlashResult, FlashRun, FlashRunOutput, FlashSim, FlashStep};
pub use registry::FTLS;
pub use session::Session;
pub use snapshot::FlashSnapshot;

use crate::error::SimError;
use nand::Nand;

/// A flash translation layer over logical pages `0..logical_pages`.
pub trait Ftl {
    fn id(&self) -> &'static str;
    /// Writes a new version (`stamp`) of `lpn`, cleaning or merging as needed.
    /// Fails only when the device cannot make room (see config validation).
    fn write(&mut self, lpn: u32, stamp: u32, log: &mut Log) -> Result<(), SimError>;
    /// The physical page holding `lpn`'s current data.
    fn lookup(&self, lpn: u32) -> Option<u32>;
    fn nand(&self) -> &Nand;
    fn nand_mut(&mut self) -> &mut Nand;
    /// What a block is for, in the FTL's vocabulary (`free`, `active`, `data`, …).
    fn role(&self, block: u32) -> &'static str;
    /// DAC region of a block, for FTLs that cluster.
    fn region(&self, _block: u32) -> Option<u8> {
        None
    }
    /// Blocks currently receiving writes.
    fn write_points(&self) -> Vec<u32>;

    /// Reads `lpn` (one flash read when it has ever been written).
    fn read(&mut self, lpn: u32, log: &mut Log) -> Option<u32> {
        let p = self.lookup(lpn);
        if p.is_some() {
            self.nand_mut().c.flash_reads += 1;
        }
        log.ev(|| FlashEvent::HostRead { lpn, ppn: p });
        p
    }
}

/// The error every FTL returns when no free block is left where the
/// validation says there must be one: a bug guard, never a panic.
pub(crate) fn out_of_blocks(ftl: &str, doing: &str) -> SimError {
    SimError::config(
        "overprovision",
        format!("the {ftl} FTL ran out of free blocks while {doing}; raise overprovision or blocks"),
    )
}
