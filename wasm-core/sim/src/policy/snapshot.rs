use serde::Serialize;

/// A policy's internal structure at one instant, in a shape every view can draw:
/// rings (clocks with hands), ordered lists (head first) and gauges.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Snapshot<P = u32> {
    pub policy: &'static str,
    pub capacity: u32,
    pub resident: u32,
    pub rings: Vec<Ring<P>>,
    pub lists: Vec<List<P>>,
    pub gauges: Vec<Gauge>,
}

/// One entry of a ring or list.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Slot<P = u32> {
    /// The page: a dense id inside the core, the trace's own id as people read it
    /// once labelled (`Snapshot::label`); `None` for an empty frame.
    pub page: Option<P>,
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
pub struct Ring<P = u32> {
    pub name: &'static str,
    /// Slots in the whole ring. `slots` lists the first of them and the rest are
    /// empty frames: a ring is listed only as far as it is filled, so a snapshot
    /// grows with what the cache holds, not with its size.
    pub size: u32,
    pub slots: Vec<Slot<P>>,
    pub hands: Vec<Hand>,
}

impl<P> Ring<P> {
    /// A ring of exactly the slots given.
    pub fn new(name: &'static str, slots: Vec<Slot<P>>, hands: Vec<Hand>) -> Ring<P> {
        Ring { name, size: slots.len() as u32, slots, hands }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct List<P = u32> {
    pub name: &'static str,
    /// Head first: MRU for LRU-ordered lists, oldest first for queues (see the policy).
    pub entries: Vec<Slot<P>>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Gauge {
    pub name: &'static str,
    pub value: f64,
    pub target: Option<f64>,
}

impl<P> Default for Snapshot<P> {
    fn default() -> Self {
        Snapshot { policy: "", capacity: 0, resident: 0, rings: Vec::new(), lists: Vec::new(), gauges: Vec::new() }
    }
}

impl Snapshot {
    /// The same state with each page named by `label` (the trace's own id): what
    /// drawings, narration and exports show. Dense ids stay inside the core.
    pub fn label<P>(self, label: &impl Fn(u32) -> P) -> Snapshot<P> {
        let slot = |s: Slot| Slot {
            page: s.page.map(label),
            status: s.status,
            bits: s.bits,
            dirty: s.dirty,
            resident: s.resident,
        };
        Snapshot {
            policy: self.policy,
            capacity: self.capacity,
            resident: self.resident,
            rings: self
                .rings
                .into_iter()
                .map(|r| Ring {
                    name: r.name,
                    size: r.size,
                    slots: r.slots.into_iter().map(slot).collect(),
                    hands: r.hands,
                })
                .collect(),
            lists: self
                .lists
                .into_iter()
                .map(|l| List { name: l.name, entries: l.entries.into_iter().map(slot).collect() })
                .collect(),
            gauges: self.gauges,
        }
    }
}
