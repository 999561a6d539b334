//! The loader's id remapping against a plain hash-set model, on adversarial id
//! sequences: the remap keeps small ids in an array that grows as ids arrive and
//! the rest in a hash map, so the sequences aim at every move between the two
//! (a large id seen before the array grows over it, ids around 2^31, 2^32, 2^53
//! and 2^63, random 64-bit ids, descending ids, one id repeated across every
//! growth point). Each trace is fed as text in chunks of a random size, and the
//! distinct count and LRU and OPT hits must equal the model's. The WASM loader
//! gets the same check in `src/core/loaderIds.test.ts`.

use cachescope_sim::formats::{Format, LoadOptions, Loader};
use cachescope_sim::{run_policy, RunOptions};
use proptest::prelude::*;
use std::collections::{BTreeSet, HashMap, HashSet};

/// LRU hits by recency stamps: the resident page with the oldest stamp leaves.
fn model_lru(ids: &[u64], frames: usize) -> u64 {
    let mut stamp: HashMap<u64, usize> = HashMap::new();
    let mut order: BTreeSet<(usize, u64)> = BTreeSet::new();
    let mut hits = 0;
    for (t, &id) in ids.iter().enumerate() {
        if let Some(old) = stamp.insert(id, t) {
            order.remove(&(old, id));
            hits += 1;
        } else if order.len() == frames {
            let (_, victim) = order.pop_first().unwrap();
            stamp.remove(&victim);
        }
        order.insert((t, id));
    }
    hits
}

/// Belady's OPT hits: the resident page used furthest in the future leaves.
fn model_opt(ids: &[u64], frames: usize) -> u64 {
    let mut next = vec![usize::MAX; ids.len()];
    let mut seen: HashMap<u64, usize> = HashMap::new();
    for t in (0..ids.len()).rev() {
        next[t] = seen.insert(ids[t], t).unwrap_or(usize::MAX);
    }
    let mut when: HashMap<u64, usize> = HashMap::new();
    let mut order: BTreeSet<(usize, u64)> = BTreeSet::new();
    let mut hits = 0;
    for (t, &id) in ids.iter().enumerate() {
        if let Some(old) = when.remove(&id) {
            order.remove(&(old, id));
            hits += 1;
        } else if order.len() == frames {
            let (_, victim) = order.pop_last().unwrap();
            when.remove(&victim);
        }
        when.insert(id, next[t]);
        order.insert((next[t], id));
    }
    hits
}

/// Ids spread evenly over the powers of two below `top`, so that ids near each
/// size of the array are as likely as large ones.
fn log_uniform(top: u64) -> impl Strategy<Value = u64> {
    (0..top.ilog2()).prop_flat_map(|b| (1u64 << b)..(2u64 << b))
}

/// One stretch of ids; a trace is several stretches one after another.
fn segment() -> impl Strategy<Value = Vec<u64>> {
    let around = |base: u64| {
        (0u64..8, any::<bool>()).prop_map(move |(d, up)| if up { base.wrapping_add(d) } else { base.wrapping_sub(d) })
    };
    prop_oneof![
        // A large id, many small ones (the array grows past it), the large id again.
        (log_uniform(1 << 23), 1usize..40_000).prop_map(|(big, n)| {
            let mut v = vec![big];
            v.extend(1..=n as u64);
            v.extend([big, big]);
            v
        }),
        // Ids around the boundaries of 32-bit, 53-bit and 64-bit numbers.
        prop::collection::vec(
            prop_oneof![around(1 << 31), around(1 << 32), around(1 << 53), around(1 << 63), around(u64::MAX)],
            1..50
        ),
        prop::collection::vec(any::<u64>(), 1..200),
        // Descending ids, from just under the array's limit or anywhere.
        (1u64..(1 << 24), 1usize..20_000).prop_map(|(top, n)| (0..n as u64).map(|i| top.saturating_sub(i)).collect()),
        // One id repeated every `gap` requests while the small ids climb through every growth.
        (log_uniform(1 << 24), 1usize..64, 1usize..40_000).prop_map(|(x, gap, n)| {
            let mut v = Vec::with_capacity(n + n / gap + 1);
            for i in 0..n as u64 {
                if (i as usize).is_multiple_of(gap) {
                    v.push(x);
                }
                v.push(i);
            }
            v
        }),
        prop::collection::vec(0u64..300, 1..300),
    ]
}

fn load(ids: &[u64], chunk: usize) -> cachescope_sim::Trace {
    let text: String = ids.iter().map(|id| format!("{id}\n")).collect();
    let opts = LoadOptions { format: Some(Format::Plain), ..LoadOptions::default() };
    let mut l = Loader::new("ids.txt", opts);
    for c in text.as_bytes().chunks(chunk) {
        l.feed(c).unwrap();
    }
    l.finish().unwrap().trace
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]
    #[test]
    fn loaded_ids_keep_their_identity(segments in prop::collection::vec(segment(), 1..4), chunk in 1usize..70_000, frames in 1usize..400) {
        let ids: Vec<u64> = segments.concat();
        let t = load(&ids, chunk);
        let distinct = ids.iter().collect::<HashSet<_>>().len();
        prop_assert_eq!(t.distinct() as usize, distinct);
        prop_assert_eq!(t.reqs.len(), ids.len());
        // Every request names its own original id.
        for (k, &r) in t.reqs.iter().enumerate() {
            prop_assert_eq!(t.ids[cachescope_sim::trace::page_of(r) as usize], ids[k], "request {}", k);
        }
        let opts = RunOptions::default();
        let lru = run_policy(&t, "lru", frames, &serde_json::Value::Null, &opts).unwrap();
        prop_assert_eq!(lru.metrics.hits, model_lru(&ids, frames));
        let opt = run_policy(&t, "opt", frames, &serde_json::Value::Null, &opts).unwrap();
        prop_assert_eq!(opt.metrics.hits, model_opt(&ids, frames));
    }
}

/// The reproduction: 100000, then 1..=20000, then 100000 twice.
#[test]
fn a_large_id_seen_before_the_array_grows_over_it_stays_one_page() {
    let mut ids = vec![100_000u64];
    ids.extend(1..=20_000);
    ids.extend([100_000, 100_000]);
    let t = load(&ids, 4 << 20);
    assert_eq!(t.distinct(), 20_001);
    let opts = RunOptions::default();
    assert_eq!(run_policy(&t, "lru", 100_000, &serde_json::Value::Null, &opts).unwrap().metrics.hits, 2);
    assert_eq!(run_policy(&t, "opt", 100_000, &serde_json::Value::Null, &opts).unwrap().metrics.hits, 2);
}
