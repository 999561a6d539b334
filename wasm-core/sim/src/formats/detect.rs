//! Choosing the format: an explicit choice wins; then a CSV mapping; then the
//! file name (`.trc` LIRS, `.lis` ARC, `oracleGeneral` in the name); then the
//! content: the first format, in order from the most to the least specific,
//! whose own parser accepts every sampled line and finds at least one request.
//! When none accepts every line, the format that accepts all but a few (at most
//! one line in ten, at least one) is chosen, so that a trace with a typo is still
//! recognised and the load then names the bad line, instead of failing as
//! "unknown format". Parsing with the real parsers keeps detection and loading
//! from disagreeing.

use super::lines::{strip_bom, Parser};
use super::scan::{excerpt, trim, LineParser, Out};
use super::{oracle, Format, LoadOptions};
use crate::error::SimError;

/// Tried in this order: each is stricter than the ones after it (plain before
/// ARC, because `5 1` is a plain write and ARC lines have four fields).
const ORDER: [Format; 15] = [
    Format::Twitter,
    Format::Ibm,
    Format::CloudPhysics,
    Format::Systor,
    Format::Msr,
    Format::Tencent,
    Format::Umass,
    Format::Blkparse,
    Format::SpecAddress,
    Format::Lackey,
    Format::Craw,
    Format::Plain,
    Format::Lirs,
    Format::Arc,
    Format::Wiki,
];

/// Lines of the head examined.
const SAMPLE_LINES: usize = 1000;

/// Text has no NUL and few control characters.
pub(crate) fn looks_binary(head: &[u8]) -> bool {
    let head = &head[..head.len().min(super::SNIFF_BYTES)];
    if head.contains(&0) {
        return true;
    }
    let ctrl = head.iter().filter(|&&b| b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0c)).count();
    ctrl * 20 > head.len()
}

fn base_name(name: &str) -> String {
    let n = name.to_ascii_lowercase();
    for ext in [".gz", ".zst", ".zstd"] {
        if let Some(b) = n.strip_suffix(ext) {
            return b.to_string();
        }
    }
    n
}

/// UTF-16 text (a byte-order mark, or NULs at every other byte of ASCII text):
/// text cachescope could read once saved as UTF-8, so it is not called binary.
fn looks_utf16(head: &[u8]) -> bool {
    if head.starts_with(&[0xff, 0xfe]) || head.starts_with(&[0xfe, 0xff]) {
        return true;
    }
    let n = head.len().min(512) / 2 * 2;
    n >= 4 && head[..n].chunks(2).all(|c| (c[0] == 0) != (c[1] == 0) && (c[0] | c[1]) < 0x80)
}

pub(crate) fn choose(name: &str, head: &[u8], eof: bool, o: &LoadOptions) -> Result<(Format, bool), SimError> {
    if looks_utf16(head) {
        return Err(SimError::Input(format!(
            "{name} is UTF-16 text; cachescope reads UTF-8 (or ASCII): save it as UTF-8 and load it again"
        )));
    }
    let binary = looks_binary(head);
    let not_text =
        |f: Format| SimError::Input(format!("{name} looks like binary data, not a {} text trace", f.label()));
    if let Some(f) = o.format {
        if binary && !f.is_binary() {
            return Err(not_text(f));
        }
        return Ok((f, false));
    }
    if o.csv.is_some() {
        if binary {
            return Err(not_text(Format::Csv));
        }
        return Ok((Format::Csv, false));
    }
    let base = base_name(name);
    if binary && head.iter().all(|&b| b == 0) {
        return Err(SimError::Input(format!(
            "{name} holds only zero bytes in its first {} KiB: not a trace (perhaps an unfinished download or copy)",
            head.len().div_ceil(1024)
        )));
    }
    if binary {
        if base.contains("oraclegeneral") || oracle::plausible(head, eof) {
            return Ok((Format::OracleGeneral, true));
        }
        return Err(SimError::Input(format!(
            "{name} is binary data in no format cachescope knows (the one binary format read is libCacheSim's oracleGeneral)"
        )));
    }
    if base.ends_with(".trc") {
        return Ok((Format::Lirs, true));
    }
    if base.ends_with(".lis") {
        return Ok((Format::Arc, true));
    }
    let complete = if eof {
        head
    } else {
        match head.iter().rposition(|&b| b == b'\n') {
            Some(i) => &head[..i],
            None => head,
        }
    };
    let sample: Vec<&[u8]> = strip_bom(complete)
        .split(|&b| b == b'\n')
        .map(trim)
        .filter(|l| !l.is_empty() && l[0] != b'#')
        .take(SAMPLE_LINES)
        .collect();
    let Some(first) = sample.first() else {
        return Err(SimError::Input(format!("{name} holds no requests: only blank lines and comments")));
    };
    let mut best: Option<(usize, Format)> = None;
    for f in ORDER {
        match bad_lines(f, &sample, o) {
            Some(0) => return Ok((f, true)),
            Some(bad) if best.is_none_or(|(b, _)| bad < b) => best = Some((bad, f)),
            _ => {}
        }
    }
    if let Some((bad, f)) = best {
        if bad <= (sample.len() / 10).max(1) && bad < sample.len() {
            return Ok((f, true));
        }
    }
    Err(SimError::Input(format!(
        "could not tell the format of {name} from its first lines (first line: {:?}); \
         choose the format, or describe its columns with a CSV mapping",
        excerpt(first)
    )))
}

/// How many sampled lines `f` rejects, or None when it finds no request at all.
fn bad_lines(f: Format, sample: &[&[u8]], o: &LoadOptions) -> Option<usize> {
    let mut out = Out::new(o.page_size);
    let bad = match Parser::new(f, o) {
        Parser::Plain(mut p) => all(&mut p, sample, &mut out),
        Parser::Lirs(mut p) => all(&mut p, sample, &mut out),
        Parser::Arc(mut p) => all(&mut p, sample, &mut out),
        Parser::Msr(mut p) => all(&mut p, sample, &mut out),
        Parser::Umass(mut p) => all(&mut p, sample, &mut out),
        Parser::Systor(mut p) => all(&mut p, sample, &mut out),
        Parser::Blkparse(mut p) => all(&mut p, sample, &mut out),
        Parser::Lackey(mut p) => all(&mut p, sample, &mut out),
        Parser::Craw(mut p) => all(&mut p, sample, &mut out),
        Parser::Csv(mut p) => all(&mut p, sample, &mut out),
        Parser::Twitter(mut p) => all(&mut p, sample, &mut out),
        Parser::Wiki(mut p) => all(&mut p, sample, &mut out),
        Parser::Ibm(mut p) => all(&mut p, sample, &mut out),
        Parser::Oracle => return None,
    };
    (out.len() > 0).then_some(bad)
}

fn all<P: LineParser>(p: &mut P, sample: &[&[u8]], out: &mut Out) -> usize {
    sample.iter().filter(|l| p.line(l, out).is_err()).count()
}
