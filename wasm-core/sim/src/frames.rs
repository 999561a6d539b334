//! Cache sizes as people type them: `100, 1000` or `1%, 5%` of a trace's
//! distinct pages. One grammar for every surface (the runner's `--frames`,
//! Python's `sizes`, a link's `frames`, the browser's size field): numbers of
//! frames or percentages, separated by commas, spaces or both; a size given
//! twice counts once, in the order first given. A count is a whole number from
//! 1 to the frames limit; a percentage is above 0 and at most 100.

use crate::error::quoted;
use crate::limits::MAX_FRAMES;
use std::fmt;

/// One cache size as typed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum FrameSize {
    Count(usize),
    /// A percentage of the trace's distinct pages.
    Percent(f64),
}

impl FrameSize {
    /// Frames for a trace of `distinct` pages (a percentage rounds, to at least 1).
    pub fn resolve(self, distinct: u32) -> usize {
        match self {
            FrameSize::Count(n) => n,
            FrameSize::Percent(p) => ((distinct as f64 * p / 100.0).round() as usize).max(1),
        }
    }
}

impl fmt::Display for FrameSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FrameSize::Count(n) => write!(f, "{n}"),
            FrameSize::Percent(p) => write!(f, "{p}%"),
        }
    }
}

/// Why a text is not a list of cache sizes. Each surface names its option
/// before the message (`--frames: …`, `sizes: …`), and after `Empty` gives an
/// example in its own syntax.
#[derive(Debug, Clone, PartialEq)]
pub enum FramesError {
    /// No size at all (the text as given).
    Empty(String),
    /// A part that is neither a whole number nor a percentage.
    NotASize(String),
    Zero,
    /// A count above the frames limit.
    TooMany(String),
    /// A percentage outside (0, 100].
    Percent(String),
    /// A percentage where no trace is loaded to take it of.
    NoTrace(String),
}

impl fmt::Display for FramesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FramesError::Empty(text) => write!(f, "{} gives no cache size", quoted(text)),
            FramesError::NotASize(part) => write!(
                f,
                "{} is not a cache size: a whole number of frames (e.g. 100) or a percentage (e.g. 5%)",
                quoted(part)
            ),
            FramesError::Zero => write!(f, "a cache needs at least 1 frame"),
            FramesError::TooMany(part) => {
                write!(f, "{} frames is more than the {MAX_FRAMES} supported (limit frames)", quoted(part))
            }
            FramesError::Percent(part) => write!(f, "{part} must be a percentage in (0, 100]"),
            FramesError::NoTrace(part) => {
                write!(f, "{part} is a share of a trace's distinct pages: load a trace first, or give frames")
            }
        }
    }
}

impl std::error::Error for FramesError {}

/// The sizes `text` gives, as typed (percentages not yet resolved), each once.
pub fn sizes(text: &str) -> Result<Vec<FrameSize>, FramesError> {
    let mut out: Vec<FrameSize> = Vec::new();
    for part in text.split(|c: char| c == ',' || c.is_whitespace()).filter(|p| !p.is_empty()) {
        let size = size(part)?;
        if !out.contains(&size) {
            out.push(size);
        }
    }
    if out.is_empty() {
        return Err(FramesError::Empty(text.to_string()));
    }
    Ok(out)
}

fn size(part: &str) -> Result<FrameSize, FramesError> {
    let not = || FramesError::NotASize(part.to_string());
    if let Some(pct) = part.strip_suffix('%') {
        let decimal = pct.bytes().all(|b| b.is_ascii_digit() || b == b'.') && pct.bytes().any(|b| b.is_ascii_digit());
        let p: f64 = pct.parse().ok().filter(|_| decimal).ok_or_else(not)?;
        return if p > 0.0 && p <= 100.0 { Ok(FrameSize::Percent(p)) } else { Err(FramesError::Percent(part.into())) };
    }
    if !part.bytes().all(|b| b.is_ascii_digit()) {
        return Err(not());
    }
    match part.parse::<u64>() {
        Ok(0) => Err(FramesError::Zero),
        Ok(n) if n <= MAX_FRAMES => Ok(FrameSize::Count(n as usize)),
        _ => Err(FramesError::TooMany(part.to_string())),
    }
}

/// Frames for a trace of `distinct` pages, each size once, in the order first given.
pub fn resolve(sizes: &[FrameSize], distinct: u32) -> Vec<usize> {
    let mut out: Vec<usize> = Vec::with_capacity(sizes.len());
    for s in sizes {
        let f = s.resolve(distinct);
        if !out.contains(&f) {
            out.push(f);
        }
    }
    out
}

/// The frames `text` gives for a trace of `distinct` pages (None: no trace is
/// loaded, so a percentage is an error).
pub fn parse(text: &str, distinct: Option<u32>) -> Result<Vec<usize>, FramesError> {
    let sizes = sizes(text)?;
    match distinct {
        Some(d) => Ok(resolve(&sizes, d)),
        None => match sizes.iter().find(|s| matches!(s, FrameSize::Percent(_))) {
            Some(p) => Err(FramesError::NoTrace(p.to_string())),
            None => Ok(resolve(&sizes, 0)),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_percentages_separated_by_commas_or_spaces() {
        assert_eq!(sizes("100, 5%").unwrap(), [FrameSize::Count(100), FrameSize::Percent(5.0)]);
        assert_eq!(sizes(" 3 4,5 ,6\t7 ").unwrap().len(), 5);
        assert_eq!(parse("1%, 10 20 10", Some(1000)).unwrap(), [10, 20], "a size given twice counts once");
        assert_eq!(parse("5%, 2.5%", Some(1000)).unwrap(), [50, 25]);
        assert_eq!(parse("0.01%", Some(10)).unwrap(), [1], "a percentage is at least one frame");
        assert_eq!(parse("3, 4", None).unwrap(), [3, 4]);
        assert_eq!(FrameSize::Percent(2.5).to_string(), "2.5%");
    }

    #[test]
    fn what_is_not_a_size_is_named() {
        let e = |s: &str| sizes(s).unwrap_err().to_string();
        assert_eq!(e("0"), "a cache needs at least 1 frame");
        assert_eq!(e("150%"), "150% must be a percentage in (0, 100]");
        assert_eq!(e("0%"), "0% must be a percentage in (0, 100]");
        assert!(e("ten").starts_with("\"ten\" is not a cache size"), "{}", e("ten"));
        for bad in ["+5", "-1", "1e3", "%", ".%", "5 %", "inf%", "0x10"] {
            assert!(sizes(bad).is_err(), "{bad}");
        }
        assert!(e(" , ").starts_with("\" , \" gives no cache size"));
        assert!(e("67108865").contains("more than the 67108864"));
        assert!(e("99999999999999999999999").contains("more than"));
        assert!(sizes("67108864").is_ok());
        assert_eq!(parse("10, 5%", None).unwrap_err(), FramesError::NoTrace("5%".into()));
    }
}
