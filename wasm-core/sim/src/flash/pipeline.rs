//! Running an FTL: directly on a trace, or on the after-cache stream of a
//! buffer-cache policy, plus a step-wise API and snapshots for the explorer.
//!
//! Logical page numbers are the trace's *original* ids (`Trace::ids[dense]`),
//! not dense ids: dense ids are assigned in order of first appearance and would
//! destroy the block locality FTLs depend on. A trace whose largest id does not
//! fit the logical capacity is refused with the size it would need (no
//! wrap-around, which would silently alias pages).
//!
//! Stream input: `crate::sim::run` with `RunOptions { record_stream: true, .. }`
//! gives `RunResult.stream` (packed dense ids, bit 31 = write: miss reads and
//! write-backs in eviction order); pass it as `stream` together with the trace
//! it came from, whose `ids` translate dense ids the same way.
//!
//! Before measuring, logical pages 0..fill are written in order and then
//! `aging` × physical pages overwrites of that range are done (none when fill
//! is 0): a share `aging_sequential` of them in sequential runs of one block's
//! pages from a random block-aligned page, as the TS-CLOCK paper's aging mixes
//! sequential and random writes, the rest single random pages. All counters,
//! wear deltas and the block-utilisation histogram restart afterwards.

use super::check::check;
use super::config::{FlashConfig, Geometry};
use super::event::{FlashEvent, Log};
use super::ftl::Ftl;
use super::metrics::{BlockUtil, FlashMetrics, Inputs};
use super::registry;
use super::snapshot::{BlockView, CopyView, FlashSnapshot, PageView};
use crate::error::SimError;
use crate::rng::Rng;
use crate::trace::Trace;
use crate::trace::{is_write, page_of};
use serde::Serialize;

#[derive(Debug, Clone, Serialize)]
pub struct FlashResult {
    pub metrics: FlashMetrics,
    pub geometry: Geometry,
    /// Erases of each block during measurement.
    pub erase_counts: Vec<u32>,
}

/// What one flash run gives the browser: its figures and the erases per block.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct FlashRunOutput {
    pub metrics: FlashMetrics,
    pub erase_counts: Vec<u32>,
}

/// One request served by a stepped flash device.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct FlashStep {
    pub events: Vec<FlashEvent>,
}

pub struct FlashSim {
    cfg: FlashConfig,
    geo: Geometry,
    ftl: Box<dyn Ftl>,
    latest: Vec<u32>,
    stamp: u32,
    host_writes: u64,
    host_reads: u64,
    util: BlockUtil,
    log: Log,
    base_erases: Vec<u32>,
    /// The fill and aging still to do ([`FlashSim::prepare`]); None once done.
    prep: Option<Prep>,
    prep_total: u64,
}

struct Prep {
    filled: u32,
    aged: u64,
    aging: u64,
    rng: Rng,
}

impl FlashSim {
    /// Validates, builds the FTL, fills and ages the device, resets the counters.
    pub fn new(cfg: &FlashConfig) -> Result<FlashSim, SimError> {
        let mut s = Self::start(cfg)?;
        while !s.prepare(u64::MAX)? {}
        Ok(s)
    }

    /// Validates and builds the FTL; the fill and the aging are still to do,
    /// [`FlashSim::prepare`] a budget at a time (so a caller can see a Cancel).
    pub fn start(cfg: &FlashConfig) -> Result<FlashSim, SimError> {
        let (ftl, geo) = super::geometry::build(cfg)?;
        Self::unprepared(cfg, geo, ftl)
    }

    /// As [`FlashSim::new`] with an FTL built by the caller (tests compare variants).
    pub fn with_ftl(cfg: &FlashConfig, geo: Geometry, ftl: Box<dyn Ftl>) -> Result<FlashSim, SimError> {
        let mut s = Self::unprepared(cfg, geo, ftl)?;
        while !s.prepare(u64::MAX)? {}
        Ok(s)
    }

    fn unprepared(cfg: &FlashConfig, geo: Geometry, ftl: Box<dyn Ftl>) -> Result<FlashSim, SimError> {
        let n = ftl.nand();
        if cfg.geometry()? != geo || (n.blocks, n.ppb) != (geo.blocks, geo.ppb) {
            return Err(SimError::config(
                "geometry",
                "the FTL was built for another geometry than the configuration's",
            ));
        }
        let aging = if geo.fill_pages > 0 { (cfg.aging * geo.physical_pages as f64).round() as u64 } else { 0 };
        Ok(FlashSim {
            cfg: cfg.clone(),
            geo,
            ftl,
            latest: vec![0; geo.logical_pages as usize],
            stamp: 0,
            host_writes: 0,
            host_reads: 0,
            util: BlockUtil::new(geo.ppb),
            log: Log::default(),
            base_erases: Vec::new(),
            prep: Some(Prep { filled: 0, aged: 0, aging, rng: Rng::new(cfg.seed) }),
            prep_total: geo.fill_pages as u64 + aging,
        })
    }

    /// Fills and ages the device by about `budget` writes (a sequential run
    /// is finished whole); true once done, the counters then reset.
    pub fn prepare(&mut self, budget: u64) -> Result<bool, SimError> {
        let Some(mut p) = self.prep.take() else { return Ok(true) };
        let r = self.prepare_some(&mut p, budget);
        let done = p.filled >= self.geo.fill_pages && p.aged >= p.aging;
        if r.is_err() || !done {
            self.prep = Some(p);
            return r.map(|()| false);
        }
        self.reset();
        Ok(true)
    }

    fn prepare_some(&mut self, p: &mut Prep, budget: u64) -> Result<(), SimError> {
        let mut left = budget;
        while p.filled < self.geo.fill_pages && left > 0 {
            self.apply(p.filled, true)?;
            p.filled += 1;
            left -= 1;
        }
        let fill = self.geo.fill_pages as u64;
        let ppb = self.geo.ppb as u64;
        // A run is ppb pages, so runs are chosen with this weight to make
        // their share of the pages aging_sequential.
        let s_share = self.cfg.aging_sequential;
        let p_run = if s_share >= 1.0 { 1.0 } else { s_share / (s_share + (1.0 - s_share) * ppb as f64) };
        while p.aged < p.aging && left > 0 {
            if fill >= ppb && p.rng.next_f64() < p_run {
                let start = p.rng.below(fill / ppb) * ppb;
                for lpn in start..(start + ppb).min(start + (p.aging - p.aged)) {
                    self.apply(lpn as u32, true)?;
                    p.aged += 1;
                    left = left.saturating_sub(1);
                }
            } else {
                self.apply(p.rng.below(fill) as u32, true)?;
                p.aged += 1;
                left -= 1;
            }
        }
        Ok(())
    }

    /// Fill and aging writes done and in all (equal once prepared).
    pub fn preparation(&self) -> (u64, u64) {
        match &self.prep {
            Some(p) => (p.filled as u64 + p.aged, self.prep_total),
            None => (self.prep_total, self.prep_total),
        }
    }

    /// Starts measuring from the current device state.
    pub fn reset(&mut self) {
        self.host_writes = 0;
        self.host_reads = 0;
        self.util.reset();
        let n = self.ftl.nand_mut();
        n.c = Default::default();
        self.base_erases = n.erases.clone();
    }

    pub fn geometry(&self) -> Geometry {
        self.geo
    }
    pub fn ftl(&self) -> &dyn Ftl {
        self.ftl.as_ref()
    }

    /// One host operation on logical page `lpn`, without recording events.
    #[inline]
    pub fn apply(&mut self, lpn: u32, write: bool) -> Result<(), SimError> {
        if lpn >= self.geo.logical_pages {
            return Err(SimError::config(
                "trace",
                format!("logical page {lpn} is beyond the logical capacity of {} pages", self.geo.logical_pages),
            ));
        }
        if write {
            self.stamp = self.stamp.wrapping_add(1).max(1);
            self.latest[lpn as usize] = self.stamp;
            self.host_writes += 1;
            self.util.write(lpn);
            self.ftl.write(lpn, self.stamp, &mut self.log)
        } else {
            self.host_reads += 1;
            self.ftl.read(lpn, &mut self.log);
            Ok(())
        }
    }

    /// One host operation, returning what it did. In debug builds (and so in
    /// every test) the nothing-lost check runs after it.
    pub fn step(&mut self, lpn: u32, write: bool) -> Result<Vec<FlashEvent>, SimError> {
        if !self.log.on() {
            self.log = Log::recording();
        }
        self.log.clear();
        self.apply(lpn, write)?;
        #[cfg(debug_assertions)]
        self.check()?;
        Ok(self.log.events.clone().unwrap_or_default())
    }

    pub fn check(&self) -> Result<(), SimError> {
        check(self.ftl.as_ref(), &self.latest)
            .map_err(|m| SimError::Input(format!("internal error: flash invariant violated: {m}")))
    }

    pub fn erase_counts(&self) -> Vec<u32> {
        let n = self.ftl.nand();
        n.erases.iter().zip(&self.base_erases).map(|(a, b)| a - b).collect()
    }

    pub fn metrics(&self) -> FlashMetrics {
        let n = self.ftl.nand();
        FlashMetrics::compute(Inputs {
            host_writes: self.host_writes,
            host_reads: self.host_reads,
            c: &n.c,
            erases: &self.erase_counts(),
            ppb: self.geo.ppb,
            page_size: self.cfg.page_size,
            valid_pages: n.valid.iter().map(|&v| v as u64).sum(),
            latency: self.cfg.latency,
            write_erase_ratio: self.cfg.write_erase_ratio,
            block_util: self.util.histogram(),
        })
    }

    /// The logical page held by each physical page, block after block (`nand::NONE`
    /// for a free page): what a small device's drawing labels its pages with.
    pub fn owners(&self) -> &[u32] {
        &self.ftl.nand().owner
    }

    /// Every physical page's state, block after block: 0 free, 1 valid, 2 invalid.
    pub fn page_states(&self) -> &[u8] {
        &self.ftl.nand().state
    }

    /// The device at this instant; each page's state is in [`FlashSim::page_states`].
    pub fn snapshot(&self, selected: Option<u32>) -> FlashSnapshot {
        let n = self.ftl.nand();
        let block = (0..n.blocks)
            .map(|b| BlockView {
                valid: n.valid[b as usize],
                invalid: n.invalid[b as usize],
                erases: n.erases[b as usize],
                role: self.ftl.role(b),
                region: self.ftl.region(b),
            })
            .collect();
        let selected = selected.filter(|&l| l < self.geo.logical_pages).map(|lpn| {
            let ppn = self.ftl.lookup(lpn);
            PageView {
                lpn,
                ppn,
                block: ppn.map(|p| p / n.ppb),
                offset: ppn.map(|p| p % n.ppb),
                version: self.latest[lpn as usize],
            }
        });
        FlashSnapshot {
            ftl: self.ftl.id(),
            // `auto` shown as what it resolves to for this FTL.
            gc: super::gc::GcPolicy::for_ftl(&self.cfg.gc, &self.cfg.ftl)
                .map_or(self.cfg.gc.clone(), |g| g.id().into()),
            blocks: n.blocks,
            pages_per_block: n.ppb,
            logical_pages: self.geo.logical_pages,
            fill: self.cfg.fill,
            free_blocks: n.free_blocks(),
            block,
            write_points: self.ftl.write_points(),
            victim: self.log.victim,
            copies: self.log.copies.iter().map(|&(lpn, from, to)| CopyView { lpn, from, to }).collect(),
            selected,
        }
    }
}

/// Logical page of each dense id: the original id, refused when out of range.
pub fn logical_pages_of(trace: &Trace, geo: &Geometry, cfg: &FlashConfig) -> Result<Vec<u32>, SimError> {
    let max = trace.ids.iter().copied().max().unwrap_or(0);
    if !trace.ids.is_empty() && max >= geo.logical_pages as u64 {
        // In u128 and f64: page numbers near 2^64 must not wrap the advice to 0.
        let need = max as u128 / geo.ppb as u128 + 1;
        let blocks = (need as f64 / (1.0 - cfg.overprovision)).ceil() + registry::min_spare(cfg) as f64;
        return Err(SimError::config(
            "trace",
            format!(
                "its largest page number {max} does not fit the {} logical pages ({} blocks of {}); \
                 it needs {need} logical blocks: about {blocks} blocks at overprovision {}",
                geo.logical_pages, geo.logical_blocks, geo.ppb, cfg.overprovision
            ),
        ));
    }
    Ok(trace.ids.iter().map(|&i| i as u32).collect())
}

/// Runs `cfg`'s FTL on `trace` (its reads and writes), or on `stream`, the
/// after-cache stream a cache run recorded for that trace. Checks the
/// nothing-lost invariant at the end.
pub fn run_flash(cfg: &FlashConfig, trace: &Trace, stream: Option<&[u32]>) -> Result<FlashResult, SimError> {
    run_flash_with(cfg, trace, stream, &mut |_, _| true)
}

/// As [`run_flash`], calling `progress(done, total)` now and then (the fill
/// and aging writes, then the requests); returning false cancels.
pub fn run_flash_with(
    cfg: &FlashConfig,
    trace: &Trace,
    stream: Option<&[u32]>,
    progress: &mut dyn FnMut(u64, u64) -> bool,
) -> Result<FlashResult, SimError> {
    let mut run = FlashRun::new(cfg, trace)?;
    let reqs = stream.unwrap_or(&trace.reqs);
    while !run.advance(reqs, 1 << 18)? {
        let (done, total) = run.progress(reqs);
        if !progress(done, total) {
            return Err(SimError::Cancelled);
        }
    }
    run.finish()
}

/// A flash run advanced a budget at a time, the device's fill and aging
/// first: how the browser's worker runs one and sees a Cancel between slices.
/// The requests (the trace's own, or an after-cache stream of it) are passed
/// to every call, always the same.
pub struct FlashRun {
    sim: FlashSim,
    lpns: Vec<u32>,
    pos: usize,
}

impl FlashRun {
    /// Validates the configuration against the trace; nothing is written yet.
    pub fn new(cfg: &FlashConfig, trace: &Trace) -> Result<FlashRun, SimError> {
        let sim = FlashSim::start(cfg)?;
        let lpns = logical_pages_of(trace, &sim.geo, cfg)?;
        Ok(FlashRun { sim, lpns, pos: 0 })
    }

    /// About `budget` more device writes (fill and aging) or requests; true at the end.
    pub fn advance(&mut self, reqs: &[u32], budget: u64) -> Result<bool, SimError> {
        let mut budget = budget.max(1);
        if self.sim.prep.is_some() {
            let before = self.sim.preparation().0;
            if !self.sim.prepare(budget)? {
                return Ok(false);
            }
            budget = budget.saturating_sub(self.sim.preparation().0 - before);
        }
        let end = reqs.len().min(self.pos.saturating_add(budget.min(usize::MAX as u64) as usize));
        for &r in &reqs[self.pos..end] {
            let d = page_of(r) as usize;
            let lpn = *self.lpns.get(d).ok_or_else(|| {
                SimError::Input(format!("stream names page {d}, but the trace has only {} pages", self.lpns.len()))
            })?;
            self.sim.apply(lpn, is_write(r))?;
        }
        self.pos = end;
        Ok(self.pos >= reqs.len())
    }

    /// Whether the device is still being filled and aged.
    pub fn preparing(&self) -> bool {
        self.sim.prep.is_some()
    }

    /// Work done and in all: fill and aging writes plus requests.
    pub fn progress(&self, reqs: &[u32]) -> (u64, u64) {
        let (done, total) = self.sim.preparation();
        (done + self.pos as u64, total + reqs.len() as u64)
    }

    /// Checks the nothing-lost invariant and gives the figures.
    pub fn finish(self) -> Result<FlashResult, SimError> {
        let sim = self.sim;
        sim.check()?;
        Ok(FlashResult { metrics: sim.metrics(), geometry: sim.geo, erase_counts: sim.erase_counts() })
    }
}
