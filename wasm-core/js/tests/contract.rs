//! JavaScript policies run to the contract: the templates equal the built-ins, and
//! every way of breaking the contract stops the run with a message naming policy,
//! method, request and page, promptly.

use cachescope_js::JsSource;
use cachescope_sim::policy::user::{define, TEMPLATES};
use cachescope_sim::policy::{build, BuildCtx};
use cachescope_sim::{run, RunOptions, SimError, Trace};
use serde_json::Value;
use std::sync::Arc;
use std::time::Instant;

fn template(id: &str) -> &'static str {
    TEMPLATES.iter().find(|t| t.0 == id).unwrap().2
}

fn js(name: &str, src: &str) {
    define(Arc::new(JsSource::new(name, src).unwrap())).unwrap();
}

fn hits(id: &str, t: &Trace, frames: usize) -> Result<(u64, u64), SimError> {
    let p = build(id, frames, &BuildCtx::of(t), &Value::Null)?;
    let r = run(t, p, &RunOptions::default(), &mut |_, _| true)?;
    Ok((r.metrics.hits, r.metrics.writebacks))
}

fn generated() -> Trace {
    use cachescope_sim::generate::{generate, GenConfig, Workload};
    generate(&GenConfig::single(Workload::Zipf { pages: 500, alpha: 0.9 }, 30_000, 0.3, 11)).unwrap()
}

fn fixture(name: &str) -> Trace {
    let path = format!("{}/../sim/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(path).unwrap();
    cachescope_sim::formats::load_bytes(name, &bytes, Default::default()).unwrap().trace
}

#[test]
fn the_templates_give_exactly_the_built_ins_hits_on_generated_and_real_traces() {
    for (id, _, src) in TEMPLATES.iter().filter(|t| t.0 != "empty") {
        js(&format!("js-{id}"), src);
    }
    let traces = [generated(), fixture("msr.csv"), fixture("blkparse.txt"), fixture("arc.lis")];
    for t in &traces {
        for frames in [1, 2, 5, 64, 600] {
            for id in ["fifo", "lru", "clock"] {
                assert_eq!(
                    hits(&format!("js-{id}"), t, frames).unwrap(),
                    hits(id, t, frames).unwrap(),
                    "{id} {frames}"
                );
            }
        }
    }
}

#[test]
fn a_victim_not_in_the_cache_is_named_with_its_request() {
    js("stranger", "export default class { evict() { return 12; } }");
    let t = Trace::reads(&[7, 0, 1, 2, 0, 3, 0, 4]);
    let e = hits("stranger", &t, 3).unwrap_err().to_string();
    assert_eq!(e, "stranger: evict() returned page 12, which is not in the cache (request 4)");
    js("nothing", "export default class { evict() {} }");
    let e = hits("nothing", &t, 3).unwrap_err().to_string();
    assert_eq!(e, "nothing: evict() returned undefined, not a page (request 4)");
}

#[test]
fn an_endless_loop_is_stopped_by_the_budget_naming_the_method_within_seconds() {
    js("forever", "export default class { hit() {} insert() {} evict() { for (;;) {} } }");
    let t = Trace::reads(&[1, 2, 3, 1, 4]);
    let t0 = Instant::now();
    let e = hits("forever", &t, 3).unwrap_err().to_string();
    assert!(t0.elapsed().as_secs() < 10, "{:?}", t0.elapsed());
    assert!(e.starts_with("forever: evict() ran past its budget"), "{e}");
    assert!(e.ends_with("(request 5)"), "{e}");
    js("slow-hit", "export default class { hit() { while (true) {} } insert() {} evict() {} }");
    let e = hits("slow-hit", &t, 3).unwrap_err().to_string();
    assert!(e.starts_with("slow-hit: hit() ran past its budget") && e.ends_with("(request 4, page 1)"), "{e}");
}

#[test]
fn exceptions_name_their_line_and_syntax_errors_are_refused_at_once() {
    js(
        "thrower",
        "export default class {\n  hit(p) {\n    throw new RangeError('no ' + p);\n  }\n  insert() {}\n  evict() {}\n}",
    );
    let t = Trace::reads(&[1, 1]);
    let e = hits("thrower", &t, 3).unwrap_err().to_string();
    assert_eq!(e, "thrower: hit() threw RangeError: no 1 (line 3) (request 2, page 1)");
    let e = JsSource::new("broken", "export default class { evict( { }").err().unwrap().to_string();
    assert!(e.starts_with("broken: does not compile: SyntaxError"), "{e}");
    let e = JsSource::new("noclass", "export const x = 1;").err().unwrap().to_string();
    assert!(e.contains("no default export that is a class"), "{e}");
}

#[test]
fn the_sandbox_has_no_clock_a_seeded_random_and_a_memory_cap() {
    js(
        "probe",
        "export default class { constructor() { this.seen = [typeof Date, typeof performance, Math.random()]; }
           insert() {} evict() { throw new Error(JSON.stringify(this.seen)); } }",
    );
    let t = Trace::reads(&[1, 2]);
    let e = hits("probe", &t, 1).unwrap_err().to_string();
    assert!(e.contains(r#"["undefined","undefined",0."#), "{e}");
    let again = hits("probe", &t, 1).unwrap_err().to_string();
    assert_eq!(e, again, "Math.random is seeded");
    js(
        "hog",
        "export default class { insert() { this.a = []; for (;;) this.a.push(new Array(1e5).fill(1)); } evict() {} }",
    );
    let e = hits("hog", &t, 1).unwrap_err().to_string();
    assert!(e.contains("ran out of memory") || e.contains("budget"), "{e}");
}

#[test]
fn declared_parameters_reach_the_constructor_and_are_checked() {
    js(
        "knob",
        "export default class { static params = [{ name: 'k', default: 2, min: 1, max: 8, doc: 'a knob' }];
           constructor(frames, p) { this.k = p.k; } insert() {} evict() { throw new Error('k=' + this.k); } }",
    );
    let t = Trace::reads(&[1, 2]);
    let e = hits("knob", &t, 1).unwrap_err().to_string();
    assert!(e.contains("k=2"), "{e}");
    let p = build("knob", 1, &BuildCtx::of(&t), &serde_json::json!({"k": 5})).unwrap();
    let e = run(&t, p, &RunOptions::default(), &mut |_, _| true).unwrap_err().to_string();
    assert!(e.contains("k=5"), "{e}");
    assert!(build("knob", 1, &BuildCtx::of(&t), &serde_json::json!({"k": 9})).is_err());
}

#[test]
fn a_view_is_drawn_and_a_view_naming_an_evicted_page_stops_the_run() {
    js("viewer", template("clock"));
    let t = Trace::reads(&[7, 0, 1, 2, 0, 3]);
    let p = build("viewer", 3, &BuildCtx::of(&t), &Value::Null).unwrap();
    let mut s = cachescope_sim::Session::new(&t, p, RunOptions::default());
    s.advance(5).unwrap();
    let snap = s.labeled_snapshot();
    let ring = &snap.rings[0];
    let pages: Vec<_> = ring.slots.iter().map(|s| s.page.clone()).collect();
    assert_eq!(pages, [Some("2".to_string()), Some("0".into()), Some("1".into())]);
    js("liar", "export default class { insert(p) { this.p = p; } evict() { return this.p; } view() { return { lists: [{ pages: [99] }] }; } }");
    let p = build("liar", 3, &BuildCtx::of(&t), &Value::Null).unwrap();
    let mut s = cachescope_sim::Session::new(&t, p, RunOptions::default());
    s.advance(2).unwrap();
    let _ = s.snapshot();
    let e = s.advance(1).unwrap_err().to_string();
    assert_eq!(e, "liar: view() names page 99, which is not in the cache (request 2)");
}

#[test]
fn the_sandboxs_map_and_set_keep_what_user_code_sees() {
    js(
        "maps",
        "export default class { insert() {} evict() {
           const m = new Map([[3, 'a'], [2 ** 32, 'b'], [-1, 'c'], ['x', 'd'], [0.5, 'e']]);
           m.set(7, 'f'); m.delete(3);
           const s = new Set([5, 1, 5, 'y']);
           throw new Error(JSON.stringify([[...m], [...m.keys()], m.get(7), m.has(3), m.size, [...s], s.has(1), m instanceof Map,
             (() => { const o = []; m.forEach((v, k) => o.push(k)); return o; })()]));
         } }",
    );
    let e = hits("maps", &Trace::reads(&[1, 2]), 1).unwrap_err().to_string();
    let want = r#"[[[4294967296,"b"],[-1,"c"],["x","d"],[0.5,"e"],[7,"f"]],[4294967296,-1,"x",0.5,7],"f",false,5,[5,1,"y"],true,true,[4294967296,-1,"x",0.5,7]]"#;
    assert!(e.contains(want), "{e}");
}
