//! Containers over dense ids that know nothing of caches: intrusive doubly
//! linked lists with O(1) moves and no allocation per request. Several lists
//! may share one `Links` (an id is in at most one of them), which is how
//! ARC-like policies keep T1/T2/B1/B2 and greedy cleaning keeps its buckets;
//! and the hash map that original ids and keys are looked up in.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Multiplicative hashing: page ids are integers and need no DoS protection, and
/// SipHash would dominate load time.
#[derive(Default)]
pub struct IdHasher(u64);
impl Hasher for IdHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ b as u64).wrapping_mul(0x51_7C_C1_B7_27_22_0A_95);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (n ^ (n >> 29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}
pub type IdMap<V> = HashMap<u64, V, BuildHasherDefault<IdHasher>>;

/// No id: the end of a list, an empty slot.
pub const NIL: u32 = u32::MAX;

/// Lengthens a per-id vector to `n` entries of `fill`; never shortens it.
pub fn grow<T: Clone>(v: &mut Vec<T>, n: usize, fill: T) {
    if n > v.len() {
        v.resize(n, fill);
    }
}

/// Each id's `[prev, next]` side by side: moving an id reads both, so one
/// cache miss rather than two (an LRU's lists span every page of the trace).
#[derive(Debug, Clone)]
pub struct Links {
    node: Vec<[u32; 2]>,
}

impl Links {
    pub fn new(n: usize) -> Links {
        Links { node: vec![[NIL; 2]; n] }
    }

    /// Covers ids `0..n` (new ids in no list).
    pub fn grow(&mut self, n: usize) {
        grow(&mut self.node, n, [NIL; 2]);
    }
}

#[derive(Debug, Clone)]
pub struct DList {
    head: u32,
    tail: u32,
    len: usize,
}

impl Default for DList {
    fn default() -> Self {
        DList { head: NIL, tail: NIL, len: 0 }
    }
}

impl DList {
    pub fn new() -> DList {
        DList::default()
    }
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    #[inline]
    pub fn front(&self) -> Option<u32> {
        (self.head != NIL).then_some(self.head)
    }
    #[inline]
    pub fn back(&self) -> Option<u32> {
        (self.tail != NIL).then_some(self.tail)
    }

    #[inline]
    pub fn push_front(&mut self, l: &mut Links, x: u32) {
        let xi = x as usize;
        l.node[xi][0] = NIL;
        l.node[xi][1] = self.head;
        if self.head != NIL {
            l.node[self.head as usize][0] = x;
        } else {
            self.tail = x;
        }
        self.head = x;
        self.len += 1;
    }

    #[inline]
    pub fn push_back(&mut self, l: &mut Links, x: u32) {
        let xi = x as usize;
        l.node[xi][1] = NIL;
        l.node[xi][0] = self.tail;
        if self.tail != NIL {
            l.node[self.tail as usize][1] = x;
        } else {
            self.head = x;
        }
        self.tail = x;
        self.len += 1;
    }

    /// Unlinks `x`, which must be in this list.
    #[inline]
    pub fn remove(&mut self, l: &mut Links, x: u32) {
        let xi = x as usize;
        let (p, n) = (l.node[xi][0], l.node[xi][1]);
        if p != NIL {
            l.node[p as usize][1] = n;
        } else {
            self.head = n;
        }
        if n != NIL {
            l.node[n as usize][0] = p;
        } else {
            self.tail = p;
        }
        l.node[xi][0] = NIL;
        l.node[xi][1] = NIL;
        self.len -= 1;
    }

    #[inline]
    pub fn pop_back(&mut self, l: &mut Links) -> Option<u32> {
        let t = self.back()?;
        self.remove(l, t);
        Some(t)
    }

    #[inline]
    pub fn pop_front(&mut self, l: &mut Links) -> Option<u32> {
        let h = self.front()?;
        self.remove(l, h);
        Some(h)
    }

    #[inline]
    pub fn move_to_front(&mut self, l: &mut Links, x: u32) {
        if self.head != x {
            self.remove(l, x);
            self.push_front(l, x);
        }
    }

    /// The entry after `x` (towards the tail).
    #[inline]
    pub fn next_of(&self, l: &Links, x: u32) -> Option<u32> {
        let n = l.node[x as usize][1];
        (n != NIL).then_some(n)
    }
    /// The entry before `x` (towards the head).
    #[inline]
    pub fn prev_of(&self, l: &Links, x: u32) -> Option<u32> {
        let p = l.node[x as usize][0];
        (p != NIL).then_some(p)
    }

    /// Head to tail.
    pub fn iter<'a>(&self, l: &'a Links) -> impl Iterator<Item = u32> + 'a {
        let mut cur = self.head;
        std::iter::from_fn(move || {
            if cur == NIL {
                return None;
            }
            let x = cur;
            cur = l.node[x as usize][1];
            Some(x)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_remove_and_order() {
        let mut l = Links::new(6);
        let mut a = DList::new();
        let mut b = DList::new();
        for x in [0, 1, 2] {
            a.push_front(&mut l, x);
        }
        b.push_back(&mut l, 3);
        b.push_back(&mut l, 4);
        assert_eq!(a.iter(&l).collect::<Vec<_>>(), vec![2, 1, 0]);
        a.move_to_front(&mut l, 0);
        assert_eq!(a.iter(&l).collect::<Vec<_>>(), vec![0, 2, 1]);
        assert_eq!(a.pop_back(&mut l), Some(1));
        a.remove(&mut l, 0);
        assert_eq!(a.iter(&l).collect::<Vec<_>>(), vec![2]);
        assert_eq!((a.len(), a.front(), a.back()), (1, Some(2), Some(2)));
        assert_eq!(b.iter(&l).collect::<Vec<_>>(), vec![3, 4]);
        assert_eq!(b.pop_front(&mut l), Some(3));
        assert_eq!(b.pop_front(&mut l), Some(4));
        assert!(b.is_empty() && b.pop_back(&mut l).is_none());
    }
}
