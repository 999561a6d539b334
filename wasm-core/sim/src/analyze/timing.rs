//! Time in a trace whose load kept timestamps ([`Trace::times`]): its span,
//! and the request rate over it and per window of the analysis.

use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Timing {
    /// The first request's time, in seconds from the format's origin (see its doc).
    pub start: f64,
    /// Seconds from the earliest request to the latest.
    pub duration: f64,
    /// Requests per second over `duration` (None when it is 0).
    pub rate: Option<f64>,
    /// Requests timed before the request ahead of them (a merged or unsorted trace);
    /// the rates of the windows they fall in are then not to be trusted.
    pub backwards: u64,
    /// Per window of the analysis: its first request's time, seconds after `start`.
    pub window_start: Vec<f64>,
    /// Per window: its requests over the seconds from its first request to the
    /// next window's first (the last window: to its own last request); None when
    /// that span is not above 0.
    pub window_rate: Vec<Option<f64>>,
}

/// The timing of requests at `times`, per `window` requests; None for no requests.
pub fn timing(times: &[f64], window: u64) -> Option<Timing> {
    let (&first, &last) = (times.first()?, times.last()?);
    let (mut lo, mut hi, mut backwards) = (first, first, 0u64);
    for w in times.windows(2) {
        backwards += (w[1] < w[0]) as u64;
    }
    for &t in times {
        lo = lo.min(t);
        hi = hi.max(t);
    }
    let window = window.max(1) as usize;
    let starts: Vec<f64> = times.iter().step_by(window).copied().collect();
    let window_rate = starts
        .iter()
        .enumerate()
        .map(|(k, &s)| {
            let end = starts.get(k + 1).copied().unwrap_or(last);
            let len = window.min(times.len() - k * window);
            let span = end - s;
            (span > 0.0).then(|| len as f64 / span)
        })
        .collect();
    let duration = hi - lo;
    Some(Timing {
        start: first,
        duration,
        rate: (duration > 0.0).then(|| times.len() as f64 / duration),
        backwards,
        window_start: starts.iter().map(|&s| s - first).collect(),
        window_rate,
    })
}
