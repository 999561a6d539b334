//! Request rates against a naive computation, and sampled stack distances
//! against exact ones.

use super::*;
use crate::generate::{generate, GenConfig, Workload};
use crate::policy::testutil::random_trace;

#[test]
fn request_rates_per_window_equal_a_naive_computation() {
    let reqs = random_trace(5, 1000, 80, 0.2);
    let mut t = Trace::from_pages(&reqs);
    // Times in 1 ms steps with repeats and a pause; then an unsorted copy.
    let mut times: Vec<f64> =
        (0..1000u64).map(|i| 100.0 + (i / 3) as f64 * 1e-3 + if i > 600 { 5.0 } else { 0.0 }).collect();
    for unsorted in [false, true] {
        if unsorted {
            times.swap(10, 500);
        }
        t.times = Some(times.clone());
        for window in [37u64, 100, 1000, 1] {
            let a = analyze(&t, &AnalyzeOptions { window, stack_distances: false, sample: None }).unwrap();
            let tm = a.timing.expect("timestamps give a timing");
            let chunks: Vec<&[f64]> = times.chunks(window as usize).collect();
            assert_eq!(tm.window_rate.len(), chunks.len());
            for (k, c) in chunks.iter().enumerate() {
                let end = chunks.get(k + 1).map_or(*c.last().unwrap(), |n| n[0]);
                let span = end - c[0];
                let want = if span > 0.0 { Some(c.len() as f64 / span) } else { None };
                assert_eq!(tm.window_rate[k], want, "window {k} of {window}");
                assert_eq!(tm.window_start[k], c[0] - times[0]);
            }
            let (lo, hi) = times.iter().fold((f64::MAX, f64::MIN), |(l, h), &x| (l.min(x), h.max(x)));
            assert_eq!((tm.start, tm.duration), (100.0, hi - lo));
            assert_eq!(tm.rate, Some(1000.0 / (hi - lo)));
            assert_eq!(tm.backwards, times.windows(2).filter(|w| w[1] < w[0]).count() as u64);
            assert_eq!(tm.backwards > 0, unsorted);
        }
    }
    t.times = None;
    assert_eq!(analyze(&t, &AnalyzeOptions::default()).unwrap().timing, None, "no timestamps, no timing");
}

#[test]
fn sampled_stack_distances_hold_the_exact_mass_per_bucket_within_two_points_from_16_over_the_rate() {
    let rate = 0.1;
    let cfg = GenConfig::single(Workload::Zipf { pages: 100_000, alpha: 0.8 }, 1_000_000, 0.0, 3);
    let t = generate(&cfg).unwrap();
    let exact = analyze(&t, &AnalyzeOptions { window: 0, stack_distances: true, sample: None }).unwrap();
    let sampled = analyze(&t, &AnalyzeOptions { window: 0, stack_distances: true, sample: Some(rate) }).unwrap();
    assert_eq!(exact.sampled, None);
    assert!((sampled.sampled.unwrap() - rate).abs() < 1e-5, "marked with its rate: {:?}", sampled.sampled);
    // Below 16/rate a sample's distances are too coarse (under 16 in the sample)
    // and a few hot pages' (in the sample or not): those buckets are compared together.
    let first = (16.0f64 / rate).log2().floor() as usize;
    let shares = |h: &Log2Histogram| {
        let total: u64 = h.counts.iter().sum();
        let mut s: Vec<f64> = vec![0.0; 32];
        for (k, &c) in h.counts.iter().enumerate() {
            s[k.max(first)] += c as f64 / total as f64;
        }
        (s, total)
    };
    let (e, e_total) = shares(exact.stack_distance.as_ref().unwrap());
    let (s, s_total) = shares(sampled.stack_distance.as_ref().unwrap());
    let show = |v: &[f64]| v.iter().map(|x| format!("{x:.3}")).collect::<Vec<_>>().join(" ");
    for k in first..32 {
        assert!((e[k] - s[k]).abs() <= 0.02, "bucket 2^{k}:\nexact   {}\nsampled {}", show(&e), show(&s));
    }
    let rel = |a: u64, b: u64| (a as f64 - b as f64).abs() / b as f64;
    assert!(rel(s_total, e_total) < 0.05, "reuses: sampled {s_total}, exact {e_total}");
    assert!(rel(sampled.cold, exact.cold) < 0.05, "cold: sampled {}, exact {}", sampled.cold, exact.cold);
    // Everything else is the exact pass's.
    assert_eq!((sampled.reuse_time, sampled.popularity), (exact.reuse_time, exact.popularity));
    let e = analyze(&t, &AnalyzeOptions { sample: Some(0.0), ..AnalyzeOptions::default() }).unwrap_err();
    assert!(e.to_string().contains("the sampling rate must be above 0 and at most 1, got 0"), "{e}");
    let whole = analyze(&t, &AnalyzeOptions { sample: Some(1.0), ..AnalyzeOptions::default() }).unwrap();
    assert_eq!((whole.sampled, whole.stack_distance), (None, exact.stack_distance), "rate 1 is the exact pass");
}
