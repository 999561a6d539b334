//! Figures of a measured flash run (fill and aging excluded).
//!
//! - `waf` = flash page programs (host data + cleaning/merge copies) / host page writes.
//! - `cleaning_cost` is DAC's simplified formula (4):
//!   erases + copied / pages_per_block · write_erase_ratio (default 0.75),
//!   i.e. erase cost plus migration cost, in units of one block erase.
//! - `time_us` = reads·read + programs·program + erases·erase latency.
//! - Wear (`erase_*`) is over every physical block's erases during measurement.
//! - Block utilisation (TS-CLOCK Fig. 5, "we count the number of sorted write
//!   operations in the same block"): our reading is that one write operation
//!   is a maximal run of consecutive host writes falling in the same logical
//!   block (logical page / pages_per_block) — a cache that writes back a
//!   block's dirty pages together produces one run; reads in between do not
//!   break a run. `block_util[k]` counts runs that touched k distinct pages of
//!   their block (k = 1..=pages_per_block; index 0 unused); a run touching all
//!   pages is 100 % utilisation. `block_util_mean` is the mean k/pages_per_block.

use super::nand::{Counters, NONE};
use serde::Serialize;

#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct FlashMetrics {
    pub host_writes: u64,
    pub host_reads: u64,
    pub flash_writes: u64,
    pub flash_reads: u64,
    pub copied: u64,
    pub erases: u64,
    pub gc_victims: u64,
    pub waf: f64,
    pub erase_mean: f64,
    pub erase_stddev: f64,
    pub erase_max: u32,
    pub erase_min: u32,
    pub cleaning_cost: f64,
    pub time_us: f64,
    pub host_bytes_written: u64,
    /// Valid pages / physical pages at the end.
    pub utilisation: f64,
    pub block_util: Vec<u64>,
    pub block_util_mean: f64,
}

pub struct Inputs<'a> {
    pub host_writes: u64,
    pub host_reads: u64,
    pub c: &'a Counters,
    /// Erases per block during measurement.
    pub erases: &'a [u32],
    pub ppb: u32,
    pub page_size: u32,
    pub valid_pages: u64,
    pub latency: super::Latency,
    pub write_erase_ratio: f64,
    pub block_util: Vec<u64>,
}

impl FlashMetrics {
    pub fn compute(i: Inputs) -> FlashMetrics {
        let n = i.erases.len().max(1) as f64;
        let mean = i.erases.iter().map(|&e| e as f64).sum::<f64>() / n;
        let var = i.erases.iter().map(|&e| (e as f64 - mean).powi(2)).sum::<f64>() / n;
        let c = i.c;
        let runs: u64 = i.block_util.iter().sum();
        let touched: u64 = i.block_util.iter().enumerate().map(|(k, &v)| k as u64 * v).sum();
        let l = i.latency;
        FlashMetrics {
            host_writes: i.host_writes,
            host_reads: i.host_reads,
            flash_writes: c.flash_writes,
            flash_reads: c.flash_reads,
            copied: c.copied,
            erases: c.erases,
            gc_victims: c.gc_victims,
            waf: if i.host_writes == 0 { 0.0 } else { c.flash_writes as f64 / i.host_writes as f64 },
            erase_mean: mean,
            erase_stddev: libm::sqrt(var),
            erase_max: i.erases.iter().copied().max().unwrap_or(0),
            erase_min: i.erases.iter().copied().min().unwrap_or(0),
            cleaning_cost: c.erases as f64 + c.copied as f64 / i.ppb as f64 * i.write_erase_ratio,
            time_us: c.flash_reads as f64 * l.read_us
                + c.flash_writes as f64 * l.program_us
                + c.erases as f64 * l.erase_us,
            host_bytes_written: i.host_writes * i.page_size as u64,
            utilisation: i.valid_pages as f64 / (i.erases.len().max(1) as f64 * i.ppb as f64),
            block_util_mean: if runs == 0 { 0.0 } else { touched as f64 / runs as f64 / i.ppb as f64 },
            block_util: i.block_util,
        }
    }
}

/// Tracks runs of host writes within one logical block (see module doc).
pub struct BlockUtil {
    ppb: u32,
    shift: Option<u32>,
    hist: Vec<u64>,
    cur: u32,
    distinct: u32,
    run: u32,
    /// Per offset: the run that last touched it, so distinct pages count once.
    seen: Vec<u32>,
}

impl BlockUtil {
    pub fn new(ppb: u32) -> BlockUtil {
        BlockUtil {
            ppb,
            shift: super::nand::pow2_shift(ppb),
            hist: vec![0; ppb as usize + 1],
            cur: NONE,
            distinct: 0,
            run: 0,
            seen: vec![u32::MAX; ppb as usize],
        }
    }

    #[inline]
    pub fn write(&mut self, lpn: u32) {
        let (b, off) = super::nand::split(lpn, self.ppb, self.shift);
        let off = off as usize;
        if b != self.cur {
            if self.cur != NONE {
                self.hist[self.distinct as usize] += 1;
            }
            self.cur = b;
            self.distinct = 0;
            self.run = self.run.wrapping_add(1);
        }
        if self.seen[off] != self.run {
            self.seen[off] = self.run;
            self.distinct += 1;
        }
    }

    /// The histogram including the run still open.
    pub fn histogram(&self) -> Vec<u64> {
        let mut h = self.hist.clone();
        if self.cur != NONE {
            h[self.distinct as usize] += 1;
        }
        h
    }

    pub fn reset(&mut self) {
        *self = BlockUtil::new(self.ppb);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_count_distinct_pages_of_one_block() {
        let mut u = BlockUtil::new(4);
        // block 0: pages 0,1,1,3 (3 distinct); block 1: page 4; block 0 again: 2
        for l in [0, 1, 1, 3, 4, 2] {
            u.write(l);
        }
        assert_eq!(u.histogram(), vec![0, 2, 0, 1, 0]);
        u.reset();
        assert_eq!(u.histogram(), vec![0; 5]);
    }

    #[test]
    fn cleaning_cost_is_dac_formula_four() {
        let c = Counters { flash_writes: 300, flash_reads: 100, copied: 100, erases: 10, gc_victims: 10 };
        let m = FlashMetrics::compute(Inputs {
            host_writes: 200,
            host_reads: 0,
            c: &c,
            erases: &[1, 3],
            ppb: 50,
            page_size: 4096,
            valid_pages: 50,
            latency: super::super::Latency { read_us: 1.0, program_us: 10.0, erase_us: 100.0 },
            write_erase_ratio: 0.75,
            block_util: vec![0, 1, 1],
        });
        assert_eq!(m.cleaning_cost, 10.0 + 2.0 * 0.75);
        assert_eq!(m.waf, 1.5);
        assert_eq!((m.erase_mean, m.erase_stddev, m.erase_min, m.erase_max), (2.0, 1.0, 1, 3));
        assert_eq!(m.time_us, 100.0 + 3000.0 + 1000.0);
        assert_eq!(m.utilisation, 0.5);
        assert_eq!(m.block_util_mean, 1.5 / 50.0);
    }
}
