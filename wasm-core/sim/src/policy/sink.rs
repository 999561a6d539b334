//! Where a policy's step puts what it produced besides hit or miss: eviction
//! and write-back counts, events when they are recorded, and the after-cache
//! stream when it is kept; and the final flush policies with per-page state
//! bytes share.

use super::Event;

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

/// The final flush shared by policies that keep per-page state bytes: writes
/// back, in the given order, every page whose `dirty` bit is set, and clears it.
pub fn flush_dirty(pages: impl IntoIterator<Item = u32>, state: &mut [u8], dirty: u8, sink: &mut Sink) {
    for p in pages {
        let s = &mut state[p as usize];
        if *s & dirty != 0 {
            *s &= !dirty;
            sink.clean(p, "final flush");
        }
    }
}
