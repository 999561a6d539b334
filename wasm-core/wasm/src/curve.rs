//! Miss-ratio curves for the worker: a plan's jobs, each advanced in slices
//! like an ordinary run, so a worker answers Cancel between slices and a pool
//! of workers can share a curve's jobs.

use crate::{js_err, parse_json, WasmTrace};
use cachescope_sim::mrc::{JobRun, Plan, Sampling};
use cachescope_sim::{RunOptions, Trace};
use serde_json::Value;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
pub struct WasmCurvePlan {
    inner: Plan<Rc<Trace>>,
}

#[wasm_bindgen]
impl WasmCurvePlan {
    /// `sizes`: frames of each point (empty: the default 50); `sampling_json`: the curve options (`mrc::OPTIONS`; null: defaults).
    #[wasm_bindgen(constructor)]
    pub fn new(
        trace: &WasmTrace,
        policy: &str,
        params_json: &str,
        sizes: Vec<u32>,
        sampling_json: &str,
    ) -> Result<WasmCurvePlan, JsError> {
        let sampling = Sampling::from_json(&parse_json("curve options", sampling_json)?).map_err(js_err)?;
        let params = parse_json(&format!("{policy} parameters"), params_json)?;
        let sizes: Vec<usize> = sizes.iter().map(|&s| s as usize).collect();
        let given = (!sizes.is_empty()).then_some(&sizes[..]);
        let inner = Plan::new(trace.inner.clone(), policy, &params, given, sampling).map_err(js_err)?;
        Ok(WasmCurvePlan { inner })
    }

    pub fn jobs(&self) -> usize {
        self.inner.jobs()
    }
    /// About how many requests job `j` simulates.
    pub fn work(&self, j: usize) -> f64 {
        self.inner.work(j) as f64
    }
    pub fn is_stack(&self, j: usize) -> bool {
        self.inner.is_stack(j)
    }
    /// The stack pass's points, flat: index, miss ratio, error, index, miss ratio, error, …
    pub fn stack_points(&self) -> Vec<f64> {
        flat(self.inner.stack_points())
    }
    /// Starts job `j` (not the stack pass); `options_json`: `RunOptions`.
    pub fn start(&self, j: usize, options_json: &str) -> Result<WasmCurveJob, JsError> {
        let opts: RunOptions = match parse_json("run options", options_json)? {
            Value::Null => RunOptions::default(),
            v => serde_json::from_value(v).map_err(|e| js_err(format!("invalid run options: {e}")))?,
        };
        Ok(WasmCurveJob { inner: Some(self.inner.start(j, &opts).map_err(js_err)?) })
    }
    /// Which size job `j` computes (none for the stack pass, which computes all).
    pub fn size_of(&self, j: usize) -> Option<usize> {
        self.inner.size_of(j)
    }
    /// The curve (JSON `Curve`) from every job's flat points (index, miss ratio, error).
    pub fn assemble(&self, points: Vec<f64>) -> String {
        let pts: Vec<(usize, f64, f64)> = points.chunks_exact(3).map(|p| (p[0] as usize, p[1], p[2])).collect();
        crate::to_json(&self.inner.assemble(&pts))
    }
}

fn flat(points: Vec<(usize, f64, f64)>) -> Vec<f64> {
    points.into_iter().flat_map(|(i, m, e)| [i as f64, m, e]).collect()
}

#[wasm_bindgen]
pub struct WasmCurveJob {
    inner: Option<JobRun<Rc<Trace>>>,
}

#[wasm_bindgen]
impl WasmCurveJob {
    pub fn advance(&mut self, n: u32) -> Result<u32, JsError> {
        match self.inner.as_mut() {
            Some(r) => r.advance(n as usize).map(|k| k as u32).map_err(js_err),
            None => Ok(0),
        }
    }
    pub fn done(&self) -> bool {
        self.inner.as_ref().is_none_or(|r| r.done())
    }
    pub fn position(&self) -> usize {
        self.inner.as_ref().map_or(0, |r| r.position())
    }
    pub fn len(&self) -> usize {
        self.inner.as_ref().map_or(0, |r| r.len())
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The job's point, flat (index, miss ratio, error); empty once taken.
    pub fn finish(&mut self) -> Vec<f64> {
        self.inner.take().map_or_else(Vec::new, |r| flat(vec![r.finish()]))
    }
}
