use serde::Serialize;

/// What one step did, in the order it did it. The explorer's narration and the
/// tests read these. Names of hands, lists and statuses are the policy's own
/// vocabulary (`"hand_cold"`, `"T1"`, `"hot"`), documented in its module.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    Hit {
        page: u32,
        write: bool,
    },
    Miss {
        page: u32,
        write: bool,
    },
    /// A page was placed: in a ring slot, or at the head of a list.
    Insert {
        page: u32,
        place: &'static str,
        slot: Option<u32>,
    },
    /// A resident page left the cache.
    Evict {
        page: u32,
        dirty: bool,
        why: &'static str,
    },
    /// A dirty page was written back and stays resident.
    WriteBack {
        page: u32,
        why: &'static str,
    },
    /// A clock hand moved from one slot to another.
    Hand {
        hand: &'static str,
        from: u32,
        to: u32,
    },
    /// A hand (or a scan) examined a page and did something to it.
    Visit {
        hand: &'static str,
        page: u32,
        action: &'static str,
    },
    /// A page changed status (hot/cold, clean/dirty, resident/ghost, …).
    Status {
        page: u32,
        from: &'static str,
        to: &'static str,
        why: &'static str,
    },
    /// A page moved between lists or areas.
    Move {
        page: u32,
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
    /// A non-resident (ghost / test-period) entry was added, hit or dropped.
    Ghost {
        page: u32,
        list: &'static str,
        action: &'static str,
    },
}
