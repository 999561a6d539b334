//! The nothing-lost checker. The pipeline stamps every host write with a fresh
//! version and remembers the latest per logical page; the checker then proves,
//! from the physical pages alone, that every page ever written maps to exactly
//! one valid physical page holding its latest version, that no page never
//! written is mapped, and that each block's counters agree with its pages.

use super::ftl::Ftl;
use super::nand::{FREE, INVALID, VALID};

/// `latest[lpn]` is the stamp of lpn's last host write, 0 if never written.
pub fn check(ftl: &dyn Ftl, latest: &[u32]) -> Result<(), String> {
    let n = ftl.nand();
    let ppb = n.ppb as usize;
    let mut free_blocks = 0u32;
    for b in 0..n.blocks as usize {
        let (mut f, mut v, mut i) = (0u32, 0u32, 0u32);
        for off in 0..ppb {
            match n.state[b * ppb + off] {
                FREE => f += 1,
                VALID => v += 1,
                INVALID => i += 1,
                s => return Err(format!("block {b} page {off}: unknown state {s}")),
            }
            if off as u32 >= n.wp[b] && n.state[b * ppb + off] != FREE {
                return Err(format!("block {b} page {off} is used beyond the write pointer {}", n.wp[b]));
            }
        }
        if v != n.valid[b] || i != n.invalid[b] || f + v + i != n.ppb {
            return Err(format!(
                "block {b}: counters valid {} invalid {} but pages say valid {v} invalid {i} free {f}",
                n.valid[b], n.invalid[b]
            ));
        }
        if f == n.ppb && n.wp[b] == 0 {
            free_blocks += 1;
        }
    }
    for b in n.free_list() {
        if n.wp[b as usize] != 0 || n.valid[b as usize] + n.invalid[b as usize] != 0 {
            return Err(format!("block {b} is in the free pool but not erased"));
        }
    }
    if n.free_blocks() > free_blocks {
        return Err(format!("free pool holds {} blocks but only {free_blocks} are erased", n.free_blocks()));
    }
    let mut copies = vec![0u8; latest.len()];
    for (p, &s) in n.state.iter().enumerate() {
        if s != VALID {
            continue;
        }
        let lpn = n.owner[p] as usize;
        if lpn >= latest.len() || latest[lpn] == 0 {
            return Err(format!("physical page {p} is valid for logical page {lpn}, never written"));
        }
        copies[lpn] = copies[lpn].saturating_add(1);
        if copies[lpn] > 1 {
            return Err(format!("logical page {lpn} has more than one valid physical copy"));
        }
    }
    for (lpn, &v) in latest.iter().enumerate() {
        let got = ftl.lookup(lpn as u32);
        if v == 0 {
            if got.is_some() {
                return Err(format!("logical page {lpn} was never written but maps to {got:?}"));
            }
            continue;
        }
        let Some(p) = got else { return Err(format!("logical page {lpn} (version {v}) is lost: unmapped")) };
        let pi = p as usize;
        if n.state[pi] != VALID || n.owner[pi] as usize != lpn {
            return Err(format!(
                "logical page {lpn} maps to physical page {p}, which is state {} owned by {}",
                n.state[pi], n.owner[pi]
            ));
        }
        if n.stamp[pi] != v {
            return Err(format!("logical page {lpn} maps to version {}, latest is {v}", n.stamp[pi]));
        }
        if copies[lpn] != 1 {
            return Err(format!("logical page {lpn} has {} valid copies", copies[lpn]));
        }
    }
    Ok(())
}
