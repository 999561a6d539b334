//! Cross-FTL tests of the "done when" points. Every run goes through
//! `run_flash` (nothing-lost check at the end) or `FlashSim::step` (check after
//! every step in test builds).

use super::gc::GC_IDS;
use super::page::PageFtl;
use super::*;
use crate::generate::{generate, GenConfig, Workload};
use crate::rng::Rng;
use crate::trace::{is_write, page_of};
use crate::Trace;
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
        for (gc, seed) in GC_IDS.iter().map(|&g| (g, None)).chain([("greedy", Some(3)), ("cost-benefit", Some(4)), ("cat", Some(5))]) {
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
        let mut with = FlashSim::new(&c).unwrap();
        let mut without = FlashSim::with_ftl(&c, g, Box::new(PageFtl::new(&c, &g, false))).unwrap();
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
