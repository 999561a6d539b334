//! FIFO: evict the page that entered the cache first; hits change nothing.
//! Snapshot: one list "FIFO", newest first.

use super::entry::{CurveMethod, Group, PolicyEntry};
use super::{Event, List, Policy, Req, Sink, Slot, Snapshot};
use crate::collections::NIL;
use crate::describe::{defaults_of, parse_config, View, RESIDENT};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {}

pub const ENTRY: PolicyEntry = PolicyEntry {
    id: "fifo",
    name: "FIFO",
    short: "FIFO",
    group: Group::Classic,
    curve: CurveMethod::Sampled,
    source: "textbook",
    summary: "First in, first out: evicts the page loaded earliest, whatever its use.",
    how: "Pages are kept in the order they were loaded, newest first. A hit changes nothing. On a fault with every frame full, the page loaded earliest leaves, however often it is used.",
    params: &[],
    view: View::list(&[RESIDENT]),
    defaults: defaults_of::<Config>,
    build: |frames, ctx, params| {
        let _: Config = parse_config("fifo", params)?;
        Ok(Box::new(Fifo::new(frames, ctx.n_pages)))
    },
};

#[derive(Clone)]
pub struct Fifo {
    /// Frames as a circular queue; `head` is the oldest.
    queue: Vec<u32>,
    head: usize,
    len: usize,
    /// Per page: bit 0 resident, bit 1 dirty.
    state: Vec<u8>,
}

const RES: u8 = 1;
const DIRTY: u8 = 2;

impl Fifo {
    pub fn new(frames: usize, n_pages: u32) -> Fifo {
        Fifo { queue: vec![NIL; frames], head: 0, len: 0, state: vec![0; n_pages as usize] }
    }
    fn order(&self) -> impl Iterator<Item = u32> + '_ {
        let n = self.queue.len();
        (0..self.len).map(move |i| self.queue[(self.head + i) % n])
    }
}

impl Policy for Fifo {
    fn id(&self) -> &'static str {
        "fifo"
    }

    #[inline(always)]
    fn access(&mut self, req: Req, sink: &mut Sink) -> bool {
        let p = req.page;
        let s = &mut self.state[p as usize];
        if *s & RES != 0 {
            if req.write {
                *s |= DIRTY;
            }
            return true;
        }
        *s = RES | if req.write { DIRTY } else { 0 };
        let n = self.queue.len();
        if self.len == n {
            let v = self.queue[self.head];
            let dirty = self.state[v as usize] & DIRTY != 0;
            self.state[v as usize] = 0;
            sink.evict(v, dirty, "oldest in the queue");
            self.queue[self.head] = p;
            self.head = if self.head + 1 == n { 0 } else { self.head + 1 };
        } else {
            let tail = (self.head + self.len) % n;
            self.queue[tail] = p;
            self.len += 1;
        }
        sink.ev(|| Event::Insert { page: p, place: "at the head, the newest end of the queue", slot: None });
        false
    }

    fn resident(&self) -> usize {
        self.len
    }
    fn capacity(&self) -> usize {
        self.queue.len()
    }
    fn contains(&self, page: u32) -> bool {
        self.state.get(page as usize).is_some_and(|s| s & RES != 0)
    }
    fn mark_dirty(&mut self, page: u32) -> bool {
        self.state[page as usize] |= DIRTY;
        true
    }

    fn flush(&mut self, sink: &mut Sink) {
        let pages: Vec<u32> = self.order().collect();
        for p in pages {
            if self.state[p as usize] & DIRTY != 0 {
                self.state[p as usize] &= !DIRTY;
                sink.clean(p, "final flush");
            }
        }
    }

    fn snapshot(&self) -> Snapshot {
        let mut entries: Vec<Slot> =
            self.order().map(|p| Slot::page(p, "", 0, self.state[p as usize] & DIRTY != 0, true)).collect();
        entries.reverse();
        Snapshot {
            policy: "fifo",
            capacity: self.queue.len() as u32,
            resident: self.len as u32,
            lists: vec![List { name: "FIFO", entries }],
            ..Snapshot::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testutil::run_reads;

    #[test]
    fn textbook_string_gives_fifteen_faults() {
        let r = run_reads("fifo", 3, &[7, 0, 1, 2, 0, 3, 0, 4, 2, 3, 0, 3, 2, 1, 2, 0, 1, 7, 0, 1]);
        assert_eq!(r.misses(), 15);
        assert_eq!(&r.evicted[..5], &[7, 0, 1, 2, 3]);
    }

    #[test]
    fn beladys_anomaly_more_frames_more_faults() {
        let s = [1, 2, 3, 4, 1, 2, 5, 1, 2, 3, 4, 5];
        assert_eq!(run_reads("fifo", 3, &s).misses(), 9);
        assert_eq!(run_reads("fifo", 4, &s).misses(), 10);
    }
}
