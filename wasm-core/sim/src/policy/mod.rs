//! The replacement-policy interface, the per-step event record, the snapshot of
//! internal state, and the registry of every policy.
//!
//! Adding a policy: write its file (a `Config` with defaults, a type implementing
//! [`Policy`], and a `pub const ENTRY: PolicyEntry`), then add one line to the
//! `registry!` below: it declares the module and lists its entries, in the order
//! the catalogue shows them.

pub mod entry;
mod event;
mod registry;
mod snapshot;
#[cfg(test)]
pub(crate) mod testutil;

pub mod blocks;
pub mod clock_pro_tables;
pub mod user;
pub mod util;

/// Declares each policy module and lists its entries in [`POLICIES`].
macro_rules! registry {
    ($($module:ident: [$($entry:ident),+],)*) => {
        $(pub mod $module;)*
        /// The one list of policies: the catalogue, the runner, the browser and the tests learn them from here.
        pub static POLICIES: &[PolicyEntry] = &[$($($module::$entry,)+)*];
    };
}

registry! {
    lru: [ENTRY],
    fifo: [ENTRY],
    clock: [ENTRY],
    opt: [ENTRY],
    lfu: [ENTRY],
    clock_pro: [ENTRY, ENTRY_FIXED],
    lirs: [ENTRY],
    car: [ENTRY],
    arc: [ENTRY],
    two_q: [ENTRY],
    linux_2q: [ENTRY],
    cflru: [ENTRY],
    cflru_dynamic: [ENTRY],
    cfclock: [ENTRY],
    ts_clock: [ENTRY],
    craw: [ENTRY, ENTRY_A],
    lru_wsr: [ENTRY],
    fab: [ENTRY],
    bplru: [ENTRY],
    lb_clock: [ENTRY],
    sp_clock: [ENTRY],
    sieve: [ENTRY],
    s3fifo: [ENTRY],
    wtinylfu: [ENTRY],
}

pub use entry::{parse_config, BuildCtx, CurveMethod, Group, PolicyEntry};
pub use event::Event;
pub use registry::{build, entry};
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

/// What a step produced besides hit or miss. The simulation loop owns one and
/// reads the counters; events and the after-cache stream are recorded only when
/// asked for, so the fast path allocates nothing.
#[derive(Debug, Default, Clone)]
pub struct Sink {
    pub evictions: u64,
    pub writebacks: u64,
    /// Per-step record of what happened and why (stepping, tests).
    pub events: Option<Vec<Event>>,
    /// The after-cache stream as packed requests: write-backs (write bit set) in
    /// eviction order, and the reads of missed pages the simulation loop adds.
    pub stream: Option<Vec<u32>>,
}

impl Sink {
    pub fn counting() -> Sink {
        Sink::default()
    }
    pub fn recording() -> Sink {
        Sink { events: Some(Vec::new()), ..Sink::default() }
    }

    /// A resident page leaves the cache; a dirty one is written back.
    #[inline]
    pub fn evict(&mut self, page: u32, dirty: bool, why: &'static str) {
        self.evictions += 1;
        if dirty {
            self.writebacks += 1;
            if let Some(w) = &mut self.stream {
                w.push(crate::trace::pack(page, true));
            }
        }
        self.ev(|| Event::Evict { page, dirty, why });
    }

    /// A dirty page is written back but stays resident (e.g. a flush or cleaning).
    #[inline]
    pub fn clean(&mut self, page: u32, why: &'static str) {
        self.writebacks += 1;
        if let Some(w) = &mut self.stream {
            w.push(crate::trace::pack(page, true));
        }
        self.ev(|| Event::WriteBack { page, why });
    }

    /// Records an event, building it only when events are being recorded.
    #[inline(always)]
    pub fn ev(&mut self, f: impl FnOnce() -> Event) {
        if let Some(e) = &mut self.events {
            e.push(f());
        }
    }

    #[inline]
    pub fn recording_events(&self) -> bool {
        self.events.is_some()
    }
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
    /// collapsed immediate repeat (see [`crate::RunOptions::collapse_repeats`]).
    /// Policies where a page's dirtiness decides its place (a clean-first
    /// window, a write area, a dirty clock, per-block dirty counts) keep the
    /// default, false: the write is then served as an ordinary request.
    fn mark_dirty(&mut self, _page: u32) -> bool {
        false
    }

    /// Whether the policy must serve every request, repeats included. OPT's
    /// state is its position in the trace, so for it a repeat is served as a
    /// request (a hit that only moves the page's next use).
    fn sees_every_request(&self) -> bool {
        false
    }

    /// Delivers whatever the policy holds back and says whether it broke down. Only
    /// a policy written by a user ([`user`]) does either: its code may throw, run
    /// past its budget or return a page that is not resident; the run then stops
    /// with this error (a run loop asks after every slice).
    fn settle(&mut self) -> Result<(), crate::SimError> {
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
