//! Command-line flags of the runner. Names documented in the README are stable.

use cachescope_sim::flash::FlashConfig;
use cachescope_sim::CostModel;
use lexopt::prelude::*;
use serde_json::{Map, Value};

pub const USAGE: &str = "\
usage: cachescope [--trace FILE | --generate SPEC] [options]
       cachescope bench [--requests N] [--pages N] [--alpha A] [--cache-pct P] [--json]

  --trace FILE          trace file to read
  --format NAME         trace format (overrides detection)
  --csv KEY=VALUE,…     a CSV mapping (implies --format csv): id, unit, size, size_unit, sector, op,
                        read, write (spellings separated by |), ns, header, delimiter; columns by
                        number from 1 or by their name in the header line, e.g.
                        --csv id=offset,unit=sectors,size=size,size_unit=sectors,op=type,read=0,write=1
  --page-size BYTES     page size for byte-addressed formats (default 4096)
  --lenient             skip malformed lines (counted) instead of stopping
  --stream              read the --trace file in chunks, twice, instead of loading it: memory follows
                        the distinct pages, not the length (every policy but OPT; no flash model)
  --generate SPEC       synthetic trace, e.g. zipf:pages=1000,alpha=1,length=100000,writes=0.3,seed=1
  --policy ID[,ID…]     policies to run (default lru); --list-policies shows them
  --policy-file FILE.js a policy you wrote in JavaScript (`export default class …` with evict(),
                        optional hit, insert, view), added to the run under the file's stem
                        (repeatable); see the README, Your own policy
  --check-against ID    instead of runs: compare each --policy-file policy with policy ID on the
                        trace at --frames and on generated traces, and report the first request
                        where their decisions differ
  --frames N[,N…]       cache sizes in frames, or P% of the trace's distinct pages
  --param ID.KEY=VALUE  a policy parameter (repeatable)
  --read-cost F         cost of one page read (default 1)
  --write-cost F        cost of one page write-back (default 1)
  --cost-preset NAME    unit | cflru | slc | mlc (sets both costs)
  --flush               write back dirty pages left in the cache at the end
  --collapse-repeats    an immediate repeat of a page is a hit that changes nothing (as the LIRS
                        and CLOCK-Pro authors' simulators count them)
  --warmup N|P%         serve the first N requests (or P % of the trace) without counting them:
                        hits, misses, write-backs and intervals start after them
  --interval N          also give the hit ratio of every N requests (in --json, `intervals`)
  --analyze             instead of runs, analyse the trace: popularity with a fitted Zipf α, LRU
                        stack distances (exact) and reuse times, one-hit wonders, the working
                        set and write share per window, runs of consecutive pages
                        (with the trace's timestamps, when its format has them: duration and
                        request rate per window)
  --window N            requests per window of --analyze (default: a hundredth of the trace)
  --analyze-sample R    --analyze's stack distances from a spatial sample of R of the pages
                        (0 < R ≤ 1; SHARDS), scaled by 1/R and marked sampled (default: exact)
  --json                print one JSON object instead of a table

flash (any of these turns the flash model on; without --policy the trace goes straight to it):
  --ftl page|block|fast           FTL (default page)
  --gc auto|greedy|cost-benefit|cat|fifo  cleaning victim; auto (default): greedy for the page FTL,
                                  round-robin (fifo) for FAST
  --blocks N                      erase blocks (default 1024)
  --pages-per-block N             pages per block (default 64)
  --overprovision F               spare fraction of physical pages (default 0.1)
  --fill F                        utilisation written before measuring (default 0.85, at most what
                                  --overprovision leaves)
  --regions N                     DAC regions, 1 = no clustering (default 1)
  --dac-threshold N               DAC time threshold in host writes, 0 = not set (default 0)
  --watermark N                   free blocks below which cleaning starts (default 2, within the blocks)
  --aging F                       overwrites before measuring, × physical pages
  --aging-sequential F            share of them in sequential whole-block runs (default 0.5)
  --list-policies       print the policy registry and exit (with --json: the whole catalogue)
  --mrc                 miss-ratio curves of every --policy instead of runs: at the --frames given,
                        or at 50 sizes log-spaced from 0.1 % of the distinct pages to all of them.
                        LRU's is exact (one pass), OPT's by a run per size, the others' by
                        miniature simulations on a spatially sampled trace (SHARDS)
  --sample-pages N      pages of each sample of a sampled curve (default 16384; 0 = a full run per size)
  --samples N           independent samples averaged at each size; their spread gives the error
                        estimate (default 4, 1 to 16)
  --sample-seed N       seed of the first sample (the others take the next ones; default 0)
  --adjust on|off       SHARDS's adjustment: misses over the requests expected in the sample (default on)
  --stratify on|off     draw the samples across page popularity (default on; off: plain SHARDS)
  --sample-all          sample LRU and OPT too (to measure what sampling costs in accuracy)
  --threads N           threads for the cells of a sweep or curve (default: every core)
  --reproduce NAME      a published table beside the numbers computed here (list: the tables);
                        tables on a public trace take it with --trace
";

#[derive(Debug, Default)]
pub struct Args {
    pub trace: Option<String>,
    pub format: Option<String>,
    pub csv: Option<String>,
    pub page_size: Option<u64>,
    pub lenient: bool,
    pub stream: bool,
    pub generate: Option<String>,
    pub policies: Vec<String>,
    pub frames: Vec<Frames>,
    pub params: Map<String, Value>,
    pub cost: CostModel,
    pub flush: bool,
    pub collapse_repeats: bool,
    pub warmup: cachescope_sim::Warmup,
    /// `--analyze`: the trace analysis instead of runs, per `--window` requests (0: a hundredth).
    pub analyze: bool,
    pub window: u64,
    /// `--analyze-sample R`: stack distances on a spatial sample of R of the pages.
    pub analyze_sample: Option<f64>,
    pub interval: u64,
    pub json: bool,
    pub list_policies: bool,
    pub reproduce: Option<String>,
    pub mrc: bool,
    /// The curve options given (`mrc::OPTIONS` keys), checked; the core fills in the rest.
    pub curve_options: Map<String, Value>,
    pub sample_all: bool,
    pub threads: Option<usize>,
    /// True when --frames was given (curves have their own default sizes).
    pub frames_given: bool,
    /// True when --policy was given (flash alone runs without a cache).
    pub policies_given: bool,
    /// `--policy-file`s: JavaScript policies added under their files' stems.
    pub policy_files: Vec<String>,
    /// `--check-against ID`: compare the files' policies with ID instead of running.
    pub check_against: Option<String>,
    pub flash: Option<FlashConfig>,
    /// Flash fields set by a flag; the others take defaults derived from them.
    pub flash_given: Vec<&'static str>,
}

/// The flash flags and the `FlashConfig` fields they set, so that a message
/// about a field names the flag a user typed.
pub const FLASH_FLAGS: [(&str, &str); 11] = [
    ("--ftl", "ftl"),
    ("--gc", "gc"),
    ("--blocks", "blocks"),
    ("--pages-per-block", "pages_per_block"),
    ("--overprovision", "overprovision"),
    ("--fill", "fill"),
    ("--regions", "regions"),
    ("--dac-threshold", "threshold"),
    ("--watermark", "watermark"),
    ("--aging", "aging"),
    ("--aging-sequential", "aging_sequential"),
];

/// A flash field, marked as given by its flag.
fn flash_field<'a>(a: &'a mut Args, field: &'static str) -> &'a mut FlashConfig {
    a.flash_given.push(field);
    a.flash.get_or_insert_with(FlashConfig::default)
}

/// A cache size as `--frames` takes it (read by the core, so Python reads it the same way).
pub use cachescope_sim::frames::FrameSize as Frames;

/// The value of `--FLAG`, a number of requests above 0.
fn requests(p: &mut lexopt::Parser, flag: &str) -> Result<u64, lexopt::Error> {
    let v = p.value()?.string()?;
    v.parse::<u64>()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| bad(format!("--{flag}: {v:?} is not a number of requests above 0")))
}

fn bad(msg: impl Into<String>) -> lexopt::Error {
    lexopt::Error::Custom(msg.into().into())
}

fn number<T: std::str::FromStr + Finite>(flag: &str, v: &str) -> Result<T, lexopt::Error> {
    let x: T = v.trim().parse().map_err(|_| bad(format!("{flag}: {v:?} is not a valid number")))?;
    if !x.finite() {
        return Err(bad(format!("{flag}: {v:?} is not a finite number")));
    }
    Ok(x)
}

/// Numbers a flag takes; floats must be finite (1e999 parses as infinity).
pub trait Finite {
    fn finite(&self) -> bool {
        true
    }
}
impl Finite for f64 {
    fn finite(&self) -> bool {
        self.is_finite()
    }
}
impl Finite for u32 {}
impl Finite for u64 {}
impl Finite for usize {}

fn list(v: &str) -> impl Iterator<Item = &str> {
    v.split(',').map(str::trim).filter(|s| !s.is_empty())
}

/// The curve option a flag sets: `--sample-pages` sets `sample_pages`, declared in the core.
fn curve_option(flag: &str) -> Option<&'static cachescope_sim::describe::Param> {
    cachescope_sim::mrc::OPTIONS.iter().find(|o| o.key == flag.replace('-', "_"))
}

fn param_value(v: &str) -> Value {
    serde_json::from_str(v).unwrap_or_else(|_| Value::String(v.to_string()))
}

pub fn parse(args: impl IntoIterator<Item = std::ffi::OsString>) -> Result<Args, lexopt::Error> {
    let mut a = Args::default();
    let mut p = lexopt::Parser::from_args(args);
    while let Some(arg) = p.next()? {
        match arg {
            Long("trace") => a.trace = Some(p.value()?.string()?),
            Long("format") => a.format = Some(p.value()?.string()?),
            Long("csv") => a.csv = Some(p.value()?.string()?),
            Long("page-size") => a.page_size = Some(number("--page-size", &p.value()?.string()?)?),
            Long("lenient") => a.lenient = true,
            Long("stream") => a.stream = true,
            Long("generate") => a.generate = Some(p.value()?.string()?),
            Long("policy") => {
                a.policies_given = true;
                a.policies.extend(list(&p.value()?.string()?).map(String::from));
            }
            Long("policy-file") => a.policy_files.push(p.value()?.string()?),
            Long("check-against") => a.check_against = Some(p.value()?.string()?),
            Long("ftl") => flash_field(&mut a, "ftl").ftl = p.value()?.string()?,
            Long("gc") => flash_field(&mut a, "gc").gc = p.value()?.string()?,
            Long("blocks") => flash_field(&mut a, "blocks").blocks = number("--blocks", &p.value()?.string()?)?,
            Long("pages-per-block") => {
                let v = number("--pages-per-block", &p.value()?.string()?)?;
                flash_field(&mut a, "pages_per_block").pages_per_block = v
            }
            Long("overprovision") => {
                let v = number("--overprovision", &p.value()?.string()?)?;
                flash_field(&mut a, "overprovision").overprovision = v
            }
            Long("fill") => flash_field(&mut a, "fill").fill = number("--fill", &p.value()?.string()?)?,
            Long("regions") => flash_field(&mut a, "regions").regions = number("--regions", &p.value()?.string()?)?,
            Long("dac-threshold") => {
                let v = number("--dac-threshold", &p.value()?.string()?)?;
                flash_field(&mut a, "threshold").threshold = v
            }
            Long("watermark") => {
                flash_field(&mut a, "watermark").watermark = number("--watermark", &p.value()?.string()?)?
            }
            Long("aging") => flash_field(&mut a, "aging").aging = number("--aging", &p.value()?.string()?)?,
            Long("aging-sequential") => {
                let v = number("--aging-sequential", &p.value()?.string()?)?;
                flash_field(&mut a, "aging_sequential").aging_sequential = v
            }
            Long("frames") => {
                a.frames_given = true;
                let v = p.value()?.string()?;
                a.frames.extend(cachescope_sim::flags::parse_frames(&v).map_err(|e| bad(e.to_string()))?);
            }
            Long("param") => {
                let v = p.value()?.string()?;
                let (key, val) =
                    v.split_once('=').ok_or_else(|| bad(format!("--param: expected ID.KEY=VALUE, got {v:?}")))?;
                let (id, field) =
                    key.split_once('.').ok_or_else(|| bad(format!("--param: expected ID.KEY=VALUE, got {v:?}")))?;
                let entry = a.params.entry(id.to_string()).or_insert_with(|| Value::Object(Map::new()));
                entry.as_object_mut().expect("params are objects").insert(field.to_string(), param_value(val));
            }
            Long("read-cost") => a.cost.read = number("--read-cost", &p.value()?.string()?)?,
            Long("write-cost") => a.cost.write = number("--write-cost", &p.value()?.string()?)?,
            Long("cost-preset") => {
                let name = p.value()?.string()?;
                a.cost = CostModel::preset(&name).ok_or_else(|| {
                    bad(format!(
                        "--cost-preset: unknown preset {name:?}; known: {}",
                        CostModel::preset_ids().join(", ")
                    ))
                })?;
            }
            Long("flush") => a.flush = true,
            Long("collapse-repeats") => a.collapse_repeats = true,
            Long("warmup") => {
                let v = p.value()?.string()?;
                a.warmup = cachescope_sim::Warmup::parse(&v).map_err(|e| match e {
                    cachescope_sim::SimError::Config { msg, .. } => bad(format!("--warmup: {msg}")),
                    e => bad(e.to_string()),
                })?;
            }
            Long("analyze") => a.analyze = true,
            Long("window") => a.window = requests(&mut p, "window")?,
            Long("analyze-sample") => {
                let r: f64 = number("--analyze-sample", &p.value()?.string()?)?;
                let opts = cachescope_sim::analyze::AnalyzeOptions { sample: Some(r), ..Default::default() };
                opts.validate().map_err(|e| match e {
                    cachescope_sim::SimError::Config { msg, .. } => bad(format!("--analyze-sample: {msg}")),
                    e => bad(e.to_string()),
                })?;
                a.analyze_sample = Some(r);
            }
            Long("interval") => a.interval = requests(&mut p, "interval")?,
            Long("json") => a.json = true,
            Long("list-policies") => a.list_policies = true,
            Long("reproduce") => a.reproduce = Some(p.value()?.string()?),
            Long("mrc") => a.mrc = true,
            Long("sample-all") => a.sample_all = true,
            Long("threads") => {
                let n: usize = number("--threads", &p.value()?.string()?)?;
                let max = cachescope_sim::limits::MAX_THREADS;
                if n == 0 || n as u64 > max {
                    return Err(bad(format!(
                        "--threads: from 1 to {max}, got {n} (the runner uses at most one thread a core and a cell)"
                    )));
                }
                a.threads = Some(n);
            }
            Short('h') | Long("help") => {
                print!("{USAGE}");
                std::process::exit(0);
            }
            Long(flag) if curve_option(flag).is_some() => {
                let (flag, opt) = (flag.to_string(), curve_option(flag).expect("matched"));
                let v = p.value()?.string()?;
                let value = match v.as_str() {
                    "on" | "true" => Value::Bool(true),
                    "off" | "false" => Value::Bool(false),
                    _ => param_value(&v),
                };
                opt.check("", &value).map_err(|e| match e {
                    cachescope_sim::SimError::Config { msg, .. } => bad(format!("--{flag}: {msg}")),
                    e => bad(e.to_string()),
                })?;
                a.curve_options.insert(opt.key.to_string(), value);
            }
            _ => return Err(arg.unexpected()),
        }
    }
    if a.policies.is_empty() && a.policy_files.is_empty() && a.flash.is_none() {
        a.policies.push("lru".into());
    }
    if a.frames.is_empty() {
        a.frames.push(Frames::Percent(10.0));
    }
    a.cost.validate(0).map_err(|e| bad(e.to_string()))?;
    if let Some(f) = a.flash.take() {
        let given = a.flash_given.clone();
        a.flash = Some(f.with_derived_defaults(&|k| given.contains(&k)));
    }
    Ok(a)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Result<Args, String> {
        parse(s.split_whitespace().map(std::ffi::OsString::from)).map_err(|e| e.to_string())
    }

    #[test]
    fn flags_lists_params_and_percentages() {
        let a =
            p("--trace t.txt --policy lru,opt --frames 100,5% --param cflru.window=0.25 --param cflru.name=x --json")
                .unwrap();
        assert_eq!(a.trace.as_deref(), Some("t.txt"));
        assert_eq!(a.policies, vec!["lru", "opt"]);
        assert_eq!(a.frames, vec![Frames::Count(100), Frames::Percent(5.0)]);
        assert_eq!(a.frames[1].resolve(1000), 50);
        assert_eq!(a.params["cflru"]["window"], serde_json::json!(0.25));
        assert_eq!(a.params["cflru"]["name"], serde_json::json!("x"));
        assert!(a.json);
    }

    #[test]
    fn flash_flags_turn_the_flash_model_on() {
        let a = p(
            "--ftl fast --gc cost-benefit --blocks 64 --pages-per-block 32 --overprovision 0.2 --fill 0.7 --regions 4 --dac-threshold 500",
        )
        .unwrap();
        let f = a.flash.unwrap();
        assert_eq!(
            (f.ftl.as_str(), f.gc.as_str(), f.blocks, f.pages_per_block, f.regions),
            ("fast", "cost-benefit", 64, 32, 4)
        );
        assert_eq!((f.overprovision, f.fill, f.threshold), (0.2, 0.7, 500));
        assert!(a.policies.is_empty() && !a.policies_given);
        assert!(p("--blocks many").unwrap_err().contains("--blocks"));
    }

    #[test]
    fn mistakes_are_named() {
        assert!(p("--frames 0").unwrap_err().contains("at least 1"));
        assert!(p("--frames ten").unwrap_err().contains("ten"));
        assert!(p("--param window=1").unwrap_err().contains("ID.KEY=VALUE"));
        assert!(p("--cost-preset tlc").unwrap_err().contains("slc"));
        assert!(p("--bogus").is_err());
        assert!(p("--samples 0").unwrap_err().contains("--samples: must be between 1 and 16"));
        assert!(p("--adjust maybe").unwrap_err().contains("--adjust: must be true or false"));
        assert!(p("--analyze-sample 0").unwrap_err().contains("--analyze-sample: the sampling rate must be above 0"));
        assert!(p("--analyze-sample 1.5").unwrap_err().contains("at most 1, got 1.5"));
        assert_eq!(p("--analyze --analyze-sample 0.01").unwrap().analyze_sample, Some(0.01));
    }

    #[test]
    fn curve_options_are_the_cores() {
        let a = p("--mrc --sample-pages 1024 --samples 8 --sample-seed 7 --adjust off --stratify on").unwrap();
        let s = cachescope_sim::mrc::Sampling::from_json(&Value::Object(a.curve_options)).unwrap();
        assert_eq!((s.pages, s.samples, s.seed, s.adjust, s.stratify), (1024, 8, 7, false, true));
    }

    #[test]
    fn links_take_every_flash_flag() {
        for (flag, field) in FLASH_FLAGS {
            let key = cachescope_sim::link::LINK_KEYS.iter().find(|k| k.key == &flag[2..]);
            assert_eq!(key.and_then(|k| k.flash), Some(field), "{flag} is not a link key");
        }
    }
}
