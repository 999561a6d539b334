//! Plain: one page number per line (decimal, or hex with `0x`), optionally
//! followed by an operation: R/W, r/w, Read/Write or 0/1 (0 = read). Page numbers
//! are pages already, so the page size does not apply. A `#` starts a comment.

use super::lines::LineState;
use super::scan::{bad, lossy, num, LineErr, LineParser, LineResult, Out};
use crate::error::SimError;

pub(crate) struct Plain;

#[inline]
fn is_sep(b: u8) -> bool {
    b == b' ' || b == b'\t' || b == b','
}

impl LineParser for Plain {
    #[inline]
    fn line(&mut self, line: &[u8], out: &mut Out) -> LineResult {
        // Fast path: parse the decimal digits while finding the token's end.
        let mut v: u64 = 0;
        let mut i = 0;
        while i < line.len() && i < 19 {
            let d = line[i].wrapping_sub(b'0');
            if d > 9 {
                break;
            }
            v = v * 10 + d as u64;
            i += 1;
        }
        if i == line.len() {
            return out.page(v, false);
        }
        let (page, rest) = if i > 0 && (is_sep(line[i]) || line[i] == b'#') {
            (v, &line[i..])
        } else {
            let end = line.iter().position(|&b| is_sep(b) || b == b'#').unwrap_or(line.len());
            let (tok, rest) = line.split_at(end);
            match num(tok) {
                Some(p) => (p, rest),
                None => return Err(bad(format!("expected a page number, found {:?}", lossy(tok)))),
            }
        };
        let rest = strip_sep(rest);
        if rest.is_empty() || rest[0] == b'#' {
            return out.page(page, false);
        }
        let end = rest.iter().position(|&b| is_sep(b) || b == b'#').unwrap_or(rest.len());
        let (op, tail) = rest.split_at(end);
        let write = match op {
            b"R" | b"r" | b"0" => false,
            b"W" | b"w" | b"1" => true,
            _ if op.eq_ignore_ascii_case(b"read") => false,
            _ if op.eq_ignore_ascii_case(b"write") => true,
            _ => {
                return Err(bad(format!(
                    "expected an operation (R/W, r/w or 0/1) after the page number, found {:?}",
                    lossy(op)
                )))
            }
        };
        let tail = strip_sep(tail);
        if !tail.is_empty() && tail[0] != b'#' {
            return Err(bad(format!("expected the end of the line after the operation, found {:?}", lossy(tail))));
        }
        out.page(page, write)
    }
}

/// Feeds a piece of a plain trace to `st`: a line of one to seven digits (the
/// common case) is read where it lies, its digits found and valued eight bytes
/// at a time ([`digits8`]); every other line, and a line split across pieces,
/// goes through the line machinery, which reads any line the same way.
pub(super) fn lines(st: &mut LineState, p: &mut Plain, data: &[u8]) -> Result<(), SimError> {
    let mut i = 0;
    // The end of a line begun in an earlier piece, and the first line (which may start with a byte-order mark).
    if !st.carry.is_empty() || st.line == 0 {
        match memchr::memchr(b'\n', data) {
            Some(j) => {
                st.lines(p, &data[..=j])?;
                i = j + 1;
            }
            None => return st.lines(p, data),
        }
    }
    while let Some(w) = data.get(i..i + 8) {
        let (k, v) = digits8(u64::from_le_bytes(w.try_into().unwrap_or_default()));
        if k > 0 && k < 8 && w[k] == b'\n' {
            st.line += 1;
            match st.out.page(v, false) {
                Ok(()) => {}
                Err(LineErr::Fatal(e)) => return Err(e),
                Err(LineErr::Bad(m)) => st.bad(&w[..k], m.into_owned())?,
            }
            i += k + 1;
            continue;
        }
        let Some(j) = memchr::memchr(b'\n', &data[i..]) else { break };
        st.one(p, &data[i..i + j])?;
        i += j + 1;
    }
    // Fewer than eight bytes left, or a line that ends in a later piece.
    st.lines(p, &data[i..])
}

/// The decimal digits that start `w` (eight bytes of text, the first in the
/// lowest byte): how many (0 to 8) and their value. SWAR: the eight bytes are
/// tested and combined together in a few integer operations.
#[inline]
pub(crate) fn digits8(w: u64) -> (usize, u64) {
    const ONES: u64 = 0x0101_0101_0101_0101;
    // A digit's high nibble is 3 and its low nibble at most 9 (+6 keeps it below 16).
    // Adding 6 to a byte of 0xFA or more carries into the next byte: only past the first non-digit.
    let high = (w & (0xF0 * ONES)) ^ (0x30 * ONES);
    let low = (w.wrapping_add(0x06 * ONES) & (0xF0 * ONES)) ^ (0x30 * ONES);
    let not_digit = high | low;
    // The top bit of every byte of `not_digit` that is not zero.
    let marks = (((not_digit & (0x7F * ONES)) + (0x7F * ONES)) | not_digit) & (0x80 * ONES);
    let n = (marks.trailing_zeros() / 8) as usize;
    if n == 0 {
        return (0, 0);
    }
    // The digits in the top `n` bytes, zeros (leading zeros) below; then pairs, quads, all eight.
    let mut d = (w & (0x0F * ONES)) << (8 * (8 - n));
    d = (d.wrapping_mul(10) + (d >> 8)) & 0x00FF_00FF_00FF_00FF;
    d = (d.wrapping_mul(100) + (d >> 16)) & 0x0000_FFFF_0000_FFFF;
    d = (d.wrapping_mul(10000) + (d >> 32)) & 0xFFFF_FFFF;
    (n, d)
}

#[inline]
fn strip_sep(mut s: &[u8]) -> &[u8] {
    while let [b, rest @ ..] = s {
        if !is_sep(*b) {
            break;
        }
        s = rest;
    }
    s
}

/// Writes packed requests over `trace`'s pages as a plain trace that reads back
/// to the same pages: a `# header` line, then `id R|W` per request, each id the
/// trace's own number, exact up to 2^64 − 1 (the after-cache stream export).
/// A key trace is written as `key,R|W` lines instead, its keys as they were.
pub fn write_plain(trace: &crate::trace::Trace, packed: &[u32], header: &str) -> String {
    use crate::trace::{is_write, page_of};
    use std::fmt::Write;
    let mut s = String::with_capacity(packed.len() * 12 + header.len() + 3);
    let _ = writeln!(s, "# {}", header.replace(['\r', '\n'], " "));
    if let Some(keys) = &trace.keys {
        write_keys(&mut s, keys, packed);
        return s;
    }
    for &r in packed {
        let _ = writeln!(s, "{} {}", trace.ids[page_of(r) as usize], if is_write(r) { 'W' } else { 'R' });
    }
    s
}

/// A key trace's requests as `key,R|W` lines (RFC 4180 quotes where a key
/// needs them), which read back with `--csv id=1,op=2,read=R,write=W,id_type=string`.
fn write_keys(s: &mut String, keys: &crate::keys::KeyTable, packed: &[u32]) {
    use crate::trace::{is_write, page_of};
    s.push_str("# keys: read back with the CSV mapping id=1,op=2,read=R,write=W,id_type=string\n");
    for &r in packed {
        let key = keys.label(page_of(r));
        let op = if is_write(r) { 'W' } else { 'R' };
        if key.starts_with('#') || key.contains([',', '"', '\n', '\r']) || key.trim() != key {
            s.push('"');
            s.push_str(&key.replace('"', "\"\""));
            s.push('"');
        } else {
            s.push_str(&key);
        }
        s.push(',');
        s.push(op);
        s.push('\n');
    }
}

#[cfg(test)]
mod write_tests {
    use crate::formats::{load_bytes, Format, LoadOptions};
    use crate::trace::pack;
    use crate::trace::Trace;

    #[test]
    fn written_ids_read_back_exactly_to_2_64() {
        let ids = [9_007_199_254_740_993u64, 9_007_199_254_740_995, u64::MAX, (1 << 53) - 1, 0];
        let t = Trace::from_pages(&ids.iter().map(|&i| (i, i % 2 == 1)).collect::<Vec<_>>());
        let text = super::write_plain(&t, &t.reqs, "after-cache stream\nof lru");
        assert!(text.starts_with(
            "# after-cache stream of lru\n9007199254740993 W\n9007199254740995 W\n18446744073709551615 W\n"
        ));
        let back =
            load_bytes("s.txt", text.as_bytes(), LoadOptions { format: Some(Format::Plain), ..LoadOptions::default() })
                .unwrap()
                .trace;
        assert_eq!(back.ids, ids);
        assert_eq!(back.reqs, t.reqs);
        assert_eq!(super::write_plain(&t, &[pack(2, false)], "h"), "# h\n18446744073709551615 R\n");
    }
}
