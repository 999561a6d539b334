use serde::Serialize;

/// A policy's internal structure at one instant, in a shape every view can draw:
/// rings (clocks with hands), ordered lists (head first) and gauges.
#[derive(Debug, Clone, PartialEq, Serialize, Default)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Snapshot {
    pub policy: &'static str,
    pub capacity: u32,
    pub resident: u32,
    pub rings: Vec<Ring>,
    pub lists: Vec<List>,
    pub gauges: Vec<Gauge>,
}

/// One entry of a ring or list.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Slot {
    /// Dense page id, or `None` for an empty frame.
    pub page: Option<u32>,
    /// Policy-specific status (`"hot"`, `"cold"`, `"test"`, `"ghost"`, `""`).
    pub status: &'static str,
    /// Reference bit or counter.
    pub bits: u8,
    pub dirty: bool,
    pub resident: bool,
}

impl Slot {
    pub const EMPTY: Slot = Slot { page: None, status: "", bits: 0, dirty: false, resident: false };
    pub fn page(page: u32, status: &'static str, bits: u8, dirty: bool, resident: bool) -> Slot {
        Slot { page: Some(page), status, bits, dirty, resident }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Hand {
    pub name: &'static str,
    pub pos: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Ring {
    pub name: &'static str,
    pub slots: Vec<Slot>,
    pub hands: Vec<Hand>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct List {
    pub name: &'static str,
    /// Head first: MRU for LRU-ordered lists, oldest first for queues (see the policy).
    pub entries: Vec<Slot>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Gauge {
    pub name: &'static str,
    pub value: f64,
    pub target: Option<f64>,
}
