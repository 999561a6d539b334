//! Enhanced second chance (the enhanced CLOCK of Silberschatz's *Operating
//! System Concepts* and Stallings' *Operating Systems*): a CLOCK whose hand
//! weighs the R (referenced) and M (modified) bits. On a fault with every frame
//! full the hand makes a round looking for a page with (R = 0, M = 0), changing
//! nothing; failing that, a round looking for (R = 0, M = 1), clearing R on every
//! page it passes; and repeats (after the second round every R is clear, so the
//! third or fourth finds a page).
//!
//! Readings: a page loaded by a fault has R = 1 (the faulting reference) and
//! M = 1 if it writes; it takes its victim's frame and the hand moves past it.
//! M stays set until the page leaves (a dirty victim is written back then).
//! There is no clock tick: only the hand clears R. The hand breaks every tie:
//! the first suitable page from the hand leaves (among equals, the one it
//! reaches first).
//!
//! Snapshot: ring "clock" (slot order) with hand "hand"; status "class 0" …
//! "class 3" (2·R + M, as NRU's); `bits` is R and `dirty` is M.

use super::entry::{CurveMethod, Group, PolicyEntry};
use super::textbook::{CLASSES, CLASS_MARKS};
use super::{Event, Hand, Policy, Req, Ring, Sink, Slot, Snapshot};
use crate::collections::NIL;
use crate::describe::{defaults_of, parse_config, View, HAND};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {}

pub const ENTRY: PolicyEntry = PolicyEntry {
    id: "clock-enhanced",
    name: "Enhanced second chance",
    short: "CLOCK (R,M)",
    group: Group::Textbook,
    curve: CurveMethod::Sampled,
    source: "Silberschatz, Operating System Concepts, §10.4.5; Stallings, Operating Systems, §8.2",
    summary: "A CLOCK that prefers pages neither referenced nor modified, sparing a dirty page's write-back.",
    how: "Frames form a circle with one hand; each page has an R bit (set on use) and an M bit (set on write). On a fault the hand goes round once looking for a page with R = 0 and M = 0, changing nothing. If none, it goes round again looking for R = 0 and M = 1, clearing R on every page it passes. If that fails too it starts over; now every R is clear, so it finds a page. The new page takes the victim's frame with R = 1 and the hand moves past it.",
    params: &[],
    view: View::ring(&[HAND], CLASS_MARKS),
    defaults: defaults_of::<Config>,
    build: |frames, ctx, params| {
        let _: Config = parse_config("clock-enhanced", params)?;
        Ok(Box::new(ClockEnhanced {
            slots: Vec::new(),
            bits: Vec::new(),
            slot_of: vec![NIL; ctx.n_pages as usize],
            frames,
            hand: 0,
        }))
    },
};

#[derive(Clone)]
pub struct ClockEnhanced {
    /// Page in each filled slot (frames fill in slot order).
    slots: Vec<u32>,
    /// Per slot: `R`, `M`.
    bits: Vec<u8>,
    /// Per page: its slot, or NIL.
    slot_of: Vec<u32>,
    frames: usize,
    hand: usize,
}

const R: u8 = 1;
const M: u8 = 2;

impl ClockEnhanced {
    fn class(&self, s: usize) -> usize {
        2 * (self.bits[s] & R != 0) as usize + (self.bits[s] & M != 0) as usize
    }

    /// The victim's slot, sweeping from the hand, and why it was chosen.
    fn sweep(&mut self, sink: &mut Sink) -> (usize, &'static str) {
        let n = self.frames;
        for round in 0.. {
            let mut h = self.hand;
            for _ in 0..n {
                let b = self.bits[h];
                if round % 2 == 0 {
                    if b & (R | M) == 0 {
                        return (
                            h,
                            if round == 0 {
                                "first page with R = 0, M = 0 (first round)"
                            } else {
                                "first page with R = 0, M = 0 (third round: every R now clear)"
                            },
                        );
                    }
                } else if b & R == 0 {
                    return (
                        h,
                        if round == 1 {
                            "no page with R = 0, M = 0: first with R = 0, M = 1 (second round), written back"
                        } else {
                            "first page with R = 0, M = 1 (fourth round), written back"
                        },
                    );
                } else {
                    self.bits[h] &= !R;
                    let page = self.slots[h];
                    sink.ev(|| Event::Status {
                        page,
                        from: if b & M != 0 { "class 3" } else { "class 2" },
                        to: if b & M != 0 { "class 1" } else { "class 0" },
                        why: "the hand clears R in its round looking for R = 0, M = 1",
                    });
                }
                h = if h + 1 == n { 0 } else { h + 1 };
            }
        }
        unreachable!("the fourth round finds a page")
    }
}

impl Policy for ClockEnhanced {
    fn id(&self) -> &'static str {
        "clock-enhanced"
    }

    #[inline(always)]
    fn access(&mut self, req: Req, sink: &mut Sink) -> bool {
        let p = req.page;
        let s = self.slot_of[p as usize];
        let m = if req.write { M } else { 0 };
        if s != NIL {
            self.bits[s as usize] |= R | m;
            return true;
        }
        let n = self.frames;
        let slot = if self.slots.len() < n {
            self.slots.push(NIL);
            self.bits.push(0);
            self.slots.len() - 1
        } else {
            let from = self.hand;
            let (h, why) = self.sweep(sink);
            let v = self.slots[h];
            self.slot_of[v as usize] = NIL;
            sink.evict(v, self.bits[h] & M != 0, why);
            self.hand = if h + 1 == n { 0 } else { h + 1 };
            let to = self.hand;
            sink.ev(|| Event::hand_slots("hand", from, to));
            h
        };
        self.slots[slot] = p;
        self.bits[slot] = R | m;
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

    fn flush(&mut self, sink: &mut Sink) {
        for i in 0..self.slots.len() {
            if self.bits[i] & M != 0 {
                self.bits[i] &= !M;
                sink.clean(self.slots[i], "final flush");
            }
        }
    }

    fn snapshot(&self) -> Snapshot {
        let slots = (0..self.slots.len())
            .map(|i| Slot::page(self.slots[i], CLASSES[self.class(i)], self.bits[i] & R, self.bits[i] & M != 0, true))
            .collect();
        Snapshot {
            policy: "clock-enhanced",
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
    use super::super::testutil::{r, replay, w};
    use serde_json::Value;

    /// By hand, 3 frames (page·R·M, > the hand): 1w 2 3 load [>1·1·1 2·1·0 3·1·0].
    /// 4: round 1 finds no (0, 0); round 2 clears R on 1, 2 and 3 (none had R = 0);
    /// round 3 finds 2 = (0, 0): [1·0·1 4·1·0 >3·0·0]. 5: round 1 finds 3 at the
    /// hand: [>1·0·1 4·1·0 5·1·0]. 6: round 1 finds none; round 2 finds 1 = (0, 1)
    /// at once: written back, [6·1·0 >4·1·0 5·1·0].
    #[test]
    fn clean_unreferenced_pages_go_first_then_dirty_ones() {
        let (rp, hits, ev, sink) = replay("clock-enhanced", 3, Value::Null, &[w(1), r(2), r(3), r(4), r(5), r(6)]);
        assert!(hits.iter().all(|h| !h));
        assert_eq!(ev, vec![(2, false), (3, false), (1, true)]);
        assert_eq!(sink.writebacks, 1);
        let s = rp.policy.snapshot();
        assert_eq!(s.rings[0].hands[0].pos, 1);
        let st: Vec<&str> = s.rings[0].slots.iter().map(|x| x.status).collect();
        assert_eq!(st, vec!["class 2", "class 2", "class 2"]);
    }
}
