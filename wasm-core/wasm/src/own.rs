//! Policies written in JavaScript, in the build with the `js` feature
//! (`src/wasm-pkg-js/`): the worker loads it instead of the plain core the first time
//! a page uses such a policy. It is the whole core plus QuickJS-ng (rquickjs), the
//! same engine and version as the runner's and Python's, so a source gives the same
//! numbers everywhere.

use crate::{js_err, to_json, WasmTrace};
use cachescope_js::JsSource;
use cachescope_sim::catalog::policy_doc;
use cachescope_sim::check::{CheckTrace, Checker};
use cachescope_sim::policy::user;
use serde_json::{json, Value};
use std::sync::Arc;
use wasm_bindgen::prelude::*;

/// Defines (or redefines) the policy `name` from its JavaScript `source`, beside the
/// built-ins: runs, curves, batches and the explorer then take it by name. Returns JSON
/// `{ policy: PolicyDoc, sha256 }`: its catalogue entry (parameters it declares, with
/// defaults) and the source's SHA-256. A source that does not compile, a name that
/// shadows a built-in: an error with the core's message.
#[wasm_bindgen]
pub fn define_js(name: &str, source: &str) -> Result<String, JsError> {
    let js = JsSource::new(name, source).map_err(js_err)?;
    let sha256 = js.sha256().to_string();
    let entry = user::define(Arc::new(js)).map_err(js_err)?;
    let (_, _, defaults) = user::lookup(name).expect("a policy just defined");
    Ok(json!({ "policy": policy_doc(entry, &defaults), "sha256": sha256 }).to_string())
}

/// Forgets the user policy `name` (nothing if there is none).
#[wasm_bindgen]
pub fn forget(name: &str) {
    user::forget(name);
}

fn params_of(what: &str, json: &str) -> Result<Value, JsError> {
    crate::parse_json(&format!("{what} parameters"), json)
}

/// *Check against*: `policy` and `reference` side by side on `trace` at `sizes`, then on
/// the core's generated suite, advanced a slice at a time (`advance`) so that the worker
/// shows progress and a Cancel arrives between slices; `report` is the JSON
/// `CheckReport` with the first request where their decisions differ, if any.
#[wasm_bindgen]
pub struct WasmCheck {
    inner: Checker<'static>,
}

#[wasm_bindgen]
impl WasmCheck {
    #[wasm_bindgen(constructor)]
    pub fn new(
        trace: &WasmTrace,
        sizes: Vec<u32>,
        policy: &str,
        params_json: &str,
        reference: &str,
        reference_params_json: &str,
    ) -> Result<WasmCheck, JsError> {
        let params = params_of(policy, params_json)?;
        let ref_params = params_of(reference, reference_params_json)?;
        let sizes: Vec<usize> = sizes.into_iter().map(|f| f as usize).collect();
        let current = Some((CheckTrace::Shared(trace.inner.clone()), sizes));
        Ok(WasmCheck { inner: Checker::new(current, (policy, &params), (reference, &ref_params)) })
    }
    /// Every trace gets its verdict: a difference ends its trace, not the check (an exercise's).
    pub fn set_every_trace(&mut self, on: bool) {
        self.inner.set_every_trace(on);
    }
    /// Compares about `budget` more requests of each policy; true once the check is over.
    pub fn advance(&mut self, budget: f64) -> Result<bool, JsError> {
        self.inner.advance(budget as u64).map_err(js_err)
    }
    /// Cases begun so far, and in all.
    pub fn cases(&self) -> u32 {
        self.inner.cases() as u32
    }
    pub fn total_cases(&self) -> u32 {
        self.inner.total_cases() as u32
    }
    pub fn report(&self) -> String {
        to_json(self.inner.report())
    }
}

/// The clock QuickJS's wasm shim asks the host for (`env.__rquickjs_host_now_us`):
/// defined here, so the module imports nothing but wasm-bindgen's glue. The sandbox has
/// no clock (`Date` is removed), so it reads 0.
#[no_mangle]
pub extern "C" fn __rquickjs_host_now_us() -> f64 {
    0.0
}
