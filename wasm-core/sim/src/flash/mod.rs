//! Flash translation layers under a buffer cache (or run directly on a trace):
//! page-level, block-level and FAST hybrid mapping over one NAND model, with
//! DAC's cleaning policies and dynamic data clustering, wear statistics and
//! TS-CLOCK's block-utilisation measure.
//!
//! Files: `config` (the configuration and its sizes), `geometry` (checking a
//! configuration against its FTL, building the FTL), `nand` (physical pages,
//! counters), `ftl` (the trait every FTL implements), `gc` (victim policies
//! and the list of cleaning policies), `dac` (region state machine), `page` /
//! `block` / `fast` (the FTLs), `entry` (what an FTL declares about itself),
//! `registry` (the FTL list), `params` (the device's parameters as the
//! catalogue lists them), `metrics`, `pipeline` (run on a trace or on a cache's
//! after-cache stream; step-wise API, snapshot), `session` (a device stepped
//! request by request, for the explorer), `check` (the nothing-lost invariant
//! checker).
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
pub mod ftl;
pub mod gc;
mod geometry;
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
pub use ftl::Ftl;
pub use metrics::FlashMetrics;
pub use params::PARAMS;
pub use pipeline::{run_flash, run_flash_with, FlashResult, FlashRun, FlashRunOutput, FlashSim, FlashStep};
pub use registry::FTLS;
pub use session::Session;
pub use snapshot::FlashSnapshot;
