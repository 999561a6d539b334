//! The core's side of the contract, with policies written in Rust against [`Hooks`]
//! as a user would write them: they must equal the built-ins, and every broken
//! decision must stop the run with a message naming policy, method, request and page.

use super::*;
use crate::describe::Param;
use crate::policy::{build, BuildCtx};
use crate::sim::{run, RunOptions};
use serde_json::{json, Value};
use std::collections::VecDeque;
use std::sync::Arc;

/// How a test policy behaves.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Lru,
    Fifo,
    /// Returns a page that was never inserted.
    Stranger,
    /// Throws in hit() of page 3.
    ThrowsOnThree,
}

struct Test {
    name: &'static str,
    kind: Kind,
}

struct TestHooks {
    kind: Kind,
    queue: VecDeque<u64>,
}

impl Hooks for TestHooks {
    fn call(&mut self, kinds: &[u8], pages: &[u64], evict: bool) -> Result<Option<Returned>, Failure> {
        for (i, (&k, &p)) in kinds.iter().zip(pages).enumerate() {
            if k & INSERT != 0 {
                self.queue.push_back(p);
            } else if self.kind == Kind::ThrowsOnThree && p == 3 {
                return Err(Failure { method: Method::Hit, at: Some(i), msg: "threw Error: three".into() });
            } else if self.kind == Kind::Lru {
                let at = self.queue.iter().position(|&q| q == p).unwrap();
                self.queue.remove(at);
                self.queue.push_back(p);
            }
        }
        if !evict {
            return Ok(None);
        }
        if self.kind == Kind::Stranger {
            return Ok(Some(Returned::Number(12345.0)));
        }
        Ok(self.queue.pop_front().map(|p| Returned::Number(p as f64)))
    }
    fn view(&mut self) -> Result<Option<Value>, Failure> {
        Ok(Some(json!({ "lists": [{ "name": "queue", "pages": self.queue.iter().rev().collect::<Vec<_>>() }] })))
    }
}

impl UserSource for Test {
    fn name(&self) -> &str {
        self.name
    }
    fn params(&self) -> Vec<(Param, Value)> {
        vec![(Param::integer("k", "k", 1.0, 9.0, "", "a test parameter"), json!(2))]
    }
    fn provenance(&self) -> String {
        "test".into()
    }
    fn open(&self, _: usize, params: &Value, _: bool) -> Result<Box<dyn Hooks>, Failure> {
        assert_eq!(params["k"].as_u64().map(|k| (1..=9).contains(&k)), Some(true));
        Ok(Box::new(TestHooks { kind: self.kind, queue: VecDeque::new() }))
    }
}

fn trace() -> crate::trace::Trace {
    let cfg =
        crate::generate::GenConfig::single(crate::generate::Workload::Zipf { pages: 300, alpha: 0.8 }, 20_000, 0.3, 7);
    crate::generate::generate(&cfg).unwrap()
}

fn hits(id: &str, t: &crate::trace::Trace, frames: usize) -> Result<(u64, u64), crate::error::SimError> {
    let p = build(id, frames, &BuildCtx::of(t), &Value::Null)?;
    let r = run(t, p, &RunOptions::default(), &mut |_, _| true)?;
    Ok((r.metrics.hits, r.metrics.writebacks))
}

#[test]
fn an_lru_and_a_fifo_written_to_the_contract_equal_the_built_ins() {
    define(Arc::new(Test { name: "t-lru", kind: Kind::Lru })).unwrap();
    define(Arc::new(Test { name: "t-fifo", kind: Kind::Fifo })).unwrap();
    let t = trace();
    for frames in [1, 7, 50, 299, 400] {
        assert_eq!(hits("t-lru", &t, frames).unwrap(), hits("lru", &t, frames).unwrap(), "{frames}");
        assert_eq!(hits("t-fifo", &t, frames).unwrap(), hits("fifo", &t, frames).unwrap(), "{frames}");
    }
}

#[test]
fn a_victim_not_in_the_cache_and_an_exception_stop_the_run_naming_request_and_page() {
    define(Arc::new(Test { name: "t-stranger", kind: Kind::Stranger })).unwrap();
    define(Arc::new(Test { name: "t-throws", kind: Kind::ThrowsOnThree })).unwrap();
    let t = crate::trace::Trace::reads(&[7, 0, 1, 2, 0, 3, 0, 4]);
    let e = hits("t-stranger", &t, 3).unwrap_err().to_string();
    assert_eq!(e, "t-stranger: evict() returned page 12345, which is not in the cache (request 4)");
    let t = crate::trace::Trace::reads(&[1, 2, 3, 3, 4]);
    let e = hits("t-throws", &t, 3).unwrap_err().to_string();
    assert_eq!(e, "t-throws: hit() threw Error: three (request 4, page 3)");
}

#[test]
fn names_of_built_ins_and_bad_names_and_unknown_parameters_are_refused() {
    let e = define(Arc::new(Test { name: "lru", kind: Kind::Lru })).err().unwrap().to_string();
    assert!(e.contains("built-in"), "{e}");
    let e = define(Arc::new(Test { name: "my lru", kind: Kind::Lru })).err().unwrap().to_string();
    assert!(e.contains("not a name"), "{e}");
    define(Arc::new(Test { name: "t-params", kind: Kind::Lru })).unwrap();
    let t = crate::trace::Trace::reads(&[1, 2]);
    let e = build("t-params", 2, &BuildCtx::of(&t), &json!({"j": 1})).err().unwrap().to_string();
    assert!(e.contains("unknown parameter \"j\"; it declares k"), "{e}");
    let e = build("t-params", 2, &BuildCtx::of(&t), &json!({"k": 10})).err().unwrap().to_string();
    assert!(e.contains("k"), "{e}");
    assert!(build("t-params", 2, &BuildCtx::of(&t), &json!({"k": 3})).is_ok());
}

#[test]
fn a_copy_replays_into_a_new_instance_and_continues_exactly() {
    define(Arc::new(Test { name: "t-fork", kind: Kind::Lru })).unwrap();
    let t = trace();
    let p = build("t-fork", 40, &BuildCtx::of(&t), &Value::Null).unwrap();
    let mut s = crate::sim::Session::new(&t, p, RunOptions::default());
    s.advance(5000).unwrap();
    let mut copy = s.fork();
    assert_eq!(copy.snapshot(), s.snapshot());
    s.advance(usize::MAX).unwrap();
    copy.advance(usize::MAX).unwrap();
    assert_eq!(s.finish().metrics, copy.finish().metrics);
}

#[test]
fn the_view_is_read_into_a_snapshot_and_a_page_not_in_the_cache_is_refused() {
    define(Arc::new(Test { name: "t-view", kind: Kind::Fifo })).unwrap();
    let t = crate::trace::Trace::from_pages(&[(7, false), (0, true), (1, false)]);
    let p = build("t-view", 3, &BuildCtx::of(&t), &Value::Null).unwrap();
    let mut s = crate::sim::Session::new(&t, p, RunOptions::default());
    s.advance(3).unwrap();
    let snap = s.labeled_snapshot();
    assert_eq!(snap.policy, "t-view");
    let pages: Vec<_> = snap.lists[0].entries.iter().map(|e| (e.page.clone().unwrap(), e.dirty)).collect();
    assert_eq!(pages, [("1".to_string(), false), ("0".to_string(), true), ("7".to_string(), false)]);
    let resident = |id: u64| (id == 7).then_some(0);
    let label = |s: &str| crate::trace::parse_id_label(s);
    let e = parse_view(&json!({"lists": [{"name": "x", "pages": [7, 9]}]}), &resident, &label).unwrap_err();
    assert_eq!(e, "names page 9, which is not in the cache");
    let v = json!({"rings": [{"name": "clock", "pages": [7, null], "hands": {"hand": 7}}], "bits": {"7": 1}});
    let snap = parse_view(&v, &resident, &label).unwrap();
    assert_eq!((snap.rings[0].size, snap.rings[0].hands[0].pos, snap.rings[0].slots[0].bits), (2, 0, 1));
}
