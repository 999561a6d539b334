//! Wikipedia CDN traces: `timestamp id size …`, blank- or tab-separated, one
//! request per line, every request a read. This reads both public shapes: the
//! 2018/2019 traces of the LRB paper (Song et al., NSDI '20; `timestamp id
//! size`, all numbers) and Wikimedia's 2019 upload traces (`relative_unix
//! hashed_path_query image_type response_size time_firstbyte`). The id is a key:
//! equal ids are one page, different ids different pages ([`crate::keys`]), a
//! numeric id included (it names an object, it is no address). Sizes are not
//! modelled (every object is one page).
//!
//! Detection: the upload traces are recognised by their shape; an all-numeric
//! `timestamp id size` line is also a valid ARC line, so that shape needs the
//! format chosen (`--format wiki`).
//!
//! The timestamp is column 1 (index 0), in seconds, kept as is when the load
//! asks for times.

use super::scan::{bad, dec, lossy, need_dec, words, LineParser, LineResult, Out};

pub(crate) struct Wiki;

impl LineParser for Wiki {
    #[inline]
    fn line(&mut self, line: &[u8], out: &mut Out) -> LineResult {
        let mut w = words(line);
        let time = need_dec(w.next(), "the timestamp")?;
        if out.wants_time() {
            out.set_time(time as f64);
        }
        let key = w.next().ok_or_else(|| bad("missing the object id"))?;
        // The size, or the upload traces' content type before it.
        let third = w.next().ok_or_else(|| bad("missing the size: expected `timestamp id size …`"))?;
        if dec(third).is_none() {
            let size = w.next();
            if !third.iter().all(|b| b.is_ascii_alphanumeric() || *b == b'-') || size.and_then(dec).is_none() {
                return Err(bad(format!(
                    "expected the size (a whole number), or a content type and then the size, found {:?}",
                    lossy(third)
                )));
            }
        }
        out.key(key, false)
    }
}
