//! Plain: one page number per line (decimal, or hex with `0x`), optionally
//! followed by an operation: R/W, r/w, Read/Write or 0/1 (0 = read). Page numbers
//! are pages already, so the page size does not apply. A `#` starts a comment.

use super::scan::{bad, lossy, num, LineParser, LineResult, Out};

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
