//! cachescope-sim: the pure simulation core. No wasm or JS types live here, so the
//! browser (through the wasm adapter), the native runner and the benchmarks all
//! compute identical results from the same code.

pub mod analyze;
pub mod block_sizes;
pub mod catalog;
pub mod check;
pub mod chunked;
pub mod collections;
pub mod cost;
pub mod describe;
pub mod error;
pub mod flags;
pub mod flash;
pub mod formats;
pub mod frames;
pub mod generate;
pub mod keys;
pub mod limits;
pub mod link;
pub mod mrc;
pub mod papers;
pub mod policy;
pub mod reproduce;
pub mod rng;
pub mod sim;
pub mod spec;
pub mod streamed;
pub mod trace;

pub use cost::CostModel;
pub use error::SimError;
pub use policy::{Event, Policy, Req, Sink, Snapshot};
pub use sim::{run, run_policy, run_without_cache, Metrics, RunOptions, RunResult, Session, Warmup};
pub use trace::{Trace, TraceBuilder};
