//! RAND, as OSTEP's homework simulator (`paging-policy.py -p RAND`): on a fault
//! with every frame full, a uniformly random resident page leaves.
//!
//! The draws come from a SplitMix64 stream seeded by `seed` (one draw per
//! eviction), so a run repeats exactly, natively and in the browser; there are
//! no ties to break. Frames fill in slot order and a new page takes its
//! victim's frame. Snapshot: list "frames" in frame order; `bits` is unused.

use super::entry::{CurveMethod, Group, PolicyEntry};
use super::textbook::Frames;
use super::{Event, List, Policy, Req, Sink, Slot, Snapshot};
use crate::describe::{defaults_of, parse_config, Param, View, RESIDENT};
use crate::rng::Rng;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    pub seed: u64,
}

impl Default for Config {
    fn default() -> Self {
        Config { seed: 1 }
    }
}

const PARAMS: &[Param] = &[Param::integer(
    "seed",
    "Seed",
    0.0,
    9007199254740991.0,
    "",
    "Seed of the random choices: the same seed makes the same choices on the same trace.",
)];

pub const ENTRY: PolicyEntry = PolicyEntry {
    id: "rand",
    name: "RAND (random)",
    short: "RAND",
    group: Group::Textbook,
    curve: CurveMethod::Sampled,
    source: "OSTEP ch. 22 and its homework simulator (paging-policy.py -p RAND)",
    summary: "Evicts a uniformly random resident page: no bookkeeping, no pathological loop.",
    how: "On a fault with every frame full, a resident page chosen uniformly at random leaves and the new page takes its frame. It keeps no history, so it never does as badly as LRU on a loop slightly larger than the cache, nor as well as LRU where recent use predicts the next. The seed fixes the choices, so a run repeats.",
    params: PARAMS,
    view: View::list(&[RESIDENT]),
    defaults: defaults_of::<Config>,
    build: |frames, ctx, params| {
        let c: Config = parse_config("rand", params)?;
        Ok(Box::new(Rand { f: Frames::new(frames, ctx.n_pages), dirty: vec![false; ctx.n_pages as usize], rng: Rng::new(c.seed) }))
    },
};

#[derive(Clone)]
pub struct Rand {
    f: Frames,
    /// Per page.
    dirty: Vec<bool>,
    rng: Rng,
}

impl Policy for Rand {
    fn id(&self) -> &'static str {
        "rand"
    }

    #[inline(always)]
    fn access(&mut self, req: Req, sink: &mut Sink) -> bool {
        let p = req.page;
        if self.f.contains(p) {
            self.dirty[p as usize] |= req.write;
            return true;
        }
        let victim = if self.f.full() {
            let s = self.rng.below(self.f.len() as u64) as usize;
            let v = self.f.pages[s];
            sink.evict(v, std::mem::take(&mut self.dirty[v as usize]), "chosen at random");
            Some(s)
        } else {
            None
        };
        self.dirty[p as usize] = req.write;
        let place = if victim.is_some() { "the victim's frame" } else { "a free frame" };
        let s = self.f.load(p, req.t, victim);
        sink.ev(|| Event::Insert { page: p, place, slot: Some(s as u32) });
        false
    }

    fn resident(&self) -> usize {
        self.f.len()
    }
    fn capacity(&self) -> usize {
        self.f.frames
    }
    fn contains(&self, page: u32) -> bool {
        self.f.contains(page)
    }
    fn mark_dirty(&mut self, page: u32) -> bool {
        self.dirty[page as usize] = true;
        true
    }

    fn flush(&mut self, sink: &mut Sink) {
        for &p in &self.f.pages {
            if std::mem::take(&mut self.dirty[p as usize]) {
                sink.clean(p, "final flush");
            }
        }
    }

    fn snapshot(&self) -> Snapshot {
        let entries = self.f.pages.iter().map(|&p| Slot::page(p, "", 0, self.dirty[p as usize], true)).collect();
        Snapshot {
            policy: "rand",
            capacity: self.f.frames as u32,
            resident: self.f.len() as u32,
            lists: vec![List { name: "frames", entries }],
            ..Snapshot::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testutil::{r, replay, run_reads};
    use serde_json::json;

    /// The same seed makes the same choices; another seed others; every page is
    /// chosen about equally often.
    #[test]
    fn choices_repeat_with_the_seed_and_are_uniform() {
        let pages: Vec<u64> = (0..4000).map(|i| (i * 7919 % 50) as u64).collect();
        let a = run_reads("rand", 10, &pages);
        assert_eq!(a.evicted, run_reads("rand", 10, &pages).evicted);
        let reqs: Vec<_> = pages.iter().map(|&p| r(p)).collect();
        let (_, _, other, _) = replay("rand", 10, json!({"seed": 2}), &reqs);
        assert_ne!(a.evicted, other.iter().map(|e| e.0).collect::<Vec<_>>());
        // A frame of 4 holding 1 2 3 4 and then 5: each of the four leaves a quarter of the time.
        let mut count = [0u32; 4];
        for seed in 0..4000 {
            let (_, _, ev, _) = replay("rand", 4, json!({ "seed": seed }), &[r(1), r(2), r(3), r(4), r(5)]);
            count[ev[0].0 as usize - 1] += 1;
        }
        assert!(count.iter().all(|&c| (850..1150).contains(&c)), "{count:?}");
    }

    /// The textbook string: the first victim is one of 7, 0, 1, and the new
    /// page takes its frame.
    #[test]
    fn a_new_page_takes_its_victims_frame() {
        let r = run_reads("rand", 3, &[7, 0, 1, 2]);
        let s = r.policy.snapshot();
        let frames: Vec<u32> = s.lists[0].entries.iter().map(|e| e.page.unwrap()).collect();
        let slot = [7u64, 0, 1].iter().position(|&p| p == r.evicted[0]).unwrap();
        assert_eq!(frames[slot], 3); // dense id of 2
    }
}
