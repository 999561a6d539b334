//! [`UserPolicy`]: the core's side of a user's policy. It keeps residency, dirty
//! bits and the insertion order itself, hands the user's code the calls of the
//! contract in batches, and checks every victim it is given.

use super::{Failure, Hooks, Method, PageValue, Returned, UserSource, EXACT, HIT, INSERT, WRITE};
use crate::error::SimError;
use crate::policy::{BuildCtx, Event, List, Policy, PolicyClone, Req, Sink, Slot, Snapshot};
use serde_json::Value;
use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

const RES: u8 = 1;
const DIRTY: u8 = 2;

/// Calls held back before they are delivered even without an eviction: bounds the
/// work of one call into the engine (and so its budget) and the memory held.
const BATCH: usize = 4096;
/// Calls remembered so that a copy (a checkpoint of the explorer) can replay them
/// into a new instance; past this a copy cannot be made.
const MAX_LOG: usize = 1 << 21;
/// A victim in the log (beside [`HIT`], [`INSERT`], [`WRITE`]).
const VICTIM: u8 = 0x80;

/// Why a user policy's eviction happened, for the narration.
const CHOSEN: &str = "evict() chose it";
const FALLBACK: &str = "the policy failed: the oldest page leaves";

pub struct UserPolicy {
    name: &'static str,
    source: Arc<dyn UserSource>,
    params: Value,
    frames: usize,
    devices: bool,
    /// Original id of each dense page.
    ids: Arc<[u64]>,
    /// Per dense page: [`RES`], [`DIRTY`].
    state: Vec<u8>,
    /// Resident pages by original id: what a victim is checked against.
    resident: HashMap<u64, u32>,
    /// Resident pages in insertion order (the default drawing and the fallback).
    order: BTreeMap<u64, u32>,
    seq: Vec<u64>,
    next_seq: u64,
    /// The request served last (counted from 1), for a message about `view()`.
    last: u64,
    engine: RefCell<Engine>,
}

/// What calls into the engine need, mutable behind `&self` because a snapshot
/// asks the user's `view()`.
struct Engine {
    hooks: Box<dyn Hooks>,
    kinds: Vec<u8>,
    pages: Vec<u64>,
    /// The request (counted from 1) of each held call.
    reqs: Vec<u64>,
    failure: Option<SimError>,
    /// Every call delivered and every victim, while under [`MAX_LOG`].
    log: Option<(Vec<u8>, Vec<u64>)>,
}

impl UserPolicy {
    pub fn new(
        name: &'static str,
        source: Arc<dyn UserSource>,
        frames: usize,
        ctx: &BuildCtx,
        params: Value,
    ) -> Result<UserPolicy, SimError> {
        let hooks = source.open(frames, &params, ctx.devices).map_err(|f| message(name, &f, None, None))?;
        let n = ctx.n_pages as usize;
        Ok(UserPolicy {
            name,
            source,
            params,
            frames,
            devices: ctx.devices,
            ids: ctx.ids.into(),
            state: vec![0; n],
            resident: HashMap::with_capacity(frames.min(1 << 20)),
            order: BTreeMap::new(),
            seq: vec![0; n],
            next_seq: 0,
            last: 0,
            engine: RefCell::new(Engine {
                hooks,
                kinds: Vec::new(),
                pages: Vec::new(),
                reqs: Vec::new(),
                failure: None,
                log: Some((Vec::new(), Vec::new())),
            }),
        })
    }

    /// The page as messages show it.
    fn shown(&self, id: u64) -> String {
        match PageValue::of(id, self.devices) {
            PageValue::Number(x) => format!("{x}"),
            PageValue::Text(s) => s,
        }
    }

    fn note(&mut self, kind: u8, req: Req) {
        let e = self.engine.get_mut();
        if e.failure.is_some() {
            return;
        }
        e.kinds.push(kind | if req.write { WRITE } else { 0 });
        e.pages.push(self.ids[req.page as usize]);
        e.reqs.push(req.t as u64 + 1);
        if e.kinds.len() >= BATCH {
            self.deliver();
        }
    }

    /// Delivers the held calls; a failure is kept for [`Policy::settle`].
    fn deliver(&self) {
        let mut e = self.engine.borrow_mut();
        if e.failure.is_some() || e.kinds.is_empty() {
            return;
        }
        let e = &mut *e;
        if let Err(f) = e.hooks.call(&e.kinds, &e.pages, false) {
            e.failure = Some(self.batch_failure(&f, e));
        }
        e.log_calls();
        e.clear();
    }

    /// The page to evict for request `req` (a miss with every frame full): the
    /// user's choice, checked; the oldest page once the policy has failed.
    fn choose(&mut self, req: Req) -> (u32, &'static str) {
        let oldest = *self.order.values().next().expect("a full cache holds a page");
        let got = {
            let e = self.engine.get_mut();
            if e.failure.is_some() {
                return (oldest, FALLBACK);
            }
            let got = e.hooks.call(&e.kinds, &e.pages, true);
            e.log_calls();
            got
        };
        let here = req.t as u64 + 1;
        let outcome = match got {
            Err(f) if f.at.is_some() => Err(self.batch_failure(&f, &self.engine.borrow())),
            Err(f) => Err(message(self.name, &f, Some(here), None)),
            Ok(ret) => self
                .resolve(ret)
                .map_err(|msg| SimError::Policy(format!("{}: evict() {msg} (request {here})", self.name))),
        };
        let e = self.engine.get_mut();
        e.clear();
        match outcome {
            Ok(v) => {
                if let Some((k, p)) = &mut e.log {
                    k.push(VICTIM);
                    p.push(self.ids[v as usize]);
                }
                (v, CHOSEN)
            }
            Err(f) => {
                e.failure = Some(f);
                (oldest, FALLBACK)
            }
        }
    }

    /// The resident page that `evict()`'s answer names, or what is wrong with it.
    fn resolve(&self, ret: Option<Returned>) -> Result<u32, String> {
        let id = match ret {
            Some(Returned::Number(x)) if x >= 0.0 && x < EXACT as f64 && x.fract() == 0.0 => x as u64,
            Some(Returned::Number(x)) => return Err(format!("returned {x}, which is not a page number")),
            Some(Returned::Text(s)) => match crate::trace::parse_id_label(&s) {
                Some(id) => id,
                None => return Err(format!("returned {}, which is not a page", crate::error::quoted(&s))),
            },
            Some(Returned::Other(what)) => return Err(format!("returned {what}, not a page")),
            None => return Err("returned nothing, not a page".into()),
        };
        self.resident
            .get(&id)
            .copied()
            .ok_or_else(|| format!("returned page {}, which is not in the cache", self.shown(id)))
    }

    /// A failure of a held call, named by that call's request and page.
    fn batch_failure(&self, f: &Failure, e: &Engine) -> SimError {
        let i = f.at.unwrap_or(0).min(e.kinds.len().saturating_sub(1));
        match (e.reqs.get(i), e.pages.get(i), e.kinds.get(i)) {
            (Some(&r), Some(&p), Some(&k)) if f.at.is_some() => {
                let f = Failure { method: Method::of_kind(k), ..f.clone() };
                message(self.name, &f, Some(r), Some(self.shown(p)))
            }
            _ => message(self.name, f, None, None),
        }
    }

    fn remove(&mut self, v: u32) -> bool {
        let dirty = self.state[v as usize] & DIRTY != 0;
        self.state[v as usize] = 0;
        self.resident.remove(&self.ids[v as usize]);
        self.order.remove(&self.seq[v as usize]);
        dirty
    }

    /// The resident set in insertion order: what is drawn without a `view()`.
    fn default_snapshot(&self) -> Snapshot {
        let entries = self.order.values().map(|&p| self.slot(p)).collect();
        Snapshot {
            policy: self.name,
            capacity: self.frames as u32,
            resident: self.order.len() as u32,
            lists: vec![List { name: "resident (insertion order)", entries }],
            ..Snapshot::default()
        }
    }

    fn slot(&self, p: u32) -> Slot {
        Slot::page(p, "", 0, self.state[p as usize] & DIRTY != 0, true)
    }

    /// A new instance in the state of this one: the calls this one received are
    /// replayed into it (the engine's state cannot be copied), and each victim it
    /// gives must be the one this one gave.
    fn replayed(&self) -> Result<Box<dyn Hooks>, SimError> {
        self.deliver();
        let e = self.engine.borrow();
        if let Some(f) = &e.failure {
            return Err(f.clone());
        }
        let Some((kinds, pages)) = &e.log else {
            return Err(SimError::Policy(format!(
                "{}: a user policy can be stepped back only within its first {MAX_LOG} calls",
                self.name
            )));
        };
        let mut hooks = self
            .source
            .open(self.frames, &self.params, self.devices)
            .map_err(|f| message(self.name, &f, None, None))?;
        let mut start = 0;
        for (i, &k) in kinds.iter().enumerate() {
            if k == VICTIM {
                let got = hooks.call(&kinds[start..i], &pages[start..i], true);
                let same = matches!(&got, Ok(Some(r)) if self.resolve_id(r) == Some(pages[i]));
                if !same {
                    return Err(SimError::Policy(format!(
                        "{}: evict() chose differently when replayed: a policy must decide the same way every time (no clock; Math.random is seeded)",
                        self.name
                    )));
                }
                start = i + 1;
            }
        }
        hooks.call(&kinds[start..], &pages[start..], false).map_err(|f| message(self.name, &f, None, None))?;
        Ok(hooks)
    }

    fn resolve_id(&self, r: &Returned) -> Option<u64> {
        match r {
            Returned::Number(x) if *x >= 0.0 && x.fract() == 0.0 => Some(*x as u64),
            Returned::Text(s) => crate::trace::parse_id_label(s),
            _ => None,
        }
    }
}

impl Engine {
    fn clear(&mut self) {
        self.kinds.clear();
        self.pages.clear();
        self.reqs.clear();
    }
    fn log_calls(&mut self) {
        let over = self.log.as_ref().is_some_and(|(k, _)| k.len() + self.kinds.len() > MAX_LOG);
        if over {
            self.log = None;
        }
        if let Some((k, p)) = &mut self.log {
            k.extend_from_slice(&self.kinds);
            p.extend_from_slice(&self.pages);
        }
    }
}

/// `NAME: METHOD MESSAGE (request N, page P)`.
fn message(name: &str, f: &Failure, request: Option<u64>, page: Option<String>) -> SimError {
    let at = match (request, page) {
        (Some(r), Some(p)) => format!(" (request {r}, page {p})"),
        (Some(r), None) => format!(" (request {r})"),
        _ => String::new(),
    };
    SimError::Policy(format!("{name}: {} {}{at}", f.method.name(), f.msg))
}

impl PolicyClone for UserPolicy {
    fn clone_box(&self) -> Box<dyn Policy> {
        let (hooks, failure) = match self.replayed() {
            Ok(h) => (h, None),
            // The copy carries the reason it could not be made and fails at its first use.
            Err(e) => (
                self.source.open(self.frames, &self.params, self.devices).ok().unwrap_or_else(|| Box::new(Dead)),
                Some(e),
            ),
        };
        let e = self.engine.borrow();
        Box::new(UserPolicy {
            name: self.name,
            source: self.source.clone(),
            params: self.params.clone(),
            frames: self.frames,
            devices: self.devices,
            ids: self.ids.clone(),
            state: self.state.clone(),
            resident: self.resident.clone(),
            order: self.order.clone(),
            seq: self.seq.clone(),
            next_seq: self.next_seq,
            last: self.last,
            engine: RefCell::new(Engine {
                hooks,
                kinds: Vec::new(),
                pages: Vec::new(),
                reqs: Vec::new(),
                failure: failure.or_else(|| e.failure.clone()),
                log: e.log.clone(),
            }),
        })
    }
}

/// Hooks of a copy whose instance could not be started (it has failed already).
struct Dead;
impl Hooks for Dead {
    fn call(&mut self, _: &[u8], _: &[u64], _: bool) -> Result<Option<Returned>, Failure> {
        Err(Failure::new(Method::Constructor, "could not be started again"))
    }
    fn view(&mut self) -> Result<Option<Value>, Failure> {
        Ok(None)
    }
}

impl Policy for UserPolicy {
    fn id(&self) -> &'static str {
        self.name
    }

    #[inline(always)]
    fn access(&mut self, req: Req, sink: &mut Sink) -> bool {
        let p = req.page as usize;
        self.last = req.t as u64 + 1;
        if self.state[p] & RES != 0 {
            if req.write {
                self.state[p] |= DIRTY;
            }
            self.note(HIT, req);
            return true;
        }
        if self.order.len() == self.frames {
            let (v, why) = self.choose(req);
            let dirty = self.remove(v);
            sink.evict(v, dirty, why);
        }
        self.state[p] = RES | if req.write { DIRTY } else { 0 };
        self.seq[p] = self.next_seq;
        self.order.insert(self.next_seq, req.page);
        self.next_seq += 1;
        self.resident.insert(self.ids[p], req.page);
        self.note(INSERT, req);
        sink.ev(|| Event::Insert { page: req.page, place: "cache", slot: None });
        false
    }

    fn resident(&self) -> usize {
        self.order.len()
    }
    fn capacity(&self) -> usize {
        self.frames
    }
    fn contains(&self, page: u32) -> bool {
        self.state.get(page as usize).is_some_and(|s| s & RES != 0)
    }

    fn flush(&mut self, sink: &mut Sink) {
        let pages: Vec<u32> = self.order.values().copied().collect();
        for p in pages {
            if self.state[p as usize] & DIRTY != 0 {
                self.state[p as usize] &= !DIRTY;
                sink.clean(p, "final flush");
            }
        }
    }

    fn settle(&mut self) -> Result<(), SimError> {
        self.deliver();
        match &self.engine.get_mut().failure {
            Some(f) => Err(f.clone()),
            None => Ok(()),
        }
    }

    fn snapshot(&self) -> Snapshot {
        self.deliver();
        let mut e = self.engine.borrow_mut();
        if e.failure.is_some() {
            return self.default_snapshot();
        }
        let shown = match e.hooks.view() {
            Ok(None) => return self.default_snapshot(),
            Ok(Some(v)) => {
                super::parse_view(&v, &|id| self.resident.get(&id).copied(), &|s| crate::trace::parse_id_label(s))
                    .map_err(|msg| Failure::new(Method::View, msg))
            }
            Err(f) => Err(f),
        };
        match shown {
            Ok(mut snap) => {
                snap.policy = self.name;
                snap.capacity = self.frames as u32;
                snap.resident = self.order.len() as u32;
                for s in snap
                    .rings
                    .iter_mut()
                    .flat_map(|r| r.slots.iter_mut())
                    .chain(snap.lists.iter_mut().flat_map(|l| l.entries.iter_mut()))
                {
                    if let Some(p) = s.page {
                        s.dirty = self.state[p as usize] & DIRTY != 0;
                    }
                }
                snap
            }
            Err(f) => {
                e.failure = Some(message(self.name, &f, Some(self.last), None));
                drop(e);
                self.default_snapshot()
            }
        }
    }
}
