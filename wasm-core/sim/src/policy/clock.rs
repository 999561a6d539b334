//! CLOCK (second chance), as the CLOCK-Pro and CRAW papers describe it: frames
//! form a circle; on a fault the hand checks the page it points to, clears a set
//! reference bit and moves on, and replaces the first page whose bit is clear.
//!
//! Readings where the texts are silent:
//! - A page brought in by a fault starts with its reference bit clear: the fault
//!   is not a second reference (`ref_on_insert = false`, the default). Textbooks
//!   that set the bit on load (and OSTEP's simulator) are `ref_on_insert = true`:
//!   the textbook string 7 0 1 2 0 3 0 4 2 3 0 3 2 1 2 0 1 7 0 1 in 3 frames then
//!   faults 14 times instead of 11. The new page is placed in the victim's slot
//!   and the hand moves past it, so it gets a full revolution before it is checked.
//! - While frames are free they are filled in slot order and the hand stays at 0.
//! - `bits` > 1 makes the reference bit a use counter, as OSTEP's `-b`: every
//!   use raises it by one up to `bits` (OSTEP's maximum is the value of `-b`),
//!   a page loaded with `ref_on_insert` starts at 1, and the hand lowers it by
//!   one as it passes; the first page at 0 is replaced. (OSTEP's simulator
//!   examines random pages instead of sweeping a hand; this one sweeps.)
//!
//! The hand breaks every tie: the first page it finds at 0 leaves.
//!
//! Snapshot: ring "clock" (slot order) with hand "hand"; `bits` is the reference
//! bit, or the use counter when `bits` > 1.

use super::entry::{CurveMethod, Group, PolicyEntry};
use super::{Event, Hand, Policy, Req, Ring, Sink, Slot, Snapshot};
use crate::collections::{grow, NIL};
use crate::describe::{defaults_of, parse_config, Param, View, HAND, RESIDENT};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Largest value of the use counter (1: a reference bit).
    pub bits: u8,
    /// A page loaded by a fault starts referenced (counter 1).
    pub ref_on_insert: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config { bits: 1, ref_on_insert: false }
    }
}

const PARAMS: &[Param] = &[
    Param::integer(
        "bits",
        "Use counter maximum",
        1.0,
        8.0,
        "",
        "1: a reference bit. More: a use counter, as OSTEP's -b, that each use raises by one up to this value and the hand lowers by one as it passes.",
    ),
    Param::flag(
        "ref_on_insert",
        "Reference bit set on load",
        "A page loaded by a fault starts referenced (counter 1), as many textbooks and OSTEP's simulator do; off: it starts clear (the CLOCK-Pro and CRAW papers' reading).",
    ),
];

pub const ENTRY: PolicyEntry = PolicyEntry {
    id: "clock",
    name: "CLOCK",
    short: "CLOCK",
    group: Group::Classic,
    curve: CurveMethod::Sampled,
    source: "textbook; as the CLOCK-Pro and CRAW papers describe it",
    summary: "One-bit approximation of LRU: a hand sweeps the frames, giving referenced pages a second chance.",
    how: "Frames form a circle with one hand. A hit sets the page's reference bit. On a fault the hand looks at the page it points to: a set bit is cleared and the hand moves on (a second chance); the first page with a clear bit is replaced. The new page takes the victim's frame with its bit clear (set, with \"set on load\"), and the hand moves past it. With a use counter of several bits, a hit raises the counter up to its maximum and the hand lowers it by one.",
    params: PARAMS,
    view: View::ring(&[HAND], &[RESIDENT]),
    defaults: defaults_of::<Config>,
    build: |frames, ctx, params| {
        let c: Config = parse_config("clock", params)?;
        Ok(Box::new(Clock::with(frames, ctx.n_pages, c.bits.clamp(1, 8), c.ref_on_insert)))
    },
};

#[derive(Clone)]
pub struct Clock {
    /// Page in each filled slot; frames fill in slot order, so the ring grows to
    /// `frames` slots as pages arrive (memory follows the contents, and a huge
    /// cache holding few pages is cheap to build, clone and draw).
    slots: Vec<u32>,
    /// Per slot: the use counter (`COUNT` bits; a reference bit when `max` is 1), and `DIRTY`.
    bits: Vec<u8>,
    /// Per page: its slot, or NIL.
    slot_of: Vec<u32>,
    frames: usize,
    hand: usize,
    /// Largest counter value.
    max: u8,
    /// Counter of a page loaded by a fault (0, or 1 with `ref_on_insert`).
    start: u8,
}

const COUNT: u8 = 0x0f;
const DIRTY: u8 = 0x10;

impl Clock {
    pub fn new(frames: usize, n_pages: u32) -> Clock {
        Clock::with(frames, n_pages, 1, false)
    }
    pub fn with(frames: usize, n_pages: u32, max: u8, ref_on_insert: bool) -> Clock {
        Clock {
            slots: Vec::new(),
            bits: Vec::new(),
            slot_of: vec![NIL; n_pages as usize],
            frames,
            hand: 0,
            max,
            start: ref_on_insert as u8,
        }
    }
    pub fn hand(&self) -> usize {
        self.hand
    }
}

impl Policy for Clock {
    fn id(&self) -> &'static str {
        "clock"
    }

    #[inline(always)]
    fn access(&mut self, req: Req, sink: &mut Sink) -> bool {
        let p = req.page;
        let s = self.slot_of[p as usize];
        let wbit = if req.write { DIRTY } else { 0 };
        if s != NIL {
            let b = &mut self.bits[s as usize];
            *b = (*b & DIRTY) | wbit | ((*b & COUNT) + 1).min(self.max);
            return true;
        }
        let n = self.frames;
        let slot = if self.slots.len() < n {
            self.slots.push(NIL);
            self.bits.push(0);
            self.slots.len() - 1
        } else {
            let from = self.hand;
            let mut h = self.hand;
            let action = if self.max == 1 { "cleared reference bit" } else { "lowered its use counter by 1" };
            while self.bits[h] & COUNT != 0 {
                self.bits[h] -= 1;
                let page = self.slots[h];
                sink.ev(|| Event::Visit { hand: "hand", page, action });
                h = if h + 1 == n { 0 } else { h + 1 };
            }
            let v = self.slots[h];
            self.slot_of[v as usize] = NIL;
            sink.evict(
                v,
                self.bits[h] & DIRTY != 0,
                if self.max == 1 { "reference bit clear under the hand" } else { "use counter 0 under the hand" },
            );
            self.hand = if h + 1 == n { 0 } else { h + 1 };
            let to = self.hand;
            sink.ev(|| Event::hand_slots("hand", from, to));
            h
        };
        self.slots[slot] = p;
        self.bits[slot] = wbit | self.start;
        self.slot_of[p as usize] = slot as u32;
        sink.ev(|| Event::Insert { page: p, place: "clock", slot: Some(slot as u32) });
        false
    }

    fn resident(&self) -> usize {
        self.slots.len()
    }
    fn capacity(&self) -> usize {
        self.frames
    }
    fn grow_pages(&mut self, n: u32) -> bool {
        grow(&mut self.slot_of, n as usize, NIL);
        true
    }
    fn contains(&self, page: u32) -> bool {
        self.slot_of.get(page as usize).is_some_and(|&s| s != NIL)
    }
    fn mark_dirty(&mut self, page: u32) -> bool {
        self.bits[self.slot_of[page as usize] as usize] |= DIRTY;
        true
    }

    fn flush(&mut self, sink: &mut Sink) {
        for i in 0..self.slots.len() {
            if self.bits[i] & DIRTY != 0 {
                self.bits[i] &= !DIRTY;
                sink.clean(self.slots[i], "final flush");
            }
        }
    }

    fn snapshot(&self) -> Snapshot {
        let slots = (0..self.slots.len())
            .map(|i| Slot::page(self.slots[i], "", self.bits[i] & COUNT, self.bits[i] & DIRTY != 0, true))
            .collect();
        Snapshot {
            policy: "clock",
            capacity: self.frames as u32,
            resident: self.slots.len() as u32,
            rings: vec![Ring {
                name: "clock",
                size: self.frames as u32,
                slots,
                hands: vec![Hand { name: "hand", pos: self.hand as u32 }],
            }],
            ..Snapshot::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testutil::{r, replay, run_reads};
    use serde_json::json;

    fn reads(pages: &[u64]) -> Vec<(u64, bool)> {
        pages.iter().map(|&p| r(p)).collect()
    }

    #[test]
    fn second_chance_worked_by_hand() {
        // 1 2 3 fill slots 0..2 (bits clear), 1 hits (bit set). 4: the hand clears 1's
        // bit and takes 2's slot; 2 takes 3's slot; 5 takes 1's slot (bit now clear);
        // 1 takes 4's slot. Final slots [5, 1, 2], hand at slot 2.
        let r = run_reads("clock", 3, &[1, 2, 3, 1, 4, 2, 5, 1]);
        assert_eq!(r.hits, vec![false, false, false, true, false, false, false, false]);
        assert_eq!(r.evicted, vec![2, 3, 1, 4]);
        let s = r.policy.snapshot();
        let ring = &s.rings[0];
        let slots: Vec<u32> = ring.slots.iter().map(|x| x.page.unwrap()).collect();
        assert_eq!(slots, vec![4, 0, 1]); // dense ids of 5, 1, 2
        assert_eq!(ring.hands[0].pos, 2);
    }

    const BOOK: [u64; 20] = [7, 0, 1, 2, 0, 3, 0, 4, 2, 3, 0, 3, 2, 1, 2, 0, 1, 7, 0, 1];

    #[test]
    fn the_textbook_string_faults_11_times_by_default_and_14_with_the_bit_set_on_load() {
        assert_eq!(run_reads("clock", 3, &BOOK).misses(), 11);
        // Set on load, by hand (page·bit, > the hand): 7 0 1 fill [>7·1 0·1 1·1].
        // 2: the hand clears all three, comes round to 7 and takes it:
        // [2·1 >0·0 1·0]. 0 hits: [2·1 >0·1 1·0]. 3: clears 0, takes 1:
        // [>2·1 0·0 3·1]. 0 hits: [>2·1 0·1 3·1]. 4: clears 2, 0 and 3, takes 2:
        // [4·1 >0·0 3·0]. 2 takes 0: [4·1 2·1 >3·0]. 3 hits; 0 clears 3, 4 and 2 and
        // takes 3, … The victims: 7 1 2 0 3 4 2 0 3 1 2, so 14 faults (3 + 11).
        let (rp, hits, ev, _) = replay("clock", 3, json!({"ref_on_insert": true}), &reads(&BOOK));
        assert_eq!(hits.iter().filter(|h| !**h).count(), 14);
        assert_eq!(ev.iter().map(|e| e.0).collect::<Vec<_>>(), vec![7, 1, 2, 0, 3, 4, 2, 0, 3, 1, 2]);
        assert_eq!(rp.policy.snapshot().rings[0].slots.len(), 3);
    }

    /// OSTEP's -b 2: a page used twice survives two passes of the hand.
    #[test]
    fn a_use_counter_rises_with_each_use_up_to_its_maximum_and_the_hand_lowers_it() {
        // 3 frames, counter max 2, set on load. 1 1 1 → 1 at 2 (capped); 2, 3 at 1.
        // 4: the hand lowers 1 (2→1), 2 (1→0), 3 (1→0), 1 (1→0), then takes 2.
        let (rp, _, ev, _) = replay("clock", 3, json!({"bits": 2, "ref_on_insert": true}), &reads(&[1, 1, 1, 2, 3, 4]));
        assert_eq!(ev.iter().map(|e| e.0).collect::<Vec<_>>(), vec![2]);
        let s = rp.policy.snapshot();
        let bits: Vec<u8> = s.rings[0].slots.iter().map(|x| x.bits).collect();
        assert_eq!(bits, vec![0, 1, 0]); // 1 (lowered twice), 4 (loaded at 1), 3 (lowered once)
        assert_eq!(s.rings[0].hands[0].pos, 2);
    }

    #[test]
    fn a_loop_one_page_larger_than_memory_never_hits() {
        let pages: Vec<u64> = (0..2000).map(|i| i % 101).collect();
        assert_eq!(run_reads("clock", 100, &pages).misses(), 2000);
    }
}
