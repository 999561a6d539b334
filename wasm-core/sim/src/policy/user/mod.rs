//! Policies written by users (JavaScript in a sandboxed engine, or Python): the
//! contract every surface shares, the core's side of it, and the names they go by.
//!
//! A user policy only decides which page leaves. The core does everything else
//! ([`UserPolicy`]): residency, dirty bits, hits and misses, write-backs, events,
//! and it checks every decision: an `evict()` that returns a page not in the cache,
//! a `view()` naming one, an exception or a spent budget stops the run with a
//! message naming the policy, the request (counted from 1), the page and the method.
//!
//! The engine behind a policy implements [`Hooks`]. Hits and inserts need no answer,
//! so the core hands them over in batches ([`Hooks::call`]) and asks for a victim at
//! the end of a batch: one call into the engine per eviction, not per request.
//! Pages are the trace's own ids ([`PageValue`]).

mod intern;
mod policy;
mod registry;
mod view;

pub use intern::intern;
pub use policy::UserPolicy;
pub use registry::{build, define, defined, forget, lookup, UserSource};
pub use view::parse_view;

/// A hit: the page is resident (bit [`WRITE`] set for a write).
pub const HIT: u8 = 0;
/// An insert: the missed page enters, after an eviction if the cache was full.
pub const INSERT: u8 = 1;
/// The request writes the page.
pub const WRITE: u8 = 2;

/// The methods of the contract, for messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    Constructor,
    Hit,
    Insert,
    Evict,
    View,
}

impl Method {
    pub fn name(self) -> &'static str {
        match self {
            Method::Constructor => "constructor",
            Method::Hit => "hit()",
            Method::Insert => "insert()",
            Method::Evict => "evict()",
            Method::View => "view()",
        }
    }
    /// The method a batched call of `kind` is delivered to.
    pub fn of_kind(kind: u8) -> Method {
        if kind & INSERT != 0 {
            Method::Insert
        } else {
            Method::Hit
        }
    }
}

/// What a user's method gave back where a page was expected.
#[derive(Debug, Clone, PartialEq)]
pub enum Returned {
    Number(f64),
    Text(String),
    /// Anything else, described (`undefined`, `an object`).
    Other(String),
}

/// A method that threw, ran past its budget or broke the contract. `at` is the index,
/// in the batch handed to [`Hooks::call`], of the call that failed (None: the final
/// `evict()`, a constructor or a `view()`).
#[derive(Debug, Clone, PartialEq)]
pub struct Failure {
    pub method: Method,
    pub at: Option<usize>,
    pub msg: String,
}

impl Failure {
    pub fn new(method: Method, msg: impl Into<String>) -> Failure {
        Failure { method, at: None, msg: msg.into() }
    }
}

/// A page as a user's code receives it: a number where it is exact (below 2^53), the
/// trace's label otherwise (`vol 3 · page 345`, or the digits of a large id).
#[derive(Debug, Clone, PartialEq)]
pub enum PageValue {
    Number(f64),
    Text(String),
}

/// Largest id handed over as a number: every integer up to it is exact in a double.
pub const EXACT: u64 = 1 << 53;

impl PageValue {
    pub fn of(id: u64, devices: bool) -> PageValue {
        if devices && id >> crate::formats::NS_SHIFT != 0 {
            PageValue::Text(crate::trace::id_label(id))
        } else if id < EXACT {
            PageValue::Number(id as f64)
        } else {
            PageValue::Text(id.to_string())
        }
    }
}

/// An engine running one instance of a user's policy.
pub trait Hooks {
    /// Delivers, in order, `hit(page, write)` or `insert(page, write)` for each of
    /// `kinds` ([`HIT`] / [`INSERT`], with [`WRITE`]) and `pages` (original ids),
    /// then, if `evict`, calls `evict()` and returns what it gave.
    fn call(&mut self, kinds: &[u8], pages: &[u64], evict: bool) -> Result<Option<Returned>, Failure>;
    /// Calls `view()`: None when the policy has none. The value is JSON in the
    /// vocabulary of [`parse_view`].
    fn view(&mut self) -> Result<Option<serde_json::Value>, Failure>;
}

#[cfg(test)]
mod tests;

/// Policies to start from, as the editor and the documentation offer them:
/// (id, name, JavaScript source).
pub const TEMPLATES: &[(&str, &str, &str)] = &[
    ("fifo", "FIFO", include_str!("templates/fifo.js")),
    ("lru", "LRU", include_str!("templates/lru.js")),
    ("clock", "CLOCK", include_str!("templates/clock.js")),
    ("empty", "Empty", include_str!("templates/empty.js")),
];
