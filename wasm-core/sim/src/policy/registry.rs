//! The one list of policies, and finding and building them: the catalogue, the
//! runner, the browser and the tests learn them from here.

use super::entry::{BuildCtx, PolicyEntry};
use super::*;
use crate::describe::registry::{find, ids};
use crate::error::SimError;
use serde_json::Value;

/// Every policy, in the order the catalogue shows them.
pub const POLICIES: &[PolicyEntry] = &[
    lru::ENTRY,
    fifo::ENTRY,
    clock::ENTRY,
    opt::ENTRY,
    lfu::ENTRY,
    clock_pro::ENTRY,
    clock_pro::ENTRY_FIXED,
    lirs::ENTRY,
    car::ENTRY,
    arc::ENTRY,
    two_q::ENTRY,
    linux_2q::ENTRY,
    cflru::ENTRY,
    cflru_dynamic::ENTRY,
    cfclock::ENTRY,
    ts_clock::ENTRY,
    craw::ENTRY,
    craw::ENTRY_A,
    lru_wsr::ENTRY,
    fab::ENTRY,
    bplru::ENTRY,
    lb_clock::ENTRY,
    sp_clock::ENTRY,
    sieve::ENTRY,
    s3fifo::ENTRY,
    wtinylfu::ENTRY,
    mru::ENTRY,
    unopt::ENTRY,
    rand::ENTRY,
    nru::ENTRY,
    clock_enhanced::ENTRY,
    nfu::ENTRY,
    aging::ENTRY,
    working_set::ENTRY,
    wsclock::ENTRY,
    mfu::ENTRY,
];

/// Per-frame arrays of larger caches would not fit a browser's memory.
pub const MAX_FRAMES: usize = crate::limits::MAX_FRAMES as usize;

/// The entry of a built-in policy, or of a user policy defined now (`user::define`).
pub fn entry(id: &str) -> Option<&'static PolicyEntry> {
    find(POLICIES, id).or_else(|| super::user::lookup(id).map(|u| u.1))
}

/// Builds policy `id` with `frames` frames. `params` is a JSON object of the
/// policy's configuration: missing fields take defaults, each value is checked
/// against the catalogue's type and range, and unknown ones are refused.
pub fn build(id: &str, frames: usize, ctx: &BuildCtx, params: &Value) -> Result<Box<dyn Policy>, SimError> {
    let e = entry(id).ok_or_else(|| {
        let mut known = ids(POLICIES);
        known.extend(super::user::defined().iter().map(|e| e.id));
        SimError::config("policy", format!("unknown policy {id:?}; known: {}", known.join(", ")))
    })?;
    if frames == 0 {
        return Err(SimError::config("frames", "a cache needs at least 1 frame"));
    }
    if frames > MAX_FRAMES {
        return Err(SimError::config(
            "frames",
            format!("{frames} frames is more than the {MAX_FRAMES} supported (256 GiB of 4 KiB pages)"),
        ));
    }
    if !(params.is_null() || params.is_object()) {
        return Err(SimError::config(format!("{id} parameters"), format!("expected an object, got {params}")));
    }
    if ctx.keyed && e.view.numeric_ids {
        return Err(SimError::config(
            "policy",
            format!(
                "{} groups or orders pages by their numbers (neighbouring pages), and this trace names its \
                 pages by string keys, which have no neighbours: choose a policy that is not block- or sector-based",
                e.name
            ),
        ));
    }
    if e.group == super::Group::Yours {
        return super::user::build(id, frames, ctx, params);
    }
    let params = crate::describe::check_all(id, e.params, params)?;
    (e.build)(frames, ctx, &params)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn ids_are_unique_and_every_policy_builds_with_defaults() {
        let t = crate::trace::Trace::reads(&[0, 1, 2]);
        let ctx = BuildCtx::of(&t);
        for (i, e) in POLICIES.iter().enumerate() {
            assert!(POLICIES[i + 1..].iter().all(|o| o.id != e.id), "duplicate id {}", e.id);
            let p = build(e.id, 2, &ctx, &(e.defaults)()).unwrap();
            assert_eq!(p.id(), e.id);
            assert_eq!(p.capacity(), 2);
        }
    }

    #[test]
    fn bad_ids_frames_and_params_are_refused_with_a_message() {
        let t = crate::trace::Trace::reads(&[0]);
        let ctx = BuildCtx::of(&t);
        let e = build("lruu", 2, &ctx, &Value::Null).err().unwrap().to_string();
        assert!(e.contains("unknown policy \"lruu\"") && e.contains("lru"), "{e}");
        let e = build("fifo", (1 << 26) + 1, &ctx, &Value::Null).err().unwrap().to_string();
        assert!(e.contains("frames") && e.contains("supported"), "{e}");
        let e = build("lru", 0, &ctx, &Value::Null).err().unwrap().to_string();
        assert!(e.contains("frames"), "{e}");
        let e = build("lru", 2, &ctx, &json!({"bogus": 1})).err().unwrap().to_string();
        assert!(e.contains("lru parameters") && e.contains("bogus"), "{e}");
        let e = build("cflru", 2, &ctx, &json!({"window": 2})).err().unwrap().to_string();
        assert!(e.contains("cflru window") && e.contains("between 0 and 1"), "{e}");
        let e = build("ts-clock", 2, &ctx, &json!({"pages_per_block": 1.5})).err().unwrap().to_string();
        assert!(e.contains("ts-clock pages_per_block") && e.contains("whole number"), "{e}");
        let e = build("lirs", 2, &ctx, &json!({"reading": "yes"})).err().unwrap().to_string();
        assert!(e.contains("lirs reading") && e.contains("one of tables, text"), "{e}");
        let e = build("cflru", 2, &ctx, &json!({"window": true})).err().unwrap().to_string();
        assert!(e.contains("cflru window") && e.contains("must be a number"), "{e}");
        assert!(build("ts-clock", 2, &ctx, &json!({"pages_per_block": 64.0})).is_ok(), "whole floats are integers");
        let e = build("lru", 2, &ctx, &json!([1])).err().unwrap().to_string();
        assert!(e.contains("expected an object"), "{e}");
    }

    /// The catalogue's ranges are the truth: every parameter at its declared
    /// bounds builds, and every declared key is a key of the configuration.
    #[test]
    fn every_parameter_builds_at_both_ends_of_its_range() {
        let t = crate::trace::Trace::from_pages(&(0..64u64).map(|i| (i * 7 % 64, i % 3 == 0)).collect::<Vec<_>>());
        let ctx = BuildCtx::of(&t);
        for e in POLICIES {
            let defaults = (e.defaults)();
            let keys: Vec<&str> = defaults.as_object().unwrap().keys().map(|k| k.as_str()).collect();
            let declared: Vec<&str> = e.params.iter().map(|p| p.key).collect();
            let (mut a, mut b) = (keys.clone(), declared.clone());
            a.sort();
            b.sort();
            assert_eq!(a, b, "{}: declared parameters differ from the configuration's keys", e.id);
            for p in e.params {
                crate::describe::check_all(e.id, e.params, &defaults).unwrap();
                for bound in [p.min, p.max].into_iter().flatten() {
                    let mut v = defaults.clone();
                    v[p.key] = json!(bound);
                    // Bounds that conflict with another parameter's default (a
                    // smallest window above the largest) are a configuration
                    // error the policy names; none may panic.
                    match build(e.id, 8, &ctx, &v) {
                        Ok(_) => {}
                        Err(err) => assert!(
                            e.id == "cflru-dynamic" && p.key.ends_with("_window"),
                            "{} {}={bound}: {err}",
                            e.id,
                            p.key
                        ),
                    }
                }
            }
        }
    }
}
