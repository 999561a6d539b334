//! SNIA SYSTOR '17: `Timestamp,Response,IOType,LUN,Offset,Size` (the header is
//! optional and skipped), IOType R/W, byte offsets and sizes. The LUN goes above
//! bit 48 of the id, so LUN 0 keeps plain page numbers. Timestamp is in seconds
//! (Unix time, with a fraction), kept as is.

use super::fields::Fields;
use super::scan::{bad, is_decimal, looks_like_header, lossy, need_dec, rw, seconds, LineParser, LineResult, Out};

#[derive(Default)]
pub(crate) struct Systor {
    started: bool,
    fields: Fields,
}

impl LineParser for Systor {
    #[inline]
    fn line(&mut self, line: &[u8], out: &mut Out) -> LineResult {
        if !std::mem::replace(&mut self.started, true) && looks_like_header(line) {
            out.filtered += 1;
            return Ok(());
        }
        let mut f = self.fields.split(line)?;
        let mut time = None;
        for what in ["the timestamp", "the response time"] {
            match f.next() {
                Some(v) if is_decimal(v) => {
                    time = time.or(Some(v));
                }
                Some(v) => return Err(bad(format!("expected {what} (seconds), found {:?}", lossy(v)))),
                None => return Err(bad(format!("missing {what}"))),
            }
        }
        let write = rw(f.next(), "the IOType")?;
        let lun = need_dec(f.next(), "the LUN")?;
        let offset = need_dec(f.next(), "the byte offset")?;
        let size = need_dec(f.next(), "the size in bytes")?;
        if f.next().is_some() {
            return Err(bad("too many fields: expected Timestamp,Response,IOType,LUN,Offset,Size"));
        }
        if lun >= 1 << 16 {
            return Err(bad(format!("LUN {lun} is too large (at most 65535)")));
        }
        if out.wants_time() {
            out.set_time(seconds(time, 1.0, "the timestamp")?);
        }
        out.bytes(offset, size, write, lun)
    }
}
