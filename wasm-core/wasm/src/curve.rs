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
    /// `sizes`: frames of each point (empty: the default 50); `sample_pages`: the base sample (0: full runs).
    #[wasm_bindgen(constructor)]
    pub fn new(
        trace: &WasmTrace,
        policy: &str,
        params_json: &str,
        sizes: Vec<u32>,
        sample_pages: u32,
    ) -> Result<WasmCurvePlan, JsError> {
        let params = parse_json(&format!("{policy} parameters"), params_json)?;
        let sizes: Vec<usize> = sizes.iter().map(|&s| s as usize).collect();
        let given = (!sizes.is_empty()).then_some(&sizes[..]);
        let inner =
            Plan::new(trace.inner.clone(), policy, &params, given, Sampling::pages(sample_pages)).map_err(js_err)?;
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
    /// The stack pass's points, flat: index, miss ratio, index, miss ratio, …
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
    /// The curve (JSON `Curve`) from every job's flat points.
    pub fn assemble(&self, points: Vec<f64>) -> String {
        let pts: Vec<(usize, f64)> = points.chunks_exact(2).map(|p| (p[0] as usize, p[1])).collect();
        crate::to_json(&self.inner.assemble(&pts))
    }
}

fn flat(points: Vec<(usize, f64)>) -> Vec<f64> {
    points.into_iter().flat_map(|(i, m)| [i as f64, m]).collect()
}

#[wasm_bindgen]
pub struct WasmCurveJob {
    inner: Option<JobRun<Rc<Trace>>>,
}

#[wasm_bindgen]
impl WasmCurveJob {
    pub fn advance(&mut self, n: u32) -> u32 {
        self.inner.as_mut().map_or(0, |r| r.session.advance(n as usize) as u32)
    }
    pub fn done(&self) -> bool {
        self.inner.as_ref().is_none_or(|r| r.session.done())
    }
    pub fn position(&self) -> usize {
        self.inner.as_ref().map_or(0, |r| r.session.position())
    }
    pub fn len(&self) -> usize {
        self.inner.as_ref().map_or(0, |r| r.session.len())
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The job's point, flat (index, miss ratio); empty once taken.
    pub fn finish(&mut self) -> Vec<f64> {
        self.inner.take().map_or_else(Vec::new, |r| flat(vec![r.finish()]))
    }
}
