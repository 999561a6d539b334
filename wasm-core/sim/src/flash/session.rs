//! A flash device served a trace's own reads and writes one request at a time
//! (logical pages are the trace's original ids), for the explorer: stepping
//! with events, the snapshot, the page states and owners, and the metrics so
//! far, as typed values. Going back means building a new one and advancing: it
//! is deterministic.

use super::config::FlashConfig;
use super::metrics::FlashMetrics;
use super::pipeline::logical_pages_of;
use super::pipeline::{FlashSim, FlashStep};
use super::snapshot::FlashSnapshot;
use crate::error::SimError;
use crate::trace::Trace;
use crate::trace::{is_write, page_of};
use std::ops::Deref;

/// A stepped flash device over a trace held by `T` (`&Trace` natively,
/// `Rc<Trace>` in the wasm adapter).
pub struct Session<T: Deref<Target = Trace>> {
    sim: FlashSim,
    trace: T,
    /// The logical page of each dense page.
    lpns: Vec<u32>,
    pos: usize,
}

impl<T: Deref<Target = Trace>> Session<T> {
    /// Validates `cfg`, builds the device, fills and ages it.
    pub fn new(trace: T, cfg: &FlashConfig) -> Result<Session<T>, SimError> {
        let sim = FlashSim::new(cfg)?;
        let lpns = logical_pages_of(&trace, &sim.geometry(), cfg)?;
        Ok(Session { sim, trace, lpns, pos: 0 })
    }

    /// The next request as (logical page, write).
    fn next(&self) -> Option<(u32, bool)> {
        let r = *self.trace.reqs.get(self.pos)?;
        Some((self.lpns[page_of(r) as usize], is_write(r)))
    }

    /// Serves up to `n` requests without recording events; returns how many.
    pub fn advance(&mut self, n: usize) -> Result<usize, SimError> {
        let mut k = 0;
        while k < n {
            let Some((lpn, w)) = self.next() else { break };
            self.sim.apply(lpn, w)?;
            self.pos += 1;
            k += 1;
        }
        Ok(k)
    }

    /// Serves one request with its events; None at the end of the trace.
    pub fn step(&mut self) -> Result<Option<FlashStep>, SimError> {
        let Some((lpn, w)) = self.next() else { return Ok(None) };
        let events = self.sim.step(lpn, w)?;
        self.pos += 1;
        Ok(Some(FlashStep { events }))
    }

    /// Requests served.
    pub fn position(&self) -> usize {
        self.pos
    }

    pub fn done(&self) -> bool {
        self.pos >= self.trace.reqs.len()
    }

    /// The device now; `selected` is a logical page (original id) to locate.
    pub fn snapshot(&self, selected: Option<u32>) -> FlashSnapshot {
        self.sim.snapshot(selected)
    }

    /// Every physical page's state, block after block: 0 free, 1 valid, 2 invalid.
    pub fn page_states(&self) -> &[u8] {
        self.sim.page_states()
    }

    /// The logical page each physical page holds, block after block (`nand::NONE`
    /// where none; an invalid page still names the page it held).
    pub fn owners(&self) -> &[u32] {
        self.sim.owners()
    }

    /// The figures of the requests served so far.
    pub fn metrics(&self) -> FlashMetrics {
        self.sim.metrics()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stepping_and_advancing_reach_the_same_device() {
        let t = Trace::from_pages(&(0..200u64).map(|i| (i * 7 % 40, i % 3 != 0)).collect::<Vec<_>>());
        let cfg =
            FlashConfig { blocks: 16, pages_per_block: 8, overprovision: 0.25, fill: 0.5, ..FlashConfig::default() };
        let mut a = Session::new(&t, &cfg).unwrap();
        let mut b = Session::new(&t, &cfg).unwrap();
        let mut steps = 0;
        while let Some(s) = a.step().unwrap() {
            assert!(!s.events.is_empty());
            steps += 1;
        }
        assert_eq!((steps, a.position(), a.done()), (200, 200, true));
        assert_eq!(b.advance(150).unwrap(), 150);
        assert_eq!(b.advance(100).unwrap(), 50);
        assert_eq!(a.snapshot(Some(3)), b.snapshot(Some(3)));
        assert_eq!((a.page_states(), a.owners()), (b.page_states(), b.owners()));
        assert_eq!(a.metrics().host_writes, t.writes());
        assert_eq!(a.page_states().len(), 16 * 8);
    }
}
