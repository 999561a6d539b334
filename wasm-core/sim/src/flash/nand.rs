//! The physical flash array shared by every FTL: per-page state, owner and
//! version stamp, per-block counters, erase counts and the free-block pool.
//! Every program, copy and erase goes through here, so the counters the
//! metrics report cannot drift from what the FTLs actually did.

use std::collections::VecDeque;

pub const FREE: u8 = 0;
pub const VALID: u8 = 1;
pub const INVALID: u8 = 2;
/// "No page / no block" in maps and owners.
pub const NONE: u32 = u32::MAX;

/// Operation counters since the last reset (fill and aging are not measured).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Counters {
    pub flash_writes: u64,
    pub flash_reads: u64,
    pub copied: u64,
    pub erases: u64,
    pub gc_victims: u64,
}

#[derive(Debug, Clone)]
pub struct Nand {
    pub ppb: u32,
    pub blocks: u32,
    pub state: Vec<u8>,
    /// Logical page held by each physical page (NONE when free).
    pub owner: Vec<u32>,
    /// Version stamp of the host write whose data the page holds.
    pub stamp: Vec<u32>,
    pub valid: Vec<u32>,
    pub invalid: Vec<u32>,
    /// Write pointer: pages are programmed in increasing offset order, as NAND
    /// requires, so a block can take a page only at offsets >= wp.
    pub wp: Vec<u32>,
    pub erases: Vec<u32>,
    /// Host-write clock of the youngest data in the block: its last host write
    /// programmed here, or the host write of the data a cleaning copy brought
    /// (a copy does not make data young). Cost-benefit and CAT read its age.
    pub last_write: Vec<u64>,
    /// Free blocks, oldest-freed first, so allocation rotates through the pool.
    free: VecDeque<u32>,
    pub c: Counters,
    /// log2(ppb) when ppb is a power of two: a shift instead of a division on
    /// the hot path.
    shift: Option<u32>,
}

/// (block, offset) of page `p` in blocks of `ppb` pages.
#[inline(always)]
pub fn split(p: u32, ppb: u32, shift: Option<u32>) -> (u32, u32) {
    match shift {
        Some(s) => (p >> s, p & (ppb - 1)),
        None => (p / ppb, p % ppb),
    }
}

pub fn pow2_shift(ppb: u32) -> Option<u32> {
    ppb.is_power_of_two().then(|| ppb.trailing_zeros())
}

impl Nand {
    pub fn new(blocks: u32, ppb: u32) -> Nand {
        let n = blocks as usize * ppb as usize;
        let b = blocks as usize;
        Nand {
            ppb,
            blocks,
            state: vec![FREE; n],
            owner: vec![NONE; n],
            stamp: vec![0; n],
            valid: vec![0; b],
            invalid: vec![0; b],
            wp: vec![0; b],
            erases: vec![0; b],
            last_write: vec![0; b],
            free: (0..blocks).collect(),
            c: Counters::default(),
            shift: pow2_shift(ppb),
        }
    }

    #[inline]
    pub fn free_blocks(&self) -> u32 {
        self.free.len() as u32
    }
    pub fn free_list(&self) -> impl Iterator<Item = u32> + '_ {
        self.free.iter().copied()
    }

    #[inline]
    pub fn take_free(&mut self) -> Option<u32> {
        self.free.pop_front()
    }

    #[inline]
    pub fn block_of(&self, ppn: u32) -> u32 {
        split(ppn, self.ppb, self.shift).0
    }
    #[inline]
    pub fn ppn(&self, b: u32, off: u32) -> u32 {
        b * self.ppb + off
    }
    #[inline]
    pub fn is_valid(&self, ppn: u32) -> bool {
        self.state[ppn as usize] == VALID
    }
    #[inline]
    pub fn full(&self, b: u32) -> bool {
        self.wp[b as usize] == self.ppb
    }

    /// Writes `lpn`'s data (version `stamp`, host-written at `written`) into a
    /// free page at or beyond the block's write pointer.
    #[inline]
    pub fn program(&mut self, ppn: u32, lpn: u32, stamp: u32, written: u64) {
        let p = ppn as usize;
        let (b, off) = split(ppn, self.ppb, self.shift);
        let b = b as usize;
        debug_assert!(self.state[p] == FREE && off >= self.wp[b], "program of a used page {ppn}");
        self.state[p] = VALID;
        self.owner[p] = lpn;
        self.stamp[p] = stamp;
        self.valid[b] += 1;
        self.wp[b] = off + 1;
        self.last_write[b] = self.last_write[b].max(written);
        self.c.flash_writes += 1;
    }

    /// Marks a valid page obsolete; returns its block.
    #[inline]
    pub fn invalidate(&mut self, ppn: u32) -> u32 {
        let p = ppn as usize;
        let b = self.block_of(ppn);
        debug_assert_eq!(self.state[p], VALID);
        self.state[p] = INVALID;
        self.valid[b as usize] -= 1;
        self.invalid[b as usize] += 1;
        b
    }

    /// Garbage-collection copy: read the page, program it elsewhere with the
    /// same owner and version, invalidate the source. Returns the source block.
    #[inline]
    pub fn copy(&mut self, from: u32, to: u32, now: u64) -> u32 {
        let f = from as usize;
        self.c.flash_reads += 1;
        self.c.copied += 1;
        // Stamps count host writes as the FTLs' clocks do (modulo 2^32), so the
        // data's own write time is `now` less the stamps issued since.
        let written = now.saturating_sub((now as u32).wrapping_sub(self.stamp[f]) as u64);
        self.program(to, self.owner[f], self.stamp[f], written);
        self.invalidate(from)
    }

    /// Erases a block holding no valid page and returns it to the pool.
    pub fn erase(&mut self, b: u32) {
        let bi = b as usize;
        debug_assert_eq!(self.valid[bi], 0, "erase of block {b} with valid pages");
        let s = bi * self.ppb as usize;
        let e = s + self.ppb as usize;
        self.state[s..e].fill(FREE);
        self.owner[s..e].fill(NONE);
        self.stamp[s..e].fill(0);
        self.invalid[bi] = 0;
        self.wp[bi] = 0;
        self.last_write[bi] = 0;
        self.erases[bi] += 1;
        self.c.erases += 1;
        self.free.push_back(b);
    }
}
