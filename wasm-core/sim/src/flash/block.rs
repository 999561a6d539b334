//! Block-level mapping: logical block → one physical block, a page always at
//! its own offset. NAND programs pages in increasing offset order, so a write
//! fits in place only at or beyond the block's write pointer; otherwise the
//! block is merged into a replacement block.
//!
//! Reading of the scheme (the TS-CLOCK paper calls block-level mapping
//! "self-explanatory"): the merge is done lazily with one open replacement
//! block. Opening it copies the old block's valid pages below the written
//! offset; later writes to the same logical block at increasing offsets copy
//! only the pages they skip; the merge closes (rest copied, old block erased)
//! when the replacement is full, when a write goes backwards, or when another
//! logical block needs a merge or a new block. Rewriting a whole block in
//! order therefore copies nothing (write amplification 1), while scattered
//! single-page updates copy almost a block each, as block mapping should.
//! Cleaning is the merge itself, so the `gc` policy and watermark do not apply.
//!
//! Block roles: `free`, `data`, `replacement` (open merge target), `merging` (its source).

use super::config::Geometry;
use super::entry::FtlEntry;
use super::event::{FlashEvent, Log};
use super::ftl::{out_of_blocks, Ftl};
use super::nand::{Nand, FREE, NONE, VALID};
use crate::describe::{defaults_of, parse_config};
use crate::error::SimError;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {}

pub const ENTRY: FtlEntry = FtlEntry {
    id: "block",
    name: "Block-level FTL",
    summary: "Maps logical blocks to physical blocks; an out-of-order update merges the block.",
    defaults: defaults_of::<Config>,
    min_spare: |_| 1,
    reserve: "Needs 1 spare block: the block a rewrite merges into.",
    build: |c, g| {
        let _: Config = parse_config("block FTL", &c.ftl_params)?;
        Ok(Box::new(BlockFtl::new(g)))
    },
};

#[derive(Clone, Copy)]
struct Open {
    lbn: u32,
    old: u32,
    new: u32,
}

pub struct BlockFtl {
    nand: Nand,
    bmap: Vec<u32>,
    open: Option<Open>,
    now: u64,
}

impl BlockFtl {
    pub fn new(g: &Geometry) -> BlockFtl {
        BlockFtl { nand: Nand::new(g.blocks, g.ppb), bmap: vec![NONE; g.logical_blocks as usize], open: None, now: 0 }
    }

    /// Copies the old block's valid pages at offsets [from, to) into the replacement.
    fn copy_range(&mut self, o: Open, from: u32, to: u32, log: &mut Log) {
        for off in from..to {
            let src = self.nand.ppn(o.old, off);
            if self.nand.state[src as usize] == VALID {
                let dst = self.nand.ppn(o.new, off);
                let lpn = self.nand.owner[src as usize];
                self.nand.copy(src, dst, self.now);
                log.copied(lpn, src, dst);
            }
        }
    }

    fn close(&mut self, log: &mut Log) {
        if let Some(o) = self.open.take() {
            let wp = self.nand.wp[o.new as usize];
            self.copy_range(o, wp, self.nand.ppb, log);
            self.nand.erase(o.old);
            log.ev(|| FlashEvent::Erase { block: o.old });
        }
    }

    fn invalidate_at(&mut self, b: u32, off: u32, log: &mut Log) {
        let p = self.nand.ppn(b, off);
        if self.nand.state[p as usize] == VALID {
            let lpn = self.nand.owner[p as usize];
            self.nand.invalidate(p);
            log.ev(|| FlashEvent::Invalidate { lpn, ppn: p });
        }
    }

    fn program(&mut self, b: u32, off: u32, lpn: u32, stamp: u32, log: &mut Log) {
        let ppn = self.nand.ppn(b, off);
        self.nand.program(ppn, lpn, stamp, self.now);
        log.ev(|| FlashEvent::HostWrite { lpn, ppn });
    }
}

impl Ftl for BlockFtl {
    fn id(&self) -> &'static str {
        "block"
    }

    fn write(&mut self, lpn: u32, stamp: u32, log: &mut Log) -> Result<(), SimError> {
        self.now += 1;
        let ppb = self.nand.ppb;
        let (lbn, off) = (lpn / ppb, lpn % ppb);
        if let Some(o) = self.open {
            if o.lbn == lbn && off >= self.nand.wp[o.new as usize] {
                let wp = self.nand.wp[o.new as usize];
                self.copy_range(o, wp, off, log);
                self.invalidate_at(o.old, off, log);
                self.program(o.new, off, lpn, stamp, log);
                if self.nand.full(o.new) {
                    self.close(log);
                }
                return Ok(());
            }
            self.close(log);
        }
        let pb = self.bmap[lbn as usize];
        if pb == NONE {
            let b = self.nand.take_free().ok_or_else(|| out_of_blocks("block", "mapping a new logical block"))?;
            log.ev(|| FlashEvent::Open { block: b, role: "data", region: None });
            self.bmap[lbn as usize] = b;
            self.program(b, off, lpn, stamp, log);
            return Ok(());
        }
        if off >= self.nand.wp[pb as usize] {
            debug_assert_eq!(self.nand.state[self.nand.ppn(pb, off) as usize], FREE);
            self.program(pb, off, lpn, stamp, log);
            return Ok(());
        }
        let nb = self.nand.take_free().ok_or_else(|| out_of_blocks("block", "merging"))?;
        log.ev(|| FlashEvent::Merge { merge: "replace", lbn });
        log.ev(|| FlashEvent::Open { block: nb, role: "replacement", region: None });
        if log.on() {
            log.victim = Some(pb);
        }
        let o = Open { lbn, old: pb, new: nb };
        self.open = Some(o);
        self.bmap[lbn as usize] = nb;
        self.copy_range(o, 0, off, log);
        self.invalidate_at(pb, off, log);
        self.program(nb, off, lpn, stamp, log);
        if self.nand.full(nb) {
            self.close(log);
        }
        Ok(())
    }

    fn lookup(&self, lpn: u32) -> Option<u32> {
        let ppb = self.nand.ppb;
        let (lbn, off) = (lpn / ppb, lpn % ppb);
        let b = *self.bmap.get(lbn as usize)?;
        if b == NONE {
            return None;
        }
        let p = self.nand.ppn(b, off);
        if self.nand.state[p as usize] == VALID {
            return Some(p);
        }
        match self.open {
            Some(o) if o.lbn == lbn => {
                let q = self.nand.ppn(o.old, off);
                (self.nand.state[q as usize] == VALID).then_some(q)
            }
            _ => None,
        }
    }
    fn nand(&self) -> &Nand {
        &self.nand
    }
    fn nand_mut(&mut self) -> &mut Nand {
        &mut self.nand
    }
    fn role(&self, b: u32) -> &'static str {
        match self.open {
            Some(o) if o.new == b => return "replacement",
            Some(o) if o.old == b => return "merging",
            _ => {}
        }
        // A mapped block always holds a programmed page; an erased one none.
        if self.nand.wp[b as usize] == 0 {
            "free"
        } else {
            "data"
        }
    }
    fn write_points(&self) -> Vec<u32> {
        self.open.map(|o| vec![o.new]).unwrap_or_default()
    }
}
