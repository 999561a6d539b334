//! Page-level mapping: any logical page anywhere, one write point per DAC
//! region, cleaning by the configured victim policy when free blocks fall
//! below the watermark.
//!
//! Why cleaning cannot run out of blocks: it starts with at least `regions`
//! free blocks (the effective watermark is regions+1 and a host write opens at
//! most one block); a victim holds at most ppb−1 valid pages, so over k victims
//! the copies open at most regions+k−1 blocks while k are erased. Validation
//! requires logical blocks ≤ blocks − watermark − regions − 1, so whenever
//! cleaning runs some closed block holds an invalid page. The loop is still
//! bounded and reports an error instead of spinning.
//!
//! Block roles: `free`, `active` (a write point), `closed` (full, a cleaning candidate).

use super::config::{FlashConfig, Geometry};
use super::dac::Dac;
use super::entry::FtlEntry;
use super::event::{FlashEvent, Log};
use super::ftl::{out_of_blocks, Ftl};
use super::gc::{GcPolicy, Selector};
use super::nand::{Nand, NONE, VALID};
use crate::describe::{defaults_of, parse_config};
use crate::error::SimError;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {}

pub const ENTRY: FtlEntry = FtlEntry {
    id: "page",
    name: "Page-level FTL",
    summary: "Maps every logical page anywhere; cleans by the chosen victim policy, with DAC regions.",
    defaults: defaults_of::<Config>,
    min_spare: |c| c.effective_watermark() + c.regions + 1,
    reserve: "Needs watermark + regions + 1 spare blocks (physical minus logical): the cleaning watermark (at least regions + 1), \
              one write point per DAC region and one block to clean into. With one region that is 4 spare blocks, so a device of \
              8 blocks needs over-provisioning 0.5 (and a fill of at most 0.5).",
    build: |c, g| {
        let _: Config = parse_config("page FTL", &c.ftl_params)?;
        // One region is no clustering; the plain path skips DAC's per-page
        // bookkeeping (tests check both give identical figures).
        Ok(Box::new(PageFtl::new(c, g, c.regions > 1)))
    },
};

pub struct PageFtl {
    nand: Nand,
    map: Vec<u32>,
    sel: Selector,
    /// None: no clustering at all (one write point, no region bookkeeping).
    dac: Option<Dac>,
    active: Vec<u32>,
    block_region: Vec<u8>,
    wm: u32,
    now: u64,
}

impl PageFtl {
    /// `clustering` false builds the plain FTL (one write point, no DAC state),
    /// which DAC with one region must equal.
    pub fn new(c: &FlashConfig, g: &Geometry, clustering: bool) -> PageFtl {
        let policy = GcPolicy::for_ftl(&c.gc, "page").unwrap_or(GcPolicy::Greedy);
        let regions = if clustering { c.regions } else { 1 };
        PageFtl {
            nand: Nand::new(g.blocks, g.ppb),
            map: vec![NONE; g.logical_pages as usize],
            sel: Selector::new(policy, g.blocks, g.ppb),
            dac: clustering.then(|| Dac::new(c.regions, c.threshold, g.logical_pages)),
            active: vec![NONE; regions as usize],
            block_region: vec![0; g.blocks as usize],
            wm: c.effective_watermark(),
            now: 0,
        }
    }

    /// Next free page of region `r`'s write point, opening a block if needed.
    /// The common case (room left in the open block) is inlined into the write
    /// and copy loops; opening a block, rare and with the error path, is not.
    #[inline(always)]
    fn alloc(&mut self, r: u8, log: &mut Log) -> Result<u32, SimError> {
        let b = self.active[r as usize];
        if b != NONE && !self.nand.full(b) {
            return Ok(self.nand.ppn(b, self.nand.wp[b as usize]));
        }
        self.open(r, log)
    }

    #[cold]
    #[inline(never)]
    fn open(&mut self, r: u8, log: &mut Log) -> Result<u32, SimError> {
        let old = self.active[r as usize];
        if old != NONE {
            self.sel.insert(old, &self.nand);
        }
        let b = self.nand.take_free().ok_or_else(|| out_of_blocks("page", "opening a write point"))?;
        self.active[r as usize] = b;
        self.block_region[b as usize] = r;
        let region = self.dac.as_ref().map(|_| r);
        log.ev(|| FlashEvent::Open { block: b, role: "active", region });
        Ok(self.nand.ppn(b, self.nand.wp[b as usize]))
    }

    fn clean(&mut self, log: &mut Log) -> Result<(), SimError> {
        let limit = self.nand.blocks as u64 * 2 + 16;
        let mut rounds = 0u64;
        while self.nand.free_blocks() < self.wm {
            rounds += 1;
            let stuck = || {
                SimError::config("overprovision", "garbage collection found nothing to reclaim; raise overprovision")
            };
            if rounds > limit {
                return Err(stuck());
            }
            let v = self.sel.pick(&self.nand, self.now, true).ok_or_else(stuck)?;
            self.sel.remove(v);
            self.nand.c.gc_victims += 1;
            let (vi, ii) = (self.nand.valid[v as usize], self.nand.invalid[v as usize]);
            log.victim(v, vi, ii, self.sel.policy.id());
            let ppb = self.nand.ppb;
            for off in 0..ppb {
                if self.nand.valid[v as usize] == 0 {
                    break;
                }
                let from = self.nand.ppn(v, off);
                if self.nand.state[from as usize] != VALID {
                    continue;
                }
                let lpn = self.nand.owner[from as usize];
                let r = match &mut self.dac {
                    None => 0,
                    Some(d) => {
                        let (a, b) = d.on_clean(lpn, self.now);
                        if a != b {
                            log.ev(|| FlashEvent::Region { lpn, from: a, to: b, why: "demoted on cleaning" });
                        }
                        b
                    }
                };
                let to = self.alloc(r, log)?;
                self.nand.copy(from, to, self.now);
                self.map[lpn as usize] = to;
                log.copied(lpn, from, to);
            }
            self.nand.erase(v);
            log.ev(|| FlashEvent::Erase { block: v });
        }
        Ok(())
    }
}

impl Ftl for PageFtl {
    fn id(&self) -> &'static str {
        "page"
    }

    #[inline]
    fn write(&mut self, lpn: u32, stamp: u32, log: &mut Log) -> Result<(), SimError> {
        self.now += 1;
        if self.nand.free_blocks() < self.wm {
            self.clean(log)?;
        }
        let old = self.map[lpn as usize];
        let r = match &mut self.dac {
            None => 0,
            Some(d) => {
                let (a, b) = d.on_write(lpn, old != NONE, self.now);
                if a != b {
                    log.ev(|| FlashEvent::Region { lpn, from: a, to: b, why: "promoted on update" });
                }
                b
            }
        };
        if old != NONE {
            let b = self.nand.invalidate(old);
            self.sel.invalidated(b, &self.nand);
            log.ev(|| FlashEvent::Invalidate { lpn, ppn: old });
        }
        let ppn = self.alloc(r, log)?;
        self.nand.program(ppn, lpn, stamp, self.now);
        self.map[lpn as usize] = ppn;
        log.ev(|| FlashEvent::HostWrite { lpn, ppn });
        Ok(())
    }

    #[inline]
    fn lookup(&self, lpn: u32) -> Option<u32> {
        let p = *self.map.get(lpn as usize)?;
        (p != NONE).then_some(p)
    }
    fn nand(&self) -> &Nand {
        &self.nand
    }
    fn nand_mut(&mut self) -> &mut Nand {
        &mut self.nand
    }
    fn role(&self, b: u32) -> &'static str {
        if self.active.contains(&b) {
            "active"
        } else if self.sel.contains(b) {
            "closed"
        } else {
            "free"
        }
    }
    fn region(&self, b: u32) -> Option<u8> {
        let used = self.role(b) != "free";
        (self.dac.is_some() && used).then(|| self.block_region[b as usize])
    }
    fn write_points(&self) -> Vec<u32> {
        self.active.iter().copied().filter(|&b| b != NONE).collect()
    }
}
