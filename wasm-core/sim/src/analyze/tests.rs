//! The analysis against an independent, naive computation on small traces, and the
//! Zipf fit against the generator's α.

use super::*;
use crate::generate::{generate, GenConfig, Workload};
use crate::policy::testutil::random_trace;
use std::collections::{HashMap, HashSet};

fn log2(v: u64) -> usize {
    (63 - v.max(1).leading_zeros()) as usize
}

fn hist(values: impl Iterator<Item = u64>) -> Vec<u64> {
    let mut h = Vec::new();
    for v in values {
        let k = log2(v);
        if h.len() <= k {
            h.resize(k + 1, 0);
        }
        h[k] += 1;
    }
    h
}

#[test]
fn every_figure_equals_a_naive_computation() {
    for (seed, n, pages, window) in [(1, 500, 30, 37), (2, 3000, 200, 250), (3, 1, 1, 0), (4, 64, 64, 8)] {
        let reqs = random_trace(seed, n, pages, 0.3);
        let t = Trace::from_pages(&reqs);
        let a = analyze(&t, &AnalyzeOptions { window, stack_distances: true, sample: None }).unwrap();
        let ids: Vec<u64> = reqs.iter().map(|&(p, _)| p).collect();
        let mut counts: HashMap<u64, u64> = HashMap::new();
        for &p in &ids {
            *counts.entry(p).or_default() += 1;
        }
        assert_eq!(a.requests, n as u64);
        assert_eq!(a.distinct, counts.len() as u64);
        assert_eq!(a.writes, reqs.iter().filter(|r| r.1).count() as u64);
        assert_eq!(a.one_hit_pages, counts.values().filter(|&&c| c == 1).count() as u64);
        // Stack distances: distinct pages since the previous reference, itself included.
        let (mut distances, mut times, mut cold) = (Vec::new(), Vec::new(), 0);
        for (i, &p) in ids.iter().enumerate() {
            match ids[..i].iter().rposition(|&q| q == p) {
                None => cold += 1,
                Some(j) => {
                    distances.push(ids[j + 1..=i].iter().collect::<HashSet<_>>().len() as u64);
                    times.push((i - j) as u64);
                }
            }
        }
        assert_eq!(a.stack_distance.as_ref().unwrap().counts, hist(distances.into_iter()));
        assert_eq!(a.cold, cold);
        assert_eq!(a.reuse_time.counts, hist(times.into_iter()));
        // Windows.
        let w = if window == 0 { (n as u64).div_ceil(100).max(1) } else { window } as usize;
        assert_eq!(a.window as usize, w);
        for (k, chunk) in reqs.chunks(w).enumerate() {
            let mut c: HashMap<u64, u64> = HashMap::new();
            for &(p, _) in chunk {
                *c.entry(p).or_default() += 1;
            }
            assert_eq!(a.windows.distinct[k], c.len() as u64);
            let ones = c.values().filter(|&&v| v == 1).count() as f64 / c.len() as f64;
            assert!((a.windows.one_hit_share[k] - ones).abs() < 1e-12);
            let ws = chunk.iter().filter(|r| r.1).count() as f64 / chunk.len() as f64;
            assert!((a.windows.write_share[k] - ws).abs() < 1e-12);
        }
        assert_eq!(a.windows.distinct.len(), n.div_ceil(w));
        // Runs of consecutive pages.
        let mut lens = Vec::new();
        let mut run = 0u64;
        for (i, &p) in ids.iter().enumerate() {
            if i > 0 && ids[i - 1] + 1 == p {
                run += 1;
            } else {
                if run > 0 {
                    lens.push(run);
                }
                run = 1;
            }
        }
        if run > 0 {
            lens.push(run);
        }
        let in_runs: u64 = lens.iter().filter(|&&l| l >= 2).sum();
        assert_eq!(a.runs.counts, hist(lens.into_iter()));
        assert!((a.sequential_share - in_runs as f64 / n as f64).abs() < 1e-12);
    }
}

#[test]
fn a_sequential_scan_is_one_run_and_the_popularity_of_a_flat_trace_is_flat() {
    let t = Trace::reads(&(100..1100).collect::<Vec<u64>>());
    let a = analyze(&t, &AnalyzeOptions::default()).unwrap();
    assert_eq!(a.runs.counts.iter().sum::<u64>(), 1);
    assert_eq!(a.sequential_share, 1.0);
    assert_eq!((a.one_hit_pages, a.one_hit_share), (1000, 1.0));
    assert_eq!(a.popularity.fit_ranks, 0);
    assert!(a.popularity.alpha.is_nan());
}

#[test]
fn the_fitted_zipf_alpha_is_within_five_hundredths_of_the_generators() {
    for alpha in [0.6, 0.8, 1.0, 1.2] {
        let cfg = GenConfig::single(Workload::Zipf { pages: 50_000, alpha }, 1_000_000, 0.0, 11);
        let t = generate(&cfg).unwrap();
        let a = analyze(&t, &AnalyzeOptions { window: 0, stack_distances: false, sample: None }).unwrap();
        let p = &a.popularity;
        assert!((p.alpha - alpha).abs() <= 0.05, "α {alpha}: fitted {} (R² {}, {} ranks)", p.alpha, p.r2, p.fit_ranks);
        assert!(p.r2 > 0.95, "α {alpha}: R² {}", p.r2);
        // The fitted line passes near the most referenced page's count at rank 1.
        let top = p.top_count as f64;
        assert!((p.fit_scale / top - 1.0).abs() < 0.3, "α {alpha}: fitted {} at rank 1, counted {top}", p.fit_scale);
    }
}

#[test]
fn the_analysis_in_slices_equals_the_analysis_in_one_pass() {
    for (seed, n, pages, window, slice) in
        [(1, 5000, 300, 0, 1), (2, 20000, 2000, 777, 333), (3, 1, 1, 0, 7), (4, 0, 1, 0, 5)]
    {
        let t = Trace::from_pages(&random_trace(seed, n, pages, 0.3));
        let opts = AnalyzeOptions { window, stack_distances: true, sample: None };
        let whole = analyze(&t, &opts).unwrap();
        let mut a = Analyzer::new(&t, &opts).unwrap();
        let mut slices = 0;
        while !a.advance(slice) {
            assert_eq!(a.position(), (slices + 1) * slice);
            slices += 1;
        }
        assert_eq!(a.position(), n);
        // Every field alike, NaN included (the JSON writes it as null).
        assert_eq!(serde_json::to_value(a.finish()).unwrap(), serde_json::to_value(&whole).unwrap(), "seed {seed}");
    }
}
