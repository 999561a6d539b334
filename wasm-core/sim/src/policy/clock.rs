//! CLOCK (second chance), as the CLOCK-Pro and CRAW papers describe it: frames
//! form a circle; on a fault the hand checks the page it points to, clears a set
//! reference bit and moves on, and replaces the first page whose bit is clear.
//!
//! Readings where the texts are silent:
//! - A page brought in by a fault starts with its reference bit clear: the fault
//!   is not a second reference. It is placed in the victim's slot and the hand
//!   moves past it, so the new page gets a full revolution before it is checked.
//! - While frames are free they are filled in slot order and the hand stays at 0.
//!
//! Snapshot: ring "clock" (slot order) with hand "hand"; `bits` is the reference bit.

use super::entry::{CurveMethod, Group, PolicyEntry};
use super::{Event, Hand, Policy, Req, Ring, Sink, Slot, Snapshot};
use crate::collections::NIL;
use crate::describe::{defaults_of, parse_config, View, HAND, RESIDENT};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {}

pub const ENTRY: PolicyEntry = PolicyEntry {
    id: "clock",
    name: "CLOCK",
    short: "CLOCK",
    group: Group::Classic,
    curve: CurveMethod::Sampled,
    source: "textbook; as the CLOCK-Pro and CRAW papers describe it",
    summary: "One-bit approximation of LRU: a hand sweeps the frames, giving referenced pages a second chance.",
    how: "Frames form a circle with one hand. A hit sets the page's reference bit. On a fault the hand looks at the page it points to: a set bit is cleared and the hand moves on (a second chance); the first page with a clear bit is replaced. The new page takes the victim's frame with its bit clear, and the hand moves past it.",
    params: &[],
    view: View::ring(&[HAND], &[RESIDENT]),
    defaults: defaults_of::<Config>,
    build: |frames, ctx, params| {
        let _: Config = parse_config("clock", params)?;
        Ok(Box::new(Clock::new(frames, ctx.n_pages)))
    },
};

#[derive(Clone)]
pub struct Clock {
    /// Page in each filled slot; frames fill in slot order, so the ring grows to
    /// `frames` slots as pages arrive (memory follows the contents, and a huge
    /// cache holding few pages is cheap to build, clone and draw).
    slots: Vec<u32>,
    /// Per slot: bit 0 reference, bit 1 dirty.
    bits: Vec<u8>,
    /// Per page: its slot, or NIL.
    slot_of: Vec<u32>,
    frames: usize,
    hand: usize,
}

const REF: u8 = 1;
const DIRTY: u8 = 2;

impl Clock {
    pub fn new(frames: usize, n_pages: u32) -> Clock {
        Clock { slots: Vec::new(), bits: Vec::new(), slot_of: vec![NIL; n_pages as usize], frames, hand: 0 }
    }
    pub fn hand(&self) -> usize {
        self.hand
    }
}

impl Policy for Clock {
    fn id(&self) -> &'static str {
        "clock"
    }

    #[inline]
    fn access(&mut self, req: Req, sink: &mut Sink) -> bool {
        let p = req.page;
        let s = self.slot_of[p as usize];
        let wbit = if req.write { DIRTY } else { 0 };
        if s != NIL {
            self.bits[s as usize] |= REF | wbit;
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
            while self.bits[h] & REF != 0 {
                self.bits[h] &= !REF;
                let page = self.slots[h];
                sink.ev(|| Event::Visit { hand: "hand", page, action: "cleared reference bit" });
                h = if h + 1 == n { 0 } else { h + 1 };
            }
            let v = self.slots[h];
            self.slot_of[v as usize] = NIL;
            sink.evict(v, self.bits[h] & DIRTY != 0, "reference bit clear under the hand");
            self.hand = if h + 1 == n { 0 } else { h + 1 };
            let to = self.hand;
            sink.ev(|| Event::hand_slots("hand", from, to));
            h
        };
        self.slots[slot] = p;
        self.bits[slot] = wbit;
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
            .map(|i| Slot::page(self.slots[i], "", self.bits[i] & REF, self.bits[i] & DIRTY != 0, true))
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
    use super::super::testutil::run_reads;

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

    #[test]
    fn a_loop_one_page_larger_than_memory_never_hits() {
        let pages: Vec<u64> = (0..2000).map(|i| i % 101).collect();
        assert_eq!(run_reads("clock", 100, &pages).misses(), 2000);
    }
}
