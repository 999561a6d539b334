//! ARC `.lis` (Megiddo & Modha's traces): `start_block num_blocks ignore request_no`.
//! A line is `num_blocks` reads of consecutive blocks from `start_block`; the last
//! two fields are not used (and may be absent). As in the reference readers,
//! `num_blocks = 0` yields no access. Blocks are the pages.

use super::scan::{bad, dec, lossy, need_dec, words, LineParser, LineResult, Out};

pub(crate) struct Arc;

impl LineParser for Arc {
    #[inline]
    fn line(&mut self, line: &[u8], out: &mut Out) -> LineResult {
        let mut w = words(line);
        let start = need_dec(w.next(), "the start block")?;
        let n = need_dec(w.next(), "the number of blocks")?;
        for (i, f) in w.enumerate() {
            if i >= 2 || dec(f).is_none() {
                return Err(bad(format!(
                    "expected `start_block num_blocks ignore request_no`, found extra field {:?}",
                    lossy(f)
                )));
            }
        }
        out.pages(start, n, false, 0)
    }
}
