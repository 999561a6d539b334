//! CFCLOCK (clean-first CLOCK) as the CRAW paper (§V-A) describes it: CLOCK with
//! a reference bit and a modified bit per frame. On a hit only the bits are
//! set. On a fault, the `w` frames starting at the hand (the window) are
//! searched for a clean page with its reference bit clear; failing that, the
//! window is searched again for a dirty page with its reference bit clear;
//! failing that, CLOCK runs from the position after the window (clearing set
//! reference bits, possibly wrapping into the window) until it finds a page with
//! a clear bit.
//!
//! Readings: the two window searches only look (they clear no bits: the text
//! says only that they search); the CLOCK part clears bits as CLOCK does. `window`
//! is a fraction of the frames (default 1/3, the setting of the CRAW paper's
//! experiments). As in `clock`, a new page takes the victim's frame with its
//! reference bit clear, the hand moves past it, and frames are filled in order
//! while free. `window = 0` is exactly CLOCK.
//!
//! Snapshot: ring "clock", hand "hand", `bits` = reference bit, status "window"
//! for the frames the next fault searches first; gauge "window" (frames).

use super::cflru::window_pages;
use super::entry::{CurveMethod, Group, PolicyEntry};
use super::{Event, Gauge, Hand, Policy, Req, Ring, Sink, Slot, Snapshot};
use crate::collections::NIL;
use crate::describe::{defaults_of, parse_config, Mark, Param, View, HAND, RESIDENT};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    pub window: f64,
}

impl Default for Config {
    fn default() -> Self {
        Config { window: 1.0 / 3.0 }
    }
}

pub const ENTRY: PolicyEntry = PolicyEntry {
    id: "cfclock",
    name: "CFCLOCK",
    short: "CFCLOCK",
    group: Group::Flash,
    curve: CurveMethod::Sampled,
    source: "CRAW paper",
    summary:
        "Clean-first CLOCK: replaces an unreferenced clean page within a window from the hand before any dirty one.",
    how: "CLOCK with a clean-first search. On a fault the hand first looks, within a window of frames ahead of it, for an unreferenced clean page and replaces it. If the window holds none, it sweeps as CLOCK does, clearing reference bits, and replaces the first unreferenced page, clean or dirty.",
    params: &[
        Param::number("window", "Window", 0.0, 1.0, "of the frames", "Frames ahead of the hand searched for a clean page first."),
    ],
    view: View::ring(&[HAND], &[RESIDENT, Mark::new("window", "in the search window", "accent1", "square")]),
    defaults: defaults_of::<Config>,
    build: |frames, ctx, params| {
        let c: Config = parse_config("cfclock", params)?;
        let w = window_pages("cfclock", c.window, frames)?;
        Ok(Box::new(CfClock {
            slots: vec![NIL; frames],
            bits: vec![0; frames],
            slot_of: vec![NIL; ctx.n_pages as usize],
            used: 0,
            hand: 0,
            w,
            clean: vec![0; frames.div_ceil(64)],
            unref: vec![0; frames.div_ceil(64)],
        }))
    },
};

const REF: u8 = 1;
const DIRTY: u8 = 2;

#[derive(Clone)]
pub struct CfClock {
    slots: Vec<u32>,
    bits: Vec<u8>,
    slot_of: Vec<u32>,
    used: usize,
    hand: usize,
    w: usize,
    /// Per slot bitsets of candidates, so the window is searched a word at a
    /// time: `clean` = occupied, unreferenced and clean; `unref` = occupied and
    /// unreferenced.
    clean: Vec<u64>,
    unref: Vec<u64>,
}

#[inline]
fn put(words: &mut [u64], i: usize, on: bool) {
    if on {
        words[i / 64] |= 1 << (i % 64);
    } else {
        words[i / 64] &= !(1 << (i % 64));
    }
}

/// The first set bit among `len` slots starting at `start`, wrapping at `n`.
fn first_in(words: &[u64], start: usize, len: usize, n: usize) -> Option<usize> {
    let mut i = start;
    let mut left = len;
    while left > 0 {
        let bit = i % 64;
        let span = (64 - bit).min(left).min(n - i);
        let mask = if span == 64 { !0u64 } else { ((1u64 << span) - 1) << bit };
        let m = words[i / 64] & mask;
        if m != 0 {
            return Some(i - bit + m.trailing_zeros() as usize);
        }
        left -= span;
        i += span;
        if i == n {
            i = 0;
        }
    }
    None
}

impl CfClock {
    fn set_bits(&mut self, slot: usize, bits: u8) {
        self.bits[slot] = bits;
        put(&mut self.unref, slot, bits & REF == 0);
        put(&mut self.clean, slot, bits & (REF | DIRTY) == 0);
    }

    fn find_victim(&mut self, sink: &mut Sink) -> (usize, &'static str) {
        let n = self.slots.len();
        // Both window searches are word scans over the candidate bitsets.
        if let Some(i) = first_in(&self.clean, self.hand, self.w, n) {
            return (i, "clean, unreferenced page in the window");
        }
        if let Some(i) = first_in(&self.unref, self.hand, self.w, n) {
            return (i, "no clean candidate in the window: unreferenced dirty page in it");
        }
        let mut h = (self.hand + self.w) % n;
        while self.bits[h] & REF != 0 {
            self.set_bits(h, self.bits[h] & !REF);
            let page = self.slots[h];
            sink.ev(|| Event::Visit { hand: "hand", page, action: "cleared reference bit" });
            h = (h + 1) % n;
        }
        (h, "nothing in the window: CLOCK beyond it")
    }
}

impl Policy for CfClock {
    fn id(&self) -> &'static str {
        "cfclock"
    }

    #[inline(always)]
    fn access(&mut self, req: Req, sink: &mut Sink) -> bool {
        let p = req.page;
        let s = self.slot_of[p as usize];
        let wbit = if req.write { DIRTY } else { 0 };
        if s != NIL {
            self.set_bits(s as usize, self.bits[s as usize] | REF | wbit);
            return true;
        }
        let n = self.slots.len();
        let slot = if self.used < n {
            self.used += 1;
            self.used - 1
        } else {
            let (h, why) = self.find_victim(sink);
            let v = self.slots[h];
            self.slot_of[v as usize] = NIL;
            sink.evict(v, self.bits[h] & DIRTY != 0, why);
            let from = self.hand;
            self.hand = (h + 1) % n;
            let to = self.hand;
            sink.ev(|| Event::hand_slots("hand", from, to));
            h
        };
        self.slots[slot] = p;
        self.set_bits(slot, wbit);
        self.slot_of[p as usize] = slot as u32;
        sink.ev(|| Event::Insert { page: p, place: "clock", slot: Some(slot as u32) });
        false
    }

    fn resident(&self) -> usize {
        self.used
    }
    fn capacity(&self) -> usize {
        self.slots.len()
    }
    fn contains(&self, page: u32) -> bool {
        self.slot_of.get(page as usize).is_some_and(|&s| s != NIL)
    }
    fn flush(&mut self, sink: &mut Sink) {
        for i in 0..self.used {
            if self.bits[i] & DIRTY != 0 {
                self.set_bits(i, self.bits[i] & !DIRTY);
                sink.clean(self.slots[i], "final flush");
            }
        }
    }
    fn snapshot(&self) -> Snapshot {
        let n = self.slots.len();
        // Frames fill in slot order, so the filled ones are the first `used`.
        let slots = (0..self.used)
            .map(|i| {
                let p = self.slots[i];
                let in_win = (i + n - self.hand) % n < self.w;
                Slot::page(p, if in_win { "window" } else { "" }, self.bits[i] & REF, self.bits[i] & DIRTY != 0, true)
            })
            .collect();
        Snapshot {
            policy: "cfclock",
            capacity: n as u32,
            resident: self.used as u32,
            rings: vec![Ring {
                name: "clock",
                size: n as u32,
                slots,
                hands: vec![Hand { name: "hand", pos: self.hand as u32 }],
            }],
            gauges: vec![Gauge { name: "window", value: self.w as f64, target: None }],
            ..Snapshot::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testutil::{count, r, random_trace, replay, w};
    use serde_json::json;

    #[test]
    fn hand_worked_window_phases() {
        // 3 frames, window 2. 1w 2 3 | 4: window [1w, 2] → clean 2 (CLOCK: 1).
        // hand → 2. 5: window [3, 1w] → 3. hand → 0. 1 hit (ref). 6: window
        // [1w ref, 4] → 4. hand → 2. 7: window [5, 1w ref] → 5.
        let reqs = [w(1), r(2), r(3), r(4), r(5), r(1), r(6), r(7)];
        let (_, hits, ev, _) = replay("cfclock", 3, json!({"window": 0.67}), &reqs);
        assert_eq!(hits.iter().filter(|&&h| h).count(), 1);
        assert_eq!(ev, vec![(2, false), (3, false), (4, false), (5, false)]);
        // Window 1, all dirty: 1w 2w 3w | 4: window [1w] unreferenced → 1 (phase 2).
        // 2 hit. 5: window [2w ref] → CLOCK from slot 2: 3w → evicted. 6: window [4] → 4.
        let reqs = [w(1), w(2), w(3), r(4), r(2), r(5), r(6)];
        let (rp, _, ev, _) = replay("cfclock", 3, json!({"window": 0.34}), &reqs);
        assert_eq!(ev, vec![(1, true), (3, true), (4, false)]);
        let s = rp.policy.snapshot();
        assert_eq!(s.rings[0].hands[0].pos, 1);
        assert_eq!(s.rings[0].slots[1].status, "window");
    }

    #[test]
    fn first_in_wraps_and_respects_the_range() {
        let mut words = vec![0u64; 3];
        for i in [3usize, 70, 129] {
            super::put(&mut words, i, true);
        }
        let n = 130;
        assert_eq!(super::first_in(&words, 0, 130, n), Some(3));
        assert_eq!(super::first_in(&words, 4, 66, n), None);
        assert_eq!(super::first_in(&words, 4, 67, n), Some(70));
        assert_eq!(super::first_in(&words, 71, 59, n), Some(129));
        assert_eq!(super::first_in(&words, 129, 1, n), Some(129));
        assert_eq!(super::first_in(&words, 100, 35, n), Some(129));
        super::put(&mut words, 129, false);
        assert_eq!(super::first_in(&words, 100, 34, n), Some(3));
        assert_eq!(super::first_in(&words, 100, 33, n), None);
        assert_eq!(super::first_in(&words, 5, 0, n), None);
    }

    #[test]
    fn window_zero_is_clock() {
        let reqs = random_trace(5, 5000, 200, 0.4);
        for frames in [1, 9, 40] {
            let (_, h1, e1, _) = replay("cfclock", frames, json!({"window": 0.0}), &reqs);
            let (_, h2, e2, _) = replay("clock", frames, json!({}), &reqs);
            assert_eq!((h1, e1), (h2, e2));
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
        #[test]
        fn window_victim_matches_a_naive_scan(seed in 0u64..1000, frames in 1usize..150, win in 0.0f64..=1.0) {
            // The window search runs on bitsets; check it against a plain scan of
            // the snapshot. The last request is a page never seen before.
            let mut reqs = random_trace(seed, 600, 300, 0.5);
            reqs.push((1 << 40, false));
            let t = crate::trace::Trace::from_pages(&reqs);
            let ctx = super::super::BuildCtx { n_pages: t.distinct(), trace: &t.reqs, ids: &t.ids, devices: false, keyed: false };
            let mut c = super::super::build("cfclock", frames, &ctx, &json!({"window": win})).unwrap();
            let mut sink = crate::policy::Sink::counting();
            c.run_chunk(&t.reqs[..reqs.len() - 1], 0, &mut sink);
            let s = c.snapshot();
            let ring = &s.rings[0];
            let (hand, w, n) = (ring.hands[0].pos as usize, s.gauges[0].value as usize, ring.slots.len());
            let at = |i: usize| &ring.slots[(hand + i) % n];
            let naive = (0..w).map(at).find(|x| x.bits == 0 && !x.dirty).or_else(|| (0..w).map(at).find(|x| x.bits == 0));
            let mut rec = crate::policy::Sink::recording();
            c.access(crate::policy::Req { t: 0, page: t.distinct() - 1, write: false }, &mut rec);
            let victim = rec.events.unwrap().iter().find_map(|e| if let crate::policy::Event::Evict { page, .. } = e { Some(*page) } else { None });
            if let (Some(x), true) = (naive, s.resident as usize == frames) {
                proptest::prop_assert_eq!(victim, x.page);
            }
        }
    }

    #[test]
    fn fewer_writebacks_than_clock_on_a_write_heavy_trace() {
        let reqs = random_trace(11, 20_000, 400, 0.6);
        let (_, wb_clock) = count("clock", 60, json!({}), &reqs);
        let (_, wb) = count("cfclock", 60, json!({}), &reqs);
        assert!(wb < wb_clock, "{wb} vs {wb_clock}");
    }
}
