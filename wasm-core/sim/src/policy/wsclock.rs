//! WSClock, as Tanenbaum's *Modern Operating Systems* (§3.4.9, Fig. 3-20)
//! gives it: the frames form a circle, each page with an R bit and a time of
//! last use. On a fault with every frame full, the hand examines the page it
//! points to: R = 1 → R is cleared, the time of last use becomes now, and the
//! hand advances; R = 0, older than τ and clean → the page is evicted; R = 0,
//! older than τ and dirty → its write is scheduled (here it happens at once:
//! counted as a write-back, the page becomes clean) and the hand advances; a
//! page in the working set (age at most τ) is passed. After a full turn without
//! a victim, the first clean page from the hand is evicted, else the page at the
//! hand (written back as it leaves).
//!
//! Readings: virtual time is the request count and a tick comes every `tick`
//! requests (R is cleared at every tick too, as in the working-set algorithm
//! WSClock refines; see `textbook.rs`); τ is in requests. A page loaded by a
//! fault has R = 1 and its time of last use is now; it takes the victim's frame
//! and the hand moves past it. The hand breaks every tie: the first suitable
//! page it reaches leaves.
//!
//! Snapshot: ring "clock" (slot order) with hand "hand"; status "old" for a page
//! with R = 0 and age above τ, "referenced" for R = 1; `bits` is R.

use super::entry::{CurveMethod, Group, PolicyEntry};
use super::textbook::{detail, interval, tick_event, tick_param, NONE, OLD, REFERENCED, TAU};
use super::{Event, Hand, Policy, Req, Ring, Sink, Slot, Snapshot};
use crate::collections::NIL;
use crate::describe::{defaults_of, parse_config, Param, View, HAND, RESIDENT};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    pub tau: u64,
    pub tick: u64,
}

impl Default for Config {
    fn default() -> Self {
        Config { tau: 10, tick: 4 }
    }
}

const PARAMS: &[Param] = &[TAU, tick_param("Requests between clock ticks; every tick clears all R bits.")];

pub const ENTRY: PolicyEntry = PolicyEntry {
    id: "wsclock",
    name: "WSClock",
    short: "WSClock",
    group: Group::Textbook,
    curve: CurveMethod::Sampled,
    source: "Tanenbaum, Modern Operating Systems, §3.4.9 (Fig. 3-20); Carr and Hennessy (1981)",
    summary: "The working-set algorithm on a clock: the hand evicts the first clean page older than τ, scheduling writes of old dirty ones.",
    how: "Frames form a circle with one hand; each page has an R bit (set on use, cleared at every clock tick) and a time of last use. On a fault the hand looks at its page: with R = 1, R is cleared, the time of last use becomes now and the hand moves on. With R = 0 and an age above τ, a clean page is evicted; a dirty one has its write scheduled (it becomes clean) and the hand moves on. Pages in the working set are passed. After a full turn, the first clean page from the hand leaves, or else the page at the hand. The new page takes the frame and the hand moves past it.",
    params: PARAMS,
    view: View::ring(&[HAND], &[RESIDENT, REFERENCED, OLD]),
    defaults: defaults_of::<Config>,
    build: |frames, ctx, params| {
        let c: Config = parse_config("wsclock", params)?;
        let n = ctx.n_pages as usize;
        Ok(Box::new(WsClock {
            slots: Vec::new(),
            slot_of: vec![NIL; n],
            r: vec![NONE; n],
            last: vec![0; n],
            dirty: vec![false; n],
            frames,
            hand: 0,
            tau: c.tau.max(1),
            tick: c.tick.max(1),
            cur: 0,
            now: 0,
        }))
    },
};

#[derive(Clone)]
pub struct WsClock {
    /// Page in each filled slot (frames fill in slot order).
    slots: Vec<u32>,
    slot_of: Vec<u32>,
    /// Per page: the tick interval of its last use; R = 1 while that is the
    /// current one (NONE: cleared by the hand).
    r: Vec<u32>,
    /// Per page: its time of last use.
    last: Vec<u32>,
    dirty: Vec<bool>,
    frames: usize,
    hand: usize,
    tau: u64,
    tick: u64,
    cur: u32,
    now: u32,
}

impl WsClock {
    #[inline]
    fn referenced(&self, p: u32) -> bool {
        self.r[p as usize] == self.cur
    }
    #[inline]
    fn age(&self, p: u32) -> u32 {
        self.now - self.last[p as usize]
    }

    fn advance(&mut self, t: usize, sink: &mut Sink) {
        let now = interval(t, self.tick);
        if now != self.cur {
            tick_event(sink, self.cur, now);
            if detail(sink, self.slots.len()) {
                for &p in &self.slots {
                    if self.r[p as usize] == self.cur {
                        sink.ev(|| Event::Status {
                            page: p,
                            from: "R = 1",
                            to: "R = 0",
                            why: "a clock tick clears every R bit",
                        });
                    }
                }
            }
            self.cur = now;
        }
        self.now = t.min(u32::MAX as usize) as u32;
    }

    /// The hand's turn: the victim's slot and why.
    fn sweep(&mut self, sink: &mut Sink) -> (usize, &'static str) {
        let n = self.frames;
        let mut h = self.hand;
        for _ in 0..n {
            let p = self.slots[h];
            if self.referenced(p) {
                self.r[p as usize] = NONE;
                let (from, to) = (self.last[p as usize], self.now);
                self.last[p as usize] = to;
                sink.ev(|| Event::Visit {
                    hand: "hand",
                    page: p,
                    action: "R = 1: cleared R, time of last use set to now",
                });
                if from != to {
                    sink.ev(|| Event::Count { page: p, name: "time of last use", from, to, binary: 0, why: "R was 1" });
                }
            } else if self.age(p) as u64 > self.tau {
                if !self.dirty[p as usize] {
                    let age = self.age(p);
                    sink.ev(|| Event::Count { page: p, name: "age", from: age, to: age, binary: 0, why: "above τ" });
                    return (h, "R = 0, older than τ and clean");
                }
                self.dirty[p as usize] = false;
                sink.clean(p, "R = 0 and older than τ but dirty: its write is scheduled and the hand moves on");
            } else {
                sink.ev(|| Event::Visit {
                    hand: "hand",
                    page: p,
                    action: "R = 0 but in the working set (age at most τ): passed",
                });
            }
            h = if h + 1 == n { 0 } else { h + 1 };
        }
        // A full turn: the first clean page from the hand, else the page at the hand.
        for i in 0..n {
            let s = (h + i) % n;
            if !self.dirty[self.slots[s] as usize] {
                return (s, "a full turn found no old clean page: the first clean page from the hand");
            }
        }
        (h, "a full turn found no clean page: the page at the hand")
    }
}

impl Policy for WsClock {
    fn id(&self) -> &'static str {
        "wsclock"
    }

    #[inline(always)]
    fn access(&mut self, req: Req, sink: &mut Sink) -> bool {
        let p = req.page;
        self.advance(req.t, sink);
        if self.slot_of[p as usize] != NIL {
            self.r[p as usize] = self.cur;
            self.dirty[p as usize] |= req.write;
            return true;
        }
        let n = self.frames;
        let slot = if self.slots.len() < n {
            self.slots.push(p);
            self.slots.len() - 1
        } else {
            let from = self.hand;
            let (h, why) = self.sweep(sink);
            let v = self.slots[h];
            self.slot_of[v as usize] = NIL;
            self.r[v as usize] = NONE;
            sink.evict(v, std::mem::take(&mut self.dirty[v as usize]), why);
            self.hand = if h + 1 == n { 0 } else { h + 1 };
            let to = self.hand;
            sink.ev(|| Event::hand_slots("hand", from, to));
            self.slots[h] = p;
            h
        };
        self.slot_of[p as usize] = slot as u32;
        self.r[p as usize] = self.cur;
        self.last[p as usize] = self.now;
        self.dirty[p as usize] = req.write;
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
        for &p in &self.slots {
            if std::mem::take(&mut self.dirty[p as usize]) {
                sink.clean(p, "final flush");
            }
        }
    }

    fn snapshot(&self) -> Snapshot {
        let slots = self
            .slots
            .iter()
            .map(|&p| {
                let r = self.referenced(p);
                let status = if r {
                    "referenced"
                } else if self.age(p) as u64 > self.tau {
                    "old"
                } else {
                    ""
                };
                Slot::page(p, status, r as u8, self.dirty[p as usize], true)
            })
            .collect();
        Snapshot {
            policy: "wsclock",
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
    use serde_json::json;

    /// By hand, τ = 2, a tick every 2 requests, 3 frames (slots 0 1 2, hand at 0).
    /// t0 1w, t1 2 (interval 0), t2 3 (interval 1; R of 1 and 2 cleared by the
    /// tick). t3 4 at now = 3: the hand finds 1 with R = 0, age 3 > 2 but dirty:
    /// written back, passed; 2: R = 0, age 2, in the working set, passed; 3: R = 1
    /// → cleared, last use 3. A full turn: the first clean page from the hand (at
    /// 1 again) is 1 (cleaned) → evicted. 4 takes slot 0, hand at 1.
    #[test]
    fn an_old_dirty_page_is_written_and_passed_then_taken_after_a_full_turn() {
        let (rp, _, ev, sink) = replay("wsclock", 3, json!({"tau": 2, "tick": 2}), &[w(1), r(2), r(3), r(4)]);
        assert_eq!(ev, vec![(1, false)]);
        assert_eq!(sink.writebacks, 1);
        let s = rp.policy.snapshot();
        assert_eq!(s.rings[0].hands[0].pos, 1);
        // t4 5 at now = 4 (interval 2: every R clear): 2 (age 4 > 2, clean) leaves at once.
        let (_, _, ev, sink) = replay("wsclock", 3, json!({"tau": 2, "tick": 2}), &[w(1), r(2), r(3), r(4), r(5)]);
        assert_eq!(ev, vec![(1, false), (2, false)]);
        assert_eq!(sink.writebacks, 1);
    }

    /// Every page in the working set and dirty: the page at the hand leaves, written back.
    #[test]
    fn with_every_page_young_and_dirty_the_page_at_the_hand_leaves() {
        let (_, _, ev, sink) = replay("wsclock", 2, json!({"tau": 10, "tick": 100}), &[w(1), w(2), r(3)]);
        assert_eq!(ev, vec![(1, true)]);
        assert_eq!(sink.writebacks, 1);
    }
}
