//! Names that users' code gives at run time (a policy's name, a list's, a hand's)
//! become the `&'static str` of snapshots and events by interning: each distinct
//! name is kept once for the life of the process, and there is a cap, so code that
//! invents a new name at every step cannot grow memory without bound.

use std::collections::HashSet;
use std::sync::Mutex;

/// Distinct names kept; later new ones read as [`OVERFLOW`].
const MAX_NAMES: usize = 4096;
/// Characters of a name kept.
const MAX_CHARS: usize = 48;
const OVERFLOW: &str = "…";

static NAMES: Mutex<Option<HashSet<&'static str>>> = Mutex::new(None);

/// The one `&'static str` for `s` (cut to 48 characters).
pub fn intern(s: &str) -> &'static str {
    let s = match s.char_indices().nth(MAX_CHARS) {
        Some((i, _)) => &s[..i],
        None => s,
    };
    let mut guard = NAMES.lock().unwrap_or_else(|e| e.into_inner());
    let set = guard.get_or_insert_with(HashSet::new);
    if let Some(&k) = set.get(s) {
        return k;
    }
    if set.len() >= MAX_NAMES {
        return OVERFLOW;
    }
    let k: &'static str = Box::leak(s.to_string().into_boxed_str());
    set.insert(k);
    k
}
