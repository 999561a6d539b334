//! The runner's flags that the Python package takes too (`--frames`, the load
//! flags, the rows it prints), read once here so that both give the same sizes,
//! the same rows and the same messages. A message names the option as the
//! surface that took it calls it ([`Names`]): `--frames` to the runner's user,
//! `sizes` to Python's.

use crate::describe::registry::lookup;
use crate::error::SimError;
use crate::formats::{names_columns, parse_csv_spec, Format, LoadOptions, FORMATS};
use crate::frames::{self, FrameSize, FramesError};
use crate::sim::Metrics;
use serde_json::{json, Value};

/// What a surface calls the options these messages are about, so that one
/// message names what its user typed: the runner's flags or Python's arguments.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Names {
    pub frames: &'static str,
    /// Two ways to give sizes, as that surface writes them.
    pub frames_example: &'static str,
    pub param: &'static str,
    pub policy: &'static str,
    pub format: &'static str,
    /// The format set to CSV, as that surface writes it.
    pub format_csv: &'static str,
    pub csv: &'static str,
}

/// The runner's flags.
pub const RUNNER: Names = Names {
    frames: "--frames",
    frames_example: "--frames 100,1000 or --frames 5%",
    param: "--param",
    policy: "--policy",
    format: "--format",
    format_csv: "--format csv",
    csv: "--csv",
};

/// The Python package's arguments (`simulate`, `mrc`, `sweep`, `load`).
pub const PYTHON: Names = Names {
    frames: "sizes",
    frames_example: "sizes=[100, 1000] or sizes=\"5%\"",
    param: "params",
    policy: "policies",
    format: "format",
    format_csv: "format=\"csv\"",
    csv: "csv",
};

impl Names {
    /// A configuration error about one of the runner's flags, renamed to this surface's name for it.
    fn rename(&self, e: SimError) -> SimError {
        match e {
            SimError::Config { what, msg } => {
                let what = [(RUNNER.csv, self.csv), (RUNNER.format, self.format)]
                    .into_iter()
                    .find(|(r, _)| *r == what)
                    .map_or(what, |(_, n)| n.to_string());
                SimError::Config { what, msg }
            }
            e => e,
        }
    }
}

/// `100,1000` or `1%,5%`: frames, or percentages of the distinct pages, as
/// [`crate::frames`] reads them, with the runner's messages.
pub fn parse_frames(v: &str) -> Result<Vec<FrameSize>, SimError> {
    parse_frames_as(v, &RUNNER)
}

/// [`parse_frames`], its messages naming the sizes as `names` does.
pub fn parse_frames_as(v: &str, names: &Names) -> Result<Vec<FrameSize>, SimError> {
    frames::sizes(v).map_err(|e| {
        SimError::Input(match e {
            FramesError::Empty(_) => format!("{}: {e}; e.g. {}", names.frames, names.frames_example),
            e => format!("{}: {e}", names.frames),
        })
    })
}

/// Every policy given parameters is among the policies run.
pub fn params_among<'a>(
    params: impl IntoIterator<Item = &'a str>,
    policies: &[impl AsRef<str>],
    names: &Names,
) -> Result<(), SimError> {
    for id in params {
        if !policies.iter().any(|p| p.as_ref() == id) {
            return Err(SimError::Input(format!(
                "{} names policy {id:?}, which is not among {}",
                names.param, names.policy
            )));
        }
    }
    Ok(())
}

/// The load options the runner's `--format`, `--csv`, `--page-size` and
/// `--lenient` give. `head` reads the file's first bytes, needed only when the
/// CSV mapping names its columns.
pub fn load_options(
    format: Option<&str>,
    csv: Option<&str>,
    page_size: Option<u64>,
    lenient: bool,
    head: &mut dyn FnMut() -> Result<Vec<u8>, SimError>,
) -> Result<LoadOptions, SimError> {
    load_options_as(format, csv, page_size, lenient, head, &RUNNER)
}

/// [`load_options`], its messages naming the options as `names` does.
pub fn load_options_as(
    format: Option<&str>,
    csv: Option<&str>,
    page_size: Option<u64>,
    lenient: bool,
    head: &mut dyn FnMut() -> Result<Vec<u8>, SimError>,
    names: &Names,
) -> Result<LoadOptions, SimError> {
    read_load_options(format, csv, page_size, lenient, head, names).map_err(|e| names.rename(e))
}

fn read_load_options(
    format: Option<&str>,
    csv: Option<&str>,
    page_size: Option<u64>,
    lenient: bool,
    head: &mut dyn FnMut() -> Result<Vec<u8>, SimError>,
    names: &Names,
) -> Result<LoadOptions, SimError> {
    let mut opts = LoadOptions { strict: !lenient, ..LoadOptions::default() };
    if let Some(f) = format {
        opts.format = Some(lookup(FORMATS, "--format", f)?.format);
    }
    if let Some(ps) = page_size {
        opts.page_size = ps;
    }
    if let Some(spec) = csv {
        if opts.format.is_some_and(|f| f != Format::Csv) {
            return Err(SimError::config(
                "--csv",
                format!(
                    "a CSV mapping reads the file as CSV: leave out {}, or give {}",
                    names.format, names.format_csv
                ),
            ));
        }
        let header = if names_columns(spec) { Some(header_line(&head()?)?) } else { None };
        opts.csv = Some(parse_csv_spec(spec, header.as_deref())?);
        opts.format = Some(Format::Csv);
    }
    opts.validate()?;
    Ok(opts)
}

/// The first line of a file's head that is neither blank nor a comment: the header to name columns by.
pub fn header_line(head: &[u8]) -> Result<String, SimError> {
    if head.starts_with(&[0x1f, 0x8b]) || head.starts_with(&[0x28, 0xb5, 0x2f, 0xfd]) {
        return Err(SimError::config("--csv", "columns named in a compressed file: give their numbers instead"));
    }
    let text = String::from_utf8_lossy(head);
    Ok(text.lines().map(str::trim).find(|l| !l.is_empty() && !l.starts_with('#')).unwrap_or("").to_string())
}

/// A policy's whole configuration, defaults filled in: what a run used.
pub fn resolved_params(id: &str, given: &Value) -> Value {
    let mut all = crate::policy::entry(id).map_or(Value::Null, |e| (e.defaults)());
    if let (Some(all), Some(given)) = (all.as_object_mut(), given.as_object()) {
        all.extend(given.iter().map(|(k, v)| (k.clone(), v.clone())));
    }
    all
}

/// One result as the runner's JSON gives it.
pub fn result_row(policy: &str, params: &Value, frames: usize, m: &Metrics) -> Value {
    json!({
        "policy": policy, "params": resolved_params(policy, params), "frames": frames, "requests": m.requests,
        "hits": m.hits, "misses": m.misses, "hit_ratio": m.hit_ratio, "reads": m.reads,
        "writebacks": m.writebacks, "flushed": m.flushed, "cost": m.cost,
    })
}

/// The hit ratio of every interval of a run with [`RunOptions::interval`](crate::RunOptions)
/// set, after the warm-up (the last interval may be shorter), as the runner's JSON gives it.
pub fn intervals(r: &crate::RunResult) -> Value {
    let size = r.bucket_size;
    let n = r.metrics.requests;
    let ratios: Vec<f64> =
        r.bucket_hits.iter().enumerate().map(|(i, &h)| h as f64 / size.min(n - i as u64 * size) as f64).collect();
    json!({"size": size, "hits": r.bucket_hits, "hit_ratio": ratios})
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_counts_and_percentages_with_the_runners_messages() {
        assert_eq!(parse_frames("100, 5%").unwrap(), [FrameSize::Count(100), FrameSize::Percent(5.0)]);
        let e = |s: &str| parse_frames(s).unwrap_err().to_string();
        assert_eq!(e("0"), "--frames: a cache needs at least 1 frame");
        assert_eq!(e("150%"), "--frames: 150% must be a percentage in (0, 100]");
        assert!(e("ten").starts_with("--frames: \"ten\" is not a cache size"));
        assert_eq!(e(" , "), "--frames: \" , \" gives no cache size; e.g. --frames 100,1000 or --frames 5%");
    }

    #[test]
    fn messages_name_the_options_as_the_surface_does() {
        let e = parse_frames_as("0", &PYTHON).unwrap_err().to_string();
        assert_eq!(e, "sizes: a cache needs at least 1 frame");
        let e = parse_frames_as("", &PYTHON).unwrap_err().to_string();
        assert!(e.ends_with("e.g. sizes=[100, 1000] or sizes=\"5%\""), "{e}");
        let ok: &[&str] = &["lru", "arc"];
        assert!(params_among(["arc"], ok, &PYTHON).is_ok());
        let e = params_among(["arcc"], ok, &PYTHON).unwrap_err().to_string();
        assert_eq!(e, "params names policy \"arcc\", which is not among policies");
        let e = params_among(["arcc"], ok, &RUNNER).unwrap_err().to_string();
        assert_eq!(e, "--param names policy \"arcc\", which is not among --policy");
        let mut no_head = || -> Result<Vec<u8>, SimError> { panic!("numbers need no header") };
        let mut e = |f, c, n| load_options_as(f, c, None, false, &mut no_head, n).unwrap_err().to_string();
        assert_eq!(
            e(Some("msr"), Some("id=2"), &PYTHON),
            "invalid csv: a CSV mapping reads the file as CSV: leave out format, or give format=\"csv\""
        );
        assert_eq!(
            e(Some("msr"), Some("id=2"), &RUNNER),
            "invalid --csv: a CSV mapping reads the file as CSV: leave out --format, or give --format csv"
        );
        assert!(e(Some("nope"), None, &PYTHON).starts_with("invalid format: unknown format \"nope\""));
        assert_eq!(e(None, Some("id=0"), &PYTHON), "invalid csv: id=0: columns count from 1");
    }

    #[test]
    fn load_flags_and_the_header_a_mapping_names_columns_by() {
        let mut no_head = || -> Result<Vec<u8>, SimError> { panic!("numbers need no header") };
        let o = load_options(Some("plain"), None, Some(512), true, &mut no_head).unwrap();
        assert_eq!((o.format, o.page_size, o.strict), (Some(Format::Plain), 512, false));
        let mut head = || Ok(b"# a comment\nts,offset,size\n1,2,3\n".to_vec());
        let o = load_options(None, Some("id=offset,unit=bytes"), None, false, &mut head).unwrap();
        assert_eq!((o.format, o.csv.unwrap().id_column), (Some(Format::Csv), 1));
        let e = load_options(Some("msr"), Some("id=2"), None, false, &mut no_head).unwrap_err().to_string();
        assert!(e.contains("--csv"), "{e}");
        let e = load_options(Some("nope"), None, None, false, &mut no_head).unwrap_err().to_string();
        assert!(e.contains("unknown format \"nope\""), "{e}");
        assert!(header_line(&[0x1f, 0x8b, 8]).is_err());
    }
}
