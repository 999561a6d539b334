//! The one list of policies. The TypeScript registry (src/core/policies.ts)
//! mirrors it, and a test checks that the two agree.

use super::{clock, fifo, lru, opt, Policy};
use crate::SimError;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// What a policy may need from the trace when it is built.
pub struct BuildCtx<'a> {
    /// Dense ids run 0..n_pages.
    pub n_pages: u32,
    /// The packed requests; only OPT looks at them (to know the future).
    pub trace: &'a [u32],
    /// Original id of each dense page (block-aware policies group pages by it).
    pub ids: &'a [u64],
}

impl<'a> BuildCtx<'a> {
    pub fn of(trace: &'a crate::Trace) -> BuildCtx<'a> {
        BuildCtx { n_pages: trace.distinct(), trace: &trace.reqs, ids: &trace.ids }
    }
}

/// Per-frame arrays of larger caches would not fit a browser's memory.
pub const MAX_FRAMES: usize = 1 << 26;

pub type BuildFn = fn(usize, &BuildCtx, &Value) -> Result<Box<dyn Policy>, SimError>;

pub struct PolicyEntry {
    pub id: &'static str,
    pub name: &'static str,
    pub summary: &'static str,
    /// The configuration with every default filled in, as JSON.
    pub defaults: fn() -> Value,
    pub build: BuildFn,
}

pub static POLICIES: &[PolicyEntry] = &[
    lru::ENTRY,
    fifo::ENTRY,
    clock::ENTRY,
    opt::ENTRY,
    super::clock_pro::ENTRY,
    super::clock_pro::ENTRY_FIXED,
    super::lirs::ENTRY,
    super::car::ENTRY,
    super::arc::ENTRY,
    super::two_q::ENTRY,
    super::linux_2q::ENTRY,
    super::cflru::ENTRY,
    super::cflru_dynamic::ENTRY,
    super::cfclock::ENTRY,
    super::ts_clock::ENTRY,
    super::craw::ENTRY,
    super::craw::ENTRY_A,
    super::lru_wsr::ENTRY,
    super::fab::ENTRY,
    super::bplru::ENTRY,
    super::lb_clock::ENTRY,
    super::sp_clock::ENTRY,
];

pub fn entry(id: &str) -> Option<&'static PolicyEntry> {
    POLICIES.iter().find(|e| e.id == id)
}

/// Builds policy `id` with `frames` frames. `params` is a JSON object of the
/// policy's configuration (missing fields take defaults; unknown ones are refused).
pub fn build(id: &str, frames: usize, ctx: &BuildCtx, params: &Value) -> Result<Box<dyn Policy>, SimError> {
    let e = entry(id).ok_or_else(|| {
        let known: Vec<&str> = POLICIES.iter().map(|e| e.id).collect();
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
    (e.build)(frames, ctx, params)
}

/// Reads a policy configuration from JSON, naming the policy in any error.
pub fn parse_config<C: DeserializeOwned>(id: &str, params: &Value) -> Result<C, SimError> {
    let v = if params.is_null() { Value::Object(Default::default()) } else { params.clone() };
    serde_json::from_value(v).map_err(|e| SimError::config(format!("{id} parameters"), e.to_string()))
}

/// The JSON of a configuration type's defaults.
pub fn defaults_of<C: Default + serde::Serialize>() -> Value {
    serde_json::to_value(C::default()).expect("configs serialise")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_every_policy_builds_with_defaults() {
        let t = crate::Trace::reads(&[0, 1, 2]);
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
        let t = crate::Trace::reads(&[0]);
        let ctx = BuildCtx::of(&t);
        let e = build("lruu", 2, &ctx, &Value::Null).err().unwrap().to_string();
        assert!(e.contains("unknown policy \"lruu\"") && e.contains("lru"), "{e}");
        let e = build("fifo", (1 << 26) + 1, &ctx, &Value::Null).err().unwrap().to_string();
        assert!(e.contains("frames") && e.contains("supported"), "{e}");
        let e = build("lru", 0, &ctx, &Value::Null).err().unwrap().to_string();
        assert!(e.contains("frames"), "{e}");
        let e = build("lru", 2, &ctx, &serde_json::json!({"bogus": 1})).err().unwrap().to_string();
        assert!(e.contains("lru parameters") && e.contains("bogus"), "{e}");
    }
}
