//! The replacement-policy interface, the per-step event record, the snapshot of
//! internal state, and the registry of every policy.
//!
//! Adding a policy: write its file (a `Config` with defaults, a type implementing
//! [`Policy`], and a `pub const ENTRY: PolicyEntry`), add its `mod` line below
//! and its entry to [`POLICIES`] in `registry.rs`, in the order the catalogue
//! shows them.

pub mod entry;
mod event;
pub mod reason;
mod registry;
pub mod sink;
mod snapshot;
#[cfg(test)]
pub(crate) mod testutil;
pub mod textbook;

pub mod blocks;
pub mod user;

// The policies; their entries are listed in `registry.rs`.
pub mod aging;
pub mod arc;
pub mod bplru;
pub mod car;
pub mod cfclock;
pub mod cflru;
pub mod cflru_dynamic;
pub mod clock;
pub mod clock_enhanced;
pub mod clock_pro;
pub mod craw;
pub mod fab;
pub mod fifo;
pub mod lb_clock;
pub mod lfu;
pub mod linux_2q;
pub mod lirs;
pub mod lru;
pub mod lru_wsr;
pub mod mfu;
pub mod mru;
pub mod nfu;
pub mod nru;
pub mod opt;
pub mod rand;
pub mod s3fifo;
pub mod sieve;
pub mod sp_clock;
pub mod ts_clock;
pub mod two_q;
pub mod unopt;
pub mod working_set;
pub mod wsclock;
pub mod wtinylfu;

pub use entry::{BuildCtx, CurveMethod, Group, PolicyEntry};
pub use event::Event;
pub use registry::{build, entry, POLICIES};
pub use sink::Sink;
pub use snapshot::{Gauge, Hand, List, Ring, Slot, Snapshot};

/// One request as a policy sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Req {
    /// Position in the trace (0-based); OPT uses it to look into the future.
    pub t: usize,
    /// Dense page id.
    pub page: u32,
    pub write: bool,
}

/// Copies a policy behind a `Box<dyn Policy>`: the explorer keeps checkpoints
/// of a run so that stepping back replays from the nearest one, exactly.
pub trait PolicyClone {
    fn clone_box(&self) -> Box<dyn Policy>;
}

impl<T: Policy + Clone + 'static> PolicyClone for T {
    fn clone_box(&self) -> Box<dyn Policy> {
        Box::new(self.clone())
    }
}

impl Clone for Box<dyn Policy> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// A page-replacement policy over dense page ids `0..n_pages`.
pub trait Policy: PolicyClone {
    /// Registry id (`lru`, `clock-pro`, …).
    fn id(&self) -> &'static str;
    /// Serves one request; returns true on a hit. Evictions and write-backs go
    /// to `sink`, as do events when it records them.
    ///
    /// Every policy marks its `access` `#[inline(always)]`, so it is compiled
    /// into [`Policy::run_chunk`]'s loop: left to LLVM, most were calls, and a
    /// call per request cost up to a quarter of a fast policy's time natively
    /// and more in WASM, where V8 (Node 20) does not inline them (SIEVE, FIFO,
    /// S3-FIFO, CLOCK: 1.2–1.6× faster in WASM, 1.05–1.3× natively).
    fn access(&mut self, req: Req, sink: &mut Sink) -> bool;
    /// Number of resident pages now.
    fn resident(&self) -> usize;
    /// Frames of the cache.
    fn capacity(&self) -> usize;
    /// Writes back every dirty resident page (the optional final flush).
    fn flush(&mut self, sink: &mut Sink);
    /// Whether `page` is resident now (tests and the page inspector).
    fn contains(&self, page: u32) -> bool;
    /// The internal state for drawing and for tests.
    fn snapshot(&self) -> Snapshot;

    /// Sets the dirty bit of resident `page` and changes nothing else, for a
    /// collapsed immediate repeat (see [`crate::sim::RunOptions::collapse_repeats`]).
    /// Policies where a page's dirtiness decides its place (a clean-first
    /// window, a write area, a dirty clock, per-block dirty counts) keep the
    /// default, false: the write is then served as an ordinary request.
    fn mark_dirty(&mut self, _page: u32) -> bool {
        false
    }

    /// Whether the policy must serve every request, repeats included. OPT's
    /// (and UNOPT's) state is its position in the trace, so for it a repeat is
    /// served as a request (a hit that only moves the page's next use); such a
    /// policy reads the future, so it cannot run on a streamed file either.
    fn sees_every_request(&self) -> bool {
        false
    }

    /// Extends the per-page state to dense ids `0..n_pages` (pages not seen yet),
    /// so a run can start before the trace's distinct pages are known (the
    /// runner simulates while it still parses). False: the policy cannot, and
    /// is run on the loaded trace. Growing never changes what the policy does.
    fn grow_pages(&mut self, _n_pages: u32) -> bool {
        false
    }

    /// Delivers whatever the policy holds back and says whether it broke down. Only
    /// a policy written by a user ([`user`]) does either: its code may throw, run
    /// past its budget or return a page that is not resident; the run then stops
    /// with this error (a run loop asks after every slice).
    fn settle(&mut self) -> Result<(), crate::error::SimError> {
        Ok(())
    }

    /// Serves a run of packed requests starting at trace position `t0`; returns
    /// the hits. Being a provided method it is compiled per policy, so the
    /// per-request call is static and inlined.
    fn run_chunk(&mut self, reqs: &[u32], t0: usize, sink: &mut Sink) -> u64 {
        let mut hits = 0u64;
        for (i, &r) in reqs.iter().enumerate() {
            let req = Req { t: t0 + i, page: crate::trace::page_of(r), write: crate::trace::is_write(r) };
            hits += self.access(req, sink) as u64;
        }
        hits
    }

    /// [`Policy::run_chunk`] with immediate repeats collapsed: `last` is the
    /// page of the request before `reqs[0]` and is updated.
    fn run_chunk_collapsing(&mut self, reqs: &[u32], t0: usize, last: &mut u32, sink: &mut Sink) -> u64 {
        let mut hits = 0u64;
        for (i, &r) in reqs.iter().enumerate() {
            let req = Req { t: t0 + i, page: crate::trace::page_of(r), write: crate::trace::is_write(r) };
            if std::mem::replace(last, req.page) == req.page && collapse(self, req) {
                hits += 1;
            } else {
                hits += self.access(req, sink) as u64;
            }
        }
        hits
    }
}

/// Serves `req`, an immediate repeat, without the policy when it can: a
/// resident page read again, or written again and marked dirty. False: serve
/// it as an ordinary request.
#[inline]
pub fn collapse<P: Policy + ?Sized>(policy: &mut P, req: Req) -> bool {
    !policy.sees_every_request() && policy.contains(req.page) && (!req.write || policy.mark_dirty(req.page))
}
