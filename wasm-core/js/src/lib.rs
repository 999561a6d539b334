//! Policies written in JavaScript, to the contract of `cachescope_sim::policy::user`,
//! run in QuickJS-ng through rquickjs: natively in the runner and Python, and compiled
//! to WebAssembly in the browser's worker, so the same source gives the same numbers
//! everywhere (the same engine, version and driver).
//!
//! The sandbox: each instance is a runtime of its own with nothing but the language
//! (no I/O, no modules to import, no clock: `Date` is gone; `Math.random` is seeded),
//! a memory cap ([`MEMORY`]) and a budget of operations per call into it,
//! so an endless loop is stopped with a message, deterministically.

mod engine;
mod source;

pub use engine::{Instance, MEMORY, TICK};
pub use source::JsSource;
