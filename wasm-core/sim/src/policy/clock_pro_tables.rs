//! CLOCK-Pro under the `tables` reading: the reading that reproduces the
//! paper's Tables 1–2 (see `clock_pro` for the policy and the `text` reading).
//! Run with collapsed immediate repeats, as the authors' simulators count the
//! LIRS traces, it is within 1.3 pp of every CLOCK-Pro figure of Table 2
//! (sprite), 0.45 pp on average; the `text` reading is 3.1 pp and 0.86 pp off.
//!
//! Where it departs from the text, and why:
//! - **One literal clock.** The three hands are positions on one circle and
//!   move independently, as on a real clock: HAND_hot may pass HAND_cold, which
//!   then is no longer at "the last resident cold page" the text defines, and
//!   may reach a page HAND_hot has just left at the head. The `text` reading
//!   keeps the definition (hands never overtake); the tables need the clock
//!   (it alone moves sprite@100 from 26.5 % to 23.5 %, published 24.8 %).
//! - **Non-resident bound 2m**, not the text's m. The text's m gives 16 %
//!   instead of 23.9 % at Table 1's smallest size; any bound from about 1.75m
//!   up fits the tables alike.
//! - **m_c changes wait for HAND_cold.** A test-period outcome is counted at
//!   once, but the allocation changes when HAND_cold next runs (the text: the
//!   hands "realize the memory allocation by temporally adjusting" their speed);
//!   HAND_hot then runs until hot pages fit m_h. A promotion itself asks
//!   HAND_hot for one demotion, as the text says ("ask HAND_hot for its
//!   actions"); the `text` reading balances at once instead.
//! - **m_c starts at `cold_fraction` of m and stays ≥ 2 pages.** The text
//!   gives neither figure; the default 1 % is the HIR share the paper gives
//!   LIRS (starting at 10 % fits the tables a little less well, 0.52 pp on
//!   average, and leaves a 101-page loop at 89 % hits instead of 97 %).
//! - **A referenced cold page out of its test period starts a new one** when
//!   HAND_cold moves it to the head, as LIRS puts a re-referenced HIR block back
//!   on top of its stack. The text changes only its bit and place.
//!
//! Kept from the text: a faulted page enters with its reference bit clear
//! (setting it ruins the fit); warm-up fills hot pages while frames are free
//! (as the `text` reading); HAND_hot ends the test period of every cold page it
//! passes and removes non-resident ones; HAND_test ends test periods while
//! non-resident pages exceed the bound.
//!
//! Snapshot and events are those of `clock_pro`: ring "clock" read from
//! HAND_hot forward, so new pages enter at its end (the head).

use super::clock_pro::{flush_pages, snapshot_of, DIRTY, HOT, REF, RES, TEST};
use super::util::NIL;
use super::{Event, Policy, Req, Sink, Snapshot};

#[derive(Clone)]
pub struct ClockProTables {
    frames: usize,
    adaptive: bool,
    m_c: usize,
    m_c_min: usize,
    /// m_c change waiting for HAND_cold's next run.
    pending: i64,
    hot: usize,
    res_cold: usize,
    nonres: usize,
    max_nonres: usize,
    /// The circle: next/prev of each page in it (NIL when out).
    next: Vec<u32>,
    prev: Vec<u32>,
    hand_hot: u32,
    hand_cold: u32,
    hand_test: u32,
    st: Vec<u8>,
}

impl ClockProTables {
    pub fn new(frames: usize, n_pages: u32, m_c: usize, adaptive: bool) -> ClockProTables {
        let n = n_pages as usize;
        let m_c_min = 2.min(frames);
        ClockProTables {
            frames,
            adaptive,
            m_c: m_c.clamp(m_c_min, frames),
            m_c_min,
            pending: 0,
            hot: 0,
            res_cold: 0,
            nonres: 0,
            max_nonres: 2 * frames,
            next: vec![NIL; n],
            prev: vec![NIL; n],
            hand_hot: NIL,
            hand_cold: NIL,
            hand_test: NIL,
            st: vec![0; n],
        }
    }

    fn m_h(&self) -> usize {
        self.frames - self.m_c
    }
    pub fn nonresident(&self) -> usize {
        self.nonres
    }

    /// Places `x` at the list head: just behind HAND_hot.
    fn insert_head(&mut self, x: u32) {
        let h = self.hand_hot;
        if h == NIL {
            self.next[x as usize] = x;
            self.prev[x as usize] = x;
            (self.hand_hot, self.hand_cold, self.hand_test) = (x, x, x);
            return;
        }
        let p = self.prev[h as usize];
        self.next[p as usize] = x;
        self.prev[x as usize] = p;
        self.next[x as usize] = h;
        self.prev[h as usize] = x;
    }

    /// Takes `x` off the circle; a hand on it moves to the next page.
    fn unlink(&mut self, x: u32) {
        let (n, p) = (self.next[x as usize], self.prev[x as usize]);
        let after = if n == x { NIL } else { n };
        for h in [&mut self.hand_hot, &mut self.hand_cold, &mut self.hand_test] {
            if *h == x {
                *h = after;
            }
        }
        if n != x {
            self.next[p as usize] = n;
            self.prev[n as usize] = p;
        }
        self.next[x as usize] = NIL;
        self.prev[x as usize] = NIL;
    }

    fn adapt(&mut self, up: bool) {
        if self.adaptive {
            self.pending += if up { 1 } else { -1 };
        }
    }

    fn apply_pending(&mut self, sink: &mut Sink) {
        if self.pending == 0 {
            return;
        }
        let from = self.m_c;
        let to = (self.m_c as i64 + std::mem::take(&mut self.pending)).max(0) as usize;
        self.m_c = to.clamp(self.m_c_min, self.frames);
        if self.m_c != from {
            let to = self.m_c;
            let why = "test periods since HAND_cold last ran";
            sink.ev(|| Event::Gauge { name: "m_c", from: from as f64, to: to as f64, why });
        }
        self.balance_hot(sink);
    }

    fn end_test(&mut self, x: u32, hand: &'static str, sink: &mut Sink) {
        let s = self.st[x as usize];
        self.st[x as usize] &= !TEST;
        if s & RES != 0 {
            sink.ev(|| Event::Visit { hand, page: x, action: "ended test period" });
            sink.ev(|| Event::Status { page: x, from: "cold-test", to: "cold", why: "passed its test period" });
        } else {
            self.unlink(x);
            self.st[x as usize] = 0;
            self.nonres -= 1;
            sink.ev(|| Event::Visit { hand, page: x, action: "removed non-resident page: test period over" });
            sink.ev(|| Event::Ghost { page: x, list: "clock", action: "dropped" });
        }
        if s & REF == 0 {
            self.adapt(false);
        }
    }

    /// HAND_hot: turns one hot page cold, then rests on the next hot page.
    fn run_hand_hot(&mut self, sink: &mut Sink) {
        if self.hot == 0 {
            return;
        }
        let from = self.hand_hot;
        let mut demoted = false;
        loop {
            let x = self.hand_hot;
            let s = self.st[x as usize];
            if s & HOT != 0 {
                if demoted {
                    break;
                }
                self.hand_hot = self.next[x as usize];
                if s & REF != 0 {
                    self.st[x as usize] &= !REF;
                    sink.ev(|| Event::Visit { hand: "hand_hot", page: x, action: "cleared reference bit" });
                } else {
                    self.st[x as usize] &= !HOT;
                    self.hot -= 1;
                    self.res_cold += 1;
                    demoted = true;
                    sink.ev(|| Event::Visit { hand: "hand_hot", page: x, action: "turned cold" });
                    let why = "reference bit clear under hand_hot";
                    sink.ev(|| Event::Status { page: x, from: "hot", to: "cold", why });
                    if self.hot == 0 {
                        break;
                    }
                }
            } else if s & TEST != 0 {
                // A non-resident page leaves the circle, which moves the hand on.
                let next = self.next[x as usize];
                self.end_test(x, "hand_hot", sink);
                if s & RES != 0 {
                    self.hand_hot = next;
                }
            } else {
                self.hand_hot = self.next[x as usize];
            }
        }
        let to = self.hand_hot;
        sink.ev(|| Event::hand_pages("hand_hot", from, to));
    }

    fn balance_hot(&mut self, sink: &mut Sink) {
        while self.hot > self.m_h() {
            self.run_hand_hot(sink);
        }
    }

    /// HAND_test: ends the next test period on its way.
    fn run_hand_test(&mut self, sink: &mut Sink) {
        let from = self.hand_test;
        loop {
            let x = self.hand_test;
            let s = self.st[x as usize];
            if s & HOT == 0 && s & TEST != 0 {
                let next = self.next[x as usize];
                self.end_test(x, "hand_test", sink);
                if s & RES != 0 {
                    self.hand_test = next;
                }
                break;
            }
            self.hand_test = self.next[x as usize];
        }
        let to = self.hand_test;
        sink.ev(|| Event::hand_pages("hand_test", from, to));
    }

    fn is_res_cold(&self, x: u32) -> bool {
        self.st[x as usize] & (RES | HOT) == RES
    }

    /// HAND_cold: frees one frame, then rests on the next resident cold page.
    fn run_hand_cold(&mut self, sink: &mut Sink) {
        self.apply_pending(sink);
        let from = self.hand_cold;
        loop {
            if self.res_cold == 0 {
                // Every resident page hot (only with one frame): make a victim.
                self.run_hand_hot(sink);
                continue;
            }
            let x = self.hand_cold;
            if !self.is_res_cold(x) {
                self.hand_cold = self.next[x as usize];
                continue;
            }
            let s = self.st[x as usize];
            self.hand_cold = self.next[x as usize];
            if s & REF != 0 {
                self.unlink(x);
                self.insert_head(x);
                if s & TEST != 0 {
                    self.st[x as usize] = (s & !(REF | TEST)) | HOT;
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
                    self.adapt(true);
                    self.run_hand_hot(sink);
                } else {
                    self.st[x as usize] = (s & !REF) | TEST;
                    sink.ev(|| Event::Visit {
                        hand: "hand_cold",
                        page: x,
                        action: "cleared reference bit, moved to head, new test period",
                    });
                    let why = "re-accessed outside a test period";
                    sink.ev(|| Event::Status { page: x, from: "cold", to: "cold-test", why });
                }
                continue;
            }
            self.res_cold -= 1;
            sink.evict(x, s & DIRTY != 0, "cold page with reference bit clear under hand_cold");
            if s & TEST != 0 {
                self.st[x as usize] = TEST;
                self.nonres += 1;
                sink.ev(|| Event::Status {
                    page: x,
                    from: "cold-test",
                    to: "test",
                    why: "evicted during its test period",
                });
                sink.ev(|| Event::Ghost { page: x, list: "clock", action: "added" });
            } else {
                self.unlink(x);
                self.st[x as usize] = 0;
            }
            break;
        }
        if self.res_cold > 0 {
            while self.hand_cold != NIL && !self.is_res_cold(self.hand_cold) {
                self.hand_cold = self.next[self.hand_cold as usize];
            }
        }
        let to = self.hand_cold;
        sink.ev(|| Event::hand_pages("hand_cold", from, to));
    }

    /// The circle read from HAND_hot forward.
    fn pages(&self) -> impl Iterator<Item = u32> + '_ {
        let start = self.hand_hot;
        let mut cur = start;
        std::iter::from_fn(move || {
            if cur == NIL {
                return None;
            }
            let x = cur;
            cur = self.next[x as usize];
            if cur == start {
                cur = NIL;
            }
            Some(x)
        })
    }
}

impl Policy for ClockProTables {
    fn id(&self) -> &'static str {
        if self.adaptive {
            "clock-pro"
        } else {
            "clock-pro-fixed"
        }
    }

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
        if self.st[p as usize] & TEST != 0 {
            // Non-resident and still in its test period: a small reuse distance.
            self.unlink(p);
            self.nonres -= 1;
            self.st[p as usize] = RES | HOT | wbit;
            self.hot += 1;
            self.insert_head(p);
            sink.ev(|| Event::Ghost { page: p, list: "clock", action: "hit" });
            sink.ev(|| Event::Status { page: p, from: "test", to: "hot", why: "faulted in during its test period" });
            sink.ev(|| Event::Insert { page: p, place: "head", slot: None });
            self.adapt(true);
            self.run_hand_hot(sink);
        } else if !was_full && self.hot < self.m_h() {
            self.st[p as usize] = RES | HOT | wbit;
            self.hot += 1;
            self.insert_head(p);
            sink.ev(|| Event::Insert { page: p, place: "head", slot: None });
            sink.ev(|| Event::Status { page: p, from: "new", to: "hot", why: "warm-up: hot allocation not yet full" });
        } else {
            self.st[p as usize] = RES | TEST | wbit;
            self.res_cold += 1;
            self.insert_head(p);
            sink.ev(|| Event::Insert { page: p, place: "head", slot: None });
        }
        while self.nonres > self.max_nonres {
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
        let pages: Vec<u32> = self.pages().collect();
        flush_pages(&pages, &mut self.st, sink);
    }

    fn snapshot(&self) -> Snapshot {
        let pages: Vec<u32> = self.pages().collect();
        let at = |page: u32| pages.iter().position(|&x| x == page).unwrap_or(0) as u32;
        let hands = [at(self.hand_cold), at(self.hand_test)];
        snapshot_of(self.id(), &pages, &self.st, hands, [self.m_c, self.frames])
    }
}
