//! Golden hit counts: every registered policy at several cache sizes on a few
//! fixed generated traces, one small file per policy under tests/golden/. Any
//! change in a policy's behaviour shows up here. Regenerate deliberately with
//! `npm run golden` (GOLDEN_UPDATE=1) and review the diff.

use cachescope_sim::generate::{generate, GenConfig, Workload};
use cachescope_sim::policy::{entry, POLICIES};
use cachescope_sim::{run_policy, RunOptions, Trace};
use std::fmt::Write;
use std::path::PathBuf;

fn traces() -> Vec<(&'static str, Trace)> {
    let g = |w: Workload, n: u64, wf: f64, seed: u64| generate(&GenConfig::single(w, n, wf, seed)).unwrap();
    vec![
        ("zipf0.9", g(Workload::Zipf { pages: 500, alpha: 0.9 }, 20_000, 0.3, 11)),
        ("loop101", g(Workload::Loop { pages: 101 }, 5_000, 0.0, 0)),
        ("hotcold", g(Workload::HotCold { pages: 1000, hot_access: 0.9, hot_pages: 0.1 }, 20_000, 0.5, 5)),
        ("uniform", g(Workload::Uniform { pages: 300 }, 10_000, 0.2, 3)),
    ]
}

const FRAMES: [usize; 4] = [10, 50, 100, 250];

fn table(id: &str, traces: &[(&str, Trace)]) -> String {
    let mut out = format!("# policy {id}: trace frames hits writebacks\n");
    let params = (entry(id).unwrap().defaults)();
    for (name, t) in traces {
        for f in FRAMES {
            let r = run_policy(t, id, f, &params, &RunOptions::default()).unwrap();
            writeln!(out, "{name} {f} {} {}", r.metrics.hits, r.metrics.writebacks).unwrap();
        }
    }
    out
}

#[test]
fn every_policy_matches_its_golden_file() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let update = std::env::var_os("GOLDEN_UPDATE").is_some();
    let ts = traces();
    let mut failures = Vec::new();
    for e in POLICIES {
        let got = table(e.id, &ts);
        let path = dir.join(format!("{}.txt", e.id));
        if update {
            std::fs::write(&path, &got).unwrap();
            continue;
        }
        match std::fs::read_to_string(&path) {
            Ok(want) if want == got => {}
            Ok(want) => failures.push(format!("{}: golden differs\n--- want\n{want}--- got\n{got}", e.id)),
            Err(_) => failures.push(format!("{}: no golden file {} (run `npm run golden`)", e.id, path.display())),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
