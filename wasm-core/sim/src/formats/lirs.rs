//! LIRS `.trc`: one block number per line. A line holding only `*` separates
//! phases in the authors' multi-program traces and is skipped (counted as
//! filtered). Blocks are the pages.

use super::scan::{bad, dec, lossy, LineParser, LineResult, Out};

pub(crate) struct Lirs;

impl LineParser for Lirs {
    #[inline]
    fn line(&mut self, line: &[u8], out: &mut Out) -> LineResult {
        if line == b"*" {
            out.filtered += 1;
            return Ok(());
        }
        match dec(line) {
            Some(b) => out.page(b, false),
            None => Err(bad(format!("expected a block number or `*`, found {:?}", lossy(line)))),
        }
    }
}
