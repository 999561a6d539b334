//! blkparse's default text output:
//! `maj,min cpu seq time pid action RWBS sector + count [process]`.
//! One block-layer request passes through several events (Q queued, G get, I
//! inserted, D issued, C completed, …); counting them all would repeat it, so
//! only one action is taken: `Q` by default (what the application asked for,
//! before merging), or `blkparse_action`. Other actions, events without a sector
//! (flushes), and RWBS without R or W (discards, `N`) are counted as filtered.
//! The per-CPU summary blkparse prints at the end (from a line starting with
//! `CPU` or `Total`) is ignored. Sectors are 512 bytes; the device goes above bit
//! 48 of the id (first device seen: plain page numbers). The time field is
//! `seconds.nanoseconds` from the start of the trace, kept as seconds.

use super::scan::{bad, dec, is_decimal, lossy, need_dec, seconds, words, LineParser, LineResult, Namespaces, Out};

pub(crate) struct Blkparse {
    pub action: Vec<u8>,
    pub ns: Namespaces,
    pub summary: bool,
}

fn device(tok: &[u8]) -> Option<u64> {
    let comma = tok.iter().position(|&b| b == b',')?;
    let maj = dec(&tok[..comma])?;
    let min = dec(&tok[comma + 1..])?;
    (maj < 1 << 32 && min < 1 << 32).then_some(maj << 32 | min)
}

const SHAPE: &str = "expected a blkparse event: `maj,min cpu seq time pid action RWBS sector + count`";

impl LineParser for Blkparse {
    fn line(&mut self, line: &[u8], out: &mut Out) -> LineResult {
        if self.summary || line.starts_with(b"CPU") || line.starts_with(b"Total") {
            self.summary = true;
            out.filtered += 1;
            return Ok(());
        }
        let mut w = words(line);
        let dev = match w.next().and_then(device) {
            Some(d) => d,
            None => return Err(bad(SHAPE)),
        };
        need_dec(w.next(), "the CPU number")?;
        need_dec(w.next(), "the sequence number")?;
        let time = match w.next() {
            Some(t) if is_decimal(t) => t,
            _ => return Err(bad(SHAPE)),
        };
        need_dec(w.next(), "the process id")?;
        let action = w.next().ok_or_else(|| bad(SHAPE))?;
        if action != self.action.as_slice() {
            out.filtered += 1;
            return Ok(());
        }
        let rwbs = w.next().ok_or_else(|| bad(SHAPE))?;
        let write = rwbs.contains(&b'W');
        let sector = match w.next() {
            Some(s) if !s.starts_with(b"[") && (write || rwbs.contains(&b'R')) => s,
            _ => {
                out.filtered += 1;
                return Ok(());
            }
        };
        let sector = need_dec(Some(sector), "the start sector")?;
        match w.next() {
            Some(b"+") => {}
            other => {
                return Err(bad(format!("expected `+` after the sector, found {:?}", lossy(other.unwrap_or(b"")))))
            }
        }
        let count = need_dec(w.next(), "the number of sectors")?;
        let ns = self.ns.get(dev)?;
        if out.wants_time() {
            out.set_time(seconds(Some(time), 1.0, "the time")?);
        }
        let offset = sector.checked_mul(512).ok_or_else(|| bad("sector × 512 is larger than 2^64 bytes"))?;
        let len = count.checked_mul(512).ok_or_else(|| bad("sector count × 512 is larger than 2^64 bytes"))?;
        out.bytes(offset, len, write, ns)
    }
}
