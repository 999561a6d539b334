//! The key table of a trace whose pages are named by strings (key-value and
//! object traces: Twitter's cache traces, Wikipedia's CDN, IBM's object store, a
//! CSV whose id column holds strings). Each distinct key is interned once: equal
//! keys get one dense page, different keys different pages, exactly (a hash only
//! finds the candidate; the bytes decide). Keys are stored once, end to end in
//! one byte arena with each key's end offset, so a key trace costs its keys'
//! bytes plus about 30 bytes a distinct key (offset and hash map; measured with
//! 200,000 keys of 21 bytes: 10.6 MB for 4.3 MB of keys) above a numeric trace,
//! and a numeric trace costs nothing.

use crate::collections::IdMap;
use std::collections::HashMap;

/// The keys of a trace's dense pages, and the map back from a key to its page.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct KeyTable {
    /// Every key's bytes, in dense order.
    arena: Vec<u8>,
    /// `ends[d]`: where dense page d's key ends in `arena` (it starts where d − 1's ends).
    ends: Vec<usize>,
    /// Hash of a key's bytes → the first dense page with that hash.
    by_hash: IdMap<u32>,
    /// Keys whose hash is another key's (rare: 64-bit hashes), by their bytes.
    clashes: HashMap<Box<[u8]>, u32>,
}

/// A key's bytes hashed to 64 bits (FNV-1a, finished with SplitMix64 so that
/// close keys spread): sampled curves draw key traces' pages by it.
pub fn hash_key(key: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in key {
        h = (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3);
    }
    crate::rng::mix(h)
}

impl KeyTable {
    /// Number of distinct keys (the trace's distinct pages).
    pub fn len(&self) -> usize {
        self.ends.len()
    }
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The bytes of dense page `d`'s key.
    pub fn key(&self, d: u32) -> &[u8] {
        let d = d as usize;
        let start = if d == 0 { 0 } else { self.ends[d - 1] };
        &self.arena[start..self.ends[d]]
    }

    /// The key of dense page `d` as text (bytes that are not UTF-8 shown as U+FFFD).
    pub fn label(&self, d: u32) -> String {
        String::from_utf8_lossy(self.key(d)).into_owned()
    }

    /// The dense page of `key`, if the trace has it.
    pub fn find(&self, key: &[u8]) -> Option<u32> {
        let &d = self.by_hash.get(&hash_key(key))?;
        if self.key(d) == key {
            return Some(d);
        }
        self.clashes.get(key).copied()
    }

    /// The dense page of `key`, giving it the next one (`self.len()`) when new;
    /// the flag says whether it was new.
    #[inline]
    pub fn intern(&mut self, key: &[u8]) -> (u32, bool) {
        let next = self.ends.len() as u32;
        let h = hash_key(key);
        let d = *self.by_hash.entry(h).or_insert(next);
        if d == next {
            self.append(key);
            return (next, true);
        }
        if self.key(d) == key {
            return (d, false);
        }
        let d = *self.clashes.entry(key.into()).or_insert(next);
        if d == next {
            self.append(key);
        }
        (d, d == next)
    }

    fn append(&mut self, key: &[u8]) {
        self.arena.extend_from_slice(key);
        self.ends.push(self.arena.len());
    }

    /// The keys end to end and where each ends: what [`KeyTable::from_parts`]
    /// takes back (a browser worker hands a loaded trace to another this way).
    pub fn parts(&self) -> (&[u8], &[usize]) {
        (&self.arena, &self.ends)
    }

    /// The table of keys given end to end (`arena`) with each key's end offset,
    /// as [`KeyTable::parts`] gives them; the map is rebuilt. Fails, naming what
    /// is wrong, on offsets that go backwards or past the bytes, bytes after the
    /// last key, or a key given twice: a damaged copy, never a wrong table.
    pub fn from_parts(arena: Vec<u8>, ends: Vec<usize>) -> Result<KeyTable, crate::error::SimError> {
        let bad = |msg: String| Err(crate::error::SimError::Input(format!("key table: {msg}")));
        let last = ends.last().copied().unwrap_or(0);
        if last != arena.len() {
            return bad(format!("the keys end at byte {last} but {} bytes were given", arena.len()));
        }
        let mut t = KeyTable { arena, ends: Vec::with_capacity(ends.len()), ..Default::default() };
        let mut start = 0;
        for (d, &end) in ends.iter().enumerate() {
            if end < start {
                return bad(format!("key {d} ends at {end}, before it starts ({start})"));
            }
            if end > t.arena.len() {
                return bad(format!("key {d} ends at {end}, past the {} bytes given", t.arena.len()));
            }
            let next = t.ends.len() as u32;
            t.ends.push(end);
            let key = &t.arena[start..end];
            let h = hash_key(key);
            let first = *t.by_hash.entry(h).or_insert(next);
            if first != next {
                if t.key(first) == key || t.clashes.contains_key(key) {
                    return bad(format!("key {d} repeats key {first}"));
                }
                t.clashes.insert(key.into(), next);
            }
            start = end;
        }
        Ok(t)
    }

    /// Bytes held (keys, offsets and the map), for memory reports.
    pub fn bytes(&self) -> usize {
        self.arena.capacity() + self.ends.capacity() * 8 + self.by_hash.capacity() * 16
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_keys_share_a_page_and_different_keys_do_not() {
        let mut t = KeyTable::default();
        let keys: [&[u8]; 6] = [b"user:1", b"user:2", b"user:1", b"", b"caf\xc3\xa9", b"user:2"];
        let got: Vec<u32> = keys.iter().map(|k| t.intern(k).0).collect();
        assert_eq!(got, [0, 1, 0, 2, 3, 1]);
        assert_eq!(t.len(), 4);
        assert_eq!((t.label(0), t.label(2), t.label(3)), ("user:1".into(), "".into(), "café".into()));
        assert_eq!(t.find(b"user:2"), Some(1));
        assert_eq!(t.find(b"user:3"), None);
    }

    #[test]
    fn parts_rebuild_the_same_table_and_damaged_parts_are_refused() {
        let mut t = KeyTable::default();
        for k in [&b"user:1"[..], b"", b"caf\xc3\xa9", b"user:2"] {
            t.intern(k);
        }
        let (arena, ends) = t.parts();
        let mut back = KeyTable::from_parts(arena.to_vec(), ends.to_vec()).unwrap();
        assert_eq!((back.find(b"user:2"), back.find(b""), back.label(2)), (Some(3), Some(1), "café".into()));
        assert_eq!(back.intern(b"user:1"), (0, false));
        let refused =
            |arena: &[u8], ends: &[usize]| KeyTable::from_parts(arena.to_vec(), ends.to_vec()).unwrap_err().to_string();
        assert!(refused(b"ab", &[1]).contains("2 bytes"), "bytes after the last key");
        assert!(refused(b"ab", &[2, 1, 2]).contains("key 1 ends at 1"));
        assert!(refused(b"abab", &[2, 4]).contains("key 1 repeats key 0"));
        assert!(refused(b"ab", &[3]).contains("end at"));
        assert!(
            refused(b"ab", &[3, 2]).contains("key 0 ends at 3, past the 2 bytes"),
            "an offset past the bytes mid-list"
        );
    }

    #[test]
    fn a_hash_clash_still_gives_each_key_its_own_page() {
        // Force a clash: point the hash of "b" at "a"'s page, as a 64-bit collision would.
        let mut t = KeyTable::default();
        assert_eq!(t.intern(b"a"), (0, true));
        t.by_hash.insert(hash_key(b"b"), 0);
        assert_eq!(t.intern(b"b"), (1, true));
        assert_eq!(t.intern(b"b"), (1, false));
        assert_eq!(t.intern(b"a"), (0, false));
        assert_eq!((t.find(b"b"), t.label(1)), (Some(1), "b".into()));
    }
}
