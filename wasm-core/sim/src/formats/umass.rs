//! UMass trace repository / SPC format: `ASU,LBA,Size,Opcode,Timestamp[,…]`, LBA in
//! 512-byte sectors, Size in bytes, Opcode r/w. With `umass_asu = Some(a)` only
//! ASU `a` is kept (other lines count as filtered) and ids are plain pages;
//! merged (None), the ASU number goes above bit 48 of the id, so ASU 0 keeps plain
//! page numbers and equal LBAs on different ASUs stay different pages. Timestamp
//! is in seconds from the trace's start (with a fraction), kept as is.

use super::fields::Fields;
use super::scan::{bad, is_decimal, looks_like_header, lossy, need_dec, rw, seconds, LineParser, LineResult, Out};

pub(crate) struct Umass {
    pub asu: Option<u32>,
    pub started: bool,
    pub fields: Fields,
}

impl LineParser for Umass {
    #[inline]
    fn line(&mut self, line: &[u8], out: &mut Out) -> LineResult {
        if !std::mem::replace(&mut self.started, true) && looks_like_header(line) {
            out.filtered += 1;
            return Ok(());
        }
        let mut f = self.fields.split(line)?;
        let asu = need_dec(f.next(), "the ASU")?;
        let lba = need_dec(f.next(), "the LBA (sectors)")?;
        let size = need_dec(f.next(), "the size in bytes")?;
        let write = rw(f.next(), "the opcode")?;
        let time = f.next();
        match time {
            Some(ts) if is_decimal(ts) => {}
            Some(ts) => return Err(bad(format!("expected the timestamp (seconds), found {:?}", lossy(ts)))),
            None => return Err(bad("missing the timestamp: expected ASU,LBA,Size,Opcode,Timestamp")),
        }
        let ns = match self.asu {
            Some(keep) if asu != keep as u64 => {
                out.filtered += 1;
                return Ok(());
            }
            Some(_) => 0,
            None if asu >= 1 << 16 => return Err(bad(format!("ASU {asu} is too large (at most 65535)"))),
            None => asu,
        };
        if out.wants_time() {
            out.set_time(seconds(time, 1.0, "the timestamp")?);
        }
        let offset = lba.checked_mul(512).ok_or_else(|| bad("LBA × 512 is larger than 2^64 bytes"))?;
        out.bytes(offset, size, write, ns)
    }
}
