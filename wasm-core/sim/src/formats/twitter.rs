//! Twitter's cache traces (Yang, Yue and Rashmi, OSDI '20; the twemcache
//! clusters): `timestamp,anonymized key,key size,value size,client id,operation,TTL`,
//! one request per line, no header. The key names the object: equal keys are
//! one page, different keys different pages ([`crate::keys`]).
//!
//! How the operations map: `get` and `gets` read the key; `set`, `add`,
//! `replace`, `cas`, `append`, `prepend`, `incr` and `decr` write it (a write
//! brings the object in, as a read miss would, and marks it dirty). `delete` is
//! skipped and counted among the filtered lines: the cache models have no way
//! to drop one page, so a deleted key stays cached until it is evicted (a later
//! `get` of it may hit where the real cache missed). The load report says so.
//! TTLs are ignored (nothing expires), key and value sizes are not modelled
//! (every object is one page), and the client id is not used.
//!
//! The timestamp is column 1 (index 0), in seconds from the trace's start, kept
//! as is when the load asks for times.

use super::scan::{bad, dec, lossy, LineErr, LineParser, LineResult, Out};

/// Fields after the key: key size, value size, client id, operation, TTL.
const AFTER_KEY: usize = 5;

pub(crate) struct Twitter;

/// A line taken apart: timestamp, key, and the fields after the key.
type Split<'a> = (&'a [u8], &'a [u8], [&'a [u8]; AFTER_KEY]);

/// Splits `line` at its first comma and its last [`AFTER_KEY`] commas, so a key
/// that holds commas is still one key.
fn split(line: &[u8]) -> Option<Split<'_>> {
    let first = memchr::memchr(b',', line)?;
    let mut tail = [&b""[..]; AFTER_KEY];
    let mut end = line.len();
    for k in (0..AFTER_KEY).rev() {
        let comma = memchr::memrchr(b',', &line[..end])?;
        if comma <= first {
            return None;
        }
        tail[k] = super::scan::trim(&line[comma + 1..end]);
        end = comma;
    }
    Some((super::scan::trim(&line[..first]), super::scan::trim(&line[first + 1..end]), tail))
}

fn number(f: &[u8], what: &str) -> Result<u64, LineErr> {
    dec(f).ok_or_else(|| bad(format!("expected {what} (a whole number), found {:?}", lossy(f))))
}

impl LineParser for Twitter {
    #[inline]
    fn line(&mut self, line: &[u8], out: &mut Out) -> LineResult {
        let (time, key, [key_size, value_size, client, op, ttl]) = split(line).ok_or_else(|| {
            bad("expected 7 comma-separated fields: timestamp,key,key size,value size,client id,operation,TTL")
        })?;
        let time = number(time, "the timestamp")?;
        if out.wants_time() {
            out.set_time(time as f64);
        }
        number(key_size, "the key size")?;
        number(value_size, "the value size")?;
        number(client, "the client id")?;
        number(ttl, "the TTL")?;
        if key.is_empty() {
            return Err(bad("the key is empty"));
        }
        let write = match op {
            b"get" | b"gets" => false,
            b"set" | b"add" | b"replace" | b"cas" | b"append" | b"prepend" | b"incr" | b"decr" => true,
            b"delete" => {
                out.filtered += 1;
                return Ok(());
            }
            _ => {
                return Err(bad(format!(
                    "unknown operation {:?}: expected get, gets, set, add, replace, cas, append, prepend, incr, decr or delete",
                    lossy(op)
                )))
            }
        };
        out.key(key, write)
    }
}
