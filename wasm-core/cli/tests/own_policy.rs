//! `--policy-file` and `--check-against` as a user calls them (issue: your own policy).

use serde_json::Value;
use std::process::Command;
use std::time::Instant;

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_cachescope")).args(args).output().expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

fn file(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("cachescope-own-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.to_string_lossy().into_owned()
}

fn template(id: &str) -> &'static str {
    cachescope_sim::policy::user::TEMPLATES.iter().find(|t| t.0 == id).unwrap().2
}

fn hits(out: &str) -> Vec<(String, u64)> {
    let v: Value = serde_json::from_str(out).unwrap();
    v["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["policy"].as_str().unwrap().to_string(), r["hits"].as_u64().unwrap()))
        .collect()
}

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../sim/tests/fixtures/msr.csv");

#[test]
fn an_lru_and_a_fifo_in_javascript_give_the_built_ins_hits_on_a_generated_and_a_real_trace() {
    let (lru, fifo) = (file("mylru.js", template("lru")), file("myfifo.js", template("fifo")));
    for input in [["--generate", "zipf:pages=2000,alpha=0.8,length=50000,writes=0.3,seed=4"], ["--trace", FIXTURE]] {
        let (code, out, err) = run(&[
            input[0],
            input[1],
            "--policy",
            "lru,fifo",
            "--policy-file",
            &lru,
            "--policy-file",
            &fifo,
            "--frames",
            "3,10%",
            "--json",
        ]);
        assert_eq!(code, 0, "{err}");
        let h = hits(&out);
        let of = |p: &str| h.iter().filter(|r| r.0 == p).map(|r| r.1).collect::<Vec<_>>();
        assert_eq!(of("mylru"), of("lru"));
        assert_eq!(of("myfifo"), of("fifo"));
        let v: Value = serde_json::from_str(&out).unwrap();
        let src = v["results"].as_array().unwrap().iter().find(|r| r["policy"] == "mylru").unwrap()["source"].clone();
        assert!(src.as_str().unwrap().starts_with("sha256:"), "{src}");
    }
}

#[test]
fn a_victim_not_in_the_cache_exits_2_naming_request_and_page() {
    let bad = file("bad.js", "export default class { evict() { return 12; } }");
    let (code, _, err) = run(&["--trace", &file("t.txt", "7\n0\n1\n2\n"), "--policy-file", &bad, "--frames", "3"]);
    assert_eq!(code, 2);
    assert!(err.contains("bad: evict() returned page 12, which is not in the cache (request 4)"), "{err}");
}

#[test]
fn an_endless_loop_exits_2_within_10_s_naming_the_method() {
    let bad = file("spin.js", "export default class { hit() {} insert() {} evict() { while (true) {} } }");
    let t0 = Instant::now();
    let (code, _, err) =
        run(&["--generate", "zipf:pages=100,alpha=0.8,length=1000,seed=1", "--policy-file", &bad, "--frames", "10"]);
    assert!(t0.elapsed().as_secs() < 10, "{:?}", t0.elapsed());
    assert_eq!(code, 2);
    assert!(err.contains("spin: evict() ran past its budget"), "{err}");
}

#[test]
fn a_file_named_as_a_built_in_is_refused() {
    let f = file("lru.js", template("lru"));
    let (code, _, err) = run(&["--generate", "zipf:pages=100,alpha=0.8,length=100,seed=1", "--policy-file", &f]);
    assert_eq!(code, 2);
    assert!(err.contains("\"lru\" is the id of a built-in policy"), "{err}");
}

#[test]
fn check_against_passes_a_correct_clock_and_names_the_first_difference_of_a_wrong_one() {
    let good = file("myclock.js", template("clock"));
    let (code, out, err) = run(&[
        "--generate",
        "zipf:pages=300,alpha=0.8,length=5000,seed=2",
        "--policy-file",
        &good,
        "--check-against",
        "clock",
        "--frames",
        "20",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("myclock decides as clock on every request"), "{out}");
    // A classic mistake: a new page enters with its reference bit set.
    let wrong = file(
        "wrongclock.js",
        &template("clock")
            .replace("this.ref.set(page, 0);\n    this.free = null;", "this.ref.set(page, 1);\n    this.free = null;"),
    );
    let (code, out, err) = run(&[
        "--trace",
        &file("tb.txt", "7\n0\n1\n2\n0\n3\n0\n4\n2\n3\n0\n3\n2\n1\n2\n0\n1\n7\n0\n1\n"),
        "--policy-file",
        &wrong,
        "--check-against",
        "clock",
        "--frames",
        "3",
        "--json",
    ]);
    assert_eq!(code, 2, "{out}");
    assert!(err.contains("wrongclock decided differently from clock"), "{err}");
    let v: Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    let d = &v["difference"];
    assert_eq!((d["trace"].as_str(), d["frames"].as_u64()), (Some("current"), Some(3)));
    assert!(d["request"].as_u64().unwrap() >= 4, "{d}");
}
