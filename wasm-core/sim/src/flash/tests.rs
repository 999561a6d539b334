//! Cross-FTL tests of the issue's "done when" points. Every run goes through
//! `run_flash` (nothing-lost check at the end) or `FlashSim::step` (check after
//! every step in test builds).

use super::gc::GC_IDS;
use super::page::PageFtl;
use super::*;
use crate::generate::{generate, GenConfig, Workload};
use crate::rng::Rng;
use crate::trace::Trace;
use crate::trace::{is_write, page_of};
use proptest::prelude::*;

fn cfg(ftl: &str, gc: &str, blocks: u32, ppb: u32, op: f64, fill: f64) -> FlashConfig {
    FlashConfig {
        ftl: ftl.into(),
        gc: gc.into(),
        blocks,
        pages_per_block: ppb,
        overprovision: op,
        fill,
        ..FlashConfig::default()
    }
}

fn writes(pages: impl IntoIterator<Item = u64>) -> Trace {
    let v: Vec<(u64, bool)> = pages.into_iter().map(|p| (p, true)).collect();
    Trace::from_pages(&v)
}

/// Whole logical blocks, each written page by page in order; the blocks in
/// order, or shuffled in each pass when `seed` is given.
fn whole_blocks(logical_blocks: u32, ppb: u32, passes: u32, seed: Option<u64>) -> Trace {
    let mut rng = Rng::new(seed.unwrap_or(0));
    let mut out = Vec::new();
    for _ in 0..passes {
        let mut order: Vec<u32> = (0..logical_blocks).collect();
        if seed.is_some() {
            for i in (1..order.len()).rev() {
                order.swap(i, rng.below(i as u64 + 1) as usize);
            }
        }
        for b in order {
            out.extend((0..ppb).map(|o| (b * ppb + o) as u64));
        }
    }
    writes(out)
}

/// Whole-block writes in block order for every FTL × policy, and in shuffled
/// block order for every policy but FIFO: there the oldest closed block with
/// garbage may be the one whose logical block is half rewritten, and FIFO
/// rightly cleans it anyway (copying its valid half).
#[test]
fn sequential_whole_block_writes_have_waf_exactly_one_on_every_ftl() {
    for e in FTLS {
        for (gc, seed) in
            GC_IDS.iter().map(|&g| (g, None)).chain([("greedy", Some(3)), ("cost-benefit", Some(4)), ("cat", Some(5))])
        {
            let c = cfg(e.id, gc, 64, 16, 0.25, 0.0);
            let g = c.geometry().unwrap();
            let t = whole_blocks(g.logical_blocks, 16, 6, seed);
            let r = run_flash(&c, &t, None).unwrap();
            let m = &r.metrics;
            assert_eq!(m.host_writes, t.len() as u64);
            assert_eq!(m.waf, 1.0, "{} / {gc} / {seed:?}: {m:?}", e.id);
            assert_eq!(m.copied, 0, "{} / {gc}", e.id);
            assert!(m.erases > 0, "{} / {gc}: space was never reclaimed", e.id);
            assert_eq!(m.block_util[16], (t.len() / 16) as u64, "every run covers a whole block");
        }
    }
}

fn uniform_waf(gc: &str, fill: f64) -> f64 {
    let mut c = cfg("page", gc, 256, 32, 0.1, fill);
    c.aging = 2.0;
    let g = c.geometry().unwrap();
    let w = Workload::Uniform { pages: g.fill_pages as u64 };
    let t = generate(&GenConfig::single(w, 100_000, 1.0, 9)).unwrap();
    run_flash(&c, &t, None).unwrap().metrics.waf
}

#[test]
fn uniform_random_waf_grows_with_utilisation_and_greedy_beats_fifo() {
    let w: Vec<f64> = [0.5, 0.7, 0.85].iter().map(|&f| uniform_waf("greedy", f)).collect();
    assert!(w[0] < w[1] && w[1] < w[2], "greedy WAF by utilisation {w:?}");
    assert!(w[0] > 1.0);
    for f in [0.7, 0.85] {
        let (g, fifo) = (uniform_waf("greedy", f), uniform_waf("fifo", f));
        assert!(g < fifo, "fill {f}: greedy {g} vs fifo {fifo}");
    }
}

fn hot_cold(gc: &str, regions: u32, hot_access: f64, hot_pages: f64, len: u64) -> FlashMetrics {
    let mut c = cfg("page", gc, 256, 32, 0.1, 0.85);
    c.regions = regions;
    let g = c.geometry().unwrap();
    let w = Workload::HotCold { pages: g.fill_pages as u64, hot_access, hot_pages };
    let t = generate(&GenConfig::single(w, len, 1.0, 5)).unwrap();
    run_flash(&c, &t, None).unwrap().metrics
}

#[test]
fn dac_regions_lower_erases_and_copies_on_hot_cold() {
    for gc in ["greedy", "cost-benefit", "cat"] {
        let one = hot_cold(gc, 1, 0.9, 0.1, 150_000);
        let four = hot_cold(gc, 4, 0.9, 0.1, 150_000);
        assert!(four.erases < one.erases, "{gc}: erases 4 regions {} vs 1 region {}", four.erases, one.erases);
        assert!(four.copied < one.copied, "{gc}: copied {} vs {}", four.copied, one.copied);
        assert!(four.cleaning_cost < one.cleaning_cost, "{gc}");
    }
}

#[test]
fn one_region_gives_exactly_the_figures_of_no_clustering() {
    for gc in GC_IDS {
        let c = FlashConfig { gc: gc.into(), blocks: 128, pages_per_block: 16, ..FlashConfig::default() };
        let g = c.geometry().unwrap();
        let w = Workload::HotCold { pages: g.fill_pages as u64, hot_access: 0.8, hot_pages: 0.2 };
        let t = generate(&GenConfig::single(w, 40_000, 0.8, 2)).unwrap();
        // The registry builds the plain FTL for one region; force DAC's code path.
        let mut with = FlashSim::with_ftl(&c, g, Box::new(PageFtl::new(&c, &g, true))).unwrap();
        let mut without = FlashSim::new(&c).unwrap();
        for &r in &t.reqs {
            let lpn = t.ids[page_of(r) as usize] as u32;
            with.apply(lpn, is_write(r)).unwrap();
            without.apply(lpn, is_write(r)).unwrap();
        }
        with.check().unwrap();
        without.check().unwrap();
        assert!(with.metrics().erases > 0);
        assert_eq!(with.metrics(), without.metrics(), "{gc}");
        assert_eq!(with.erase_counts(), without.erase_counts(), "{gc}");
    }
}

/// Workload where it holds: 95 % of writes to 5 % of the pages at 85 % fill.
/// Greedy keeps recycling the few blocks that hold hot data while the blocks
/// full of cold data are never erased; CAT's erase-count factor sends it to
/// old, little-erased blocks now and then, spreading the erases.
#[test]
fn cat_wears_more_evenly_than_greedy_under_skew() {
    let g = hot_cold("greedy", 1, 0.95, 0.05, 150_000);
    let c = hot_cold("cat", 1, 0.95, 0.05, 150_000);
    assert!(c.erase_stddev < g.erase_stddev, "CAT stddev {} vs greedy {}", c.erase_stddev, g.erase_stddev);
}

/// A small device every FTL accepts: 16 blocks, 9 logical blocks (page FTL
/// with up to 2 regions needs 7 spare: watermark 3 + 2 + 1 + 1).
fn small(ftl: &str, gc: &str, ppb: u32, regions: u32, fill: f64) -> FlashConfig {
    let mut c = cfg(ftl, gc, 16, ppb, 0.4375, fill);
    c.regions = regions;
    c
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Random reads and writes, checked after every step: no page lost or
    /// duplicated, no panic, on every FTL × victim policy. Blocks of 3 pages
    /// exercise the division path, 4 the shift path.
    #[test]
    fn random_operations_never_lose_or_duplicate_a_page(
        ops in proptest::collection::vec((0u32..1000, proptest::bool::weighted(0.85)), 1..300),
        ppb in 3u32..=4,
        regions in 1u32..=2,
        fill in 0.0f64..=0.5,
        threshold in 0u64..4,
    ) {
        for e in FTLS {
            for gc in GC_IDS {
                let mut c = small(e.id, gc, ppb, regions, fill);
                c.threshold = threshold;
                let mut sim = FlashSim::new(&c).unwrap();
                let n = sim.geometry().logical_pages;
                prop_assert_eq!(n, 9 * ppb);
                sim.check().unwrap();
                for &(lpn, w) in &ops {
                    let ev = sim.step(lpn % n, w);
                    prop_assert!(ev.is_ok(), "{} / {}: {:?}", e.id, gc, ev);
                }
                let s = sim.snapshot(ops.first().map(|o| o.0 % n));
                prop_assert_eq!(s.block.iter().filter(|b| b.role == "free").count() as u32, s.free_blocks);
                prop_assert!(s.write_points.iter().all(|&b| s.block[b as usize].role != "free"));
                let m = sim.metrics();
                prop_assert_eq!(m.host_writes + m.host_reads, ops.len() as u64);
                prop_assert!(m.flash_writes >= m.host_writes);
                // More page writes than physical pages: space must have been reclaimed.
                let g = sim.geometry();
                if m.host_writes + g.fill_pages as u64 > g.physical_pages as u64 {
                    prop_assert!(s.block.iter().map(|b| b.erases).sum::<u32>() > 0);
                }
            }
        }
    }
}

#[test]
fn impossible_configurations_are_refused_with_a_message() {
    let err = |c: FlashConfig| FlashSim::new(&c).err().expect("refused").to_string();
    let base = FlashConfig::default();
    assert!(err(FlashConfig { blocks: 0, ..base.clone() }).contains("at least 1 block"));
    assert!(err(FlashConfig { pages_per_block: 0, ..base.clone() }).contains("pages_per_block"));
    assert!(err(FlashConfig { blocks: 1 << 24, ..base.clone() }).contains("physical pages is more than"));
    assert!(err(FlashConfig { overprovision: 1.0, ..base.clone() }).contains("overprovision"));
    assert!(err(FlashConfig { overprovision: f64::NAN, ..base.clone() }).contains("overprovision"));
    let e = err(FlashConfig { overprovision: 0.001, fill: 0.5, ..base.clone() });
    assert!(e.contains("too small to garbage-collect") && e.contains("page FTL"), "{e}");
    let e = err(FlashConfig { ftl: "fast".into(), blocks: 10, overprovision: 0.15, fill: 0.0, ..base.clone() });
    assert!(e.contains("fast FTL needs at least 3 spare"), "{e}");
    let e = err(FlashConfig { fill: 0.95, ..base.clone() });
    assert!(e.contains("fill") && e.contains("logical capacity"), "{e}");
    assert!(err(FlashConfig { regions: 17, ..base.clone() }).contains("regions"));
    assert!(err(FlashConfig { regions: 0, ..base.clone() }).contains("regions"));
    assert!(err(FlashConfig { ftl: "nftl".into(), ..base.clone() }).contains("known: page, block, fast"));
    assert!(err(FlashConfig { gc: "lru".into(), ..base.clone() }).contains("greedy"));
    assert!(err(FlashConfig { watermark: 0, ..base.clone() }).contains("watermark"));
    let e =
        err(FlashConfig { ftl: "fast".into(), ftl_params: serde_json::json!({"log_blocks": 10_000}), ..base.clone() });
    assert!(e.contains("log_blocks"), "{e}");
    let e = err(FlashConfig { ftl_params: serde_json::json!({"bogus": 1}), ..base.clone() });
    assert!(e.contains("bogus"), "{e}");
    // The refusal does not depend on FTL; one region more per block needs more spare.
    let ok = FlashConfig { blocks: 32, pages_per_block: 4, overprovision: 0.25, fill: 0.5, ..base.clone() };
    assert!(FlashSim::new(&ok).is_ok());
    assert!(FlashSim::new(&FlashConfig { regions: 4, ..ok }).is_err());
}

#[test]
fn config_json_defaults_and_registry_entries_build() {
    let c: FlashConfig = serde_json::from_str(r#"{"ftl": "fast", "gc": "fifo", "blocks": 64}"#).unwrap();
    assert_eq!((c.pages_per_block, c.fill, c.write_erase_ratio), (64, 0.85, 0.75));
    assert!(serde_json::from_str::<FlashConfig>(r#"{"blockz": 1}"#).is_err());
    for e in FTLS {
        let c = FlashConfig { ftl: e.id.into(), ftl_params: (e.defaults)(), ..FlashConfig::default() };
        let s = FlashSim::new(&c).unwrap();
        assert_eq!(s.ftl().id(), e.id);
        s.check().unwrap();
    }
}

#[test]
fn fill_and_aging_happen_before_measuring() {
    let c = FlashConfig { blocks: 64, pages_per_block: 16, aging: 2.0, ..FlashConfig::default() };
    let sim = FlashSim::new(&c).unwrap();
    let m = sim.metrics();
    assert_eq!((m.host_writes, m.flash_writes, m.erases, m.copied), (0, 0, 0, 0));
    assert!(m.utilisation > 0.84 && m.utilisation < 0.86, "{}", m.utilisation);
    assert!(sim.snapshot(None).block.iter().map(|b| b.erases).sum::<u32>() > 0, "aging cleaned");
    assert!(sim.erase_counts().iter().all(|&e| e == 0));
    let e = FlashSim::new(&FlashConfig { aging: 100.0, blocks: 1 << 16, ..FlashConfig::default() }).err().unwrap();
    assert!(e.to_string().contains("aging"), "{e}");
}

#[test]
fn a_trace_beyond_the_logical_capacity_is_refused_with_the_size_it_needs() {
    let c = cfg("page", "greedy", 64, 16, 0.25, 0.0);
    let t = writes([3, 5000]);
    let e = run_flash(&c, &t, None).unwrap_err().to_string();
    assert!(e.contains("largest page number 5000") && e.contains("313 logical blocks"), "{e}");
    // Page numbers near 2^64 with one page per block: the advice must not wrap to 0.
    let one = cfg("page", "greedy", 64, 1, 0.25, 0.0);
    let e = run_flash(&one, &writes([u64::MAX, 5]), None).unwrap_err().to_string();
    assert!(e.contains("it needs 18446744073709551616 logical blocks"), "{e}");
    // Original ids, not dense ids, are the logical pages: 700 and 701 share a block.
    let t = writes([700, 701, 5, 700]);
    let r = run_flash(&c, &t, None).unwrap();
    assert_eq!(r.metrics.block_util[2], 1);
    assert_eq!(r.metrics.block_util[1], 2);
}

#[test]
fn runs_behind_a_cache_on_its_after_cache_stream() {
    use crate::policy::{build, BuildCtx};
    let w = Workload::Zipf { pages: 2000, alpha: 0.8 };
    let t = generate(&GenConfig::single(w, 30_000, 0.5, 4)).unwrap();
    let ctx = BuildCtx::of(&t);
    let p = build("lru", 200, &ctx, &serde_json::Value::Null).unwrap();
    let opts = crate::sim::RunOptions { record_stream: true, ..crate::sim::RunOptions::default() };
    let run = crate::sim::run(&t, p, &opts, &mut |_, _| true).unwrap();
    let stream = run.stream.unwrap();
    let c = cfg("page", "greedy", 64, 64, 0.1, 0.5);
    let r = run_flash(&c, &t, Some(&stream)).unwrap();
    assert_eq!(r.metrics.host_writes, run.metrics.writebacks);
    assert_eq!(r.metrics.host_reads, run.metrics.reads);
    let direct = run_flash(&c, &t, None).unwrap();
    assert!(r.metrics.host_writes < direct.metrics.host_writes, "the cache absorbs rewrites");
    // A stream naming pages the trace does not have is refused.
    let e = run_flash(&c, &t, Some(&[crate::trace::pack(1 << 30, true)])).unwrap_err();
    assert!(e.to_string().contains("stream names page"), "{e}");
}

#[test]
fn steps_report_cleaning_and_the_snapshot_shows_it() {
    // 8 blocks of 4 pages, 4 logical blocks, full: the next writes must clean.
    let mut c = cfg("page", "greedy", 8, 4, 0.5, 0.5);
    c.watermark = 2;
    let mut sim = FlashSim::new(&c).unwrap();
    let s0 = sim.snapshot(Some(5));
    assert_eq!(s0.selected.unwrap().version, 6, "fill wrote lpn 5 as the 6th write");
    assert_eq!(s0.block.iter().filter(|b| b.role == "free").count() as u32, s0.free_blocks);
    let mut saw_gc = false;
    for i in 0..40u32 {
        let ev = sim.step([0, 1, 2, 3, 5][i as usize % 5], true).unwrap();
        assert!(matches!(ev.last(), Some(FlashEvent::HostWrite { .. })), "{ev:?}");
        if ev.iter().any(|e| matches!(e, FlashEvent::Victim { .. })) {
            saw_gc = true;
            let s = sim.snapshot(Some(5));
            let v = s.victim.expect("victim shown");
            assert_eq!(s.block[v as usize].role, "free", "the victim was erased in this step");
            let copies = ev.iter().filter(|e| matches!(e, FlashEvent::Copy { .. })).count();
            assert_eq!(s.copies.len(), copies);
            let sel = s.selected.unwrap();
            let ppn = sel.ppn.unwrap();
            assert_eq!(sim.page_states()[ppn as usize], 1);
            assert_eq!(ppn, sel.block.unwrap() * 4 + sel.offset.unwrap());
            assert!(s.write_points.iter().all(|&b| s.block[b as usize].role == "active"));
        }
    }
    assert!(saw_gc);
    let s = serde_json::to_value(sim.snapshot(None)).unwrap();
    assert_eq!(s["block"].as_array().unwrap().len(), 8);
    let ev = serde_json::to_value(sim.step(7, false).unwrap()).unwrap();
    assert_eq!(ev[0]["kind"], "host_read");
}

#[test]
fn fast_merges_switch_partial_and_full() {
    let c = cfg("fast", "fifo", 16, 4, 0.25, 0.0);
    let mut sim = FlashSim::new(&c).unwrap();
    let merges = |ev: &[FlashEvent]| -> Vec<&'static str> {
        ev.iter().filter_map(|e| if let FlashEvent::Merge { merge, .. } = e { Some(*merge) } else { None }).collect()
    };
    let mut all = Vec::new();
    // Block 0 sequentially (SW log), then block 1 from 0: switch merge.
    for l in [0, 1, 2, 3, 4] {
        all.extend(merges(&sim.step(l, true).unwrap()));
    }
    assert_eq!(all, vec!["switch"]);
    // Two pages of block 2 then a new SW log: partial merge of block 1.
    all.clear();
    for l in [5, 8] {
        all.extend(merges(&sim.step(l, true).unwrap()));
    }
    assert_eq!(all, vec!["partial"]);
    // Random updates fill the RW logs until one is reclaimed by full merges.
    all.clear();
    for l in (0..60u32).map(|i| (i * 13) % 48).filter(|l| l % 4 != 0) {
        all.extend(merges(&sim.step(l, true).unwrap()));
    }
    assert!(all.contains(&"full"), "{all:?}");
    assert!(sim.metrics().copied > 0);
}

#[test]
fn block_ftl_merges_an_out_of_order_update() {
    let c = cfg("block", "greedy", 8, 4, 0.25, 0.0);
    let mut sim = FlashSim::new(&c).unwrap();
    for l in [0, 1, 2, 3] {
        sim.step(l, true).unwrap();
    }
    assert_eq!(sim.metrics().flash_writes, 4);
    sim.step(1, true).unwrap(); // merge opens: copies page 0, writes 1
    sim.step(4, true).unwrap(); // another block: the merge closes, copying 2 and 3
    let m = sim.metrics();
    assert_eq!((m.copied, m.erases, m.flash_writes), (3, 1, 9));
}

/// With a threshold of one host write no page is ever young enough to be
/// promoted, so every page stays in the Bottom region and four regions give
/// exactly one region's figures (same watermark for both); without the
/// threshold they differ.
#[test]
fn dac_time_threshold_gates_promotion() {
    let run = |regions: u32, threshold: u64| {
        let mut c = cfg("page", "greedy", 128, 16, 0.15, 0.8);
        (c.regions, c.threshold, c.watermark) = (regions, threshold, 5);
        let g = c.geometry().unwrap();
        let w = Workload::HotCold { pages: g.fill_pages as u64, hot_access: 0.9, hot_pages: 0.1 };
        let t = generate(&GenConfig::single(w, 40_000, 1.0, 8)).unwrap();
        run_flash(&c, &t, None).unwrap().metrics
    };
    let one = run(1, 0);
    assert_eq!(run(4, 1), one);
    assert_ne!(run(4, 0), one);
    assert_ne!(run(4, 5_000), one);
}

/// TS-CLOCK's Fig. 1 hypothesis: writing x % of a random block's pages, in
/// sector order, per batch; the higher x, the lower the WAF, on FAST and on
/// page mapping alike.
#[test]
fn higher_block_utilisation_lowers_waf() {
    let waf = |ftl: &str, k: u32| {
        let c = cfg(ftl, if ftl == "fast" { "fifo" } else { "greedy" }, 128, 16, 0.15, 0.8);
        let g = c.geometry().unwrap();
        let mut rng = Rng::new(11);
        let mut pages = Vec::new();
        while pages.len() < 40_000 {
            let b = rng.below((g.fill_pages / 16) as u64);
            let mut offs: Vec<u64> = (0..16).collect();
            for i in 0..k as usize {
                let j = i + rng.below(16 - i as u64) as usize;
                offs.swap(i, j);
            }
            let mut chosen = offs[..k as usize].to_vec();
            chosen.sort_unstable();
            pages.extend(chosen.iter().map(|o| b * 16 + o));
        }
        let m = run_flash(&c, &writes(pages), None).unwrap().metrics;
        assert!(m.block_util_mean >= k as f64 / 16.0, "{ftl} {k}: {}", m.block_util_mean);
        m.waf
    };
    for ftl in ["fast", "page"] {
        let w: Vec<f64> = [4, 8, 12].iter().map(|&k| waf(ftl, k)).collect();
        assert!(w[0] > w[1] && w[1] > w[2] && w[2] > 1.0, "{ftl}: WAF at 25/50/75 % {w:?}");
    }
}

/// The default cleaning victim is each FTL's own: round-robin for FAST's log
/// blocks (FAST's paper), greedy for the page FTL; greedy stays selectable.
#[test]
fn the_default_victim_is_round_robin_for_fast_and_greedy_for_the_page_ftl() {
    assert_eq!(FlashConfig::default().gc, "auto");
    let mut rng = Rng::new(5);
    let t = writes((0..20_000).map(|_| rng.below(900)));
    let m = |ftl: &str, gc: &str| run_flash(&cfg(ftl, gc, 128, 16, 0.15, 0.8), &t, None).unwrap().metrics;
    assert_eq!(m("fast", "auto"), m("fast", "fifo"));
    assert_ne!(m("fast", "auto"), m("fast", "greedy"));
    assert_eq!(m("page", "auto"), m("page", "greedy"));
    assert_ne!(m("page", "auto"), m("page", "fifo"));
}

/// Aging mixes sequential whole-block runs and random pages: all-sequential
/// aging leaves whole blocks invalid together, all-random scatters garbage, so
/// the WAF measured afterwards is lowest after the first, highest after the
/// second, and in between after the mix.
#[test]
fn aging_mixes_sequential_runs_and_random_overwrites() {
    let t = writes((0..4000).map(|i| i % 900));
    let waf = |share: f64| {
        let mut c = cfg("page", "greedy", 128, 16, 0.15, 0.8);
        (c.aging, c.aging_sequential) = (2.0, share);
        run_flash(&c, &t, None).unwrap().metrics.waf
    };
    let (seq, mixed, random) = (waf(1.0), waf(0.5), waf(0.0));
    assert!(seq < mixed && mixed < random, "WAF after aging: {seq} {mixed} {random}");
    assert_eq!(FlashConfig::default().aging_sequential, 0.5);
    let mut bad = cfg("page", "greedy", 128, 16, 0.15, 0.8);
    bad.aging_sequential = 1.5;
    assert!(FlashSim::new(&bad).err().unwrap().to_string().contains("aging_sequential"));
}

/// Defaults that depend on other settings follow them: the fill at most the
/// logical capacity, the watermark below the block count and above the regions.
#[test]
fn derived_defaults_follow_the_device() {
    let mut c = FlashConfig { overprovision: 0.15, ..FlashConfig::default() };
    assert!(FlashSim::new(&c).is_err(), "the plain default fill 0.85 does not fit");
    c = c.with_derived_defaults(&|_| false);
    let g = c.geometry().unwrap();
    assert_eq!(g.fill_pages, g.logical_pages);
    FlashSim::new(&c).unwrap();
    // A fill the user gave is kept (and refused when it does not fit).
    let given = FlashConfig { overprovision: 0.15, fill: 0.9, ..FlashConfig::default() }
        .with_derived_defaults(&|k| k == "fill");
    assert_eq!(given.fill, 0.9);
    let w = FlashConfig { blocks: 64, regions: 4, ..FlashConfig::default() }.with_derived_defaults(&|_| false);
    assert_eq!(w.watermark, 5);
    let small = FlashConfig { blocks: 2, ..FlashConfig::default() }.with_derived_defaults(&|_| false);
    assert_eq!(small.watermark, 1);
}
