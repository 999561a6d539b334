//! Byte-level helpers shared by the text parsers, and the sink that turns byte
//! ranges into page accesses. Everything here works on `&[u8]` without
//! allocating, because it runs once per trace line.

use crate::error::SimError;
use crate::trace::{TraceBuilder, NS_SHIFT};
use std::borrow::Cow;

/// Why one line was not turned into requests.
pub(crate) enum LineErr {
    /// The line is malformed: strict mode stops, lenient mode skips it.
    Bad(Cow<'static, str>),
    /// The whole load must stop (e.g. too many distinct pages), whatever the mode.
    Fatal(SimError),
}
pub(crate) type LineResult = Result<(), LineErr>;

#[inline]
pub(crate) fn bad(msg: impl Into<Cow<'static, str>>) -> LineErr {
    LineErr::Bad(msg.into())
}

/// The most requests one loaded trace may hold: the runner's limit natively,
/// the browser's (a 32-bit WebAssembly heap) in the WASM build, so that a trace
/// too large for the browser stops with a message before the heap runs out.
pub const MAX_REQUESTS: usize = if cfg!(target_arch = "wasm32") {
    crate::limits::MAX_REQUESTS_BROWSER as usize
} else {
    crate::limits::MAX_REQUESTS as usize
};

/// What to say when a trace passes the request limit, here or in the browser.
pub fn too_many_requests(limit: usize, browser: bool) -> String {
    if browser {
        format!(
            "the trace holds more than {limit} requests, the most the browser can hold (limit requests): \
             run it with the runner (npm run --silent sim -- --trace FILE …), which reads up to {}",
            crate::limits::MAX_REQUESTS
        )
    } else {
        format!(
            "the trace holds more than {limit} requests, the most the runner reads (limit requests); cut it into parts"
        )
    }
}
/// The most pages one request may span; more means a corrupt size field, and
/// expanding it would stall the load.
pub const MAX_SPAN: u64 = crate::limits::MAX_SPAN;

/// A parser for one line-oriented format. `line` arrives without its line end,
/// with surrounding blanks removed, and is never empty or a `#` comment.
pub(crate) trait LineParser {
    fn line(&mut self, line: &[u8], out: &mut Out) -> LineResult;
}

/// Collects the requests of one load.
pub(crate) struct Out {
    pub b: TraceBuilder,
    page_size: u64,
    /// log2(page_size) when it is a power of two, so the common case shifts.
    shift: Option<u32>,
    /// Lines deliberately ignored (markers, other event kinds, other ASUs).
    pub filtered: u64,
    /// Each access's time, when the load keeps timestamps ([`Out::keep_times`]).
    times: Option<Vec<f64>>,
    /// The time of the line being read, in seconds; `timed` once a parser set one.
    time: f64,
    timed: bool,
}

impl Out {
    pub fn new(page_size: u64) -> Out {
        let shift = page_size.is_power_of_two().then(|| page_size.trailing_zeros());
        Out { b: TraceBuilder::new(), page_size, shift, filtered: 0, times: None, time: 0.0, timed: false }
    }

    /// Keep each access's time from now on (for formats with a time field).
    pub fn keep_times(&mut self, reserve: usize) {
        self.times = Some(Vec::with_capacity(reserve));
    }

    /// Whether the load keeps times: a parser reads its time field only then.
    #[inline]
    pub fn wants_time(&self) -> bool {
        self.times.is_some()
    }

    /// The time, in seconds, of the accesses the current line makes.
    #[inline]
    pub fn set_time(&mut self, seconds: f64) {
        self.time = seconds;
        self.timed = true;
    }

    /// The times kept, if the load asked for them and the format has a time field.
    pub fn take_times(&mut self) -> Option<Vec<f64>> {
        let times = self.times.take();
        times.filter(|_| self.timed)
    }

    /// Drops the times of requests already handed out (a stream keeps none).
    pub fn clear_times(&mut self) {
        if let Some(t) = &mut self.times {
            t.clear();
        }
    }

    #[inline]
    pub fn page(&mut self, id: u64, write: bool) -> LineResult {
        self.access(|b| b.push(id, write))
    }

    /// Accesses read so far.
    pub fn len(&self) -> usize {
        self.b.len()
    }

    /// One access to the object named by `key` (key-value and object traces).
    #[inline]
    pub fn key(&mut self, key: &[u8], write: bool) -> LineResult {
        self.access(|b| b.push_key(key, write))
    }

    /// One access, within the request limit, with the line's time when times are kept.
    #[inline]
    fn access(&mut self, push: impl FnOnce(&mut TraceBuilder) -> Result<(), SimError>) -> LineResult {
        if self.b.len() >= MAX_REQUESTS {
            return Err(LineErr::Fatal(SimError::Input(too_many_requests(MAX_REQUESTS, cfg!(target_arch = "wasm32")))));
        }
        push(&mut self.b).map_err(LineErr::Fatal)?;
        if let Some(t) = &mut self.times {
            t.push(self.time);
        }
        Ok(())
    }

    pub fn page_size(&self) -> u64 {
        self.page_size
    }

    #[inline]
    fn to_page(&self, byte: u64) -> u64 {
        match self.shift {
            Some(s) => byte >> s,
            None => byte / self.page_size,
        }
    }

    /// A request for `len` bytes at byte `offset`: one access per page touched, all
    /// with the request's op. A zero-length request still touches its page.
    /// `ns` (device, ASU, LUN) goes above bit 48 so devices do not collide.
    #[inline]
    pub fn bytes(&mut self, offset: u64, len: u64, write: bool, ns: u64) -> LineResult {
        let end = offset.checked_add(len.max(1) - 1).ok_or_else(|| bad("offset + size is larger than 2^64 bytes"))?;
        let first = self.to_page(offset);
        let last = self.to_page(end);
        self.pages(first, last - first + 1, write, ns)
    }

    /// `count` consecutive pages starting at page `first`.
    #[inline]
    pub fn pages(&mut self, first: u64, count: u64, write: bool, ns: u64) -> LineResult {
        if count == 0 {
            return Ok(());
        }
        if count > MAX_SPAN {
            return Err(bad(format!("request spans {count} pages, more than the {MAX_SPAN} allowed")));
        }
        let last = first.checked_add(count.saturating_sub(1)).ok_or_else(|| bad("page number is larger than 2^64"))?;
        if ns != 0 && last >> NS_SHIFT != 0 {
            return Err(bad("page number is too large (≥ 2^48) to combine with a device number"));
        }
        if ns != 0 {
            self.b.mark_devices();
        }
        let tag = ns << NS_SHIFT;
        for p in first..=last {
            self.page(p | tag, write)?;
        }
        Ok(())
    }
}

/// Small map from device keys to namespace numbers in order of first
/// appearance; traces name few devices, so a linear scan with a last-hit cache
/// beats hashing.
#[derive(Default)]
pub(crate) struct Namespaces {
    keys: Vec<u64>,
    last: usize,
}

impl Namespaces {
    #[inline]
    pub fn get(&mut self, key: u64) -> Result<u64, LineErr> {
        if self.keys.get(self.last) == Some(&key) {
            return Ok(self.last as u64);
        }
        if let Some(i) = self.keys.iter().position(|&k| k == key) {
            self.last = i;
            return Ok(i as u64);
        }
        if self.keys.len() >= 1 << (64 - NS_SHIFT) {
            return Err(bad("more than 65536 distinct devices"));
        }
        self.keys.push(key);
        self.last = self.keys.len() - 1;
        Ok(self.last as u64)
    }
}

#[inline]
pub(crate) fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t' || b == b'\r'
}

#[inline]
pub(crate) fn trim(mut s: &[u8]) -> &[u8] {
    while let [first, rest @ ..] = s {
        if !is_blank(*first) {
            break;
        }
        s = rest;
    }
    while let [rest @ .., last] = s {
        if !is_blank(*last) {
            break;
        }
        s = rest;
    }
    s
}

/// A whole field as an unsigned decimal number.
#[inline]
pub(crate) fn dec(s: &[u8]) -> Option<u64> {
    if s.is_empty() {
        return None;
    }
    let mut v: u64 = 0;
    if s.len() < 20 {
        // 19 digits cannot overflow, so the common case skips the checks.
        for &b in s {
            let d = b.wrapping_sub(b'0');
            if d > 9 {
                return None;
            }
            v = v * 10 + d as u64;
        }
        return Some(v);
    }
    for &b in s {
        let d = b.wrapping_sub(b'0');
        if d > 9 {
            return None;
        }
        v = v.checked_mul(10)?.checked_add(d as u64)?;
    }
    Some(v)
}

/// A whole field as hexadecimal, with or without `0x`.
#[inline]
pub(crate) fn hex(s: &[u8]) -> Option<u64> {
    let s = match s {
        [b'0', b'x' | b'X', rest @ ..] => rest,
        _ => s,
    };
    if s.is_empty() || s.len() > 16 {
        return None;
    }
    let mut v: u64 = 0;
    for &b in s {
        let d = match b {
            b'0'..=b'9' => b - b'0',
            b'a'..=b'f' => b - b'a' + 10,
            b'A'..=b'F' => b - b'A' + 10,
            _ => return None,
        };
        v = (v << 4) | d as u64;
    }
    Some(v)
}

/// Decimal, or hexadecimal when written with `0x`.
#[inline]
pub(crate) fn num(s: &[u8]) -> Option<u64> {
    match s {
        [b'0', b'x' | b'X', ..] => hex(s),
        _ => dec(s),
    }
}

/// Fields separated by runs of spaces or tabs.
#[inline]
pub(crate) fn words(line: &[u8]) -> impl Iterator<Item = &[u8]> {
    line.split(|&b| b == b' ' || b == b'\t').filter(|w| !w.is_empty())
}

/// `field` as a number, or an error naming what was expected there.
#[inline]
pub(crate) fn need_dec(field: Option<&[u8]>, what: &'static str) -> Result<u64, LineErr> {
    match field {
        Some(f) => dec(f).ok_or_else(|| bad(format!("expected {what} (a whole number), found {:?}", lossy(f)))),
        None => Err(bad(format!("missing {what}"))),
    }
}

/// Read or write from an operation field: R/W, Read/Write, r/w (any case).
#[inline]
pub(crate) fn rw(field: Option<&[u8]>, what: &'static str) -> Result<bool, LineErr> {
    match field {
        Some(f) if f.eq_ignore_ascii_case(b"r") || f.eq_ignore_ascii_case(b"read") => Ok(false),
        Some(f) if f.eq_ignore_ascii_case(b"w") || f.eq_ignore_ascii_case(b"write") => Ok(true),
        Some(f) => Err(bad(format!("expected {what} (Read or Write), found {:?}", lossy(f)))),
        None => Err(bad(format!("missing {what}"))),
    }
}

pub(crate) fn lossy(b: &[u8]) -> String {
    truncate(&String::from_utf8_lossy(b), 40)
}

/// At most `max` characters, marking the cut.
pub(crate) fn truncate(s: &str, max: usize) -> String {
    match s.char_indices().nth(max) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s.to_string(),
    }
}

/// The first `max` bytes of a line as text for an error message.
pub(crate) fn excerpt(line: &[u8]) -> String {
    let cut = &line[..line.len().min(320)];
    truncate(&String::from_utf8_lossy(cut), 80)
}

/// A non-negative decimal with an optional fraction (timestamps).
#[inline]
pub(crate) fn is_decimal(s: &[u8]) -> bool {
    let mut dots = 0;
    !s.is_empty()
        && s.iter().all(|&b| {
            dots += (b == b'.') as u32;
            b.is_ascii_digit() || b == b'.'
        })
        && dots <= 1
        && s != b"."
}

/// A time field as a number of seconds: `field` (decimal, with an optional
/// fraction or exponent) in units of which `per_second` make a second; a bad
/// value names `what`.
#[inline]
pub(crate) fn seconds(field: Option<&[u8]>, per_second: f64, what: &'static str) -> Result<f64, LineErr> {
    let f = field.ok_or_else(|| bad(format!("missing {what}")))?;
    match std::str::from_utf8(f).ok().and_then(|s| s.parse::<f64>().ok()) {
        Some(v) if v.is_finite() => Ok(v / per_second),
        _ => Err(bad(format!("expected {what} (a number), found {:?}", lossy(f)))),
    }
}

/// FNV-1a, for folding a host name into a device key.
pub(crate) fn fnv(s: &[u8]) -> u64 {
    s.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ b as u64).wrapping_mul(0x100_0000_01b3))
}

/// True when a line starts with a letter where numbers are expected: a header.
#[inline]
pub(crate) fn looks_like_header(line: &[u8]) -> bool {
    line.first().is_some_and(|b| b.is_ascii_alphabetic() || *b == b'"')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers() {
        assert_eq!(dec(b"0"), Some(0));
        assert_eq!(dec(b"18446744073709551615"), Some(u64::MAX));
        assert_eq!(dec(b"18446744073709551616"), None);
        assert_eq!(dec(b"12a"), None);
        assert_eq!(dec(b""), None);
        assert_eq!(dec(b"-1"), None);
        assert_eq!(hex(b"0x1F"), Some(31));
        assert_eq!(hex(b"fefe05a8"), Some(0xfefe05a8));
        assert_eq!(hex(b"0x"), None);
        assert_eq!(hex(b"12345678901234567"), None);
        assert_eq!(num(b"0x10"), Some(16));
        assert_eq!(num(b"10"), Some(10));
        assert_eq!(trim(b" \t5\r "), b"5");
    }

    #[test]
    fn byte_ranges_become_pages() {
        let mut o = Out::new(4096);
        o.bytes(4095, 2, true, 0).ok().unwrap(); // straddles pages 0 and 1
        o.bytes(8192, 0, false, 0).ok().unwrap(); // empty request touches its page
        o.bytes(u64::MAX - 10, 5, false, 0).ok().unwrap();
        assert!(o.bytes(u64::MAX - 1, 5, false, 0).is_err());
        assert!(o.bytes(0, 1 << 40, false, 0).is_err());
        o.pages(7, 1, false, 2).ok().unwrap();
        let t = o.b.finish();
        assert_eq!(t.ids, vec![0, 1, 2, (u64::MAX - 10) / 4096, 7 | 2 << 48]);
        assert_eq!(t.writes(), 2);
        let mut o = Out::new(1000);
        o.bytes(999, 2, false, 0).ok().unwrap();
        assert_eq!(o.b.finish().ids, vec![0, 1]);
    }
}

#[cfg(test)]
mod limit_tests {
    use super::*;

    #[test]
    fn the_request_limit_names_itself_and_what_to_do() {
        let b = too_many_requests(200_000_000, true);
        assert!(b.contains("200000000 requests") && b.contains("limit requests") && b.contains("runner"), "{b}");
        assert!(b.contains("400000000"), "{b}");
        let n = too_many_requests(400_000_000, false);
        assert!(n.contains("cut it into parts"), "{n}");
        // Natively the runner's limit applies; the WASM build uses the browser's.
        assert_eq!(MAX_REQUESTS as u64, crate::limits::MAX_REQUESTS);
    }
}
