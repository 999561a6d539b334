//! The runner as a user calls it: flags, the JSON schema the README documents,
//! flash alone and behind a cache, and clear errors with exit status 2.

use serde_json::Value;
use std::process::Command;

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_cachescope")).args(args).output().expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

fn json(args: &[&str]) -> Value {
    let (code, out, err) = run(args);
    assert_eq!(code, 0, "stderr: {err}");
    serde_json::from_str(&out).expect("one JSON object")
}

fn temp_file(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("cachescope-runner-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.to_string_lossy().into_owned()
}

const KEYS: [&str; 9] = ["policy", "frames", "requests", "hits", "misses", "hit_ratio", "reads", "writebacks", "cost"];

#[test]
fn collapse_repeats_counts_runs_as_hits_and_the_json_says_what_ran() {
    // 1 1 1 2 2 1 on LIRS with 2 frames: repeats are hits either way; collapsed,
    // they change nothing, and the output records the option, the core version,
    // every parameter of the run (defaults included) and the file's SHA-256.
    let f = temp_file("rep.txt", "1\n1\n1\n2\n2\n1\n");
    let on = json(&["--trace", &f, "--policy", "lirs", "--frames", "2", "--collapse-repeats", "--json"]);
    let off = json(&["--trace", &f, "--policy", "lirs", "--frames", "2", "--json"]);
    assert_eq!(on["results"][0]["hits"], 4);
    assert_eq!(off["results"][0]["hits"], 4);
    assert_eq!(on["options"]["collapse_repeats"], true);
    assert_eq!(off["options"]["collapse_repeats"], false);
    assert_eq!(on["core"], env!("CARGO_PKG_VERSION"));
    assert_eq!(on["results"][0]["params"]["reading"], "tables");
    assert_eq!(on["results"][0]["params"]["hir_fraction"], 0.01);
    // sha256 of "1\n1\n1\n2\n2\n1\n"
    assert_eq!(on["trace"]["sha256"], "3bba5c24b990d615990989231f56ae349a27eb6c40db3cf0c4685a6477b3e838");
    let g = json(&["--generate", "loop:pages=5,length=20", "--json"]);
    assert!(g["trace"]["sha256"].is_null());
}

#[test]
fn trace_file_policies_and_frames_give_one_result_each_with_the_documented_keys() {
    // 1 2w 3 1 2 4 1: LRU with 2 frames hits nothing; OPT with 2 keeps 1 and hits it twice;
    // LRU with 3 hits 1, 2 and then 1 again (4 evicts 3).
    let f = temp_file("t.txt", "1\n2 W\n3\n1\n2\n4\n1\n");
    let v = json(&["--trace", &f, "--policy", "lru,opt", "--frames", "2,3", "--json", "--write-cost", "8"]);
    let results = v["results"].as_array().unwrap();
    assert_eq!(results.len(), 4);
    for r in results {
        for k in KEYS {
            assert!(!r[k].is_null(), "missing {k} in {r}");
        }
        assert_eq!(r["requests"], 7);
        assert_eq!(r["hits"].as_u64().unwrap() + r["misses"].as_u64().unwrap(), 7);
        let cost = r["reads"].as_f64().unwrap() + 8.0 * r["writebacks"].as_f64().unwrap();
        assert_eq!(r["cost"].as_f64().unwrap(), cost);
    }
    let get = |p: &str, f: u64| {
        results.iter().find(|r| r["policy"] == p && r["frames"] == f).unwrap()["hits"].as_u64().unwrap()
    };
    assert_eq!(get("lru", 2), 0);
    assert_eq!(get("opt", 2), 2);
    assert_eq!(get("lru", 3), 3);
    assert_eq!(v["trace"]["requests"], 7);
    assert_eq!(v["trace"]["distinct"], 4);
    assert_eq!(v["trace"]["format"], "plain (detected)");
}

#[test]
fn format_override_and_lenient_mode() {
    let f = temp_file("weird.dat", "5\n6\n5\n");
    let v = json(&["--trace", &f, "--format", "lirs", "--frames", "2", "--json"]);
    assert_eq!(v["trace"]["format"], "lirs");
    assert_eq!(v["results"][0]["hits"], 1);
    let bad = temp_file("bad.txt", "1\n2\nthree\n4\n");
    let (code, _, err) = run(&["--trace", &bad, "--format", "plain"]);
    assert_eq!(code, 2);
    assert!(err.contains("line 3") && err.contains("three"), "{err}");
    let v = json(&["--trace", &bad, "--format", "plain", "--lenient", "--json"]);
    assert_eq!((v["trace"]["requests"].as_u64(), v["trace"]["skipped"].as_u64()), (Some(3), Some(1)));
}

#[test]
fn flash_alone_and_behind_a_cache() {
    let g = "hot-cold:pages=4000,hot_access=0.9,hot_pages=0.1,length=40000,writes=0.8,seed=2";
    let flash = ["--blocks", "256", "--pages-per-block", "32", "--fill", "0.7"];
    let mut args = vec!["--generate", g, "--json"];
    args.extend(flash);
    let v = json(&args);
    assert!(v["results"].as_array().unwrap().is_empty());
    let f = &v["flash"];
    for k in ["host_writes", "flash_writes", "copied", "erases", "waf", "erase_stddev", "cleaning_cost"] {
        assert!(f[k].is_number(), "flash.{k} in {f}");
    }
    assert_eq!(f["host_writes"].as_u64().unwrap(), 40000 - f["host_reads"].as_u64().unwrap());
    assert!(f["waf"].as_f64().unwrap() >= 1.0);

    let mut args = vec!["--generate", g, "--json", "--policy", "lru", "--frames", "500"];
    args.extend(flash);
    let v = json(&args);
    let r = &v["results"][0];
    assert!(v["flash"].is_null());
    // Behind the cache the FTL sees the write-backs, not the host's writes.
    assert_eq!(r["flash"]["host_writes"], r["writebacks"]);
}

#[test]
fn mistakes_exit_2_with_a_message() {
    for (args, needle) in [
        (vec!["--generate", "zipf:pages=10,alpha=1", "--policy", "lruu"], "unknown policy \"lruu\""),
        (vec!["--generate", "zipf:pages=10,alpha=1", "--frames", "0"], "at least 1 frame"),
        (vec!["--trace", "/nonexistent/x.txt"], "/nonexistent/x.txt"),
        (vec!["--trace", "/dev/null", "--format", "nope"], "unknown format \"nope\""),
        (vec!["--generate", "zipf:pages=10,alpha=1", "--format", "plain"], "apply to --trace"),
        (vec!["--generate", "zipf:pages=10,alpha=1", "--blocks", "10", "--overprovision", "0.01"], "overprovision"),
        (vec!["--generate", "zipf:pages=10,alpha=1", "--policy", "lru", "--param", "opt.x=1"], "not among --policy"),
        (vec![], "--trace FILE or --generate"),
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{args:?} printed {out}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

#[test]
fn msr_host_names_in_quotes_parse_per_rfc_4180() {
    let f = temp_file(
        "quoted.csv",
        "128166372003061629,\"hm,x\",0,Write,4096,4096,100\n128166372003061630,\"hm,x\",0,Read,4096,4096,100\n",
    );
    let v = json(&["--trace", &f, "--format", "msr", "--policy", "lru", "--frames", "1", "--json"]);
    assert_eq!(v["trace"]["requests"], 2);
    assert_eq!(v["trace"]["distinct"], 1);
    assert_eq!(v["results"][0]["hits"], 1);
    let bad = temp_file("open.csv", "1,\"hm,0,Read,0,4096,1\n");
    let (code, _, err) = run(&["--trace", &bad, "--format", "msr"]);
    assert_eq!(code, 2);
    assert!(err.contains("line 1") && err.contains("not closed on this line"), "{err}");
}

#[test]
fn list_policies_json_prints_the_catalogue() {
    let v = json(&["--list-policies", "--json"]);
    let ids: Vec<&str> = v["policies"].as_array().unwrap().iter().map(|p| p["id"].as_str().unwrap()).collect();
    assert!(ids.contains(&"clock-pro") && ids.contains(&"ts-clock"), "{ids:?}");
    assert!(v["limits"].as_array().unwrap().iter().any(|l| l["name"] == "frames"));
    let cflru = v["policies"].as_array().unwrap().iter().find(|p| p["id"] == "cflru").unwrap();
    assert_eq!(cflru["params"][0]["key"], "window");
    assert_eq!(cflru["params"][0]["default"], 0.25);
    assert_eq!(cflru["params"][0]["max"], 1.0);
}

/// Each message a new user met in the hardening issue, now naming the flag and
/// what to do (and no usage text after a message that already says it).
#[test]
fn bad_numbers_and_impossible_devices_name_their_flag() {
    let g = "zipf:pages=100,alpha=1,length=100";
    let fails = |args: &[&str]| {
        let (code, _, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(!err.contains("usage:"), "{args:?}: no usage text after a clear message: {err}");
        err
    };
    let e = fails(&["--generate", "zipf:pages=100,alpha=1e999,length=100"]);
    assert!(e.contains("alpha: \"1e999\" is not a finite number"), "{e}");
    let e = fails(&["--generate", "zipf:pages=100,alpha=NaN,length=100"]);
    assert!(e.contains("alpha: \"NaN\" is not a finite number"), "{e}");
    let e = fails(&["--generate", g, "--frames", ","]);
    assert!(e.contains("--frames: \",\" gives no cache size"), "{e}");
    let e = fails(&["--generate", g, "--blocks", "2"]);
    assert!(e.contains("--blocks: 2 blocks are too few") && e.contains("use --blocks 31 or more"), "{e}");
    assert!(!e.contains("--watermark"), "the user never set the watermark: {e}");
    let e = fails(&["--generate", g, "--blocks", "1"]);
    assert!(e.contains("--blocks: 1 block at overprovision 0.1 leaves no logical block; use --blocks 31"), "{e}");
    let e = fails(&["--generate", g, "--blocks", "16"]);
    assert!(e.contains("--overprovision: too small") && e.contains("about 0.250"), "{e}");
    let e = fails(&["--generate", g, "--read-cost", "1e999"]);
    assert!(e.contains("--read-cost: \"1e999\" is not a finite number"), "{e}");
    let e = fails(&["--generate", g, "--read-cost", "-5"]);
    assert!(e.contains("the read cost must be a number ≥ 0, got -5"), "{e}");
    // A total the result cannot hold is refused, never printed as 0 or null.
    let e = fails(&["--generate", g, "--read-cost", "1e307"]);
    assert!(e.contains("a read cost of 1e307") && e.contains("give the costs in a larger unit"), "{e}");
    let e = fails(&["--generate", g, "--overprovision", "1.5"]);
    assert!(e.contains("--overprovision: must be in [0, 1), got 1.5"), "{e}");
    // The default fill follows the over-provisioning; a fill the user gives is checked.
    json(&["--generate", g, "--overprovision", "0.15", "--json"]);
    let e = fails(&["--generate", g, "--overprovision", "0.15", "--fill", "0.9"]);
    assert!(e.contains("--fill: 0.9 of the physical pages") && e.contains("fill at most 0.8496"), "{e}");
    // An unknown flag still gets the usage.
    let (_, _, e) = run(&["--bogus"]);
    assert!(e.contains("usage:"), "{e}");
}

#[test]
fn a_utf16_file_is_called_utf16_and_lenient_skips_read_as_sentences() {
    let mut bytes = vec![0xff, 0xfe];
    for c in "1\n2\n".bytes() {
        bytes.extend([c, 0]);
    }
    let dir = std::env::temp_dir().join(format!("cachescope-runner-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("u16.txt");
    std::fs::write(&f, bytes).unwrap();
    let (code, _, e) = run(&["--trace", f.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(e.contains("is UTF-16 text") && e.contains("save it as UTF-8"), "{e}");

    let l = temp_file("lenient.txt", "1\n2\nx\n3\ny\n");
    let (code, _, e) = run(&["--trace", &l, "--lenient", "--format", "plain"]);
    assert_eq!(code, 0, "{e}");
    assert!(e.contains("skipped 2 malformed lines; the first, line 3: expected a page number, found \"x\""), "{e}");
    assert!(!e.contains("Some("), "{e}");
}

#[test]
fn mrc_prints_curves_of_every_policy_equal_to_runs() {
    let g = "zipf:pages=500,alpha=0.8,length=20000,seed=3";
    let v = json(&["--generate", g, "--mrc", "--policy", "lru,clock,opt", "--json"]);
    for p in ["lru", "clock", "opt"] {
        let c = &v["mrc"][p];
        assert_eq!(c["exact"], true, "{p}: fewer pages than the sample, so exact");
        let frames: Vec<u64> = c["frames"].as_array().unwrap().iter().map(|x| x.as_u64().unwrap()).collect();
        let ratios: Vec<f64> = c["miss_ratio"].as_array().unwrap().iter().map(|x| x.as_f64().unwrap()).collect();
        assert_eq!(frames.first(), Some(&1));
        assert!(frames.len() > 30 && frames.windows(2).all(|w| w[0] < w[1]));
        if p != "clock" {
            assert!(ratios.windows(2).all(|w| w[0] >= w[1]), "{p}: a stack policy's curve never rises with size");
        }
        // Equal to a run at a few of its sizes.
        for i in [0, frames.len() / 2, frames.len() - 1] {
            let f = frames[i].to_string();
            let r = json(&["--generate", g, "--policy", p, "--frames", &f, "--json"]);
            let sim = 1.0 - r["results"][0]["hit_ratio"].as_f64().unwrap();
            assert!((sim - ratios[i]).abs() < 1e-12, "{p} at {f} frames: {sim} vs {}", ratios[i]);
        }
    }
    assert_eq!(v["mrc"]["lru"]["method"], "stack");
    assert_eq!(v["mrc"]["opt"]["method"], "exact_only");
    assert_eq!(v["mrc"]["clock"]["method"], "sampled");
    // A smaller sample than the trace's pages: CLOCK is sampled and says at what rate.
    let s = json(&[
        "--generate",
        g,
        "--mrc",
        "--policy",
        "clock",
        "--sample-pages",
        "100",
        "--frames",
        "200,400",
        "--json",
    ]);
    let c = &s["mrc"]["clock"];
    assert_eq!(c["exact"], false);
    assert_eq!(c["frames"], serde_json::json!([200, 400]));
    assert!(c["rate"].as_array().unwrap().iter().all(|r| r.as_f64().unwrap() < 1.0));
    let (code, out, _) = run(&["--generate", g, "--mrc", "--policy", "lru,clock", "--sample-pages", "100"]);
    assert_eq!(code, 0);
    assert!(out.contains("lru              exact, one pass") && out.contains("clock            sampled,"), "{out}");
}

#[test]
fn sampled_curves_carry_their_options_and_an_error_estimate_in_the_json() {
    let g = "zipf:pages=3000,alpha=0.8,length=30000,seed=5";
    let base = ["--generate", g, "--mrc", "--policy", "lru,clock", "--frames", "100,400,1500", "--json"];
    let with = |extra: &[&str]| json(&[&base[..], extra].concat());
    let v =
        with(&["--sample-pages", "300", "--samples", "3", "--sample-seed", "4", "--adjust", "off", "--stratify", "on"]);
    assert_eq!(
        v["options"]["sampling"],
        serde_json::json!({"sample_pages": 300, "samples": 3, "sample_seed": 4, "adjust": false, "stratify": true})
    );
    let c = &v["mrc"]["clock"];
    assert_eq!(c["samples"], 3);
    let errors: Vec<f64> = c["error"].as_array().unwrap().iter().map(|e| e.as_f64().unwrap()).collect();
    assert!(errors.len() == 3 && errors.iter().all(|&e| e > 0.0 && e < 0.2), "{errors:?}");
    let lru = &v["mrc"]["lru"];
    assert!(lru["exact"] == true && lru["error"].as_array().unwrap().iter().all(|e| e.as_f64() == Some(0.0)));
    // Each option changes the curve; the defaults are the catalogue's.
    let ratios = |v: &serde_json::Value| v["mrc"]["clock"]["miss_ratio"].clone();
    for other in [
        &["--sample-pages", "300", "--samples", "3", "--sample-seed", "5", "--adjust", "off"][..],
        &["--sample-pages", "300", "--samples", "3", "--sample-seed", "4", "--adjust", "on"],
        &["--sample-pages", "300", "--samples", "3", "--sample-seed", "4", "--adjust", "off", "--stratify", "off"],
    ] {
        assert_ne!(ratios(&with(other)), ratios(&v), "{other:?}");
    }
    let d = json(&base);
    let cat = json(&["--list-policies", "--json"]);
    for o in cat["curves"]["options"].as_array().unwrap() {
        let key = o["key"].as_str().unwrap();
        assert_eq!(d["options"]["sampling"][key], o["default"], "{key}");
    }
    let one = with(&["--sample-pages", "300", "--samples", "1"]);
    assert!(one["mrc"]["clock"]["error"].as_array().unwrap().iter().all(|e| e.is_null()), "one sample: no estimate");
    let (code, _, e) = run(&[&base[..], &["--samples", "0"]].concat());
    assert_eq!(code, 2);
    assert!(e.contains("--samples: must be between 1 and 16"), "{e}");
}

#[test]
fn threads_change_nothing_but_the_time() {
    let g = "zipf:pages=3000,alpha=0.9,length=30000,writes=0.3,seed=5";
    let args = ["--generate", g, "--policy", "lru,clock,arc,cflru", "--frames", "50,200,1000", "--json"];
    let one = json(&[&args[..], &["--threads", "1"]].concat());
    let two = json(&[&args[..], &["--threads", "2"]].concat());
    assert_eq!(one, two);
    let mrc = ["--generate", g, "--mrc", "--policy", "clock-pro,s3-fifo", "--sample-pages", "500", "--json"];
    assert_eq!(json(&[&mrc[..], &["--threads", "1"]].concat()), json(&[&mrc[..], &["--threads", "3"]].concat()));
    let (code, _, e) = run(&["--generate", g, "--threads", "0"]);
    assert_eq!(code, 2);
    assert!(e.contains("--threads: from 1 to 1024, got 0"), "{e}");
    let (code, _, e) = run(&["--generate", g, "--threads", "10000"]);
    assert_eq!(code, 2);
    assert!(e.contains("--threads: from 1 to 1024, got 10000"), "{e}");
    // As many threads as allowed on one cell: one is started, and the answer is one thread's.
    let one_cell = ["--generate", g, "--policy", "lru", "--frames", "10", "--json"];
    assert_eq!(
        json(&[&one_cell[..], &["--threads", "1024"]].concat()),
        json(&[&one_cell[..], &["--threads", "1"]].concat())
    );
}

#[test]
fn csv_mapping_by_column_name_or_number() {
    let f = temp_file("vol.csv", "timestamp,offset,size,type,volume\n1,0,8,0,1\n2,8,16,1,1\n3,0,8,0,2\n");
    let by_name = json(&[
        "--trace",
        &f,
        "--csv",
        "id=offset,unit=sectors,size=size,size_unit=sectors,op=type,read=0,write=1,ns=volume",
        "--frames",
        "2",
        "--json",
    ]);
    let by_number = json(&[
        "--trace",
        &f,
        "--csv",
        "header=true,id=2,unit=sectors,size=3,size_unit=sectors,op=4,read=0,write=1,ns=5",
        "--frames",
        "2",
        "--json",
    ]);
    assert_eq!(by_name["results"], by_number["results"]);
    // Pages 0 (volume 1), 1 and 2 (written), 0 of volume 2: four requests, four pages.
    assert_eq!(by_name["trace"]["requests"], 4);
    assert_eq!(by_name["trace"]["distinct"], 4);
    assert_eq!(by_name["trace"]["writes"], 2);
    let (code, _, e) = run(&["--trace", &f, "--csv", "id=lba"]);
    assert_eq!(code, 2);
    assert!(e.contains("the header has no column \"lba\"; it has timestamp, offset, size, type, volume"), "{e}");
    let (code, _, e) = run(&["--trace", &f, "--csv", "id=2", "--format", "msr"]);
    assert_eq!(code, 2);
    assert!(e.contains("--csv"), "{e}");
}

#[test]
fn streaming_a_file_gives_the_numbers_of_loading_it() {
    let text: String = (0..20_000u64)
        .map(|i| format!("{}{}\n", (i * 7919) % 1500 + (i % 7) * 3, if i % 5 == 0 { " W" } else { "" }))
        .collect();
    let f = temp_file("stream.txt", &text);
    let args =
        ["--trace", &f, "--policy", "lru,clock-pro,ts-clock,w-tinylfu", "--frames", "40,10%", "--flush", "--json"];
    let loaded = json(&args);
    let streamed = json(&[&args[..], &["--stream"]].concat());
    assert_eq!(loaded["results"], streamed["results"]);
    assert_eq!(loaded["trace"]["distinct"], streamed["trace"]["distinct"]);
    let (code, _, e) = run(&["--trace", &f, "--policy", "opt", "--stream"]);
    assert_eq!(code, 2);
    assert!(e.contains("cannot stream"), "{e}");
}

#[test]
fn a_warm_up_and_intervals_count_what_the_trace_sliced_by_hand_counts() {
    let text: String = (0..20_000u64)
        .map(|i| format!("{}{}\n", (i * 7919) % 1500 + (i % 7) * 3, if i % 5 == 0 { " W" } else { "" }))
        .collect();
    let f = temp_file("warm.txt", &text);
    let base = ["--trace", &f, "--policy", "lru,clock", "--frames", "100", "--json"];
    let warm = json(&[&base[..], &["--warmup", "25%", "--interval", "4000"]].concat());
    assert_eq!(warm["options"]["warmup"], "25%");
    assert_eq!(warm["options"]["warmup_requests"], 5000);
    // Streaming the file with the same warm-up counts the same (intervals need the file loaded).
    let streamed = json(&[&base[..], &["--warmup", "5000", "--stream"]].concat());
    for (i, r) in warm["results"].as_array().unwrap().iter().enumerate() {
        assert_eq!(r["requests"], 15_000);
        let iv = &r["intervals"];
        assert_eq!(iv["size"], 4000);
        let hits: Vec<u64> = iv["hits"].as_array().unwrap().iter().map(|h| h.as_u64().unwrap()).collect();
        assert_eq!(hits.len(), 4, "15,000 counted requests in intervals of 4,000");
        assert_eq!(hits.iter().sum::<u64>(), r["hits"].as_u64().unwrap());
        let last = iv["hit_ratio"][3].as_f64().unwrap();
        assert!((last - hits[3] as f64 / 3000.0).abs() < 1e-12, "the last interval holds 3,000 requests");
        for k in ["hits", "misses", "writebacks"] {
            assert_eq!(r[k], streamed["results"][i][k], "{k}");
        }
    }
    let (code, _, e) = run(&[&base[..], &["--interval", "10", "--stream"]].concat());
    assert_eq!(code, 2);
    assert!(e.contains("load the file"), "{e}");
    let (code, _, e) = run(&[&base[..], &["--warmup", "20000"]].concat());
    assert_eq!(code, 2);
    assert!(e.contains("leaves none of the trace's 20000 requests"), "{e}");
}

#[test]
fn analyze_prints_the_trace_analysis() {
    let v = json(&[
        "--generate",
        "zipf:pages=5000,alpha=0.9,length=200000,seed=3",
        "--analyze",
        "--window",
        "50000",
        "--json",
    ]);
    let a = &v["analysis"];
    assert_eq!(a["requests"], 200_000);
    assert_eq!(a["window"], 50_000);
    assert_eq!(a["windows"]["distinct"].as_array().unwrap().len(), 4);
    assert!((a["popularity"]["alpha"].as_f64().unwrap() - 0.9).abs() < 0.05);
    let (code, out, _) = run(&["--generate", "zipf:pages=5000,alpha=0.9,length=20000,seed=3", "--analyze"]);
    assert_eq!(code, 0);
    assert!(out.contains("popularity: Zipf α") && out.contains("one-hit wonders:"), "{out}");
}

#[test]
fn analyze_reads_the_times_of_a_trace_that_has_them_and_samples_stack_distances_when_asked() {
    // SYSTOR '17 lines, one page each: 4 requests in the first second, 2 in the next 4 s.
    let f = temp_file(
        "timed.csv",
        "Timestamp,Response,IOType,LUN,Offset,Size\n\
         100.0,0.1,R,0,0,4096\n100.25,0.1,W,0,4096,4096\n100.5,0.1,R,0,0,4096\n100.75,0.1,R,0,8192,4096\n\
         101.0,0.1,W,0,0,4096\n105.0,0.1,R,0,4096,4096\n",
    );
    let v = json(&["--trace", &f, "--analyze", "--window", "4", "--json"]);
    let t = &v["analysis"]["timing"];
    assert_eq!((t["start"].as_f64(), t["duration"].as_f64()), (Some(100.0), Some(5.0)));
    assert_eq!(t["rate"].as_f64(), Some(6.0 / 5.0));
    assert_eq!(t["window_rate"], serde_json::json!([4.0, 0.5]), "4 requests in 1 s, then 2 in 4 s");
    assert_eq!(t["window_start"], serde_json::json!([0.0, 1.0]));
    assert_eq!(v["analysis"]["windows"]["write_share"], serde_json::json!([0.25, 0.5]));
    let (code, out, _) = run(&["--trace", &f, "--analyze", "--window", "4"]);
    assert_eq!(code, 0);
    assert!(out.contains("time: 5.000 s, 1.2 requests/s; per window 0.5–4.0 requests/s"), "{out}");
    // A trace without times says so.
    let plain = temp_file("untimed.txt", "1\n2\n1\n");
    assert_eq!(json(&["--trace", &plain, "--analyze", "--json"])["analysis"]["timing"], Value::Null);
    let (_, out, _) = run(&["--trace", &plain, "--analyze"]);
    assert!(out.contains("time: none (the trace has no timestamps)"), "{out}");
    // Sampled stack distances are marked with their rate; exact ones with null.
    let gen = ["--generate", "zipf:pages=20000,alpha=0.9,length=200000,seed=3", "--analyze", "--json"];
    assert_eq!(json(&gen)["analysis"]["sampled"], Value::Null);
    let s = json(&[&gen[..], &["--analyze-sample", "0.05"]].concat());
    let rate = s["analysis"]["sampled"].as_f64().unwrap();
    assert!((rate - 0.05).abs() < 1e-4, "the sample's own rate, within a page of 0.05: {rate}");
    let (code, _, e) = run(&[&gen[..], &["--analyze-sample", "2"]].concat());
    assert_eq!(code, 2);
    assert!(e.contains("--analyze-sample: the sampling rate must be above 0 and at most 1, got 2"), "{e}");
}

/// Out of memory is a message and exit 2, never an abort (exit 134): here the
/// address space is capped below what 100 M generated requests need.
#[test]
fn running_out_of_memory_is_a_message() {
    let out = Command::new("sh")
        .args(["-c", "ulimit -v 200000; exec \"$0\" \"$@\"", env!("CARGO_BIN_EXE_cachescope")])
        .args(["--generate", "zipf:pages=1000,alpha=1,length=100000000", "--threads", "1"])
        .output()
        .expect("runs");
    let e = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{e}");
    assert!(e.contains("cachescope: out of memory") && !e.contains("panicked"), "{e}");
}
