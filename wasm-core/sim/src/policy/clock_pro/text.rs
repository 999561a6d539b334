//! CLOCK-Pro as its text reads (`reading: text`), with these choices where the
//! text leaves points open:
//! - Warm-up: while a frame is free and there are fewer than m_h hot pages, a
//!   page faulted in that is not in the clock enters as hot (LIRS gives new
//!   blocks LIR status until the LIR set is full; CLOCK-Pro follows LIRS).
//!   Otherwise it enters as a resident cold page in its test period.
//! - A faulted-in page starts with its reference bit clear (the fault is not a
//!   second reference), as in our CLOCK.
//! - HAND_cold at a resident cold page: bit clear → evicted; it stays in the
//!   clock as a non-resident test page if in its test period, else leaves.
//!   Bit set and in test → turns hot (m_c + 1) and moves to the head, then
//!   HAND_hot runs while hot pages exceed m_h. Bit set, not in test → bit reset
//!   and moved to the head, "no status change". The hand stops at the next
//!   resident cold page. Hot and non-resident pages it passes are left alone
//!   (the paper gives it nothing to do there).
//! - HAND_hot: hot with bit set → bit reset, spared; hot with bit clear → turns
//!   cold (resident, not in test: a demoted LIR block leaves LIRS's stack).
//!   Cold pages it passes end their test period; non-resident ones leave the
//!   clock. After the demotion it keeps moving until it rests on a hot page
//!   ("finally the hand stops at a hot page"). Whenever it passes the page under
//!   HAND_cold or HAND_test, that hand is pushed to the next page of its kind
//!   (hands never overtake), which keeps both definitions above true. (On a
//!   literal single circle HAND_hot could lap HAND_cold, which would then evict
//!   the page just left at the head, against "we always select this cold page".)
//! - HAND_test ends the test period of the page it points to (non-resident ones
//!   leave the clock) and moves to the next cold page in test, passing hot pages
//!   and cold pages not in test untouched. It runs while
//!   non-resident pages exceed m, checked once the fault is fully served (so a
//!   fault on a test page is not thrown away by its own eviction). The summary's
//!   "cold pages > m_c + m" trigger equals this when m_c pages are resident cold.
//! - Order on a fault: HAND_cold frees a frame first; then the page is looked up
//!   in the clock (as the paper orders it), so a test period that the hands ended
//!   meanwhile counts as ended.
//! - Adaptation: m_c + 1 when a cold page is found accessed in its test period
//!   (HAND_cold sees its bit, or a fault hits a non-resident test page); m_c − 1
//!   when a test period ends with the reference bit clear. m_c stays in [1, m]:
//!   m_h + m_c = m (4.2) and at least one cold frame must exist for HAND_cold to
//!   replace. The allocation is realised at once (HAND_hot runs until hot ≤ m_h).
//! - Non-resident pages are bounded by m, the memory size, as the text says.
//! - Initial m_c (and the fixed m_c of `clock-pro-fixed`) is `cold_fraction` of
//!   the frames, at least 1; the default 1 % is the cold (HIR) allocation the
//!   paper gives LIRS in its evaluation, the only figure it names.
//! - Immediate repeats: the authors' simulators count a request for the page
//!   just requested as a hit that changes nothing. That is the run option
//!   `collapse_repeats` (for every policy), not a parameter of this one.

use super::{flush_pages, snapshot_of, DIRTY, HOT, REF, RES, TEST};
use crate::collections::{DList, Links, NIL};
use crate::policy::{Event, Policy, Req, Sink, Snapshot};

// The text reading keeps a bit of its own: the page is on the clock.
const IN_CLOCK: u8 = 1;

#[derive(Clone)]
pub struct ClockPro {
    frames: usize,
    adaptive: bool,
    m_c: usize,
    hot: usize,
    res_cold: usize,
    nonres: usize,
    /// The clock, front = HAND_hot.
    clock: DList,
    clock_l: Links,
    /// Resident cold pages in clock order, front = HAND_cold.
    cold: DList,
    cold_l: Links,
    /// Cold pages in their test period (resident or not), front = HAND_test.
    test: DList,
    test_l: Links,
    st: Vec<u8>,
}

fn pid(x: Option<u32>) -> u32 {
    x.unwrap_or(NIL)
}
impl ClockPro {
    pub fn new(frames: usize, n_pages: u32, m_c: usize, adaptive: bool) -> ClockPro {
        let n = n_pages as usize;
        ClockPro {
            frames,
            adaptive,
            m_c: m_c.clamp(1, frames),
            hot: 0,
            res_cold: 0,
            nonres: 0,
            clock: DList::new(),
            clock_l: Links::new(n),
            cold: DList::new(),
            cold_l: Links::new(n),
            test: DList::new(),
            test_l: Links::new(n),
            st: vec![0; n],
        }
    }

    pub fn m_c(&self) -> usize {
        self.m_c
    }
    fn m_h(&self) -> usize {
        self.frames - self.m_c
    }
    /// Non-resident cold pages now in the clock (at most the frame count).
    pub fn nonresident(&self) -> usize {
        self.nonres
    }

    fn adapt(&mut self, up: bool, sink: &mut Sink) {
        if !self.adaptive {
            return;
        }
        let from = self.m_c;
        self.m_c = if up { (from + 1).min(self.frames) } else { from.saturating_sub(1).max(1) };
        if self.m_c != from {
            let to = self.m_c;
            let why = if up { "cold page accessed in its test period" } else { "test period ended without re-access" };
            sink.ev(|| Event::Gauge { name: "m_c", from: from as f64, to: to as f64, why });
        }
    }

    /// Moves the page under HAND_hot to the head (the hand moves past it).
    fn rotate_front(&mut self) {
        if let Some(x) = self.clock.pop_front(&mut self.clock_l) {
            self.clock.push_back(&mut self.clock_l, x);
        }
    }

    /// Ends the test period of `x` (which must be in it) on behalf of `hand`.
    fn end_test(&mut self, x: u32, hand: &'static str, sink: &mut Sink) {
        let s = self.st[x as usize];
        self.test.remove(&mut self.test_l, x);
        self.st[x as usize] &= !TEST;
        if s & RES != 0 {
            sink.ev(|| Event::Visit { hand, page: x, action: "ended test period" });
            sink.ev(|| Event::Status { page: x, from: "cold-test", to: "cold", why: "passed its test period" });
        } else {
            self.clock.remove(&mut self.clock_l, x);
            self.st[x as usize] = 0;
            self.nonres -= 1;
            sink.ev(|| Event::Visit { hand, page: x, action: "removed non-resident page: test period over" });
            sink.ev(|| Event::Ghost { page: x, list: "clock", action: "dropped" });
        }
        if s & REF == 0 {
            self.adapt(false, sink);
        }
    }

    /// HAND_hot: turns one hot page cold, then rests on the next hot page.
    fn run_hand_hot(&mut self, sink: &mut Sink) {
        if self.hot == 0 {
            return;
        }
        let from = pid(self.clock.front());
        let mut demoted = false;
        while let Some(x) = self.clock.front() {
            let s = self.st[x as usize];
            if s & HOT != 0 {
                if demoted {
                    break;
                }
                self.rotate_front();
                if s & REF != 0 {
                    self.st[x as usize] &= !REF;
                    sink.ev(|| Event::Visit { hand: "hand_hot", page: x, action: "cleared reference bit" });
                } else {
                    self.st[x as usize] &= !HOT;
                    self.hot -= 1;
                    self.res_cold += 1;
                    self.cold.push_back(&mut self.cold_l, x);
                    demoted = true;
                    sink.ev(|| Event::Visit { hand: "hand_hot", page: x, action: "turned cold" });
                    sink.ev(|| Event::Status {
                        page: x,
                        from: "hot",
                        to: "cold",
                        why: "reference bit clear under HAND_hot",
                    });
                    if self.hot == 0 {
                        break;
                    }
                }
            } else if s & RES != 0 {
                debug_assert_eq!(self.cold.front(), Some(x));
                if s & TEST != 0 {
                    self.end_test(x, "hand_hot", sink);
                }
                self.rotate_front();
                // The page under HAND_cold moves to the head: push HAND_cold on.
                self.cold.pop_front(&mut self.cold_l);
                self.cold.push_back(&mut self.cold_l, x);
            } else {
                self.end_test(x, "hand_hot", sink);
            }
        }
        let to = pid(self.clock.front());
        sink.ev(|| Event::hand_pages("hand_hot", from, to));
    }

    fn balance_hot(&mut self, sink: &mut Sink) {
        while self.hot > self.m_h() {
            self.run_hand_hot(sink);
        }
    }

    /// HAND_test: ends one test period.
    fn run_hand_test(&mut self, sink: &mut Sink) {
        if let Some(x) = self.test.front() {
            self.end_test(x, "hand_test", sink);
            let to = pid(self.test.front());
            sink.ev(|| Event::hand_pages("hand_test", x, to));
        }
    }

    /// HAND_cold: frees one frame.
    fn run_hand_cold(&mut self, sink: &mut Sink) {
        let from = pid(self.cold.front());
        loop {
            let Some(x) = self.cold.front() else {
                // Only reachable if every frame were hot; demote one so there is a victim.
                if self.hot == 0 {
                    debug_assert!(false, "hand_cold ran on an empty cache");
                    break;
                }
                self.run_hand_hot(sink);
                continue;
            };
            let s = self.st[x as usize];
            if s & REF != 0 {
                self.st[x as usize] &= !REF;
                self.cold.remove(&mut self.cold_l, x);
                self.clock.remove(&mut self.clock_l, x);
                self.clock.push_back(&mut self.clock_l, x);
                if s & TEST != 0 {
                    self.test.remove(&mut self.test_l, x);
                    self.st[x as usize] = (self.st[x as usize] & !TEST) | HOT;
                    self.res_cold -= 1;
                    self.hot += 1;
                    sink.ev(|| Event::Visit {
                        hand: "hand_cold",
                        page: x,
                        action: "turned hot: referenced in its test period",
                    });
                    sink.ev(|| Event::Status {
                        page: x,
                        from: "cold-test",
                        to: "hot",
                        why: "accessed in its test period",
                    });
                    self.adapt(true, sink);
                    self.balance_hot(sink);
                } else {
                    self.cold.push_back(&mut self.cold_l, x);
                    sink.ev(|| Event::Visit {
                        hand: "hand_cold",
                        page: x,
                        action: "cleared reference bit, moved to head",
                    });
                }
            } else {
                self.cold.remove(&mut self.cold_l, x);
                self.res_cold -= 1;
                sink.evict(x, s & DIRTY != 0, "cold page with reference bit clear under HAND_cold");
                if s & TEST != 0 {
                    self.st[x as usize] = IN_CLOCK | TEST;
                    self.nonres += 1;
                    sink.ev(|| Event::Status {
                        page: x,
                        from: "cold-test",
                        to: "test",
                        why: "evicted during its test period",
                    });
                    sink.ev(|| Event::Ghost { page: x, list: "clock", action: "added" });
                } else {
                    self.clock.remove(&mut self.clock_l, x);
                    self.st[x as usize] = 0;
                }
                break;
            }
        }
        let to = pid(self.cold.front());
        sink.ev(|| Event::hand_pages("hand_cold", from, to));
    }

    fn position(&self, page: Option<u32>) -> u32 {
        page.and_then(|p| self.clock.iter(&self.clock_l).position(|x| x == p)).unwrap_or(0) as u32
    }
}

impl Policy for ClockPro {
    fn id(&self) -> &'static str {
        if self.adaptive {
            "clock-pro"
        } else {
            "clock-pro-fixed"
        }
    }

    #[inline(always)]
    fn access(&mut self, req: Req, sink: &mut Sink) -> bool {
        let p = req.page;
        let wbit = if req.write { DIRTY } else { 0 };
        if self.st[p as usize] & RES != 0 {
            self.st[p as usize] |= REF | wbit;
            return true;
        }
        let was_full = self.hot + self.res_cold == self.frames;
        if was_full {
            self.run_hand_cold(sink);
        }
        if self.st[p as usize] & IN_CLOCK != 0 {
            // Non-resident and still in its test period: a small reuse distance.
            self.clock.remove(&mut self.clock_l, p);
            self.test.remove(&mut self.test_l, p);
            self.nonres -= 1;
            self.st[p as usize] = IN_CLOCK | RES | HOT | wbit;
            self.hot += 1;
            self.clock.push_back(&mut self.clock_l, p);
            sink.ev(|| Event::Ghost { page: p, list: "clock", action: "hit" });
            sink.ev(|| Event::Status { page: p, from: "test", to: "hot", why: "faulted in during its test period" });
            sink.ev(|| Event::Insert { page: p, place: "head", slot: None });
            self.adapt(true, sink);
            self.balance_hot(sink);
        } else if !was_full && self.hot < self.m_h() {
            self.st[p as usize] = IN_CLOCK | RES | HOT | wbit;
            self.hot += 1;
            self.clock.push_back(&mut self.clock_l, p);
            sink.ev(|| Event::Insert { page: p, place: "head", slot: None });
            sink.ev(|| Event::Status { page: p, from: "new", to: "hot", why: "warm-up: hot allocation not yet full" });
        } else {
            self.st[p as usize] = IN_CLOCK | RES | TEST | wbit;
            self.res_cold += 1;
            self.clock.push_back(&mut self.clock_l, p);
            self.cold.push_back(&mut self.cold_l, p);
            self.test.push_back(&mut self.test_l, p);
            sink.ev(|| Event::Insert { page: p, place: "head", slot: None });
        }
        while self.nonres > self.frames {
            self.run_hand_test(sink);
        }
        false
    }

    fn resident(&self) -> usize {
        self.hot + self.res_cold
    }
    fn capacity(&self) -> usize {
        self.frames
    }
    fn contains(&self, page: u32) -> bool {
        self.st.get(page as usize).is_some_and(|s| s & RES != 0)
    }
    fn mark_dirty(&mut self, page: u32) -> bool {
        self.st[page as usize] |= DIRTY;
        true
    }

    fn flush(&mut self, sink: &mut Sink) {
        let pages: Vec<u32> = self.clock.iter(&self.clock_l).collect();
        flush_pages(&pages, &mut self.st, sink);
    }

    fn snapshot(&self) -> Snapshot {
        let pages: Vec<u32> = self.clock.iter(&self.clock_l).collect();
        let (cold, test) = (self.position(self.cold.front()), self.position(self.test.front()));
        snapshot_of(self.id(), &pages, &self.st, [cold, test], [self.m_c, self.frames])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::Gauge;
    use crate::sim::RunOptions;

    fn step(p: &mut ClockPro, page: u32) -> (bool, Vec<Event>) {
        let mut sink = Sink::recording();
        let hit = p.access(Req { t: 0, page, write: false }, &mut sink);
        (hit, sink.events.unwrap())
    }

    fn ring(p: &ClockPro) -> Vec<(u32, &'static str, u8, bool)> {
        let s = p.snapshot();
        s.rings[0].slots.iter().map(|x| (x.page.unwrap(), x.status, x.bits, x.resident)).collect()
    }
    fn hands(p: &ClockPro) -> Vec<u32> {
        p.snapshot().rings[0].hands.iter().map(|h| h.pos).collect()
    }

    #[test]
    fn hand_worked_trace_with_three_frames() {
        // m = 3, m_c = 1 (m_h = 2). 0 1 enter hot (warm-up), 2 enters cold in test.
        let mut p = ClockPro::new(3, 8, 1, true);
        let hits: Vec<bool> = [0, 1, 2, 0].iter().map(|&x| step(&mut p, x).0).collect();
        assert_eq!(hits, vec![false, false, false, true]);
        assert_eq!(ring(&p), vec![(0, "hot", 1, true), (1, "hot", 0, true), (2, "cold-test", 0, true)]);
        assert_eq!(hands(&p), vec![0, 2, 2]);

        // 3 faults: HAND_cold evicts 2, which stays as a non-resident test page.
        let (hit, ev) = step(&mut p, 3);
        assert!(!hit);
        assert_eq!(
            ev[0],
            Event::Evict { page: 2, dirty: false, why: "cold page with reference bit clear under HAND_cold" }
        );
        assert!(ev.contains(&Event::Status {
            page: 2,
            from: "cold-test",
            to: "test",
            why: "evicted during its test period"
        }));
        assert_eq!(
            ring(&p),
            vec![(0, "hot", 1, true), (1, "hot", 0, true), (2, "test", 0, false), (3, "cold-test", 0, true)]
        );
        assert_eq!(hands(&p), vec![0, 3, 2]);

        // 2 faults in its test period: it turns hot, m_c grows to 2, so HAND_hot
        // spares 0 (bit set), turns 1 cold, removes the test page 3 (m_c back to 1)
        // and rests on hot page 2.
        let (hit, ev) = step(&mut p, 2);
        assert!(!hit);
        let nil = u32::MAX;
        assert_eq!(
            ev,
            vec![
                Event::Evict { page: 3, dirty: false, why: "cold page with reference bit clear under HAND_cold" },
                Event::Status { page: 3, from: "cold-test", to: "test", why: "evicted during its test period" },
                Event::Ghost { page: 3, list: "clock", action: "added" },
                Event::hand_pages("hand_cold", 3, nil),
                Event::Ghost { page: 2, list: "clock", action: "hit" },
                Event::Status { page: 2, from: "test", to: "hot", why: "faulted in during its test period" },
                Event::Insert { page: 2, place: "head", slot: None },
                Event::Gauge { name: "m_c", from: 1.0, to: 2.0, why: "cold page accessed in its test period" },
                Event::Visit { hand: "hand_hot", page: 0, action: "cleared reference bit" },
                Event::Visit { hand: "hand_hot", page: 1, action: "turned cold" },
                Event::Status { page: 1, from: "hot", to: "cold", why: "reference bit clear under HAND_hot" },
                Event::Visit { hand: "hand_hot", page: 3, action: "removed non-resident page: test period over" },
                Event::Ghost { page: 3, list: "clock", action: "dropped" },
                Event::Gauge { name: "m_c", from: 2.0, to: 1.0, why: "test period ended without re-access" },
                Event::hand_pages("hand_hot", 0, 2),
            ]
        );
        assert_eq!(ring(&p), vec![(2, "hot", 0, true), (0, "hot", 0, true), (1, "cold", 0, true)]);
        assert_eq!(hands(&p), vec![0, 2, 0]);
        assert_eq!(p.m_c(), 1);

        // 1 is re-accessed outside a test period; on the next fault HAND_cold moves
        // it to the head ("no status change": no new test period), comes round to
        // it again and evicts it, out of the clock.
        assert!(step(&mut p, 1).0);
        let (_, ev) = step(&mut p, 4);
        assert_eq!(ev[0], Event::Visit { hand: "hand_cold", page: 1, action: "cleared reference bit, moved to head" });
        assert_eq!(ring(&p), vec![(2, "hot", 0, true), (0, "hot", 0, true), (4, "cold-test", 0, true)]);
        let s = p.snapshot();
        assert_eq!(
            s.gauges,
            vec![Gauge { name: "m_c", value: 1.0, target: None }, Gauge { name: "m_h", value: 2.0, target: None }]
        );
        assert_eq!(s.resident, 3);
    }

    #[test]
    fn fixed_variant_never_moves_m_c() {
        let mut p = ClockPro::new(3, 8, 1, false);
        let mut all = vec![];
        for x in [0, 1, 2, 0, 3, 2, 1, 4, 3, 4] {
            all.extend(step(&mut p, x).1);
        }
        assert!(all.iter().all(|e| !matches!(e, Event::Gauge { .. })));
        assert_eq!(p.m_c(), 1);
        assert_eq!(p.id(), "clock-pro-fixed");
        // As the adaptive run up to [2H 0H 4ct] (1 left the clock: no new test
        // period in the text reading); 3 evicts 4 and enters cold in test; 4 evicts
        // 3 and, faulting in its test period, turns hot, so HAND_hot turns 2 (bit
        // clear) cold and rests on 0. m_c stays 1 throughout.
        assert_eq!(
            ring(&p),
            vec![(0, "hot", 0, true), (3, "test", 0, false), (4, "hot", 0, true), (2, "cold", 0, true)]
        );
    }

    #[test]
    fn collapsed_repeats_keep_a_run_from_promoting() {
        for (on, expect) in [
            (false, vec![(2, "hot", 0, true), (1, "cold", 0, true), (3, "cold-test", 0, true)]),
            (true, vec![(0, "hot", 0, true), (1, "hot", 0, true), (2, "test", 0, false), (3, "cold-test", 0, true)]),
        ] {
            let t = crate::trace::Trace::reads(&[0, 1, 2, 2, 3]);
            let opts = RunOptions { collapse_repeats: on, ..RunOptions::default() };
            let mut s = crate::sim::Session::new(&t, Box::new(ClockPro::new(3, 4, 1, true)), opts);
            let hits: Vec<bool> = std::iter::from_fn(|| s.step_traced().map(|x| x.0)).collect();
            assert_eq!(hits, vec![false, false, false, true, false]);
            // Off: 2's bit is set in its test period, so HAND_cold turns it hot, m_c
            // becomes 2 and HAND_hot turns 0 and 1 cold; 0 is then replaced.
            // On: 2's bit stays clear and 2 is replaced.
            let snap = s.snapshot();
            let ring: Vec<_> =
                snap.rings[0].slots.iter().map(|x| (x.page.unwrap(), x.status, x.bits, x.resident)).collect();
            assert_eq!(ring, expect, "collapse_repeats {on}");
        }
    }

    #[test]
    fn nonresident_pages_stay_within_memory_size_on_a_scan() {
        let mut p = ClockPro::new(10, 1000, 1, true);
        let mut sink = Sink::counting();
        for i in 0..1000 {
            p.access(Req { t: i, page: (i % 1000) as u32, write: i % 3 == 0 }, &mut sink);
            assert!(p.nonresident() <= 10);
            assert_eq!(p.resident(), (i + 1).min(10));
        }
        assert!(sink.writebacks > 0);
    }

    /// The three lists agree with the per-page state and with each other's order.
    fn check(p: &ClockPro) {
        let order: Vec<u32> = p.clock.iter(&p.clock_l).collect();
        let st = |x: u32| p.st[x as usize];
        let cold: Vec<u32> = order.iter().copied().filter(|&x| st(x) & (RES | HOT) == RES).collect();
        let test: Vec<u32> = order.iter().copied().filter(|&x| st(x) & TEST != 0).collect();
        assert_eq!(
            p.cold.iter(&p.cold_l).collect::<Vec<_>>(),
            cold,
            "HAND_cold's list is the resident cold pages in clock order"
        );
        assert_eq!(
            p.test.iter(&p.test_l).collect::<Vec<_>>(),
            test,
            "HAND_test's list is the test pages in clock order"
        );
        assert_eq!(p.hot, order.iter().filter(|&&x| st(x) & HOT != 0).count());
        assert_eq!(p.res_cold, cold.len());
        assert_eq!(p.nonres, order.iter().filter(|&&x| st(x) & RES == 0).count());
        assert!(
            order.iter().all(|&x| st(x) & RES != 0 || st(x) & TEST != 0),
            "non-resident pages are in their test period"
        );
        assert!(p.nonres <= p.frames && p.hot <= p.m_h() && (1..=p.frames).contains(&p.m_c));
        assert_eq!(p.st.iter().filter(|&&s| s & IN_CLOCK != 0).count(), order.len());
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig { cases: 96, ..Default::default() })]
        #[test]
        fn lists_stay_consistent(frames in 1usize..12, adaptive: bool, cold in 1usize..12,
                                 pages in proptest::collection::vec(0u32..40, 0..500)) {
            let mut p = ClockPro::new(frames, 40, cold.min(frames), adaptive);
            let mut sink = Sink::recording();
            for (t, &x) in pages.iter().enumerate() {
                p.access(Req { t, page: x, write: t % 5 == 0 }, &mut sink);
                check(&p);
            }
        }
    }
}
