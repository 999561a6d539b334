//! Seeded synthetic workloads. A configuration is small and serialisable so it
//! can travel in a URL; the same configuration gives the same trace everywhere.

use crate::error::SimError;
use crate::rng::Rng;
use crate::trace::{Trace, TraceBuilder};
use serde::{Deserialize, Serialize};

/// The most requests one generator run may produce (keeps a typo from eating memory).
pub const MAX_LENGTH: u64 = crate::limits::MAX_GENERATED;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Workload {
    /// Every page equally likely.
    Uniform { pages: u64 },
    /// Page of rank k (0 = hottest) with probability proportional to 1/(k+1)^alpha.
    Zipf { pages: u64, alpha: f64 },
    /// 0, 1, …, pages-1, 0, 1, … (CLOCK-Pro's case: a loop one page larger than memory).
    Loop { pages: u64 },
    /// `hot_access` of the accesses go to the first `hot_pages` fraction of the pages
    /// (the DAC paper's "x/y" locality: 0.9 / 0.1 for 90/10).
    HotCold { pages: u64, hot_access: f64, hot_pages: f64 },
    /// start, start+1, start+2, … : every request a page never seen in this phase
    /// (a one-pass scan; unlike `Loop` it never comes back).
    Sequential {
        #[serde(default)]
        start: u64,
    },
    /// Uniform over a window of `set` consecutive pages (wrapping at `pages`);
    /// every `shift_every` requests the window moves on by `shift` pages
    /// (0 = by `set`, so each window is disjoint from the last). Models programs
    /// whose working set changes between phases.
    WorkingSet {
        pages: u64,
        set: u64,
        shift_every: u64,
        #[serde(default)]
        shift: u64,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Phase {
    pub workload: Workload,
    pub length: u64,
    #[serde(default)]
    pub write_fraction: f64,
}

/// Phases run one after the other from one seeded stream.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct GenConfig {
    #[serde(default)]
    pub seed: u64,
    pub phases: Vec<Phase>,
}

impl GenConfig {
    pub fn single(workload: Workload, length: u64, write_fraction: f64, seed: u64) -> Self {
        GenConfig { seed, phases: vec![Phase { workload, length, write_fraction }] }
    }

    pub fn validate(&self) -> Result<(), SimError> {
        if self.phases.is_empty() {
            return Err(SimError::config("generator", "needs at least one phase"));
        }
        // Checked: lengths near 2^64 must not wrap around to a small total.
        let total = self.phases.iter().try_fold(0u64, |acc, p| acc.checked_add(p.length)).unwrap_or(u64::MAX);
        if total == 0 || total > MAX_LENGTH {
            return Err(SimError::config(
                "generator length",
                format!("total length must be between 1 and {MAX_LENGTH}, got {total}"),
            ));
        }
        for (i, p) in self.phases.iter().enumerate() {
            let at = |m: String| SimError::config(format!("generator phase {}", i + 1), m);
            if !(0.0..=1.0).contains(&p.write_fraction) {
                return Err(at(format!("write fraction must be in [0, 1], got {}", p.write_fraction)));
            }
            let pages = match p.workload {
                Workload::Uniform { pages }
                | Workload::Zipf { pages, .. }
                | Workload::Loop { pages }
                | Workload::HotCold { pages, .. }
                | Workload::WorkingSet { pages, .. } => pages,
                Workload::Sequential { start } => {
                    if start.checked_add(p.length).is_none() {
                        return Err(at(format!("a scan from page {start} of {} pages passes 2^64", p.length)));
                    }
                    p.length.max(1)
                }
            };
            if pages == 0 || pages > crate::trace::MAX_PAGES {
                return Err(at(format!("pages must be between 1 and {}, got {pages}", crate::trace::MAX_PAGES)));
            }
            match p.workload {
                Workload::Zipf { alpha, .. } if !(0.0..=10.0).contains(&alpha) => {
                    return Err(at(format!("zipf alpha must be in [0, 10], got {alpha}")));
                }
                Workload::HotCold { hot_access, hot_pages, .. }
                    if !((0.0..=1.0).contains(&hot_access) && hot_pages > 0.0 && hot_pages < 1.0) =>
                {
                    return Err(at(format!(
                        "hot/cold needs hot_access in [0, 1] and hot_pages in (0, 1), got {hot_access} / {hot_pages}"
                    )));
                }
                Workload::WorkingSet { pages, set, shift_every, shift }
                    if !(set >= 1 && set <= pages && shift_every >= 1 && shift <= pages) =>
                {
                    return Err(at(format!(
                        "working set needs 1 ≤ set ≤ pages, shift_every ≥ 1 and shift ≤ pages, got set {set}, \
                         shift_every {shift_every}, shift {shift} of {pages} pages"
                    )));
                }
                _ => {}
            }
        }
        Ok(())
    }
}

/// Draws page numbers for one workload.
enum Sampler {
    Uniform(u64),
    Zipf(Zipf),
    Loop(u64, u64),
    HotCold { hot: u64, cold: u64, p: f64 },
    Sequential(u64),
    WorkingSet { pages: u64, set: u64, every: u64, shift: u64, base: u64, left: u64 },
}

impl Sampler {
    fn new(w: &Workload) -> Sampler {
        match *w {
            Workload::Uniform { pages } => Sampler::Uniform(pages),
            Workload::Zipf { pages, alpha: 0.0 } => Sampler::Uniform(pages),
            Workload::Zipf { pages, alpha } => Sampler::Zipf(Zipf::new(pages, alpha)),
            Workload::Loop { pages } => Sampler::Loop(pages, 0),
            Workload::HotCold { pages, hot_access, hot_pages } => {
                let hot = ((pages as f64 * hot_pages).round() as u64).clamp(1, pages.max(2) - 1);
                Sampler::HotCold { hot, cold: pages.saturating_sub(hot).max(1), p: hot_access }
            }
            Workload::Sequential { start } => Sampler::Sequential(start),
            Workload::WorkingSet { pages, set, shift_every, shift } => Sampler::WorkingSet {
                pages,
                set,
                every: shift_every,
                shift: if shift == 0 { set } else { shift },
                base: 0,
                left: shift_every,
            },
        }
    }

    #[inline]
    fn next(&mut self, rng: &mut Rng) -> u64 {
        match self {
            Sampler::Uniform(n) => rng.below(*n),
            Sampler::Zipf(z) => z.sample(rng),
            Sampler::Loop(n, i) => {
                let p = *i;
                *i = if p + 1 == *n { 0 } else { p + 1 };
                p
            }
            Sampler::HotCold { hot, cold, p } => {
                if rng.next_f64() < *p {
                    rng.below(*hot)
                } else {
                    *hot + rng.below(*cold)
                }
            }
            Sampler::Sequential(next) => {
                let p = *next;
                *next += 1;
                p
            }
            Sampler::WorkingSet { pages, set, every, shift, base, left } => {
                if *left == 0 {
                    *base = (*base + *shift) % *pages;
                    *left = *every;
                }
                *left -= 1;
                // base < pages ≤ MAX_PAGES and the offset < set ≤ pages: no overflow.
                (*base + rng.below(*set)) % *pages
            }
        }
    }
}

/// Writes per phase in the DAC paper's synthetic workload: 40 MB in 4 KB units.
pub const DAC_PHASE_WRITES: u64 = 40 * 1024 / 4;

/// The DAC paper's (Chiang, Lee & Chang) synthetic workload "combining random
/// access and locality access": four phases, the first and third "locality
/// access in which 90 per cent of accesses were to 10 per cent of data", the
/// second and fourth random (uniform); "in each phase, 40-Mbyte data were written
/// … in 4-Kbyte units", so each phase is [`DAC_PHASE_WRITES`] writes and every
/// request is a write (reads "do not incur cleaning").
///
/// Readings: the text does not give the data set's size for this experiment, so
/// it is `pages`. The flash was first filled "in sequence … to 90 per cent"; with
/// `fill` the trace starts with that sequential write of all `pages` (0..pages),
/// and `pages` is then the 90 % that was filled. The hot 10 % are the lowest
/// page numbers, as in [`Workload::HotCold`].
pub fn dac_four_phase(pages: u64, seed: u64, fill: bool) -> GenConfig {
    let locality = Workload::HotCold { pages, hot_access: 0.9, hot_pages: 0.1 };
    let random = Workload::Uniform { pages };
    let phase = |workload: Workload, length: u64| Phase { workload, length, write_fraction: 1.0 };
    let mut phases = Vec::new();
    if fill {
        phases.push(phase(Workload::Loop { pages }, pages));
    }
    for w in [locality.clone(), random.clone(), locality, random] {
        phases.push(phase(w, DAC_PHASE_WRITES));
    }
    GenConfig { seed, phases }
}

/// Generates the trace; page ids of the result are the generator's page numbers.
pub fn generate(cfg: &GenConfig) -> Result<Trace, SimError> {
    generate_with(cfg, &mut |_, _| true)
}

/// As [`generate`], reporting progress every 2^20 requests; `progress` returns
/// false to cancel.
pub fn generate_with(cfg: &GenConfig, progress: &mut dyn FnMut(u64, u64) -> bool) -> Result<Trace, SimError> {
    let mut g = Generator::new(cfg)?;
    while !g.advance(1 << 20)? {
        if !progress(g.done(), g.total()) {
            return Err(SimError::Cancelled);
        }
    }
    Ok(g.finish())
}

/// A generation that can stop between chunks: the browser's worker advances
/// it a slice at a time so that a Cancel is seen, and the result is the same
/// trace, request for request, as one [`generate`] call.
pub struct Generator {
    cfg: GenConfig,
    rng: Rng,
    builder: TraceBuilder,
    phase: usize,
    in_phase: u64,
    sampler: Option<Sampler>,
    done: u64,
    total: u64,
}

impl Generator {
    pub fn new(cfg: &GenConfig) -> Result<Generator, SimError> {
        cfg.validate()?;
        let total: u64 = cfg.phases.iter().map(|p| p.length).sum();
        Ok(Generator {
            cfg: cfg.clone(),
            rng: Rng::new(cfg.seed),
            builder: TraceBuilder::with_capacity(total as usize),
            phase: 0,
            in_phase: 0,
            sampler: None,
            done: 0,
            total,
        })
    }
    pub fn done(&self) -> u64 {
        self.done
    }
    pub fn total(&self) -> u64 {
        self.total
    }

    /// Generates up to `n` more requests; true once the whole trace is there.
    pub fn advance(&mut self, n: u64) -> Result<bool, SimError> {
        let mut left = n;
        while left > 0 {
            let Some(phase) = self.cfg.phases.get(self.phase) else { return Ok(true) };
            if self.in_phase == phase.length {
                (self.phase, self.in_phase, self.sampler) = (self.phase + 1, 0, None);
                continue;
            }
            let wf = phase.write_fraction;
            let s = self.sampler.get_or_insert_with(|| Sampler::new(&phase.workload));
            let k = left.min(phase.length - self.in_phase);
            for _ in 0..k {
                let page = s.next(&mut self.rng);
                let write = wf > 0.0 && self.rng.next_f64() < wf;
                self.builder.push(page, write)?;
            }
            (self.in_phase, self.done, left) = (self.in_phase + k, self.done + k, left - k);
        }
        Ok(self.phase >= self.cfg.phases.len()
            || (self.phase + 1 == self.cfg.phases.len() && self.in_phase == self.cfg.phases[self.phase].length))
    }

    pub fn finish(self) -> Trace {
        self.builder.finish()
    }
}

/// Zipf sampling by rejection-inversion (Hörmann & Derflinger, 1996): O(1) time
/// and memory per sample, so a million-page Zipf needs no table.
struct Zipf {
    n: f64,
    s: f64,
    h_x1: f64,
    h_n: f64,
    cut: f64,
}

impl Zipf {
    fn new(n: u64, s: f64) -> Zipf {
        let mut z = Zipf { n: n as f64, s, h_x1: 0.0, h_n: 0.0, cut: 0.0 };
        z.h_x1 = z.h_integral(1.5) - 1.0;
        z.h_n = z.h_integral(n as f64 + 0.5);
        z.cut = 2.0 - z.h_integral_inv(z.h_integral(2.5) - z.h(2.0));
        z
    }
    #[inline]
    fn h(&self, x: f64) -> f64 {
        libm::exp(-self.s * libm::log(x))
    }
    #[inline]
    fn h_integral(&self, x: f64) -> f64 {
        let lx = libm::log(x);
        helper2((1.0 - self.s) * lx) * lx
    }
    #[inline]
    fn h_integral_inv(&self, x: f64) -> f64 {
        let mut t = x * (1.0 - self.s);
        if t < -1.0 {
            t = -1.0;
        }
        libm::exp(helper1(t) * x)
    }
    /// Rank 0..n-1, 0 the most popular.
    #[inline]
    fn sample(&self, rng: &mut Rng) -> u64 {
        loop {
            let u = self.h_n + rng.next_f64() * (self.h_x1 - self.h_n);
            let x = self.h_integral_inv(u);
            let k = (x + 0.5).floor().clamp(1.0, self.n);
            if k - x <= self.cut || u >= self.h_integral(k + 0.5) - self.h(k) {
                return k as u64 - 1;
            }
        }
    }
}

/// log(1+x)/x, continuous at 0.
#[inline]
fn helper1(x: f64) -> f64 {
    if x.abs() > 1e-8 {
        libm::log1p(x) / x
    } else {
        1.0 - x * (0.5 - x * (1.0 / 3.0 - 0.25 * x))
    }
}
/// (exp(x)-1)/x, continuous at 0.
#[inline]
fn helper2(x: f64) -> f64 {
    if x.abs() > 1e-8 {
        libm::expm1(x) / x
    } else {
        1.0 + x * 0.5 * (1.0 + x * (1.0 / 3.0) * (1.0 + 0.25 * x))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::{is_write, page_of};

    fn zipf_cfg(alpha: f64, seed: u64) -> GenConfig {
        GenConfig::single(Workload::Zipf { pages: 1000, alpha }, 100_000, 0.3, seed)
    }

    #[test]
    fn same_seed_same_trace_other_seed_other_trace() {
        let a = generate(&zipf_cfg(1.0, 7)).unwrap();
        let b = generate(&zipf_cfg(1.0, 7)).unwrap();
        let c = generate(&zipf_cfg(1.0, 8)).unwrap();
        assert_eq!(a, b);
        assert_ne!(a, c);
    }

    #[test]
    fn zipf_frequencies_follow_the_law() {
        let t = generate(&zipf_cfg(1.0, 1)).unwrap();
        let mut count = vec![0u64; 1000];
        for &r in &t.reqs {
            count[t.ids[page_of(r) as usize] as usize] += 1;
        }
        // H(1000) ≈ 7.485: rank 0 gets ~13.4 %, rank 1 ~6.7 %, rank 9 ~1.34 %.
        let f = |k: usize| count[k] as f64 / t.len() as f64;
        assert!((f(0) - 0.1336).abs() < 0.01, "rank 0 {}", f(0));
        assert!((f(1) - 0.0668).abs() < 0.006, "rank 1 {}", f(1));
        assert!((f(9) - 0.01336).abs() < 0.003, "rank 9 {}", f(9));
        let wf = t.writes() as f64 / t.len() as f64;
        assert!((wf - 0.3).abs() < 0.01, "write fraction {wf}");
        assert!(t.reqs.iter().any(|&r| is_write(r)));
    }

    #[test]
    fn loop_and_hot_cold_shapes() {
        let t = generate(&GenConfig::single(Workload::Loop { pages: 5 }, 12, 0.0, 0)).unwrap();
        let ids: Vec<u64> = t.reqs.iter().map(|&r| t.ids[page_of(r) as usize]).collect();
        assert_eq!(ids, vec![0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 0, 1]);

        let w = Workload::HotCold { pages: 1000, hot_access: 0.9, hot_pages: 0.1 };
        let t = generate(&GenConfig::single(w, 50_000, 0.0, 3)).unwrap();
        let hot = t.reqs.iter().filter(|&&r| t.ids[page_of(r) as usize] < 100).count();
        let frac = hot as f64 / t.len() as f64;
        assert!((frac - 0.9).abs() < 0.01, "hot fraction {frac}");
    }

    fn ids(t: &Trace) -> Vec<u64> {
        t.reqs.iter().map(|&r| t.ids[page_of(r) as usize]).collect()
    }

    #[test]
    fn sequential_scan_never_repeats() {
        let cfg = GenConfig {
            seed: 0,
            phases: vec![
                Phase { workload: Workload::Loop { pages: 3 }, length: 4, write_fraction: 0.0 },
                Phase { workload: Workload::Sequential { start: 100 }, length: 5, write_fraction: 1.0 },
            ],
        };
        let t = generate(&cfg).unwrap();
        assert_eq!(ids(&t), vec![0, 1, 2, 0, 100, 101, 102, 103, 104]);
        assert_eq!(t.writes(), 5);
        let w: Workload = serde_json::from_str(r#"{"kind":"sequential"}"#).unwrap();
        assert_eq!(w, Workload::Sequential { start: 0 });
        let bad = GenConfig::single(Workload::Sequential { start: u64::MAX - 2 }, 10, 0.0, 0);
        assert!(generate(&bad).unwrap_err().to_string().contains("2^64"));
    }

    #[test]
    fn working_set_stays_in_its_window_and_shifts() {
        let w = Workload::WorkingSet { pages: 100, set: 10, shift_every: 1000, shift: 0 };
        let t = generate(&GenConfig::single(w, 3000, 0.0, 5)).unwrap();
        let v = ids(&t);
        for (k, lo) in [(0, 0), (1, 10), (2, 20)] {
            let window = &v[k * 1000..(k + 1) * 1000];
            assert!(window.iter().all(|&p| (lo..lo + 10).contains(&p)), "window {k}");
            let mut seen = window.to_vec();
            seen.sort();
            seen.dedup();
            assert_eq!(seen.len(), 10, "window {k} uses its whole set");
        }
        // Overlapping shifts wrap around the page range.
        let w = Workload::WorkingSet { pages: 12, set: 8, shift_every: 50, shift: 5 };
        let t = generate(&GenConfig::single(w, 150, 0.0, 1)).unwrap();
        let v = ids(&t);
        assert!(v[100..].iter().all(|&p| !(6..10).contains(&p)), "third window is 10..18 mod 12");
        let bad = GenConfig::single(Workload::WorkingSet { pages: 5, set: 6, shift_every: 1, shift: 0 }, 10, 0.0, 0);
        assert!(generate(&bad).unwrap_err().to_string().contains("working set"));
    }

    #[test]
    fn generating_in_chunks_gives_the_same_trace() {
        let cfg = crate::spec::parse_generator("zipf:pages=500,alpha=0.9,length=3001,writes=0.3+loop:pages=7,length=5")
            .unwrap();
        let whole = generate(&cfg).unwrap();
        for chunk in [1, 7, 1000, 5000] {
            let mut g = Generator::new(&cfg).unwrap();
            let mut steps = 0;
            while !g.advance(chunk).unwrap() {
                steps += 1;
                assert!(g.done() < g.total());
            }
            assert_eq!(g.done(), 3006);
            let t = g.finish();
            assert_eq!((t.reqs.clone(), t.ids.clone()), (whole.reqs.clone(), whole.ids.clone()), "chunk {chunk}");
            assert!(steps + 1 >= 3006usize.div_ceil(chunk as usize));
        }
    }

    #[test]
    fn dac_preset_has_the_papers_four_phases() {
        let cfg = dac_four_phase(10_000, 9, true);
        assert_eq!(cfg.phases.len(), 5);
        let t = generate(&cfg).unwrap();
        assert_eq!(t.len() as u64, 10_000 + 4 * DAC_PHASE_WRITES);
        assert_eq!(t.writes(), t.len() as u64);
        let v = ids(&t);
        assert_eq!(&v[..10_000], &(0..10_000).collect::<Vec<u64>>()[..]);
        let hot = |s: &[u64]| s.iter().filter(|&&p| p < 1000).count() as f64 / s.len() as f64;
        let n = DAC_PHASE_WRITES as usize;
        let phase = |k: usize| &v[10_000 + k * n..10_000 + (k + 1) * n];
        assert!((hot(phase(0)) - 0.9).abs() < 0.02 && (hot(phase(2)) - 0.9).abs() < 0.02);
        assert!((hot(phase(1)) - 0.1).abs() < 0.02 && (hot(phase(3)) - 0.1).abs() < 0.02);
        assert_eq!(generate(&dac_four_phase(10_000, 9, false)).unwrap().len() as u64, 4 * DAC_PHASE_WRITES);
        assert_eq!(generate(&cfg).unwrap(), t);
    }

    #[test]
    fn lengths_that_would_wrap_around_are_refused() {
        let p = |length| Phase { workload: Workload::Uniform { pages: 10 }, length, write_fraction: 0.0 };
        let cfg = GenConfig { seed: 0, phases: vec![p(1 << 63), p(1 << 63), p(5)] };
        assert!(generate(&cfg).unwrap_err().to_string().contains("total length"));
    }

    #[test]
    fn impossible_configs_are_refused_with_a_message() {
        let bad = GenConfig::single(Workload::Zipf { pages: 0, alpha: 1.0 }, 10, 0.0, 0);
        assert!(generate(&bad).unwrap_err().to_string().contains("pages"));
        let bad = GenConfig::single(Workload::Uniform { pages: 10 }, 10, 1.5, 0);
        assert!(generate(&bad).unwrap_err().to_string().contains("write fraction"));
        let bad = GenConfig::single(Workload::Zipf { pages: 10, alpha: f64::NAN }, 10, 0.0, 0);
        assert!(generate(&bad).unwrap_err().to_string().contains("alpha"));
        let bad = GenConfig { seed: 0, phases: vec![] };
        assert!(generate(&bad).is_err());
    }
}
