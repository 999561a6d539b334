//! A flash run advanced a budget at a time (how the browser's worker sees a
//! Cancel during a long aging) gives exactly the figures of a run in one go.

use super::*;
use crate::generate::{generate, GenConfig, Workload};

fn json(r: &FlashResult) -> String {
    serde_json::to_string(r).unwrap()
}

#[test]
fn fill_and_aging_advance_in_slices_and_give_the_same_figures() {
    let t = generate(&GenConfig::single(Workload::Zipf { pages: 3000, alpha: 0.9 }, 20_000, 0.5, 9)).unwrap();
    for ftl in ["page", "fast"] {
        let c = FlashConfig { ftl: ftl.into(), blocks: 128, pages_per_block: 32, aging: 2.9, ..FlashConfig::default() };
        let whole = run_flash(&c, &t, None).unwrap();
        let mut run = FlashRun::new(&c, &t).unwrap();
        let (mut slices, mut aging_slices, mut last) = (0, 0, 0);
        let total = run.progress(&t.reqs).1;
        // Fill (85 % of the logical pages) and 2.9 device writes come before the requests.
        let geo = c.geometry().unwrap();
        let prep = geo.fill_pages as u64 + (2.9 * geo.physical_pages as f64).round() as u64;
        assert_eq!(total, prep + t.len() as u64);
        while !run.advance(&t.reqs, 1000).unwrap() {
            let (done, all) = run.progress(&t.reqs);
            assert_eq!(all, total);
            // A slice is the budget, or one sequential aging run (a block) more.
            assert!(done > last && done - last <= 1000 + geo.ppb as u64, "{last} → {done}");
            last = done;
            slices += 1;
            aging_slices += run.preparing() as u32;
        }
        assert_eq!(run.progress(&t.reqs), (total, total));
        assert!(aging_slices as u64 >= prep / 1100, "{aging_slices} slices of aging");
        assert!(slices > aging_slices);
        assert_eq!(json(&run.finish().unwrap()), json(&whole), "{ftl}");
    }
}

#[test]
fn run_flash_with_reports_aging_and_cancels_during_it() {
    let t = crate::trace::Trace::from_pages(&[(1, true), (2, false)]);
    let c = FlashConfig { blocks: 4096, pages_per_block: 64, aging: 2.9, ..FlashConfig::default() };
    let mut calls = 0;
    let r = run_flash_with(&c, &t, None, &mut |done, total| {
        calls += 1;
        assert!(done < total);
        calls < 3
    });
    assert!(matches!(r, Err(crate::error::SimError::Cancelled)), "{r:?}");
    assert_eq!(calls, 3, "cancelled during the aging, long before its end");
}
