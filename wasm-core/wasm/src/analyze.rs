//! The trace analysis for the worker: the core's `Analyzer` over the loaded trace,
//! advanced a slice of requests at a time (so the worker shows progress and sees a
//! Cancel), its result as JSON `Analysis`.

use crate::{js_err, WasmTrace};
use cachescope_sim::analyze::{AnalyzeOptions, Analyzer};
use cachescope_sim::Trace;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
pub struct WasmAnalyzer {
    inner: Option<Analyzer<Rc<Trace>>>,
}

#[wasm_bindgen]
impl WasmAnalyzer {
    /// `window`: requests per window (0: a hundredth of the trace).
    #[wasm_bindgen(constructor)]
    pub fn new(trace: &WasmTrace, window: f64) -> Result<WasmAnalyzer, JsError> {
        if !(window >= 0.0 && window.fract() == 0.0) {
            return Err(js_err(format!("window: {window} is not a whole number of requests")));
        }
        let opts = AnalyzeOptions { window: window as u64, stack_distances: true, sample: None };
        Ok(WasmAnalyzer { inner: Some(Analyzer::new(trace.inner.clone(), &opts).map_err(js_err)?) })
    }
    /// Analyses up to `n` more requests; true once the whole trace is.
    pub fn advance(&mut self, n: u32) -> bool {
        self.inner.as_mut().is_none_or(|a| a.advance(n as usize))
    }
    pub fn position(&self) -> usize {
        self.inner.as_ref().map_or(0, |a| a.position())
    }
    pub fn len(&self) -> usize {
        self.inner.as_ref().map_or(0, |a| a.len())
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The analysis as JSON (`Analysis`); an error once taken.
    pub fn finish(&mut self) -> Result<String, JsError> {
        let a = self.inner.take().ok_or_else(|| js_err("the analysis was already taken"))?;
        Ok(crate::to_json(&a.finish()))
    }
}
