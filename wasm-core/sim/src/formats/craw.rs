//! The CRAW paper's trace form (its Fig. 11): `readi|readd|write address size`,
//! byte addresses in hexadecimal. The figure always writes `0x`; a bare address
//! is read as hexadecimal too, as address traces conventionally are. `readi`
//! (instruction read) counts as a read unless `include_instructions` is off.

use super::scan::{bad, dec, hex, lossy, words, LineParser, LineResult, Out};

pub(crate) struct Craw {
    pub instructions: bool,
}

impl LineParser for Craw {
    #[inline]
    fn line(&mut self, line: &[u8], out: &mut Out) -> LineResult {
        let mut w = words(line);
        let kind = w.next().unwrap_or(b"");
        let write = match kind {
            b"readi" | b"readd" => false,
            b"write" => true,
            _ => return Err(bad(format!("expected readi, readd or write, found {:?}", lossy(kind)))),
        };
        let a = w.next().unwrap_or(b"");
        let addr = hex(a).ok_or_else(|| bad(format!("expected a hexadecimal address, found {:?}", lossy(a))))?;
        let s = w.next().unwrap_or(b"");
        let size = dec(s).ok_or_else(|| bad(format!("expected the access size in bytes, found {:?}", lossy(s))))?;
        if let Some(extra) = w.next() {
            return Err(bad(format!("expected the end of the line after the size, found {:?}", lossy(extra))));
        }
        if kind == b"readi" && !self.instructions {
            out.filtered += 1;
            return Ok(());
        }
        out.bytes(addr, size, write, 0)
    }
}
