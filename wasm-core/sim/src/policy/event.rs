use serde::Serialize;

/// What one step did, in the order it did it. The explorer's narration and the
/// tests read these. Names of hands, lists and statuses are the policy's own
/// vocabulary (`"hand_cold"`, `"T1"`, `"hot"`), documented in its module.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event<P = u32> {
    Hit {
        page: P,
        write: bool,
    },
    Miss {
        page: P,
        write: bool,
    },
    /// A page was placed: in a ring slot, or at the head of a list.
    Insert {
        page: P,
        place: &'static str,
        slot: Option<u32>,
    },
    /// A resident page left the cache.
    Evict {
        page: P,
        dirty: bool,
        why: &'static str,
    },
    /// A dirty page was written back and stays resident.
    WriteBack {
        page: P,
        why: &'static str,
    },
    /// A clock hand moved. Rings with fixed slots (CLOCK, CFCLOCK) give the
    /// slots; rings without (CLOCK-Pro's hands move in a list) give the pages
    /// pointed at. None: that side has nothing (an empty hand).
    Hand {
        hand: &'static str,
        from_slot: Option<u32>,
        to_slot: Option<u32>,
        from_page: Option<P>,
        to_page: Option<P>,
    },
    /// A hand (or a scan) examined a page and did something to it.
    Visit {
        hand: &'static str,
        page: P,
        action: &'static str,
    },
    /// A page changed status (hot/cold, clean/dirty, resident/ghost, …).
    Status {
        page: P,
        from: &'static str,
        to: &'static str,
        why: &'static str,
    },
    /// A page moved between lists or areas.
    Move {
        page: P,
        from: &'static str,
        to: &'static str,
        why: &'static str,
    },
    /// An adaptive quantity (target size, window) changed.
    Gauge {
        name: &'static str,
        from: f64,
        to: f64,
        why: &'static str,
    },
    /// A number a policy keeps per page changed, or was read to decide (`from ==
    /// to`): a use count, an aging counter, a time of last use, an age. `binary`:
    /// the number is a register of that many bits, written in binary (0: decimal).
    Count {
        page: P,
        name: &'static str,
        from: u32,
        to: u32,
        binary: u8,
        why: &'static str,
    },
    /// A non-resident (ghost / test-period) entry was added, hit or dropped.
    Ghost {
        page: P,
        list: &'static str,
        action: &'static str,
    },
    /// An immediate repeat of the previous request, collapsed: a hit that left
    /// the policy's state as it was (a write only set the dirty bit).
    Repeat {
        page: P,
        write: bool,
    },
    /// The numbers behind the eviction that follows, in words (ARC: "|T1| = 2 >
    /// p = 1, so T1's LRU page leaves"): for a rule a step's other events cannot
    /// show. Built only while events are recorded, so the fast path never formats it.
    Reason {
        why: String,
    },
}

impl Event {
    /// The same event with its pages named by `label` (see `Snapshot::label`).
    pub fn label<P>(self, label: &impl Fn(u32) -> P) -> Event<P> {
        match self {
            Event::Hit { page, write } => Event::Hit { page: label(page), write },
            Event::Miss { page, write } => Event::Miss { page: label(page), write },
            Event::Insert { page, place, slot } => Event::Insert { page: label(page), place, slot },
            Event::Evict { page, dirty, why } => Event::Evict { page: label(page), dirty, why },
            Event::WriteBack { page, why } => Event::WriteBack { page: label(page), why },
            Event::Hand { hand, from_slot, to_slot, from_page, to_page } => {
                Event::Hand { hand, from_slot, to_slot, from_page: from_page.map(label), to_page: to_page.map(label) }
            }
            Event::Visit { hand, page, action } => Event::Visit { hand, page: label(page), action },
            Event::Status { page, from, to, why } => Event::Status { page: label(page), from, to, why },
            Event::Move { page, from, to, why } => Event::Move { page: label(page), from, to, why },
            Event::Gauge { name, from, to, why } => Event::Gauge { name, from, to, why },
            Event::Count { page, name, from, to, binary, why } => {
                Event::Count { page: label(page), name, from, to, binary, why }
            }
            Event::Ghost { page, list, action } => Event::Ghost { page: label(page), list, action },
            Event::Repeat { page, write } => Event::Repeat { page: label(page), write },
            Event::Reason { why } => Event::Reason { why },
        }
    }

    /// A hand of a ring with fixed slots moved.
    pub fn hand_slots(hand: &'static str, from: usize, to: usize) -> Event {
        Event::Hand { hand, from_slot: Some(from as u32), to_slot: Some(to as u32), from_page: None, to_page: None }
    }
    /// A hand that points at pages (NIL: at nothing) moved.
    pub fn hand_pages(hand: &'static str, from: u32, to: u32) -> Event {
        let p = |x: u32| (x != crate::collections::NIL).then_some(x);
        Event::Hand { hand, from_slot: None, to_slot: None, from_page: p(from), to_page: p(to) }
    }
}
