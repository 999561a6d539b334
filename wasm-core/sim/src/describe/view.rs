//! How a policy's snapshot is drawn: the view kind, and the names, order and
//! style of its hands, statuses and lists. Colours are roles, not colours: the
//! UI maps each role to its palette (light, dark, colour-blind safe), so the
//! core never picks a pixel.

use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ViewKind {
    /// One clock: slots on a circle, hands around it.
    Ring,
    /// Lists, stacks or queues, head first.
    List,
    /// Several rings and lists side by side (CAR, CRAW, Linux 2Q).
    Mixed,
}

/// A hand of a ring, or a status of a page, as drawn.
#[derive(Debug, Clone, Copy, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Mark {
    /// The name the snapshot and events use (`hand_cold`, `hot`).
    pub name: &'static str,
    /// The name people read (the paper's: `HAND_cold`, `hot`).
    pub label: &'static str,
    /// Colour role: `hot`, `cold`, `test`, `ghost`, `accent1`…`accent4`, `neutral`.
    pub colour: &'static str,
    /// Shape that tells it apart without colour: `circle`, `square`, `triangle`, `diamond`, `bar`.
    pub shape: &'static str,
}

impl Mark {
    pub const fn new(name: &'static str, label: &'static str, colour: &'static str, shape: &'static str) -> Mark {
        Mark { name, label, colour, shape }
    }
}

/// What a list is drawn with besides its entries.
#[derive(Debug, Clone, Copy, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ListHint {
    pub list: &'static str,
    /// A gauge whose value is an index into the list, drawn as a pointer.
    pub pointer_gauge: Option<&'static str>,
    pub pointer_label: &'static str,
    /// The status at which the list's second region starts (a bar is drawn there).
    pub split_status: Option<&'static str>,
    /// Caption; `{gauge}` is replaced by that gauge's value (`-1` reads as `caption_none`).
    pub caption: &'static str,
    pub caption_gauge: Option<&'static str>,
    pub caption_none: &'static str,
}

pub const fn list_hint(list: &'static str) -> ListHint {
    ListHint {
        list,
        pointer_gauge: None,
        pointer_label: "",
        split_status: None,
        caption: "",
        caption_gauge: None,
        caption_none: "",
    }
}

#[derive(Debug, Clone, Copy, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct View {
    pub kind: ViewKind,
    /// Largest value of a slot's `bits` (1 for a reference bit; TS-CLOCK counts to 4; 0 when the
    /// policy keeps none, as FIFO, LRU, OPT and ARC: a list view has none unless it says so).
    pub max_bits: u8,
    /// Hands in drawing order.
    pub hands: &'static [Mark],
    /// Page statuses in legend order; `""` is the plain resident page.
    pub statuses: &'static [Mark],
    pub lists: &'static [ListHint],
    /// A parameter giving pages per block: list entries are grouped by block.
    pub block_param: Option<&'static str>,
    /// The snapshot reads its rings from a hand onward (the clock has no fixed
    /// frames: CLOCK-Pro's holds test pages too), so drawings anchor on a page
    /// rather than on slot 0, and the hands are seen to move.
    pub from_hand: bool,
    /// The policy orders or groups pages by their numbers (blocks of neighbouring
    /// pages, sector order), so a trace whose pages are string keys is refused.
    pub numeric_ids: bool,
}

impl View {
    /// A view of `kind` with no lists, blocks or numeric order (what the builders below refine).
    const fn of(kind: ViewKind, max_bits: u8, hands: &'static [Mark], statuses: &'static [Mark]) -> View {
        View { kind, max_bits, hands, statuses, lists: &[], block_param: None, from_hand: false, numeric_ids: false }
    }
    pub const fn ring(hands: &'static [Mark], statuses: &'static [Mark]) -> View {
        View::of(ViewKind::Ring, 1, hands, statuses)
    }
    pub const fn list(statuses: &'static [Mark]) -> View {
        View::of(ViewKind::List, 0, &[], statuses)
    }
    pub const fn mixed(hands: &'static [Mark], statuses: &'static [Mark]) -> View {
        View::of(ViewKind::Mixed, 1, hands, statuses)
    }
    pub const fn with_lists(self, lists: &'static [ListHint]) -> View {
        View { lists, ..self }
    }
    pub const fn with_bits(self, max_bits: u8) -> View {
        View { max_bits, ..self }
    }
    pub const fn by_block(self, param: &'static str) -> View {
        View { block_param: Some(param), numeric_ids: true, ..self }
    }
    /// The policy reads page numbers' order (see [`View::numeric_ids`]).
    pub const fn by_number(self) -> View {
        View { numeric_ids: true, ..self }
    }
    pub const fn read_from_hand(self) -> View {
        View { from_hand: true, ..self }
    }
}

/// Marks many policies share.
pub const RESIDENT: Mark = Mark::new("", "resident", "cold", "circle");
pub const GHOST: Mark = Mark::new("ghost", "non-resident (ghost)", "ghost", "square");
pub const HAND: Mark = Mark::new("hand", "hand", "accent1", "triangle");
