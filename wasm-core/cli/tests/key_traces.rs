//! Key-value traces through the runner: a Twitter trace and a CSV with string
//! ids load with their exact distinct keys, run, say what is not modelled, and
//! block policies refuse them with a message.

use serde_json::Value;
use std::process::Command;

fn fixture(name: &str) -> String {
    format!("{}/../sim/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_cachescope")).args(args).output().expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

#[test]
fn a_twitter_trace_runs_with_its_keys_and_notes() {
    let f = fixture("twitter.csv");
    let (code, out, err) = run(&["--trace", &f, "--policy", "lru,fifo", "--frames", "3", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    let t = &v["trace"];
    assert_eq!((t["requests"].as_u64(), t["distinct"].as_u64(), t["writes"].as_u64()), (Some(11), Some(7), Some(3)));
    assert_eq!(t["format"], "twitter (detected)");
    assert_eq!(t["keys"], true);
    assert!(t["notes"][0].as_str().unwrap().contains("deletes are skipped"), "{t}");
    assert_eq!(v["results"][0]["hits"], 3);
    assert!(err.contains("object sizes are not modelled"), "the notes go to stderr too: {err}");
}

#[test]
fn a_csv_with_string_ids_and_a_block_policy_refused() {
    let f = fixture("kv.csv");
    let (code, out, err) =
        run(&["--trace", &f, "--csv", "id=object,op=op,id_type=string", "--policy", "lru", "--frames", "2"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("7 requests, 4 distinct pages, 1 writes"), "{out}");
    let (code, _, err) = run(&["--trace", &fixture("twitter.csv"), "--policy", "bplru", "--frames", "4"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("BPLRU") && err.contains("string keys"), "{err}");
}

#[test]
fn a_streamed_key_trace_gives_the_loaded_numbers() {
    let f = fixture("twitter.csv");
    let (code, out, err) = run(&["--trace", &f, "--policy", "lru", "--frames", "3", "--stream", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!((v["trace"]["distinct"].as_u64(), v["results"][0]["hits"].as_u64()), (Some(7), Some(3)));
}
