//! IBM Cloud Object Storage traces (SNIA IOTTA, Eytan et al., HotStorage '20):
//! `timestamp operation object-id [size [first-byte last-byte]]`, blank-separated,
//! e.g. `1219008 REST.GET.OBJECT 8d4fcda3d675bac9 1056`. The object id is a
//! key: equal ids are one page, different ids different pages ([`crate::keys`]).
//!
//! `REST.GET.OBJECT` reads the object; `REST.PUT.OBJECT` and `REST.COPY.OBJECT`
//! write it. Every other `REST.…` operation (HEAD, DELETE, multipart parts,
//! bucket listings) touches no object's data in a cache of whole objects: it is
//! counted among the filtered lines. Sizes and byte ranges are not modelled
//! (every object is one page; a ranged GET reads the whole object).
//!
//! The timestamp is column 1 (index 0), in milliseconds, kept in seconds
//! (÷ 1000) when the load asks for times.

use super::scan::{bad, lossy, need_dec, words, LineParser, LineResult, Out};

pub(crate) struct Ibm;

impl LineParser for Ibm {
    #[inline]
    fn line(&mut self, line: &[u8], out: &mut Out) -> LineResult {
        let mut w = words(line);
        let time = need_dec(w.next(), "the timestamp")?;
        if out.wants_time() {
            out.set_time(time as f64 / 1000.0);
        }
        let op = w.next().ok_or_else(|| bad("missing the operation (REST.GET.OBJECT, REST.PUT.OBJECT, …)"))?;
        let key = w.next().ok_or_else(|| bad("missing the object id"))?;
        for (f, what) in w.by_ref().zip(["the size", "the first byte", "the last byte"]) {
            need_dec(Some(f), what)?;
        }
        if let Some(extra) = w.next() {
            return Err(bad(format!(
                "too many fields: expected `timestamp operation object-id [size [first last]]`, found {:?}",
                lossy(extra)
            )));
        }
        let write = match op {
            b"REST.GET.OBJECT" => false,
            b"REST.PUT.OBJECT" | b"REST.COPY.OBJECT" => true,
            _ if op.starts_with(b"REST.") => {
                out.filtered += 1;
                return Ok(());
            }
            _ => return Err(bad(format!("expected an operation such as REST.GET.OBJECT, found {:?}", lossy(op)))),
        };
        out.key(key, write)
    }
}
