//! Thin wasm-bindgen adapter over cachescope-sim. Configuration crosses as JSON
//! text, bulk data as typed arrays (`Vec<u32>` ↔ `Uint32Array`); every error is
//! a JS `Error` carrying the core's message. No simulation logic lives here.

use cachescope_sim::flash::{run_flash, FlashConfig, FlashRunOutput};
use cachescope_sim::formats::{summarize, LoadOptions, Loader};
use cachescope_sim::generate::{generate, GenConfig};
use cachescope_sim::keys::KeyTable;
use cachescope_sim::policy::{build, BuildCtx};
use cachescope_sim::reproduce;
use cachescope_sim::{RunOptions, Session, Trace};
use serde_json::Value;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

mod analyze;
mod curve;
#[cfg(feature = "js")]
mod own;

fn js_err(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

fn to_json(v: &impl serde::Serialize) -> String {
    serde_json::to_string(v).expect("the core's outputs serialise")
}

fn parse_json(what: &str, text: &str) -> Result<Value, JsError> {
    if text.trim().is_empty() {
        return Ok(Value::Null);
    }
    serde_json::from_str(text).map_err(|e| js_err(format!("invalid {what}: {e}")))
}

/// The catalogue as JSON (`Catalog` in src/core/generated/core.ts): policies,
/// FTLs, cleaning policies, formats, generators, cost presets, device
/// parameters and limits, with every default.
#[wasm_bindgen]
pub fn catalog() -> String {
    cachescope_sim::catalog::catalog_json()
}

/// Reads a hand-written link's query (`?trace=7,0,1&policy=fifo&frames=3`) into
/// JSON `HandLink`; a bad value is left out and named in its `problems`.
#[wasm_bindgen]
pub fn parse_link(query: &str) -> String {
    to_json(&cachescope_sim::link::parse_query(query))
}

/// Cache sizes as typed (`100, 5%`: frames or percentages, commas or spaces,
/// each once) in frames for a trace of `distinct` pages; with no trace
/// (`undefined`), a percentage is an error.
#[wasm_bindgen]
pub fn parse_frames(text: &str, distinct: Option<u32>) -> Result<Vec<u32>, JsError> {
    let frames = cachescope_sim::frames::parse(text, distinct).map_err(|e| match e {
        cachescope_sim::frames::FramesError::Empty(_) => js_err(format!("{e}; e.g. 100, 1000 or 5%")),
        e => js_err(e),
    })?;
    // Frames are at most the frames limit (2^26), so each fits.
    Ok(frames.into_iter().map(|f| f as u32).collect())
}

/// The requests a warm-up typed as `N` or `P%` covers in a trace of `requests`
/// requests (the runner's `--warmup`, read by the core's parser); an error names the warm-up.
#[wasm_bindgen]
pub fn warmup_requests(text: &str, requests: f64) -> Result<f64, JsError> {
    let w = cachescope_sim::Warmup::parse(text).map_err(js_err)?;
    Ok(w.requests(requests as u64) as f64)
}

/// Pages per block the block-aware `policy` groups pages by under its
/// parameters (JSON; its default where they leave it out); undefined for a
/// policy without blocks.
#[wasm_bindgen]
pub fn policy_pages_per_block(policy: &str, params_json: &str) -> Result<Option<f64>, JsError> {
    let params = parse_json(&format!("{policy} parameters"), params_json)?;
    Ok(cachescope_sim::block_sizes::policy_pages_per_block(policy, &params).map(|n| n as f64))
}

/// One sentence per (block policy, flash configuration) whose block sizes
/// differ, as a JSON array. `policies_json`: `[{"id", "params"}]`;
/// `flash_json`: an array of flash configurations (partial `FlashConfig`s).
#[wasm_bindgen]
pub fn block_mismatches(policies_json: &str, flash_json: &str) -> Result<String, JsError> {
    #[derive(serde::Deserialize)]
    struct P {
        id: String,
        #[serde(default)]
        params: Value,
    }
    let policies: Vec<P> = serde_json::from_str(policies_json).map_err(|e| js_err(format!("invalid policies: {e}")))?;
    let flash: Vec<Value> =
        serde_json::from_str(flash_json).map_err(|e| js_err(format!("invalid flash configurations: {e}")))?;
    let policies: Vec<(String, Value)> = policies.into_iter().map(|p| (p.id, p.params)).collect();
    Ok(to_json(&cachescope_sim::block_sizes::mismatches(&policies, &flash)))
}

/// The block (original id / `pages_per_block`) of the page a trace labels
/// `label`; undefined for a label of a device other than the first, or one
/// that names no page.
#[wasm_bindgen]
pub fn block_of_label(label: &str, pages_per_block: f64) -> Option<f64> {
    cachescope_sim::block_sizes::block_of_label(label, pages_per_block as u64).map(|b| b as f64)
}

/// Traps on purpose (a panic aborts the instance, as running out of memory
/// does): the e2e suite's way to exercise the worker's recovery.
#[wasm_bindgen]
pub fn debug_trap(reason: &str) {
    panic!("deliberate trap: {reason}");
}

#[wasm_bindgen]
pub fn core_version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// A trace held in WASM memory; sessions share it without copying.
#[wasm_bindgen]
pub struct WasmTrace {
    pub(crate) inner: Rc<Trace>,
}

#[wasm_bindgen]
impl WasmTrace {
    /// Generates a trace from a `GenConfig` given as JSON.
    pub fn generate(config_json: &str) -> Result<WasmTrace, JsError> {
        let cfg: GenConfig =
            serde_json::from_str(config_json).map_err(|e| js_err(format!("invalid generator: {e}")))?;
        Ok(WasmTrace { inner: Rc::new(generate(&cfg).map_err(js_err)?) })
    }

    /// The workload of a generated Reproduce table (the table as JSON).
    pub fn for_table(table_json: &str) -> Result<WasmTrace, JsError> {
        let t = table_of(table_json)?;
        let trace = reproduce::generated_trace(&t).ok_or_else(|| js_err(format!("{} runs on a file", t.id)))?;
        Ok(WasmTrace { inner: Rc::new(trace.map_err(js_err)?) })
    }

    /// Builds a trace from original page ids and a parallel 0/1 write array.
    pub fn from_pages(pages: Vec<f64>, writes: Vec<u8>) -> Result<WasmTrace, JsError> {
        if pages.len() != writes.len() {
            return Err(js_err("pages and writes differ in length"));
        }
        let mut b = cachescope_sim::TraceBuilder::with_capacity(pages.len());
        for (i, (&p, &w)) in pages.iter().zip(&writes).enumerate() {
            if !(p >= 0.0 && p.fract() == 0.0 && p <= 9_007_199_254_740_991.0) {
                return Err(js_err(format!("request {}: page {p} is not a whole number ≥ 0", i + 1)));
            }
            b.push(p as u64, w != 0).map_err(js_err)?;
        }
        Ok(WasmTrace { inner: Rc::new(b.finish()) })
    }

    /// The trace another worker handed over as its parts (`Trace::from_parts`
    /// checks them): packed requests, each dense page's original id, whether ids
    /// carry devices, a key trace's keys end to end with each key's end, and times.
    pub fn from_parts(
        reqs: Vec<u32>,
        ids: Vec<u64>,
        devices: bool,
        key_bytes: Option<Vec<u8>>,
        key_ends: Option<Vec<u32>>,
        times: Option<Vec<f64>>,
    ) -> Result<WasmTrace, JsError> {
        let keys = match (key_bytes, key_ends) {
            (Some(bytes), Some(ends)) => {
                Some(KeyTable::from_parts(bytes, ends.into_iter().map(|e| e as usize).collect()).map_err(js_err)?)
            }
            (None, None) => None,
            _ => return Err(js_err("trace parts: key bytes and key ends come together")),
        };
        Ok(WasmTrace { inner: Rc::new(Trace::from_parts(reqs, ids, devices, keys, times).map_err(js_err)?) })
    }

    // Where the parts lie in this instance's memory: the worker copies them out
    // through views (`len()` requests, `distinct()` ids), so handing a trace over
    // does not grow the WASM heap by a copy of it (a heap never shrinks).
    pub fn reqs_ptr(&self) -> usize {
        self.inner.reqs.as_ptr() as usize
    }
    pub fn ids_ptr(&self) -> usize {
        self.inner.ids.as_ptr() as usize
    }
    /// Whether ids carry devices above bit 48.
    pub fn devices(&self) -> bool {
        self.inner.devices
    }
    /// A key trace's keys end to end (`key_bytes_len()` bytes); undefined for a numeric trace.
    pub fn key_bytes_ptr(&self) -> Option<usize> {
        self.inner.keys.as_ref().map(|k| k.parts().0.as_ptr() as usize)
    }
    pub fn key_bytes_len(&self) -> usize {
        self.inner.keys.as_ref().map_or(0, |k| k.parts().0.len())
    }
    /// Where each key ends (`distinct()` of them, as u32 in wasm32).
    pub fn key_ends_ptr(&self) -> Option<usize> {
        self.inner.keys.as_ref().map(|k| k.parts().1.as_ptr() as usize)
    }
    /// Each request's time in seconds (`len()` of them), when the load kept them.
    pub fn times_ptr(&self) -> Option<usize> {
        self.inner.times.as_ref().map(|t| t.as_ptr() as usize)
    }

    pub fn len(&self) -> usize {
        self.inner.len()
    }
    pub fn is_empty(&self) -> bool {
        self.inner.is_empty()
    }
    pub fn distinct(&self) -> u32 {
        self.inner.distinct()
    }
    pub fn writes(&self) -> f64 {
        self.inner.writes() as f64
    }
    /// The trace summary (counts, footprint, reuse-distance histogram) as JSON.
    pub fn summary(&self, page_size: f64) -> String {
        let ps = if page_size >= 1.0 { page_size as u64 } else { 4096 };
        serde_json::to_string(&summarize(&self.inner, ps)).expect("summaries serialise")
    }

    /// Packed requests `[start, end)`: dense page id, bit 31 set for a write.
    pub fn requests(&self, start: usize, end: usize) -> Vec<u32> {
        let end = end.min(self.inner.len());
        self.inner.reqs[start.min(end)..end].to_vec()
    }
    /// Requests `[start, end)` taken apart: dense pages and write flags.
    pub fn unpacked(&self, start: usize, end: usize) -> WasmRequests {
        let end = end.min(self.inner.len());
        WasmRequests::from(cachescope_sim::trace::unpack(&self.inner.reqs[start.min(end)..end]))
    }
    /// How people read dense page `dense`: the trace's own id (`vol D · page P` with a device, the key of a key trace).
    pub fn label(&self, dense: u32) -> Result<String, JsError> {
        if dense >= self.inner.distinct() {
            return Err(js_err(format!("no page {dense}: the trace has {} pages", self.inner.distinct())));
        }
        Ok(self.inner.label(dense))
    }
    /// True when the trace names its pages by string keys (key-value and object traces).
    pub fn keyed(&self) -> bool {
        self.inner.keys.is_some()
    }
    /// The dense id of the page the trace calls `label`, or undefined when it has none.
    pub fn dense_of_label(&self, label: &str) -> Option<u32> {
        self.inner.dense_of_label(label)
    }
    /// Packed requests over this trace's pages (an after-cache stream) as a plain
    /// trace's UTF-8 text: ids cross as decimal digits, exact to 2^64 − 1.
    pub fn plain_text(&self, packed: &[u32], header: &str) -> Vec<u8> {
        cachescope_sim::formats::write_plain(&self.inner, packed, header).into_bytes()
    }
}

/// A run of one policy over one trace, advanced in slices by the worker.
#[wasm_bindgen]
pub struct WasmSession {
    inner: Session<Rc<Trace>>,
}

#[wasm_bindgen]
impl WasmSession {
    /// `params_json`: the policy's configuration object (may be empty);
    /// `options_json`: `RunOptions` (cost, buckets, flush, record_stream).
    #[wasm_bindgen(constructor)]
    pub fn new(
        trace: &WasmTrace,
        policy: &str,
        frames: u32,
        params_json: &str,
        options_json: &str,
    ) -> Result<WasmSession, JsError> {
        let params = parse_json(&format!("{policy} parameters"), params_json)?;
        let opts = run_options(options_json)?;
        opts.validate(trace.inner.len() as u64).map_err(js_err)?;
        let t = trace.inner.clone();
        let p = build(policy, frames as usize, &BuildCtx::of(&t), &params).map_err(js_err)?;
        Ok(WasmSession { inner: Session::new(t, p, opts) })
    }

    pub fn advance(&mut self, n: u32) -> Result<u32, JsError> {
        self.inner.advance(n as usize).map(|k| k as u32).map_err(js_err)
    }
    pub fn position(&self) -> usize {
        self.inner.position()
    }
    pub fn done(&self) -> bool {
        self.inner.done()
    }
    pub fn hits(&self) -> f64 {
        self.inner.hits() as f64
    }
    pub fn writebacks(&self) -> f64 {
        self.inner.writebacks() as f64
    }
    /// Serves one request: JSON `StepRecord` (pages as the trace names them), or undefined at the end.
    pub fn step(&mut self) -> Result<Option<String>, JsError> {
        let r = self.inner.step_labeled().map(|r| to_json(&r));
        self.inner.settle().map_err(js_err)?;
        Ok(r)
    }
    /// An exact copy of this run at its current position (a checkpoint).
    pub fn fork(&self) -> WasmSession {
        WasmSession { inner: self.inner.fork() }
    }
    /// The policy's internal state as JSON `Snapshot<string>`: pages as the trace names them.
    pub fn snapshot(&self) -> String {
        to_json(&self.inner.labeled_snapshot())
    }
    /// Ends the run and returns its figures; the session is consumed.
    pub fn finish(self) -> WasmResult {
        WasmResult::from(self.inner.finish())
    }
}

/// A run with no cache, the baseline beside the policies: every request goes to
/// the device (`options_json`: `RunOptions`; the after-cache stream, when
/// asked for, is the trace itself).
#[wasm_bindgen]
pub fn run_without_cache(trace: &WasmTrace, options_json: &str) -> Result<WasmResult, JsError> {
    let opts = run_options(options_json)?;
    opts.validate(trace.inner.len() as u64).map_err(js_err)?;
    Ok(WasmResult::from(cachescope_sim::run_without_cache(&trace.inner, &opts)))
}

fn run_options(json: &str) -> Result<RunOptions, JsError> {
    match parse_json("run options", json)? {
        Value::Null => Ok(RunOptions::default()),
        v => serde_json::from_value(v).map_err(|e| js_err(format!("invalid run options: {e}"))),
    }
}

#[wasm_bindgen]
pub struct WasmResult {
    metrics: String,
    bucket_size: f64,
    bucket_hits: Vec<u32>,
    stream: Option<Vec<u32>>,
}

impl From<cachescope_sim::RunResult> for WasmResult {
    fn from(r: cachescope_sim::RunResult) -> WasmResult {
        WasmResult {
            metrics: to_json(&r.metrics),
            bucket_size: r.bucket_size as f64,
            bucket_hits: r.bucket_hits,
            stream: r.stream,
        }
    }
}

#[wasm_bindgen]
impl WasmResult {
    /// `Metrics` as JSON.
    pub fn metrics(&self) -> String {
        self.metrics.clone()
    }
    pub fn bucket_size(&self) -> f64 {
        self.bucket_size
    }
    pub fn bucket_hits(&self) -> Vec<u32> {
        self.bucket_hits.clone()
    }
    pub fn stream(&self) -> Option<Vec<u32>> {
        self.stream.clone()
    }
    /// The after-cache stream taken apart (dense pages and write flags), when it was kept.
    pub fn stream_unpacked(&self) -> Option<WasmRequests> {
        self.stream.as_deref().map(|s| WasmRequests::from(cachescope_sim::trace::unpack(s)))
    }
}

/// Requests taken apart: each one's dense page, and 1 where it writes.
#[wasm_bindgen]
pub struct WasmRequests {
    inner: cachescope_sim::trace::Unpacked,
}

impl From<cachescope_sim::trace::Unpacked> for WasmRequests {
    fn from(inner: cachescope_sim::trace::Unpacked) -> WasmRequests {
        WasmRequests { inner }
    }
}

#[wasm_bindgen]
impl WasmRequests {
    /// Dense page ids (`Uint32Array`).
    pub fn pages(&self) -> Vec<u32> {
        self.inner.pages.clone()
    }
    /// 1 for a write, 0 for a read (`Uint8Array`).
    pub fn writes(&self) -> Vec<u8> {
        self.inner.writes.clone()
    }
    pub fn len(&self) -> usize {
        self.inner.pages.len()
    }
    pub fn is_empty(&self) -> bool {
        self.inner.pages.is_empty()
    }
}

/// Reads a trace file fed in chunks of any size (the worker slices the File).
#[wasm_bindgen]
pub struct WasmLoader {
    inner: Loader,
}

#[wasm_bindgen]
impl WasmLoader {
    /// `options_json`: `LoadOptions` (format, page_size, strict, csv, …); empty for defaults.
    #[wasm_bindgen(constructor)]
    pub fn new(name: &str, options_json: &str) -> Result<WasmLoader, JsError> {
        let opts: LoadOptions = match parse_json("load options", options_json)? {
            Value::Null => LoadOptions::default(),
            v => serde_json::from_value(v).map_err(|e| js_err(format!("invalid load options: {e}")))?,
        };
        opts.validate().map_err(js_err)?;
        Ok(WasmLoader { inner: Loader::new(name, opts) })
    }

    pub fn size_hint(&mut self, total_bytes: f64) {
        self.inner.size_hint(total_bytes as u64);
    }

    pub fn feed(&mut self, chunk: &[u8]) -> Result<(), JsError> {
        self.inner.feed(chunk).map_err(js_err)
    }

    /// Queues a chunk without decoding it; `pump` decodes it a slice at a time.
    pub fn push(&mut self, chunk: &[u8]) -> Result<(), JsError> {
        self.inner.push(chunk).map_err(js_err)
    }

    /// Decodes and parses about `budget` bytes of what was pushed; true when
    /// all of it is done (after `end_input`, all the decompressor held too).
    pub fn pump(&mut self, budget: u32) -> Result<bool, JsError> {
        self.inner.pump(budget as usize).map_err(js_err)
    }

    /// No more chunks: `pump` then decodes what the decompressor holds (all of a zstd file).
    pub fn end_input(&mut self) {
        self.inner.end_input();
    }

    /// Raw (compressed) bytes decoded so far: the progress through the file.
    pub fn consumed(&self) -> f64 {
        self.inner.consumed() as f64
    }

    /// Bytes after decompression so far.
    pub fn decoded(&self) -> f64 {
        self.inner.decoded() as f64
    }

    /// Requests read so far.
    pub fn requests(&self) -> usize {
        self.inner.requests()
    }

    /// Ends the load; the loader is consumed.
    pub fn finish(self) -> Result<WasmLoaded, JsError> {
        let l = self.inner.finish().map_err(js_err)?;
        let info = to_json(&l.info());
        Ok(WasmLoaded { trace: Some(l.trace), info })
    }
}

#[wasm_bindgen]
pub struct WasmLoaded {
    trace: Option<Trace>,
    info: String,
}

#[wasm_bindgen]
impl WasmLoaded {
    /// `LoadInfo` as JSON: format, detection, line and skip counts.
    pub fn info(&self) -> String {
        self.info.clone()
    }
    /// Moves the trace out (once).
    pub fn take_trace(&mut self) -> Result<WasmTrace, JsError> {
        let t = self.trace.take().ok_or_else(|| js_err("the trace was already taken"))?;
        Ok(WasmTrace { inner: Rc::new(t) })
    }
}

/// Runs a flash configuration (JSON `FlashConfig`) over the trace's own reads and
/// writes, or over an after-cache `stream` (packed requests) when given.
/// Returns JSON `FlashRunOutput`.
#[wasm_bindgen]
pub fn flash_run(trace: &WasmTrace, config_json: &str, stream: Option<Vec<u32>>) -> Result<String, JsError> {
    let cfg = flash_config(config_json)?;
    let r = run_flash(&cfg, &trace.inner, stream.as_deref()).map_err(js_err)?;
    Ok(to_json(&FlashRunOutput { metrics: r.metrics, erase_counts: r.erase_counts }))
}

/// A flash run advanced a slice at a time (the device's fill and aging, then the
/// requests), so the worker sees a Cancel between slices.
#[wasm_bindgen]
pub struct WasmFlashRun {
    run: cachescope_sim::flash::FlashRun,
    trace: Rc<Trace>,
    stream: Option<Vec<u32>>,
}

#[wasm_bindgen]
impl WasmFlashRun {
    /// `config_json`: `FlashConfig`; `stream`: an after-cache stream of `trace`, or its own requests.
    #[wasm_bindgen(constructor)]
    pub fn new(trace: &WasmTrace, config_json: &str, stream: Option<Vec<u32>>) -> Result<WasmFlashRun, JsError> {
        let cfg = flash_config(config_json)?;
        let run = cachescope_sim::flash::FlashRun::new(&cfg, &trace.inner).map_err(js_err)?;
        Ok(WasmFlashRun { run, trace: trace.inner.clone(), stream })
    }

    fn reqs(&self) -> &[u32] {
        self.stream.as_deref().unwrap_or(&self.trace.reqs)
    }

    /// About `budget` more device writes or requests; true at the end.
    pub fn advance(&mut self, budget: u32) -> Result<bool, JsError> {
        let reqs = self.stream.as_deref().unwrap_or(&self.trace.reqs);
        self.run.advance(reqs, budget as u64).map_err(js_err)
    }
    /// Whether the device is still being filled and aged.
    pub fn preparing(&self) -> bool {
        self.run.preparing()
    }
    /// Fill and aging writes plus requests done.
    pub fn done(&self) -> f64 {
        self.run.progress(self.reqs()).0 as f64
    }
    /// Fill and aging writes plus requests in all.
    pub fn total(&self) -> f64 {
        self.run.progress(self.reqs()).1 as f64
    }
    /// JSON `FlashRunOutput`; the run is consumed.
    pub fn finish(self) -> Result<String, JsError> {
        let r = self.run.finish().map_err(js_err)?;
        Ok(to_json(&FlashRunOutput { metrics: r.metrics, erase_counts: r.erase_counts }))
    }
}

/// SHA-256 fed a chunk at a time, so that a file is hashed as it is read: the
/// worker's hash of a file too large to hold whole, and of a link's file in the
/// app's worker (the browser's `crypto.subtle`, faster, needs the whole file in
/// one buffer; `src/worker/describe.ts`).
#[wasm_bindgen]
pub struct WasmSha256 {
    inner: sha2::Sha256,
}

#[wasm_bindgen]
impl WasmSha256 {
    #[wasm_bindgen(constructor)]
    pub fn new() -> WasmSha256 {
        use sha2::Digest;
        WasmSha256 { inner: sha2::Sha256::new() }
    }
    pub fn update(&mut self, chunk: &[u8]) {
        use sha2::Digest;
        self.inner.update(chunk);
    }
    /// The digest as lowercase hex.
    pub fn finish(self) -> String {
        use sha2::Digest;
        self.inner.finalize().iter().map(|b| format!("{b:02x}")).collect()
    }
}

impl Default for WasmSha256 {
    fn default() -> Self {
        Self::new()
    }
}

/// A flash configuration from JSON; the settings it leaves out take the
/// defaults derived from the ones it gives (fill, watermark).
fn flash_config(json: &str) -> Result<FlashConfig, JsError> {
    let v = parse_json("flash configuration", json)?;
    let given = |k: &str| v.get(k).is_some();
    let cfg: FlashConfig = match &v {
        Value::Null => FlashConfig::default(),
        v => serde_json::from_value(v.clone()).map_err(|e| js_err(format!("invalid flash configuration: {e}")))?,
    };
    Ok(cfg.with_derived_defaults(&given))
}

/// A generation the worker advances a slice at a time, so that Cancel is seen
/// between slices; it gives the same trace as `WasmTrace.generate`.
#[wasm_bindgen]
pub struct WasmGenerator {
    inner: cachescope_sim::generate::Generator,
}

#[wasm_bindgen]
impl WasmGenerator {
    #[wasm_bindgen(constructor)]
    pub fn new(config_json: &str) -> Result<WasmGenerator, JsError> {
        let cfg: GenConfig =
            serde_json::from_str(config_json).map_err(|e| js_err(format!("invalid generator: {e}")))?;
        Ok(WasmGenerator { inner: cachescope_sim::generate::Generator::new(&cfg).map_err(js_err)? })
    }
    /// Generates up to `n` more requests; true once the trace is complete.
    pub fn advance(&mut self, n: f64) -> Result<bool, JsError> {
        self.inner.advance(n as u64).map_err(js_err)
    }
    pub fn done(&self) -> f64 {
        self.inner.done() as f64
    }
    pub fn total(&self) -> f64 {
        self.inner.total() as f64
    }
    pub fn finish(self) -> WasmTrace {
        WasmTrace { inner: Rc::new(self.inner.finish()) }
    }
}

// ---- Reproduce: the papers' tables beside the computed numbers -------------

fn table_of(json: &str) -> Result<cachescope_sim::papers::Table, JsError> {
    serde_json::from_str(json).map_err(|e| js_err(format!("invalid reproduce table: {e}")))
}

/// The value of one cell of a Reproduce table (the table as JSON, as the page
/// shows it) on `trace`.
#[wasm_bindgen]
pub fn reproduce_cell(trace: &WasmTrace, table_json: &str, row: u32, col: u32) -> Result<f64, JsError> {
    reproduce::cell(&table_of(table_json)?, &trace.inner, row as usize, col as usize).map_err(js_err)
}

/// How `trace` differs from the documented trace of a table: a JSON array of sentences.
#[wasm_bindgen]
pub fn reproduce_check(trace: &WasmTrace, table_json: &str) -> Result<String, JsError> {
    Ok(to_json(&reproduce::check_input(&table_of(table_json)?, &trace.inner)))
}

// ---- Explorer: a flash device stepped one host request at a time ------------

/// A flash configuration served the trace's own reads and writes one request
/// at a time (logical pages are the trace's original ids), for the explorer.
/// Going back means building a new one and advancing: it is deterministic.
#[wasm_bindgen]
pub struct WasmFlashSession {
    inner: cachescope_sim::flash::Session<Rc<Trace>>,
}

#[wasm_bindgen]
impl WasmFlashSession {
    #[wasm_bindgen(constructor)]
    pub fn new(trace: &WasmTrace, config_json: &str) -> Result<WasmFlashSession, JsError> {
        let cfg = flash_config(config_json)?;
        Ok(WasmFlashSession { inner: cachescope_sim::flash::Session::new(trace.inner.clone(), &cfg).map_err(js_err)? })
    }

    /// Serves up to `n` requests without recording; returns how many.
    pub fn advance(&mut self, n: u32) -> Result<u32, JsError> {
        Ok(self.inner.advance(n as usize).map_err(js_err)? as u32)
    }
    /// Serves one request: JSON `FlashStep`, or undefined at the end.
    pub fn step(&mut self) -> Result<Option<String>, JsError> {
        Ok(self.inner.step().map_err(js_err)?.map(|s| to_json(&s)))
    }
    pub fn position(&self) -> usize {
        self.inner.position()
    }
    /// The `FlashSnapshot` as JSON (the per-page states are `page_states`);
    /// `selected` is a logical page (original id) to locate.
    pub fn snapshot(&self, selected: Option<u32>) -> String {
        to_json(&self.inner.snapshot(selected))
    }
    /// `FlashMetrics` of the requests served so far, as JSON.
    pub fn metrics(&self) -> String {
        to_json(&self.inner.metrics())
    }
    /// The logical page (the trace's own id) each physical page holds, block after
    /// block; 4294967295 where none. Read with `page_states` (an invalid page still
    /// names the page it held).
    pub fn page_owners(&self) -> Vec<u32> {
        self.inner.owners().to_vec()
    }
    /// Every physical page's state, block after block: 0 free, 1 valid, 2 invalid.
    pub fn page_states(&self) -> Vec<u8> {
        self.inner.page_states().to_vec()
    }
}
