//! Sp.Clock (spatial CLOCK, Kim, Ryu and Ramachandran, SIGMETRICS 2012, as the
//! TS-CLOCK paper summarises it): CLOCK whose circle is ordered by logical
//! sector number (original page id) instead of arrival, so the hand evicts
//! (and writes back) pages in sector order, making the write stream more
//! sequential. Reference bits give second chances as in CLOCK; clean and dirty
//! pages are treated alike (the TS-CLOCK paper notes it ignores the asymmetry).
//!
//! Readings: a loaded page takes its place in sector order, which may be just
//! ahead of the hand, so it starts with its reference bit set (the access that
//! loaded it counts), or it would be the very next victim. After an eviction the
//! hand continues from the next sector. The circle is a bitset over sector ranks
//! fixed when the policy is built, so an insertion costs O(1) and the hand finds
//! the next resident page by scanning words.
//!
//! Snapshot: ring "clock" of resident pages in sector order, hand "hand" at the
//! next page it will examine; `bits` = reference bit. Events: Visit, Evict.

use super::entry::{CurveMethod, Group, PolicyEntry};
use super::{Event, Hand, Policy, Req, Ring, Sink, Slot, Snapshot};
use crate::describe::{defaults_of, parse_config, View, HAND, RESIDENT};
use crate::error::SimError;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {}

pub const ENTRY: PolicyEntry = PolicyEntry {
    id: "sp-clock",
    name: "Sp.Clock",
    short: "Sp.Clock",
    group: Group::Flash,
    curve: CurveMethod::Sampled,
    source: "as the TS-CLOCK paper describes it",
    summary: "Spatial CLOCK: a CLOCK whose circle is ordered by sector number, so evictions sweep the address space.",
    how: "Spatial CLOCK: a CLOCK whose circle is ordered by sector number instead of load time. A hit sets the page's reference bit, and the hand clears set bits as it sweeps, as in CLOCK. Because the circle follows addresses, the hand sweeps the address space and evictions go out in address order.",
    params: &[],
    view: View::ring(&[HAND], &[RESIDENT]).by_number(),
    defaults: defaults_of::<Config>,
    build: |frames, ctx, params| {
        let _: Config = parse_config("sp-clock", params)?;
        SpClock::new(frames, ctx.ids, ctx.n_pages).map(|p| Box::new(p) as Box<dyn Policy>)
    },
};

const RES: u8 = 1;
const REF: u8 = 2;
const DIRTY: u8 = 4;

#[derive(Clone)]
pub struct SpClock {
    frames: usize,
    used: usize,
    rank_of: Vec<u32>,
    page_at: Vec<u32>,
    /// Resident pages by sector rank.
    words: Vec<u64>,
    state: Vec<u8>,
    /// Next rank the hand examines.
    hand: u32,
}

impl SpClock {
    fn new(frames: usize, ids: &[u64], n_pages: u32) -> Result<SpClock, SimError> {
        if ids.len() != n_pages as usize {
            return Err(SimError::config(
                "sp-clock",
                format!("needs the original page ids of all {n_pages} pages, got {}", ids.len()),
            ));
        }
        let mut page_at: Vec<u32> = (0..n_pages).collect();
        page_at.sort_by_key(|&p| ids[p as usize]);
        let mut rank_of = vec![0; n_pages as usize];
        for (r, &p) in page_at.iter().enumerate() {
            rank_of[p as usize] = r as u32;
        }
        Ok(SpClock {
            frames,
            used: 0,
            rank_of,
            page_at,
            words: vec![0; (n_pages as usize).div_ceil(64)],
            state: vec![0; n_pages as usize],
            hand: 0,
        })
    }

    /// The first resident rank at or after `from`, wrapping around.
    fn next_resident(&self, from: u32) -> u32 {
        let n = self.words.len();
        let (mut wi, bit) = ((from / 64) as usize, from % 64);
        if wi < n {
            let w = self.words[wi] & (!0u64 << bit);
            if w != 0 {
                return wi as u32 * 64 + w.trailing_zeros();
            }
        }
        for _ in 0..n {
            wi = if wi + 1 >= n { 0 } else { wi + 1 };
            if self.words[wi] != 0 {
                return wi as u32 * 64 + self.words[wi].trailing_zeros();
            }
        }
        unreachable!("called with resident pages")
    }

    fn after(&self, r: u32) -> u32 {
        if r + 1 >= self.page_at.len() as u32 {
            0
        } else {
            r + 1
        }
    }
}

impl Policy for SpClock {
    fn id(&self) -> &'static str {
        "sp-clock"
    }

    #[inline(always)]
    fn access(&mut self, req: Req, sink: &mut Sink) -> bool {
        let p = req.page;
        let dirty = if req.write { DIRTY } else { 0 };
        if self.state[p as usize] & RES != 0 {
            self.state[p as usize] |= REF | dirty;
            return true;
        }
        if self.used == self.frames {
            loop {
                let r = self.next_resident(self.hand);
                let v = self.page_at[r as usize];
                self.hand = self.after(r);
                if self.state[v as usize] & REF != 0 {
                    self.state[v as usize] &= !REF;
                    sink.ev(|| Event::Visit { hand: "hand", page: v, action: "cleared reference bit" });
                    continue;
                }
                let d = self.state[v as usize] & DIRTY != 0;
                self.state[v as usize] = 0;
                self.words[r as usize / 64] &= !(1u64 << (r % 64));
                self.used -= 1;
                sink.evict(v, d, "reference bit clear under the hand (sector order)");
                break;
            }
        }
        let r = self.rank_of[p as usize];
        self.words[r as usize / 64] |= 1u64 << (r % 64);
        self.state[p as usize] = RES | REF | dirty;
        self.used += 1;
        sink.ev(|| Event::Insert { page: p, place: "clock", slot: None });
        false
    }

    fn resident(&self) -> usize {
        self.used
    }
    fn capacity(&self) -> usize {
        self.frames
    }
    fn contains(&self, page: u32) -> bool {
        self.state.get(page as usize).is_some_and(|s| s & RES != 0)
    }
    fn mark_dirty(&mut self, page: u32) -> bool {
        self.state[page as usize] |= DIRTY;
        true
    }
    fn flush(&mut self, sink: &mut Sink) {
        for &p in &self.page_at {
            if self.state[p as usize] & (RES | DIRTY) == RES | DIRTY {
                self.state[p as usize] &= !DIRTY;
                sink.clean(p, "final flush");
            }
        }
    }
    fn snapshot(&self) -> Snapshot {
        let mut slots = Vec::with_capacity(self.used);
        let mut pos = None;
        for (r, &p) in self.page_at.iter().enumerate() {
            let s = self.state[p as usize];
            if s & RES != 0 {
                if pos.is_none() && r as u32 >= self.hand {
                    pos = Some(slots.len() as u32);
                }
                slots.push(Slot::page(p, "", (s & REF != 0) as u8, s & DIRTY != 0, true));
            }
        }
        Snapshot {
            policy: "sp-clock",
            capacity: self.frames as u32,
            resident: self.used as u32,
            rings: vec![Ring::new("clock", slots, vec![Hand { name: "hand", pos: pos.unwrap_or(0) }])],
            ..Snapshot::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testutil::{r, random_trace, replay, w};
    use serde_json::json;

    #[test]
    fn hand_worked_sector_order() {
        // 3 frames. 5 1w 3 → circle 1w 3 5, all referenced. 4: the hand clears 1,
        // 3, 5, wraps, evicts 1 (dirty). 4 joins between 3 and 5 (referenced).
        // 2: hand at 3 (clear) → 3 out. 6: hand at 4 (set → cleared), 5 → out.
        let reqs = [r(5), w(1), r(3), r(4), r(2), r(6)];
        let (rp, hits, ev, _) = replay("sp-clock", 3, json!({}), &reqs);
        assert_eq!(hits, vec![false; 6]);
        assert_eq!(ev, vec![(1, true), (3, false), (5, false)]);
        let s = rp.policy.snapshot();
        let slots: Vec<(u64, u8)> =
            s.rings[0].slots.iter().map(|x| (rp.trace.ids[x.page.unwrap() as usize], x.bits)).collect();
        assert_eq!(slots, vec![(2, 1), (4, 0), (6, 1)]);
        // The hand is past 5's rank: the next page it examines is 6.
        assert_eq!(s.rings[0].hands[0].pos, 2);
    }

    #[test]
    fn wide_id_range_and_word_boundaries() {
        // Ids spread over many bitset words; evictions follow sector order.
        let reqs: Vec<(u64, bool)> = [900u64, 5, 700, 64, 63, 128].iter().map(|&p| r(p)).collect();
        let (_, _, ev, _) = replay("sp-clock", 3, json!({}), &reqs);
        // 900 5 700 (all set) | 64: clears 5 700 900, evicts 5. 63: hand after 5 →
        // 64 (set) cleared, 700 (clear) out. 128: hand after 700 → 900 out.
        assert_eq!(ev, vec![(5, false), (700, false), (900, false)]);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
        #[test]
        fn matches_a_naive_model(seed in 0u64..1000, frames in 1usize..16) {
            // The model keeps resident pages in a sorted map and the hand as the
            // last sector examined; the policy uses a rank bitset.
            let reqs = random_trace(seed, 300, 200, 0.5);
            let (_, hits, ev, _) = replay("sp-clock", frames, json!({}), &reqs);
            let mut res: std::collections::BTreeMap<u64, (bool, bool)> = Default::default();
            let mut last: Option<u64> = None;
            let (mut want_ev, mut want_hits) = (Vec::new(), Vec::new());
            for &(p, wr) in &reqs {
                if let Some(e) = res.get_mut(&p) {
                    *e = (true, e.1 | wr);
                    want_hits.push(true);
                    continue;
                }
                want_hits.push(false);
                if res.len() == frames {
                    loop {
                        let next = last.and_then(|l| res.range(l + 1..).next().map(|(&k, _)| k));
                        let k = next.unwrap_or_else(|| *res.keys().next().unwrap());
                        last = Some(k);
                        let e = res.get_mut(&k).unwrap();
                        if e.0 {
                            e.0 = false;
                            continue;
                        }
                        want_ev.push((k, e.1));
                        res.remove(&k);
                        break;
                    }
                }
                res.insert(p, (true, wr));
            }
            proptest::prop_assert_eq!(hits, want_hits);
            proptest::prop_assert_eq!(ev, want_ev);
        }

        #[test]
        fn ring_is_sorted_and_within_capacity(seed in 0u64..1000, frames in 1usize..16) {
            let reqs = random_trace(seed, 300, 200, 0.5);
            let (rp, _, _, _) = replay("sp-clock", frames, json!({}), &reqs);
            let s = rp.policy.snapshot();
            let ids: Vec<u64> = s.rings[0].slots.iter().map(|x| rp.trace.ids[x.page.unwrap() as usize]).collect();
            proptest::prop_assert_eq!(ids.len(), rp.policy.resident());
            proptest::prop_assert!(ids.len() <= frames);
            proptest::prop_assert!(ids.windows(2).all(|w| w[0] < w[1]));
        }
    }
}
