//! A loaded trace: dense page ids (0..n-1, remapped at load) with the operation
//! packed into the top bit, so a request costs 4 bytes and simulation indexes
//! plain arrays instead of hashing.

pub use crate::collections::{IdHasher, IdMap};
use crate::keys::KeyTable;

/// Bit 31 of a packed request: set for a write.
pub const WRITE_BIT: u32 = 1 << 31;
/// Device/ASU/LUN numbers are stored above this bit of an original id, so the
/// first device keeps plain page numbers.
pub const NS_SHIFT: u32 = 48;
/// The largest number of distinct pages a trace may hold.
pub const MAX_PAGES: u64 = crate::limits::MAX_DISTINCT_PAGES;

#[inline]
pub fn pack(page: u32, write: bool) -> u32 {
    page | if write { WRITE_BIT } else { 0 }
}
#[inline]
pub fn page_of(r: u32) -> u32 {
    r & !WRITE_BIT
}
#[inline]
pub fn is_write(r: u32) -> bool {
    r & WRITE_BIT != 0
}

/// Packed requests taken apart: each request's dense page, and whether it
/// writes, in two arrays of one length (for callers that would otherwise
/// decode bit 31 themselves).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Unpacked {
    pub pages: Vec<u32>,
    /// 1 for a write, 0 for a read.
    pub writes: Vec<u8>,
}

pub fn unpack(reqs: &[u32]) -> Unpacked {
    Unpacked {
        pages: reqs.iter().map(|&r| page_of(r)).collect(),
        writes: reqs.iter().map(|&r| is_write(r) as u8).collect(),
    }
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Trace {
    /// One packed request per access.
    pub reqs: Vec<u32>,
    /// Original id (page number in the source's units) of each dense page id.
    pub ids: Vec<u64>,
    /// True when ids carry a device, disk, LUN or volume above bit 48 (formats
    /// with devices); only then does a label show the device.
    pub devices: bool,
    /// The keys of a trace whose pages are named by strings (key-value and object
    /// traces); then `ids[d]` is `d` itself and labels are the keys.
    pub keys: Option<Box<KeyTable>>,
    /// Each request's time in seconds, when the load asked for timestamps
    /// ([`crate::formats::LoadOptions::timestamps`]) and the format has a time
    /// field; None otherwise, so a trace without them keeps to 4 bytes a request
    /// (8 more with them). The origin is the format's own (each format's doc says
    /// which); only differences between times are read.
    pub times: Option<Vec<f64>>,
}

/// An original id as people read it: the number as the trace wrote it, or
/// `vol D · page P` when the id carries a device, disk, LUN or volume above bit
/// 48 ([`NS_SHIFT`]).
pub fn id_label(id: u64) -> String {
    let ns = id >> NS_SHIFT;
    if ns == 0 {
        id.to_string()
    } else {
        format!("vol {ns} · page {}", id & ((1 << NS_SHIFT) - 1))
    }
}

/// Reads what [`id_label`] writes (and a plain number); None for anything else.
pub fn parse_id_label(s: &str) -> Option<u64> {
    let s = s.trim();
    if let Some(rest) = s.strip_prefix("vol ") {
        let (ns, page) = rest.split_once('·')?;
        let ns: u64 = ns.trim().parse().ok()?;
        let page: u64 = page.trim().strip_prefix("page")?.trim().parse().ok()?;
        if ns >= 1 << (64 - NS_SHIFT) || page >> NS_SHIFT != 0 {
            return None;
        }
        return Some(ns << NS_SHIFT | page);
    }
    s.parse().ok()
}

impl Trace {
    /// The label of dense page `dense`: [`id_label`] for a trace with devices,
    /// else the number itself (a plain trace's page 2^64 − 2 is no device's page).
    pub fn label(&self, dense: u32) -> String {
        if let Some(k) = &self.keys {
            return k.label(dense);
        }
        let id = self.ids[dense as usize];
        if self.devices {
            id_label(id)
        } else {
            id.to_string()
        }
    }

    /// The dense id of the page the trace calls `label`, if the trace has it.
    pub fn dense_of_label(&self, label: &str) -> Option<u32> {
        if let Some(k) = &self.keys {
            return k.find(label.as_bytes()).or_else(|| k.find(label.trim().as_bytes()));
        }
        let id = if self.devices { parse_id_label(label)? } else { label.trim().parse().ok()? };
        self.ids.iter().position(|&x| x == id).map(|i| i as u32)
    }

    pub fn len(&self) -> usize {
        self.reqs.len()
    }
    pub fn is_empty(&self) -> bool {
        self.reqs.is_empty()
    }
    /// Number of distinct pages; dense ids run 0..distinct().
    pub fn distinct(&self) -> u32 {
        self.ids.len() as u32
    }
    pub fn writes(&self) -> u64 {
        self.reqs.iter().filter(|&&r| is_write(r)).count() as u64
    }

    /// A trace from the parts another copy of it holds (a browser worker hands its
    /// loaded trace to the pool's other workers this way, instead of each reading
    /// the file again). Every part is checked, so a damaged copy is refused with
    /// what is wrong rather than simulated: each request names a page below
    /// `ids.len()`, original ids are distinct (a key trace's are 0..n, one per
    /// key), there are at most [`MAX_PAGES`] pages, and times, when given, are
    /// one per request.
    pub fn from_parts(
        reqs: Vec<u32>,
        ids: Vec<u64>,
        devices: bool,
        keys: Option<KeyTable>,
        times: Option<Vec<f64>>,
    ) -> Result<Trace, crate::error::SimError> {
        let bad = |msg: String| Err(crate::error::SimError::Input(format!("trace parts: {msg}")));
        if ids.len() as u64 > MAX_PAGES {
            return bad(format!("{} pages, more than {MAX_PAGES}", ids.len()));
        }
        let pages = ids.len() as u32;
        if let Some(i) = reqs.iter().position(|&r| page_of(r) >= pages) {
            return bad(format!("request {} names page {}, but the trace has {pages} pages", i + 1, page_of(reqs[i])));
        }
        if let Some(k) = &keys {
            if k.len() != ids.len() {
                return bad(format!("{} keys for {pages} pages", k.len()));
            }
            if let Some(d) = ids.iter().enumerate().position(|(d, &id)| id != d as u64) {
                return bad(format!("page {d} of a key trace has id {}, not {d}", ids[d]));
            }
        } else {
            let mut seen = IdMap::default();
            seen.reserve(ids.len());
            for (d, &id) in ids.iter().enumerate() {
                if let Some(first) = seen.insert(id, d) {
                    return bad(format!("pages {first} and {d} both have id {id}"));
                }
            }
        }
        if let Some(t) = &times {
            if t.len() != reqs.len() {
                return bad(format!("{} times for {} requests", t.len(), reqs.len()));
            }
        }
        Ok(Trace { reqs, ids, devices, keys: keys.map(Box::new), times })
    }

    /// Builds a trace whose page ids are already dense-ish small numbers (tests,
    /// generators); ids are remapped in order of first appearance.
    pub fn from_pages(pages: &[(u64, bool)]) -> Trace {
        let mut b = TraceBuilder::new();
        for &(p, w) in pages {
            b.push(p, w).expect("page id range");
        }
        b.finish()
    }

    /// Read-only trace from page numbers.
    pub fn reads(pages: &[u64]) -> Trace {
        let v: Vec<(u64, bool)> = pages.iter().map(|&p| (p, false)).collect();
        Trace::from_pages(&v)
    }
}

/// Ids below this may be looked up in a plain array instead of the hash map.
const DIRECT_MAX: u64 = 1 << 23;
/// The array may be at most this many times the number of distinct pages (plus
/// a small allowance), so sparse ids do not waste memory.
const DIRECT_SLACK: usize = 8;

/// Remaps original ids to dense ids as requests arrive ([`BATCH`] at a time:
/// what is read out of it — requests, a finished trace — is remapped first). Small ids (the common
/// case: LIRS blocks, page lists, generated workloads) are looked up in an array
/// indexed by id, several times faster than hashing once the table outgrows the
/// cache; the rest go through a hash map.
#[derive(Default)]
pub struct TraceBuilder {
    /// dense id + 1 for every id < direct.len(); 0 = not seen yet.
    direct: Vec<u32>,
    /// Ids not covered by `direct`.
    map: IdMap<u32>,
    /// Requests not yet remapped: remapped [`BATCH`] at a time (see `flush`).
    pending: Vec<(u64, bool)>,
    trace: Trace,
}

/// Requests remapped together. Looking up a batch's slots in `direct` first,
/// with no load depending on another, lets the processor fetch their cache
/// lines at once; one at a time between lines of parsing, each waited for a
/// miss of its own (a trace of 5 M random pages spent most of its browser load
/// there: 138 M lookups in a 32 MB table).
const BATCH: usize = 64;

impl TraceBuilder {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn with_capacity(requests: usize) -> Self {
        let mut b = Self::default();
        b.trace.reqs.reserve(requests);
        b
    }

    /// Makes room for `additional` more requests (a loader that knows the file
    /// size reserves once instead of doubling a large vector repeatedly).
    pub fn reserve(&mut self, additional: usize) {
        self.trace.reqs.reserve(additional);
    }

    /// Appends one access to the page named by `key` (a trace of string keys:
    /// every push of the load goes through here). Fails only when the trace holds
    /// more distinct keys than a packed request can name.
    #[inline]
    pub fn push_key(&mut self, key: &[u8], write: bool) -> Result<(), crate::error::SimError> {
        if !self.pending.is_empty() {
            self.settle();
        }
        let keys = self.trace.keys.get_or_insert_with(Default::default);
        let next = keys.len() as u64;
        if next >= MAX_PAGES && keys.find(key).is_none() {
            return Err(crate::error::SimError::Input(format!("trace has more than {MAX_PAGES} distinct keys")));
        }
        let (dense, new) = keys.intern(key);
        if new {
            self.trace.ids.push(dense as u64);
        }
        self.trace.reqs.push(pack(dense, write));
        Ok(())
    }

    /// Appends one access. Fails only when the trace holds more distinct pages
    /// than a packed request can name.
    #[inline]
    pub fn push(&mut self, id: u64, write: bool) -> Result<(), crate::error::SimError> {
        // Near the page limit each request is remapped as it comes, so that the one
        // passing the limit is the one that fails; below it a batch cannot pass it.
        if self.trace.ids.len() + 2 * BATCH >= MAX_PAGES as usize {
            self.flush()?;
            return self.remap(id, write);
        }
        self.pending.push((id, write));
        if self.pending.len() == BATCH {
            self.flush()?;
        }
        Ok(())
    }

    /// Remaps the pending requests: their slots read first, then each remapped in order.
    fn flush(&mut self) -> Result<(), crate::error::SimError> {
        if self.pending.is_empty() {
            return Ok(());
        }
        let mut touched = 0;
        for &(id, _) in &self.pending {
            if id < self.direct.len() as u64 {
                touched |= self.direct[id as usize];
            }
        }
        std::hint::black_box(touched);
        let pending = std::mem::take(&mut self.pending);
        for &(id, write) in &pending {
            self.remap(id, write)?;
        }
        self.pending = pending;
        self.pending.clear();
        Ok(())
    }

    /// Remaps what is pending where the requests are read; `push` keeps a batch
    /// below the page limit, so this cannot fail.
    fn settle(&mut self) {
        self.flush().expect("push keeps a pending batch below the page limit");
    }

    /// Appends one access now: its dense id, a new one when the page is new.
    #[inline]
    fn remap(&mut self, id: u64, write: bool) -> Result<(), crate::error::SimError> {
        let next = self.trace.ids.len() as u32;
        // Growing the array moves the ids it now covers out of the map, `id`
        // among them if it was seen before: so look it up in the array afterwards
        // rather than taking it for new.
        let dense = if id < self.direct.len() as u64 || self.grow_direct(id) {
            let slot = &mut self.direct[id as usize];
            if *slot == 0 {
                *slot = next + 1;
            }
            *slot - 1
        } else {
            *self.map.entry(id).or_insert(next)
        };
        if dense == next {
            if next as u64 >= MAX_PAGES {
                return Err(crate::error::SimError::Input(format!("trace has more than {MAX_PAGES} distinct pages")));
            }
            self.trace.ids.push(id);
        }
        self.trace.reqs.push(pack(dense, write));
        Ok(())
    }

    /// Extends the array to cover `id` if that keeps it small relative to the
    /// number of distinct pages, moving ids it now covers out of the map. Returns
    /// whether `id` is covered (it may have been in the map, and so be known).
    #[cold]
    fn grow_direct(&mut self, id: u64) -> bool {
        if id >= DIRECT_MAX {
            return false;
        }
        let len = ((id + 1).next_power_of_two() as usize).max(4096);
        if len > DIRECT_SLACK * (self.trace.ids.len() + 4096) {
            return false;
        }
        self.direct.resize(len, 0);
        let direct = &mut self.direct;
        self.map.retain(|&k, &mut d| {
            if k < len as u64 {
                direct[k as usize] = d + 1;
                false
            } else {
                true
            }
        });
        true
    }

    pub fn len(&self) -> usize {
        self.trace.reqs.len() + self.pending.len()
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Distinct pages so far: the dense ids given out run 0..distinct().
    pub fn distinct(&self) -> u32 {
        self.trace.ids.len() as u32
    }

    /// Says that ids carry devices above bit 48 (see [`Trace::devices`]).
    pub fn mark_devices(&mut self) {
        self.trace.devices = true;
    }

    /// The requests pushed since the last take; the id map stays.
    pub fn take_requests(&mut self) -> Vec<u32> {
        self.settle();
        std::mem::take(&mut self.trace.reqs)
    }

    pub fn finish(mut self) -> Trace {
        self.settle();
        self.trace
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn unpacking_takes_pages_and_writes_apart() {
        let u = super::unpack(&[super::pack(7, false), super::pack(3, true), super::pack((1 << 31) - 1, true)]);
        assert_eq!(u.pages, [7, 3, (1 << 31) - 1]);
        assert_eq!(u.writes, [0, 1, 1]);
    }

    #[test]
    fn labels_are_the_trace_own_ids_and_read_back() {
        let dev = (3u64 << NS_SHIFT) | 345;
        let mut t = Trace::from_pages(&[(7, false), (0, true), (dev, false)]);
        assert_eq!(t.label(2), dev.to_string(), "a trace without devices shows the number");
        assert_eq!(t.dense_of_label(&dev.to_string()), Some(2));
        t.devices = true;
        assert_eq!((t.label(0), t.label(1), t.label(2)), ("7".into(), "0".into(), "vol 3 · page 345".into()));
        assert_eq!(t.dense_of_label("7"), Some(0));
        assert_eq!(t.dense_of_label(" 0 "), Some(1));
        assert_eq!(t.dense_of_label("vol 3 · page 345"), Some(2));
        assert_eq!(t.dense_of_label("345"), None);
        assert_eq!(t.dense_of_label("vol 3 · page x"), None);
        assert_eq!(parse_id_label(&id_label(u64::MAX)), Some(u64::MAX));
        assert_eq!(parse_id_label("vol 70000 · page 1"), None);
    }

    use super::*;

    #[test]
    fn remaps_in_order_of_first_appearance_and_keeps_ops() {
        let t = Trace::from_pages(&[(100, false), (7, true), (100, true), (5_000_000_000, false)]);
        assert_eq!(t.reqs.iter().map(|&r| page_of(r)).collect::<Vec<_>>(), vec![0, 1, 0, 2]);
        assert_eq!(t.reqs.iter().map(|&r| is_write(r)).collect::<Vec<_>>(), vec![false, true, true, false]);
        assert_eq!(t.ids, vec![100, 7, 5_000_000_000]);
        assert_eq!(t.distinct(), 3);
        assert_eq!(t.writes(), 2);
    }

    #[test]
    fn parts_make_the_same_trace_and_damaged_parts_are_refused() {
        let t = Trace::from_pages(&[(100, false), (7, true), (100, true), (5_000_000_000, false)]);
        let back = Trace::from_parts(t.reqs.clone(), t.ids.clone(), false, None, None).unwrap();
        assert_eq!(back, t);
        let refused =
            |reqs: Vec<u32>, ids: Vec<u64>| Trace::from_parts(reqs, ids, false, None, None).unwrap_err().to_string();
        assert!(refused(vec![0, 3], vec![5, 6]).contains("request 2 names page 3, but the trace has 2 pages"));
        assert!(
            refused(vec![pack(2, true)], vec![5, 6]).contains("request 1 names page 2"),
            "the write bit is not a page"
        );
        assert!(refused(vec![0, 1], vec![5, 5]).contains("pages 0 and 1 both have id 5"));
        let times = Trace::from_parts(vec![0], vec![5], false, None, Some(vec![1.0, 2.0])).unwrap_err().to_string();
        assert!(times.contains("2 times for 1 requests"));

        let mut b = TraceBuilder::new();
        for k in [&b"a"[..], b"bb", b"a"] {
            b.push_key(k, false).unwrap();
        }
        let keyed = b.finish();
        let (arena, ends) = keyed.keys.as_ref().unwrap().parts();
        let table = || Some(KeyTable::from_parts(arena.to_vec(), ends.to_vec()).unwrap());
        let back = Trace::from_parts(keyed.reqs.clone(), keyed.ids.clone(), false, table(), None).unwrap();
        assert_eq!(
            (back.label(1), back.dense_of_label("a"), back.reqs.clone()),
            ("bb".into(), Some(0), keyed.reqs.clone())
        );
        let wrong_ids =
            Trace::from_parts(keyed.reqs.clone(), vec![1, 0], false, table(), None).unwrap_err().to_string();
        assert!(wrong_ids.contains("page 0 of a key trace has id 1"));
        let too_few = Trace::from_parts(vec![0], vec![0], false, table(), None).unwrap_err().to_string();
        assert!(too_few.contains("2 keys for 1 pages"));
    }

    #[test]
    fn array_and_map_lookups_agree() {
        // Ids first land in the map, then the array grows over them: every id
        // must keep its dense number across the move.
        let mut ids: Vec<u64> = (0..20_000u64).map(|i| (i * 7919) % 60_000).collect();
        ids.extend([1 << 40, 3, 59_999, 1 << 40, 70_000, 3]);
        ids.extend((0..20_000u64).map(|i| (i * 7919) % 60_000));
        let mut b = TraceBuilder::new();
        let mut first = std::collections::HashMap::new();
        for &id in &ids {
            b.push(id, false).unwrap();
            let n = first.len() as u32;
            first.entry(id).or_insert(n);
        }
        let t = b.finish();
        for (k, &id) in ids.iter().enumerate() {
            assert_eq!(page_of(t.reqs[k]), first[&id], "id {id}");
        }
        assert_eq!(t.distinct() as usize, first.len());
    }
}
