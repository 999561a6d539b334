//! Invariants every registered policy must keep, on random small traces. New
//! policies are covered as soon as they are in `POLICIES`.

use cachescope_sim::policy::{build, lirs, two_q, BuildCtx, Event, Policy, Req, Sink, Snapshot, POLICIES};
use cachescope_sim::trace::{pack, page_of};
use proptest::prelude::*;
use serde_json::Value;

/// The documented bound on non-resident (ghost / test-period) entries.
fn nonresident_bound(id: &str, c: usize) -> usize {
    match id {
        // CLOCK-Pro's tables reading (the default) bounds non-resident pages by 2m.
        "clock-pro" | "clock-pro-fixed" => 2 * c,
        // ARC/CAR: |L1| + |L2| ≤ 2c with c resident once full, so ghosts ≤ c.
        "arc" | "car" => c,
        "2q" => two_q::Config::default().kout_pages(c),
        "lirs" => lirs::Config::default().max_nonresident(c),
        // Policies without ghosts report none; a new ghost-keeping policy should add its bound here.
        _ => 2 * c,
    }
}

/// Distinct pages shown resident and shown non-resident (a page may appear in
/// two views, e.g. LIRS's S and Q).
fn snapshot_counts(s: &Snapshot, n_pages: usize) -> (usize, usize, usize) {
    let mut res = vec![false; n_pages];
    let mut ghost = vec![false; n_pages];
    let slots = s.rings.iter().flat_map(|r| r.slots.iter()).chain(s.lists.iter().flat_map(|l| l.entries.iter()));
    for slot in slots {
        if let Some(p) = slot.page {
            if slot.resident {
                res[p as usize] = true;
            } else {
                ghost[p as usize] = true;
            }
        }
    }
    let both = res.iter().zip(&ghost).filter(|(a, b)| **a && **b).count();
    (res.iter().filter(|&&x| x).count(), ghost.iter().filter(|&&x| x).count(), both)
}

fn check_policy(id: &str, frames: usize, trace: &[u32], n_pages: u32) -> Result<u64, TestCaseError> {
    // Original ids equal dense ids here: pages are numbered in order of first use.
    let ids: Vec<u64> = (0..n_pages as u64).collect();
    let ctx = BuildCtx { n_pages, trace, ids: &ids, devices: false, keyed: false };
    let mut p: Box<dyn Policy> =
        build(id, frames, &ctx, &Value::Null).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(p.capacity(), frames);
    let mut sink = Sink::recording();
    let (mut hits, mut misses) = (0u64, 0u64);
    for (t, &r) in trace.iter().enumerate() {
        let page = page_of(r);
        let before = p.contains(page);
        let (resident_before, evictions_before) = (p.resident(), sink.evictions);
        let hit = p.access(Req { t, page, write: cachescope_sim::trace::is_write(r) }, &mut sink);
        prop_assert_eq!(hit, before, "{} step {}: hit must mean the page was resident", id, t);
        let evicted = (sink.evictions - evictions_before) as usize;
        prop_assert_eq!(
            p.resident() + evicted,
            resident_before + usize::from(!hit),
            "{} step {}: a miss loads one page, each eviction removes one",
            id,
            t
        );
        if hit {
            hits += 1;
        } else {
            misses += 1;
        }
        let r = p.resident();
        prop_assert!(r <= frames, "{} step {}: {} resident > {} frames", id, t, r, frames);
        let contained = (0..n_pages).filter(|&q| p.contains(q)).count();
        prop_assert_eq!(contained, r, "{} step {}: contains() disagrees with resident()", id, t);
        let s = p.snapshot();
        prop_assert_eq!(s.resident as usize, r, "{} step {}: snapshot resident", id, t);
        let (shown, ghosts, both) = snapshot_counts(&s, n_pages as usize);
        prop_assert_eq!(shown, r, "{} step {}: resident pages shown in the snapshot", id, t);
        prop_assert_eq!(both, 0, "{} step {}: a page shown both resident and non-resident", id, t);
        let bound = nonresident_bound(id, frames);
        prop_assert!(ghosts <= bound, "{} step {}: {} non-resident entries > bound {}", id, t, ghosts, bound);
        if id == "arc" || id == "car" {
            prop_assert!(shown + ghosts <= 2 * frames, "{} step {}: |L1| + |L2| = {} > 2c", id, t, shown + ghosts);
        }
    }
    prop_assert_eq!(hits + misses, trace.len() as u64);
    prop_assert!(sink.evictions <= misses);
    let events = sink.events.as_deref().unwrap_or_default();
    let evict_events = events.iter().filter(|e| matches!(e, Event::Evict { .. })).count();
    prop_assert_eq!(evict_events as u64, sink.evictions, "{}: one Evict event per eviction", id);
    // A write-back is a dirty page leaving, or a page cleaned in place (WSClock schedules old dirty pages' writes).
    let dirty_evictions = events.iter().filter(|e| matches!(e, Event::Evict { dirty: true, .. })).count();
    let cleanings = events.iter().filter(|e| matches!(e, Event::WriteBack { .. })).count();
    prop_assert_eq!(sink.writebacks, (dirty_evictions + cleanings) as u64, "{}: write-backs", id);

    // Recording events must not change what the policy does.
    let mut q = build(id, frames, &ctx, &Value::Null).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let mut counting = Sink::counting();
    prop_assert_eq!(q.run_chunk(trace, 0, &mut counting), hits, "{}: hits differ when not recording", id);
    prop_assert_eq!((counting.evictions, counting.writebacks), (sink.evictions, sink.writebacks));
    Ok(hits)
}

fn trace_strategy() -> impl Strategy<Value = (Vec<(u32, bool)>, usize)> {
    // Few distinct pages in some cases, so that hits and ghost hits happen.
    (1u32..64, 1usize..20)
        .prop_flat_map(|(pages, frames)| (prop::collection::vec((0..pages, any::<bool>()), 0..400), Just(frames)))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn every_policy_keeps_its_invariants_and_opt_is_best((reqs, frames) in trace_strategy()) {
        // Dense ids as a loaded trace would have them: 0..n in order of first use.
        let mut map = vec![u32::MAX; 64];
        let mut n = 0u32;
        let trace: Vec<u32> = reqs
            .iter()
            .map(|&(p, w)| {
                if map[p as usize] == u32::MAX {
                    map[p as usize] = n;
                    n += 1;
                }
                pack(map[p as usize], w)
            })
            .collect();
        let n_pages = n.max(1);
        let mut results = Vec::new();
        for e in POLICIES {
            results.push((e.id, check_policy(e.id, frames, &trace, n_pages)?));
        }
        let opt = results.iter().find(|r| r.0 == "opt").expect("opt is registered").1;
        for (id, h) in &results {
            prop_assert!(opt >= *h, "OPT {} hits < {} {} hits", opt, id, h);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// LRU's one-pass curve is simulated LRU at every size, and OPT's curve is simulated OPT.
    #[test]
    fn whole_curves_equal_simulation_at_every_size(reqs in prop::collection::vec((0u64..40, any::<bool>()), 0..400)) {
        use cachescope_sim::mrc::{curve, lru_curve, Sampling};
        use cachescope_sim::{run_policy, RunOptions, Trace};
        let t = Trace::from_pages(&reqs);
        let c = lru_curve(&t);
        let sizes: Vec<usize> = (1..=t.distinct() as usize + 1).collect();
        let opt = curve(&t, "opt", &Value::Null, Some(&sizes), Sampling::default(), &RunOptions::default()).unwrap();
        for (i, &frames) in sizes.iter().enumerate() {
            let lru = run_policy(&t, "lru", frames, &Value::Null, &RunOptions::default()).unwrap().metrics;
            prop_assert_eq!(c.hits_at(frames), lru.hits, "LRU at {} frames", frames);
            let o = run_policy(&t, "opt", frames, &Value::Null, &RunOptions::default()).unwrap().metrics;
            prop_assert!((opt.miss_ratio[i] - (1.0 - o.hit_ratio)).abs() < 1e-12 || t.is_empty(), "OPT at {} frames", frames);
        }
    }
}

/// OSTEP's `paging-policy.py`, as a plain model: memory is a list, a miss with
/// the cache full removes the victim, the new page is appended; MRU moves a hit
/// page to the end and evicts the last; UNOPT evicts the first page (in list
/// order) whose next use is soonest, a page never used again counting as used
/// at the end of the trace. Returns each request's hit and the victims in order.
fn ostep(policy: &str, addrs: &[u32], cachesize: usize) -> (Vec<bool>, Vec<u32>) {
    let (mut memory, mut hits, mut victims) = (Vec::<u32>::new(), Vec::new(), Vec::new());
    for (i, &n) in addrs.iter().enumerate() {
        if let Some(idx) = memory.iter().position(|&m| m == n) {
            hits.push(true);
            if policy == "MRU" {
                memory.remove(idx);
                memory.push(n);
            }
            continue;
        }
        hits.push(false);
        if memory.len() == cachesize {
            let idx = match policy {
                "MRU" => memory.len() - 1,
                "UNOPT" => {
                    let (mut min, mut at) = (addrs.len() + 1, 0);
                    for (j, &page) in memory.iter().enumerate() {
                        let when = addrs[i + 1..].iter().position(|&f| f == page).map_or(addrs.len(), |k| i + 1 + k);
                        if when < min {
                            (min, at) = (when, j);
                        }
                    }
                    at
                }
                _ => unreachable!(),
            };
            victims.push(memory.remove(idx));
        }
        memory.push(n);
    }
    (hits, victims)
}

/// A policy's hits and victims (dense ids) over `trace`.
fn hits_and_victims(id: &str, frames: usize, trace: &[u32], n_pages: u32) -> (Vec<bool>, Vec<u32>) {
    let ids: Vec<u64> = (0..n_pages as u64).collect();
    let ctx = BuildCtx { n_pages, trace, ids: &ids, devices: false, keyed: false };
    let mut p = build(id, frames, &ctx, &Value::Null).unwrap();
    let mut sink = Sink::recording();
    let hits = trace
        .iter()
        .enumerate()
        .map(|(t, &r)| p.access(Req { t, page: page_of(r), write: cachescope_sim::trace::is_write(r) }, &mut sink))
        .collect();
    let victims = sink
        .events
        .unwrap()
        .into_iter()
        .filter_map(|e| if let Event::Evict { page, .. } = e { Some(page) } else { None })
        .collect();
    (hits, victims)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// MRU and UNOPT hit and evict exactly as OSTEP's simulator does, request by request.
    #[test]
    fn mru_and_unopt_follow_ostep((reqs, frames) in trace_strategy()) {
        let mut map = vec![u32::MAX; 64];
        let mut n = 0u32;
        let trace: Vec<u32> = reqs
            .iter()
            .map(|&(p, w)| {
                if map[p as usize] == u32::MAX {
                    map[p as usize] = n;
                    n += 1;
                }
                pack(map[p as usize], w)
            })
            .collect();
        let pages: Vec<u32> = trace.iter().map(|&r| page_of(r)).collect();
        for (id, model) in [("mru", "MRU"), ("unopt", "UNOPT")] {
            let got = hits_and_victims(id, frames, &trace, n.max(1));
            prop_assert_eq!(got, ostep(model, &pages, frames), "{} with {} frames", id, frames);
        }
    }
}

/// SIEVE as the paper's Fig. 2 states it, with nothing borrowed from the core: a
/// queue (oldest first), a visited bit per entry, and a hand that remembers the
/// entry it stopped at (None: the tail).
fn sieve_model(trace: &[u32], frames: usize) -> (Vec<bool>, Vec<u32>) {
    let mut queue: Vec<(u32, bool)> = Vec::new();
    let mut hand: Option<u32> = None;
    let (mut hits, mut victims) = (Vec::new(), Vec::new());
    for &p in trace {
        if let Some(e) = queue.iter_mut().find(|e| e.0 == p) {
            e.1 = true;
            hits.push(true);
            continue;
        }
        hits.push(false);
        if queue.len() == frames {
            let mut i = hand.map_or(0, |h| queue.iter().position(|e| e.0 == h).unwrap());
            while queue[i].1 {
                queue[i].1 = false;
                i = (i + 1) % queue.len();
            }
            victims.push(queue.remove(i).0);
            hand = queue.get(i).map(|e| e.0);
        }
        queue.push((p, false));
    }
    (hits, victims)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// SIEVE (kept as an array with holes and compaction) hits and evicts as the plain queue does.
    #[test]
    fn sieve_follows_the_papers_queue((reqs, frames) in trace_strategy()) {
        let trace: Vec<u32> = reqs.iter().map(|&(p, w)| pack(p, w)).collect();
        let pages: Vec<u32> = trace.iter().map(|&r| page_of(r)).collect();
        let got = hits_and_victims("sieve", frames, &trace, 64);
        prop_assert_eq!(got, sieve_model(&pages, frames), "{} frames", frames);
    }
}
