//! FAST hybrid mapping (Lee et al. 2007, the TS-CLOCK paper's hybrid FTL):
//! data blocks are block-mapped (a page at its own offset), every update goes
//! to log blocks, which are page-mapped.
//!
//! - One sequential (SW) log block: a write at offset 0 starts it for that
//!   logical block; writes continuing it in order append.
//! - The other updates go to random (RW) log blocks, shared by all logical
//!   blocks, filled in order. When all `log_blocks` RW logs are full, the
//!   victim policy picks one (FAST's own order is round-robin = `fifo`; the
//!   others are allowed for comparison) and each logical block with a valid
//!   page in it is fully merged; then it is erased.
//! - Closing the SW log: all pages valid and full → switch merge (it becomes
//!   the data block, the old one is erased, nothing copied); all valid but not
//!   full → partial merge (the remaining offsets' current data is copied into
//!   it, then as switch); otherwise a full merge.
//! - Full merge of logical block x: a free block receives the current copy of
//!   each of x's pages, wherever it is; x's old data block (and its SW log)
//!   are erased.
//!
//! Pages never written stay free in data blocks; a later first write of such a
//! page goes to a log like any update (FAST never writes data blocks in place).
//!
//! Free blocks: data ≤ logical blocks, 1 SW, at most `log_blocks` RW; with
//! log_blocks ≤ spare − 2 one block is always free for a merge target.
//! Block roles: `free`, `data`, `sw-log`, `rw-log`.

use super::config::{FlashConfig, Geometry};
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
pub struct Config {
    /// RW log blocks; 0 = every spare block but the SW log and one merge target.
    pub log_blocks: u32,
}

pub const ENTRY: FtlEntry = FtlEntry {
    id: "fast",
    name: "FAST hybrid FTL",
    summary: "Block-mapped data blocks, page-mapped log blocks; switch, partial and full merges.",
    defaults: defaults_of::<Config>,
    min_spare: |_| 3,
    reserve: "Needs 3 spare blocks: the sequential log block, at least one random log block and a merge target.",
    build: |c, g| {
        let p: Config = parse_config("fast FTL", &c.ftl_params)?;
        let most = g.blocks.saturating_sub(g.logical_blocks + 2);
        if p.log_blocks > most {
            return Err(SimError::config(
                "fast FTL parameters",
                format!("log_blocks {} exceeds the {most} spare blocks available for RW logs", p.log_blocks),
            ));
        }
        let n = if p.log_blocks == 0 { most } else { p.log_blocks };
        Ok(Box::new(FastFtl::new(c, g, n)))
    },
};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    Free,
    Data,
    Sw,
    Rw,
}

pub struct FastFtl {
    nand: Nand,
    role: Vec<Role>,
    data: Vec<u32>,
    /// Current copy of a page when it lives in a log block.
    logmap: Vec<u32>,
    /// SW log block and its logical block.
    sw: Option<(u32, u32)>,
    rw_cur: u32,
    rw_count: u32,
    max_rw: u32,
    sel: Selector,
    now: u64,
}

impl FastFtl {
    pub fn new(c: &FlashConfig, g: &Geometry, max_rw: u32) -> FastFtl {
        let policy = GcPolicy::for_ftl(&c.gc, "fast").unwrap_or(GcPolicy::Fifo);
        FastFtl {
            nand: Nand::new(g.blocks, g.ppb),
            role: vec![Role::Free; g.blocks as usize],
            data: vec![NONE; g.logical_blocks as usize],
            logmap: vec![NONE; g.logical_pages as usize],
            sw: None,
            rw_cur: NONE,
            rw_count: 0,
            max_rw: max_rw.max(1),
            sel: Selector::new(policy, g.blocks, g.ppb),
            now: 0,
        }
    }

    fn take(&mut self, role: Role, doing: &str, log: &mut Log) -> Result<u32, SimError> {
        let b = self.nand.take_free().ok_or_else(|| out_of_blocks("fast", doing))?;
        self.role[b as usize] = role;
        let name = role_name(role);
        log.ev(|| FlashEvent::Open { block: b, role: name, region: None });
        Ok(b)
    }

    fn erase(&mut self, b: u32, log: &mut Log) {
        self.sel.remove(b);
        self.nand.erase(b);
        self.role[b as usize] = Role::Free;
        log.ev(|| FlashEvent::Erase { block: b });
    }

    fn invalidate(&mut self, p: u32) {
        let b = self.nand.invalidate(p);
        self.sel.invalidated(b, &self.nand);
    }

    fn copy(&mut self, from: u32, to: u32, log: &mut Log) {
        let lpn = self.nand.owner[from as usize];
        self.nand.copy(from, to, self.now);
        let b = self.nand.block_of(from);
        self.sel.invalidated(b, &self.nand);
        log.copied(lpn, from, to);
    }

    /// Makes `new` the data block of `x` (erasing the old one, which must by now
    /// hold nothing valid) and forgets x's log locations.
    fn install(&mut self, x: u32, new: u32, log: &mut Log) {
        let old = self.data[x as usize];
        if old != NONE && old != new {
            self.erase(old, log);
        }
        self.data[x as usize] = new;
        self.role[new as usize] = Role::Data;
        let ppb = self.nand.ppb;
        self.logmap[(x * ppb) as usize..((x + 1) * ppb) as usize].fill(NONE);
    }

    fn full_merge(&mut self, x: u32, log: &mut Log) -> Result<(), SimError> {
        log.ev(|| FlashEvent::Merge { merge: "full", lbn: x });
        let ppb = self.nand.ppb;
        let mut nb = NONE;
        for off in 0..ppb {
            if let Some(p) = self.lookup(x * ppb + off) {
                if nb == NONE {
                    nb = self.take(Role::Data, "merging", log)?;
                }
                let to = self.nand.ppn(nb, off);
                self.copy(p, to, log);
            }
        }
        if let Some((s, sx)) = self.sw {
            if sx == x {
                self.sw = None;
                self.erase(s, log);
            }
        }
        if nb == NONE {
            let old = self.data[x as usize];
            if old != NONE {
                self.erase(old, log);
            }
            self.data[x as usize] = NONE;
            self.logmap[(x * ppb) as usize..((x + 1) * ppb) as usize].fill(NONE);
        } else {
            self.install(x, nb, log);
        }
        Ok(())
    }

    fn close_sw(&mut self, log: &mut Log) -> Result<(), SimError> {
        let Some((s, x)) = self.sw else { return Ok(()) };
        let n = self.nand.wp[s as usize];
        if self.nand.valid[s as usize] != n {
            return self.full_merge(x, log);
        }
        let ppb = self.nand.ppb;
        if n == ppb {
            log.ev(|| FlashEvent::Merge { merge: "switch", lbn: x });
        } else {
            log.ev(|| FlashEvent::Merge { merge: "partial", lbn: x });
            for off in n..ppb {
                if let Some(p) = self.lookup(x * ppb + off) {
                    let to = self.nand.ppn(s, off);
                    self.copy(p, to, log);
                }
            }
        }
        self.sw = None;
        self.install(x, s, log);
        Ok(())
    }

    /// A free page in an RW log, reclaiming the chosen log when all are full.
    fn rw_page(&mut self, log: &mut Log) -> Result<u32, SimError> {
        if self.rw_cur != NONE && !self.nand.full(self.rw_cur) {
            return Ok(self.nand.ppn(self.rw_cur, self.nand.wp[self.rw_cur as usize]));
        }
        if self.rw_cur != NONE {
            self.sel.insert(self.rw_cur, &self.nand);
            self.rw_cur = NONE;
        }
        if self.rw_count >= self.max_rw {
            let v =
                self.sel.pick(&self.nand, self.now, false).ok_or_else(|| out_of_blocks("fast", "reclaiming a log"))?;
            self.nand.c.gc_victims += 1;
            let (vi, ii) = (self.nand.valid[v as usize], self.nand.invalid[v as usize]);
            log.victim(v, vi, ii, self.sel.policy.id());
            let ppb = self.nand.ppb;
            for off in 0..ppb {
                let p = self.nand.ppn(v, off);
                if self.nand.state[p as usize] == VALID {
                    let x = self.nand.owner[p as usize] / ppb;
                    self.full_merge(x, log)?;
                }
            }
            self.erase(v, log);
            self.rw_count -= 1;
        }
        self.rw_cur = self.take(Role::Rw, "opening a log", log)?;
        self.rw_count += 1;
        Ok(self.nand.ppn(self.rw_cur, 0))
    }
}

fn role_name(r: Role) -> &'static str {
    match r {
        Role::Free => "free",
        Role::Data => "data",
        Role::Sw => "sw-log",
        Role::Rw => "rw-log",
    }
}

impl Ftl for FastFtl {
    fn id(&self) -> &'static str {
        "fast"
    }

    fn write(&mut self, lpn: u32, stamp: u32, log: &mut Log) -> Result<(), SimError> {
        self.now += 1;
        let ppb = self.nand.ppb;
        let (x, off) = (lpn / ppb, lpn % ppb);
        if let Some(p) = self.lookup(lpn) {
            self.invalidate(p);
            // Merges run before the new copy lands; they must not see the old one.
            self.logmap[lpn as usize] = NONE;
            log.ev(|| FlashEvent::Invalidate { lpn, ppn: p });
        }
        let ppn = match self.sw {
            Some((s, sx)) if sx == x && off != 0 && self.nand.wp[s as usize] == off => self.nand.ppn(s, off),
            _ if off == 0 => {
                self.close_sw(log)?;
                let s = self.take(Role::Sw, "opening the SW log", log)?;
                self.sw = Some((s, x));
                self.nand.ppn(s, 0)
            }
            _ => self.rw_page(log)?,
        };
        self.nand.program(ppn, lpn, stamp, self.now);
        self.logmap[lpn as usize] = ppn;
        log.ev(|| FlashEvent::HostWrite { lpn, ppn });
        Ok(())
    }

    fn lookup(&self, lpn: u32) -> Option<u32> {
        let p = *self.logmap.get(lpn as usize)?;
        if p != NONE {
            return Some(p);
        }
        let ppb = self.nand.ppb;
        let d = self.data[(lpn / ppb) as usize];
        if d == NONE {
            return None;
        }
        let q = self.nand.ppn(d, lpn % ppb);
        (self.nand.state[q as usize] == VALID).then_some(q)
    }
    fn nand(&self) -> &Nand {
        &self.nand
    }
    fn nand_mut(&mut self) -> &mut Nand {
        &mut self.nand
    }
    fn role(&self, b: u32) -> &'static str {
        role_name(self.role[b as usize])
    }
    fn write_points(&self) -> Vec<u32> {
        let mut v: Vec<u32> = self.sw.map(|(s, _)| s).into_iter().collect();
        if self.rw_cur != NONE {
            v.push(self.rw_cur);
        }
        v
    }
}
