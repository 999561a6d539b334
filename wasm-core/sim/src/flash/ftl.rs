//! What every flash translation layer is: the [`Ftl`] trait the page, block
//! and FAST FTLs implement over one NAND model, and the error they share.

use super::event::{FlashEvent, Log};
use super::nand::Nand;
use crate::error::SimError;

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
