//! libCacheSim's oracleGeneral binary: 24-byte little-endian records
//! `u32 time, u64 object id, u32 object size, i64 next access time (-1 = never)`.
//! Every record is a read of its object; the object id is the page id as is
//! (objects are the cached units, so neither the page size nor the object size
//! applies). The time is in seconds (libCacheSim's clock time), kept as is.

use super::scan::{LineResult, Out};

pub const RECORD: usize = 24;

#[inline]
pub(crate) fn record(r: &[u8], out: &mut Out) -> LineResult {
    let id = u64::from_le_bytes(r[4..12].try_into().unwrap_or([0; 8]));
    if out.wants_time() {
        out.set_time(u32::from_le_bytes([r[0], r[1], r[2], r[3]]) as f64);
    }
    out.page(id, false)
}

/// Whether `head` plausibly holds oracleGeneral records: non-decreasing times,
/// next-access times that are -1 or not before the access, and no record of zero
/// bytes only (zeros pass the other checks, yet no trace writes such a record).
pub(crate) fn plausible(head: &[u8], at_eof: bool) -> bool {
    let n = (head.len() / RECORD).min(1000);
    if n == 0 || (at_eof && !head.len().is_multiple_of(RECORD)) {
        return false;
    }
    let mut prev = 0u32;
    head.chunks_exact(RECORD).take(n).all(|r| {
        let time = u32::from_le_bytes([r[0], r[1], r[2], r[3]]);
        let next = i64::from_le_bytes(r[16..24].try_into().unwrap_or([0; 8]));
        let ok = time >= prev && (next == -1 || next >= time as i64) && r.iter().any(|&b| b != 0);
        prev = time;
        ok
    })
}
