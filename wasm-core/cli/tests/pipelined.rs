//! A run of a file whose policies all start before the trace is known is read on
//! one thread and simulated on others as it is read: its output equals the run
//! on the loaded trace (which a policy that reads the future, OPT, forces).

use serde_json::Value;
use std::process::Command;

fn json(args: &[&str]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_cachescope")).args(args).output().expect("runs");
    assert!(out.status.success(), "stderr: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

#[test]
fn a_run_while_reading_equals_the_run_on_the_loaded_trace_in_cell_order() {
    // Over 1 MiB, so the reader hands over several chunks; pages well apart so the ids grow.
    let mut text = String::new();
    let mut x = 5u64;
    for i in 0..400_000u64 {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let page = (x >> 33) % 20_000 * ((x >> 20) % 5 + 1) + i / 50;
        text.push_str(&format!("{page}{}\n", if i % 5 == 0 { " W" } else { "" }));
    }
    let dir = std::env::temp_dir().join(format!("cachescope-pipelined-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("t.txt");
    std::fs::write(&path, text).unwrap();
    let f = path.to_str().unwrap();
    let grown = "lru,clock,arc,sieve,s3-fifo";
    let common = ["--trace", f, "--frames", "100,3000", "--warmup", "1000", "--flush", "--json"];
    let loaded = json(&[&common[..], &["--policy", &format!("{grown},opt")]].concat());
    for threads in ["1", "2", "3"] {
        let read = json(&[&common[..], &["--policy", grown, "--threads", threads]].concat());
        assert_eq!(read["trace"], loaded["trace"], "the trace as described, its SHA-256 among it");
        let rows = loaded["results"].as_array().unwrap();
        assert_eq!(read["results"].as_array().unwrap()[..], rows[..rows.len() - 2], "{threads} threads");
    }
}

#[test]
fn a_trace_and_a_generated_workload_together_are_refused_as_before() {
    let path = std::env::temp_dir().join(format!("cachescope-pipelined-both-{}.txt", std::process::id()));
    std::fs::write(&path, "1\n2\n3\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_cachescope"))
        .args([
            "--trace",
            path.to_str().unwrap(),
            "--generate",
            "loop:pages=5,length=20",
            "--policy",
            "lru",
            "--frames",
            "10",
        ])
        .output()
        .expect("runs");
    let _ = std::fs::remove_file(&path);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("not both"), "{}", String::from_utf8_lossy(&out.stderr));
}
