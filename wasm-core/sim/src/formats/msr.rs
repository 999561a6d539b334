//! MSR Cambridge (SNIA): `Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime`
//! with byte offsets and sizes, Type `Read` or `Write`. The published files have
//! no header; a first line starting with a letter is taken as one and skipped.
//! Host and disk together select a device, so merged files do not mix disks; the
//! first device seen keeps plain page numbers as ids. Timestamp is a Windows
//! FILETIME (100-ns ticks since 1601-01-01), kept as seconds from the first
//! request's (ticks less the first's, / 10^7): as seconds since 1601 an f64
//! would round to 2 µs and merge requests 100 ns apart.

use super::fields::Fields;
use super::scan::{bad, fnv, looks_like_header, need_dec, rw, LineParser, LineResult, Namespaces, Out};

#[derive(Default)]
pub(crate) struct Msr {
    ns: Namespaces,
    started: bool,
    fields: Fields,
    /// The first request's timestamp, in ticks.
    origin: Option<u64>,
}

impl LineParser for Msr {
    #[inline]
    fn line(&mut self, line: &[u8], out: &mut Out) -> LineResult {
        if !std::mem::replace(&mut self.started, true) && looks_like_header(line) {
            out.filtered += 1;
            return Ok(());
        }
        let mut f = self.fields.split(line)?;
        let ticks = need_dec(f.next(), "the timestamp")?;
        let host = f.next().ok_or_else(|| bad("missing the host name"))?;
        let disk = need_dec(f.next(), "the disk number")?;
        let write = rw(f.next(), "the type")?;
        let offset = need_dec(f.next(), "the byte offset")?;
        let size = need_dec(f.next(), "the size in bytes")?;
        f.next(); // response time, unused
        if f.next().is_some() {
            return Err(bad("too many fields: expected Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime"));
        }
        let ns = self.ns.get(fnv(host) ^ disk.wrapping_mul(0x9E37_79B9_7F4A_7C15))?;
        if out.wants_time() {
            let origin = *self.origin.get_or_insert(ticks);
            out.set_time((ticks as i128 - origin as i128) as f64 / 1e7);
        }
        out.bytes(offset, size, write, ns)
    }
}
