//! CFLRU with a dynamically sized clean-first window (Park et al., §3.2 and §5.2).
//!
//! The paper only says that, with νW and νR the ratios of write and read
//! operations in a period, "the cost difference between adjacent periods,
//! Δ(νW·CW + νR·CR), can control whether enlarge or reduce the window size", and
//! (§5.2) that the difference must exceed a predefined threshold to avoid
//! oscillation. Our reading, a hill climb on that cost:
//! - Period: `period` requests. νR = misses / requests and νW = dirty evictions /
//!   requests of the period (flash reads and writes the cache caused); the cost
//!   is νW·`write_cost` + νR·`read_cost` (defaults 8 and 1, the paper's weights).
//! - At the end of each period, with Δ = cost − previous cost: if |Δ| ≤
//!   `threshold` · previous cost the window stays; if the cost rose the direction
//!   reverses; then the window moves one `step` (a fraction of the frames) in the
//!   current direction. The first period has no predecessor and moves in the
//!   initial direction, which is "grow".
//! - Bounds: the window stays within [`min_window`, `max_window`] (fractions of
//!   the frames, default the whole range 0..1, like the paper's S/x sweep).
//!
//! Snapshot and events as in `cflru`, plus Gauge events "window" when it moves.

use super::cflru::{window_pages, Cflru};
use super::entry::{CurveMethod, Group, PolicyEntry};
use super::{Event, Policy, Req, Sink, Snapshot};
use crate::describe::{defaults_of, parse_config, Mark, Param, View};
use crate::error::SimError;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Initial window, fraction of the frames.
    pub window: f64,
    /// Requests per period.
    pub period: u64,
    /// Window change per period, fraction of the frames.
    pub step: f64,
    pub min_window: f64,
    pub max_window: f64,
    /// Relative cost change below which the window is left alone.
    pub threshold: f64,
    pub read_cost: f64,
    pub write_cost: f64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            window: 0.25,
            period: 1024,
            step: 1.0 / 32.0,
            min_window: 0.0,
            max_window: 1.0,
            threshold: 0.02,
            read_cost: 1.0,
            write_cost: 8.0,
        }
    }
}

pub const ENTRY: PolicyEntry = PolicyEntry {
    id: "cflru-dynamic",
    name: "CFLRU (dynamic window)",
    short: "CFLRU dynamic",
    group: Group::Flash,
    curve: CurveMethod::Sampled,
    source: "CFLRU paper, section 3.2",
    summary: "CFLRU whose clean-first window grows or shrinks by the change of flash I/O cost between periods.",
    how: "CFLRU whose clean-first window w adapts. At the end of each period the flash I/O cost of the period (reads plus weighted write-backs) is compared with the previous one. If the cost fell, w keeps moving the same way; if it rose, w turns back; a change below the threshold leaves w alone.",
    params: &[
        Param::number("window", "Initial window", 0.0, 1.0, "of the frames", "Starting clean-first window as a fraction of the frames."),
        Param::integer("period", "Period", 1.0, 1e12, "requests", "Requests between window adjustments."),
        Param::number("step", "Step", 0.0009765625, 1.0, "of the frames", "Window change per period, fraction of the frames."),
        Param::number("min_window", "Smallest window", 0.0, 1.0, "of the frames", "Lower bound of the window."),
        Param::number("max_window", "Largest window", 0.0, 1.0, "of the frames", "Upper bound of the window."),
        Param::number("threshold", "Threshold", 0.0, 1e9, "", "Relative cost change below which the window is left alone."),
        Param::number("read_cost", "Read cost", 0.0, 1e9, "", "Cost of one page read in the period cost."),
        Param::number("write_cost", "Write cost", 0.0, 1e9, "", "Cost of one write-back in the period cost."),
    ],
    view: View::list(&[Mark::new("working", "working region", "cold", "circle"), Mark::new("clean-first", "clean-first region", "accent1", "square")]).with_lists(&[super::cflru::CFLRU_LIST]),
    defaults: defaults_of::<Config>,
    build: |frames, ctx, params| {
        let c: Config = parse_config(ID, params)?;
        Ok(Box::new(CflruDynamic::new(frames, ctx.n_pages, &c)?))
    },
};

const ID: &str = "cflru-dynamic";

#[derive(Clone)]
pub struct CflruDynamic {
    inner: Cflru,
    period: u64,
    step: usize,
    min_w: usize,
    max_w: usize,
    threshold: f64,
    read_cost: f64,
    write_cost: f64,
    in_period: u64,
    base_misses: u64,
    base_dirty: u64,
    last_cost: Option<f64>,
    grow: bool,
}

impl CflruDynamic {
    pub fn new(frames: usize, n_pages: u32, c: &Config) -> Result<CflruDynamic, SimError> {
        let bad = |m: String| Err(SimError::config(format!("{ID} parameters"), m));
        if c.period == 0 {
            return bad("period must be at least 1 request".into());
        }
        if !(c.step > 0.0 && c.step <= 1.0) {
            return bad(format!("step must be within (0, 1], got {}", c.step));
        }
        // Written as a positive check so NaN is refused too.
        let ok = |x: f64| x.is_finite() && x >= 0.0;
        if !(ok(c.threshold) && ok(c.read_cost) && ok(c.write_cost)) {
            return bad("threshold and costs must be non-negative".into());
        }
        let min_w = window_pages(ID, c.min_window, frames)?;
        let max_w = window_pages(ID, c.max_window, frames)?;
        if min_w > max_w {
            return bad(format!("min_window {} is above max_window {}", c.min_window, c.max_window));
        }
        let w = window_pages(ID, c.window, frames)?.clamp(min_w, max_w);
        Ok(CflruDynamic {
            inner: Cflru::new(ID, frames, n_pages, w),
            period: c.period,
            step: ((c.step * frames as f64).round() as usize).max(1),
            min_w,
            max_w,
            threshold: c.threshold,
            read_cost: c.read_cost,
            write_cost: c.write_cost,
            in_period: 0,
            base_misses: 0,
            base_dirty: 0,
            last_cost: None,
            grow: true,
        })
    }

    fn end_period(&mut self, sink: &mut Sink) {
        let n = self.in_period as f64;
        let reads = (self.inner.misses - self.base_misses) as f64 / n;
        let writes = (self.inner.dirty_evictions - self.base_dirty) as f64 / n;
        let cost = writes * self.write_cost + reads * self.read_cost;
        let moved = match self.last_cost {
            Some(prev) if (cost - prev).abs() <= self.threshold * prev => false,
            Some(prev) => {
                if cost > prev {
                    self.grow = !self.grow;
                }
                true
            }
            None => true,
        };
        self.last_cost = Some(cost);
        self.in_period = 0;
        self.base_misses = self.inner.misses;
        self.base_dirty = self.inner.dirty_evictions;
        if !moved {
            return;
        }
        let from = self.inner.window();
        let to =
            if self.grow { (from + self.step).min(self.max_w) } else { from.saturating_sub(self.step).max(self.min_w) };
        if to != from {
            self.inner.set_window(to);
            let grow = self.grow;
            sink.ev(|| Event::Gauge {
                name: "window",
                from: from as f64,
                to: to as f64,
                why: if grow {
                    "period cost changed: growing the window"
                } else {
                    "period cost changed: shrinking the window"
                },
            });
        }
    }
}

impl Policy for CflruDynamic {
    fn id(&self) -> &'static str {
        ID
    }
    #[inline(always)]
    fn access(&mut self, req: Req, sink: &mut Sink) -> bool {
        let hit = self.inner.access(req, sink);
        self.in_period += 1;
        if self.in_period == self.period {
            self.end_period(sink);
        }
        hit
    }
    fn resident(&self) -> usize {
        self.inner.resident()
    }
    fn capacity(&self) -> usize {
        self.inner.capacity()
    }
    fn flush(&mut self, sink: &mut Sink) {
        self.inner.flush(sink)
    }
    fn contains(&self, page: u32) -> bool {
        self.inner.contains(page)
    }
    fn snapshot(&self) -> Snapshot {
        self.inner.snapshot()
    }
}

#[cfg(test)]
mod tests {
    use super::super::testutil::{r, random_trace, replay, w};
    use super::*;
    use serde_json::json;

    fn gauges(sink: &Sink) -> Vec<(f64, f64)> {
        sink.events
            .as_ref()
            .unwrap()
            .iter()
            .filter_map(|e| if let Event::Gauge { from, to, .. } = e { Some((*from, *to)) } else { None })
            .collect()
    }

    #[test]
    fn window_climbs_while_cost_falls_and_turns_when_it_rises() {
        // 4 frames, window 0 at start, step 1 page, period 4 requests.
        // Period 1 (1w 2w 3w 4w): 4 misses, cost 1 → grow to 1 (first period).
        // Period 2 (1 2 3 4): all hits, cost 0 < 1 → keep growing to 2.
        // Period 3 (5 6 7 8): 5, 6, 7 evict 1w, 2w, 3w (no clean page in the window
        // of 2); at 8 the window {5, 4w} holds clean 5. Cost 3·8/4 + 1 = 7 > 0 → turn,
        // shrink to 1.
        let reqs = [w(1), w(2), w(3), w(4), r(1), r(2), r(3), r(4), r(5), r(6), r(7), r(8)];
        let p = json!({"window": 0.0, "period": 4, "step": 0.25, "threshold": 0.0});
        let (rp, _, ev, sink) = replay(ID, 4, p, &reqs);
        assert_eq!(gauges(&sink), vec![(0.0, 1.0), (1.0, 2.0), (2.0, 1.0)]);
        assert_eq!(rp.policy.snapshot().gauges[0].value, 1.0);
        assert_eq!(ev, vec![(1, true), (2, true), (3, true), (5, false)]);
    }

    #[test]
    fn stays_within_bounds_and_refuses_bad_bounds() {
        let reqs = random_trace(3, 4000, 100, 0.5);
        let p = json!({"period": 16, "min_window": 0.25, "max_window": 0.5});
        let (_, _, _, sink) = replay(ID, 20, p, &reqs);
        let g = gauges(&sink);
        assert!(!g.is_empty());
        assert!(g.iter().all(|&(_, to)| (5.0..=10.0).contains(&to)), "{g:?}");
        let t = crate::trace::Trace::reads(&[1]);
        let ctx = super::super::BuildCtx { n_pages: 1, trace: &t.reqs, ids: &t.ids, devices: false, keyed: false };
        for bad in [json!({"period": 0}), json!({"min_window": 0.6, "max_window": 0.5}), json!({"step": 0.0})] {
            assert!(super::super::build(ID, 20, &ctx, &bad).is_err(), "{bad}");
        }
    }
}
