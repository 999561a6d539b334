//! Valgrind lackey (`--trace-mem=yes`): `I  addr,size` (instruction fetch),
//! ` L addr,size` (load), ` S addr,size` (store), ` M addr,size` (modify), with
//! hexadecimal byte addresses and decimal sizes. M is a read of every page the
//! access touches followed by a write of each. Instruction fetches count as reads
//! unless `include_instructions` is off (then filtered): the CRAW paper's traces
//! keep them ("instruction reads, data reads, and data writes"). Valgrind's own
//! `==pid==` lines are filtered.

use super::scan::{bad, dec, hex, lossy, trim, LineParser, LineResult, Out};

pub(crate) struct Lackey {
    pub instructions: bool,
}

impl LineParser for Lackey {
    #[inline]
    fn line(&mut self, line: &[u8], out: &mut Out) -> LineResult {
        if line.starts_with(b"==") || line.starts_with(b"--") {
            out.filtered += 1;
            return Ok(());
        }
        let (kind, rest) = match line {
            [k @ (b'I' | b'L' | b'S' | b'M'), b' ' | b'\t', rest @ ..] => (*k, trim(rest)),
            _ => return Err(bad("expected `I`, `L`, `S` or `M` followed by `address,size`")),
        };
        let comma = rest.iter().position(|&b| b == b',').ok_or_else(|| bad("expected `address,size`"))?;
        let addr = hex(&rest[..comma])
            .ok_or_else(|| bad(format!("expected a hexadecimal address, found {:?}", lossy(&rest[..comma]))))?;
        let size = dec(trim(&rest[comma + 1..]))
            .ok_or_else(|| bad(format!("expected the access size in bytes, found {:?}", lossy(&rest[comma + 1..]))))?;
        match kind {
            b'I' if !self.instructions => {
                out.filtered += 1;
                Ok(())
            }
            b'I' | b'L' => out.bytes(addr, size, false, 0),
            b'S' => out.bytes(addr, size, true, 0),
            _ => {
                out.bytes(addr, size, false, 0)?;
                out.bytes(addr, size, true, 0)
            }
        }
    }
}
