//! `cachescope._core`: the cachescope core for Python. Configuration crosses as
//! JSON text and bulk data as bytes (little-endian arrays the Python side views
//! with NumPy); every error of the core is a `ValueError` carrying the runner's
//! message. Long calls release the GIL. No simulation logic lives here.

use cachescope_sim::flags;
use cachescope_sim::flash::{run_flash, FlashConfig};
use cachescope_sim::formats::{LoadOptions, Loader};
use cachescope_sim::mrc::Sampling;
use cachescope_sim::policy::{build, BuildCtx};
use cachescope_sim::spec::parse_generator;
use cachescope_sim::streamed::{run_streamed, StreamedCell};
use cachescope_sim::{RunOptions, Session, SimError, Trace as CoreTrace, TraceBuilder};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use serde_json::{json, Value};
use std::io::Read;
use std::sync::Arc;

mod own;

pub(crate) fn bad(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

pub(crate) fn parse(what: &str, text: &str) -> PyResult<Value> {
    if text.trim().is_empty() {
        return Ok(Value::Null);
    }
    serde_json::from_str(text).map_err(|e| bad(format!("invalid {what}: {e}")))
}

/// A trace held by the core: dense ids, the trace's own ids beside them.
#[pyclass(frozen, module = "cachescope._core")]
pub struct Trace {
    inner: Arc<CoreTrace>,
    #[pyo3(get)]
    source: String,
    #[pyo3(get)]
    format: Option<String>,
    #[pyo3(get)]
    skipped: u64,
    /// What the load report says of how the file was read (a key trace: what is not modelled).
    #[pyo3(get)]
    notes: Vec<String>,
}

#[pymethods]
impl Trace {
    fn __len__(&self) -> usize {
        self.inner.len()
    }
    #[getter]
    fn distinct(&self) -> u32 {
        self.inner.distinct()
    }
    #[getter]
    fn writes(&self) -> u64 {
        self.inner.writes()
    }
    /// True when the trace names its pages by string keys (then `steps` shows the keys).
    #[getter]
    fn keys(&self) -> bool {
        self.inner.keys.is_some()
    }

    /// Whether the trace holds each request's time (loaded with `timestamps=True`).
    #[getter]
    fn has_times(&self) -> bool {
        self.inner.times.is_some()
    }

    /// The page of every request as the trace names it: u64 little-endian bytes.
    fn pages_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        let t = &self.inner;
        let out: Vec<u8> = t
            .reqs
            .iter()
            .flat_map(|&r| t.ids[cachescope_sim::trace::page_of(r) as usize].to_le_bytes())
            .collect();
        PyBytes::new(py, &out)
    }
    /// 1 for each write request, 0 for a read.
    fn writes_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        let out: Vec<u8> = self
            .inner
            .reqs
            .iter()
            .map(|&r| cachescope_sim::trace::is_write(r) as u8)
            .collect();
        PyBytes::new(py, &out)
    }
    fn describe(&self) -> String {
        json!({"source": self.source, "format": self.format, "requests": self.inner.len(),
               "distinct": self.inner.distinct(), "writes": self.inner.writes(), "skipped": self.skipped,
               "keys": self.inner.keys.is_some(), "notes": self.notes})
        .to_string()
    }
}

fn trace(inner: CoreTrace, source: String, format: Option<String>, skipped: u64) -> Trace {
    Trace {
        inner: Arc::new(inner),
        source,
        format,
        skipped,
        notes: Vec::new(),
    }
}

/// The load options of a file, as the runner's `--format`, `--csv`, `--page-size` and `--lenient` give them.
fn load_options(
    path: &str,
    format: Option<&str>,
    csv: Option<&str>,
    page_size: Option<u64>,
    lenient: bool,
) -> PyResult<LoadOptions> {
    let mut head = || {
        let mut head = vec![0u8; 64 << 10];
        let n = std::fs::File::open(path)
            .and_then(|mut f| f.read(&mut head))
            .map_err(|e| SimError::Input(format!("{path}: {e}")))?;
        head.truncate(n);
        Ok(head)
    };
    flags::load_options_as(format, csv, page_size, lenient, &mut head, &flags::PYTHON).map_err(bad)
}

/// Cache sizes as the runner's `--frames` takes them (`100,5%`), resolved against `distinct` pages.
#[pyfunction]
fn frames(spec: &str, distinct: u32) -> PyResult<Vec<usize>> {
    Ok(cachescope_sim::frames::resolve(
        &flags::parse_frames_as(spec, &flags::PYTHON).map_err(bad)?,
        distinct,
    ))
}

/// Python's signal handlers, run between slices of a long call whose GIL is
/// released (a 1 MiB chunk of a file, 2^18 requests of a run): Ctrl-C stops the
/// call within a slice, and the `KeyboardInterrupt` is kept to be raised.
#[derive(Default)]
struct Signals(Option<PyErr>);

impl Signals {
    /// False once a handler raised (the call should stop).
    fn go_on(&mut self) -> bool {
        match Python::with_gil(|py| py.check_signals()) {
            Ok(()) => true,
            Err(e) => {
                self.0 = Some(e);
                false
            }
        }
    }
    /// The handler's exception if one stopped the call, else `e` as a ValueError.
    fn or(&mut self, e: impl std::fmt::Display) -> PyErr {
        self.0.take().unwrap_or_else(|| bad(e))
    }
}

/// Refuses parameters given for a policy that is not run (`params` names a policy not among `policies`).
#[pyfunction]
fn params_among(params: Vec<String>, policies: Vec<String>) -> PyResult<()> {
    flags::params_among(params.iter().map(String::as_str), &policies, &flags::PYTHON).map_err(bad)
}

fn file_name(path: &str) -> String {
    std::path::Path::new(path)
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or(path)
        .to_string()
}

/// Decodes what was pushed to `loader` (after `end_input`, what the decompressor
/// holds too), checking for Ctrl-C between slices of 4 MiB of decoded bytes.
fn pump(loader: &mut Loader, signals: &mut Signals, path: &str) -> PyResult<()> {
    while !loader
        .pump(4 << 20)
        .map_err(|e| bad(format!("{path}: {e}")))?
    {
        if !signals.go_on() {
            return Err(signals.or(""));
        }
    }
    Ok(())
}

/// Loads a trace file in any supported format (`.gz` and `.zst` included);
/// `timestamps` keeps each request's time when the format has a time field.
#[pyfunction]
#[pyo3(signature = (path, format=None, csv=None, page_size=None, lenient=false, timestamps=false))]
fn load(
    py: Python<'_>,
    path: String,
    format: Option<String>,
    csv: Option<String>,
    page_size: Option<u64>,
    lenient: bool,
    timestamps: bool,
) -> PyResult<Trace> {
    let opts = LoadOptions {
        timestamps,
        ..load_options(&path, format.as_deref(), csv.as_deref(), page_size, lenient)?
    };
    py.allow_threads(|| {
        let mut file = std::fs::File::open(&path).map_err(|e| bad(format!("{path}: {e}")))?;
        let mut loader = Loader::new(&file_name(&path), opts);
        if let Ok(m) = file.metadata() {
            loader.size_hint(m.len());
        }
        let mut buf = vec![0u8; 1 << 20];
        let mut signals = Signals::default();
        loop {
            if !signals.go_on() {
                return Err(signals.or(""));
            }
            let n = file
                .read(&mut buf)
                .map_err(|e| bad(format!("{path}: {e}")))?;
            if n == 0 {
                break;
            }
            // Decoded a slice at a time: a few compressed bytes may inflate to gigabytes.
            loader
                .push(&buf[..n])
                .map_err(|e| bad(format!("{path}: {e}")))?;
            pump(&mut loader, &mut signals, &path)?;
        }
        loader.end_input();
        pump(&mut loader, &mut signals, &path)?;
        let l = loader.finish().map_err(|e| bad(format!("{path}: {e}")))?;
        let fmt = format!(
            "{}{}",
            l.format.id(),
            if l.detected { " (detected)" } else { "" }
        );
        let notes = l.notes();
        Ok(Trace {
            notes,
            ..trace(l.trace, path.clone(), Some(fmt), l.skipped)
        })
    })
}

/// A trace from page ids (u64 little-endian bytes) and a write mask (one byte per request, or empty).
#[pyfunction]
fn from_pages(py: Python<'_>, pages: &[u8], writes: &[u8]) -> PyResult<Trace> {
    if !pages.len().is_multiple_of(8) {
        return Err(bad("pages must be 64-bit integers"));
    }
    let n = pages.len() / 8;
    if !writes.is_empty() && writes.len() != n {
        return Err(bad(format!(
            "the write mask has {} entries for {n} pages",
            writes.len()
        )));
    }
    py.allow_threads(|| {
        let mut b = TraceBuilder::with_capacity(n);
        for (i, c) in pages.chunks_exact(8).enumerate() {
            let id = u64::from_le_bytes(c.try_into().expect("8 bytes"));
            b.push(id, writes.get(i).is_some_and(|&w| w != 0))
                .map_err(|e| bad(format!("request {}: {e}", i + 1)))?;
        }
        Ok(trace(b.finish(), "array".into(), None, 0))
    })
}

/// A generated trace from the runner's `--generate` syntax (`zipf:pages=1000,alpha=1,length=10000`).
#[pyfunction]
fn generate(py: Python<'_>, spec: String) -> PyResult<Trace> {
    let cfg = parse_generator(&spec).map_err(bad)?;
    py.allow_threads(|| {
        let t = cachescope_sim::generate::generate(&cfg).map_err(bad)?;
        Ok(trace(t, format!("generate:{spec}"), None, 0))
    })
}

#[pyfunction]
fn catalog_json() -> String {
    cachescope_sim::catalog::catalog_json()
}

fn run_options(options_json: &str) -> PyResult<RunOptions> {
    match parse("run options", options_json)? {
        Value::Null => Ok(RunOptions::default()),
        v => serde_json::from_value(v).map_err(|e| bad(format!("invalid run options: {e}"))),
    }
}

/// The trace analysis (`cachescope_sim::analyze`) as JSON; `window` 0 for a
/// hundredth of the trace; `sample` a rate for sampled stack distances.
#[pyfunction]
#[pyo3(signature = (trace, window=0, sample=None))]
fn analyze(py: Python<'_>, trace: &Trace, window: u64, sample: Option<f64>) -> PyResult<String> {
    let t = trace.inner.clone();
    py.allow_threads(move || {
        let opts = cachescope_sim::analyze::AnalyzeOptions {
            window,
            stack_distances: true,
            sample,
        };
        let a = cachescope_sim::analyze::analyze(&t, &opts).map_err(bad)?;
        Ok(serde_json::to_string(&a).expect("an analysis serialises"))
    })
}

/// One (policy, frames) run: the runner's JSON row, with a `flash` object when a device is given.
#[pyfunction]
#[pyo3(signature = (trace, policy, frames, params_json, options_json, flash_json=None))]
fn run_cell(
    py: Python<'_>,
    trace: &Trace,
    policy: String,
    frames: usize,
    params_json: String,
    options_json: String,
    flash_json: Option<String>,
) -> PyResult<String> {
    let params = parse(&format!("{policy} parameters"), &params_json)?;
    let mut opts = run_options(&options_json)?;
    let flash: Option<FlashConfig> = match flash_json {
        Some(j) => {
            let v = parse("flash configuration", &j)?;
            let given: Vec<String> = v
                .as_object()
                .map_or_else(Vec::new, |o| o.keys().cloned().collect());
            let f: FlashConfig = serde_json::from_value(v)
                .map_err(|e| bad(format!("invalid flash configuration: {e}")))?;
            // Defaults that follow other settings (the fill, the watermark) follow them as the runner's flags do.
            let f = f.with_derived_defaults(&|k| given.iter().any(|g| g == k));
            cachescope_sim::flash::FlashSim::new(&f).map_err(bad)?;
            Some(f)
        }
        None => None,
    };
    opts.buckets = 1;
    opts.record_stream = flash.is_some();
    opts.validate(trace.inner.len() as u64).map_err(bad)?;
    let t = trace.inner.clone();
    let python = own::is_python(&policy);
    own::maybe_allow_threads(py, python, move || {
        let p = build(&policy, frames, &BuildCtx::of(&t), &params).map_err(bad)?;
        let mut signals = Signals::default();
        let r = cachescope_sim::run(&t, p, &opts, &mut |_, _| signals.go_on())
            .map_err(|e| signals.or(e))?;
        let mut row = flags::result_row(&policy, &params, frames, &r.metrics);
        if opts.interval_requests() > 0 {
            row["intervals"] = flags::intervals(&r);
        }
        if let Some(f) = &flash {
            let fr = run_flash(f, &t, r.stream.as_deref()).map_err(bad)?;
            row["flash"] = serde_json::to_value(&fr.metrics).expect("metrics serialise");
        }
        Ok(row.to_string())
    })
}

/// A policy's miss-ratio curve (JSON `Curve`): `sizes` empty gives the default 50.
#[pyfunction]
#[pyo3(signature = (trace, policy, params_json, sizes, sampling_json, options_json))]
fn curve(
    py: Python<'_>,
    trace: &Trace,
    policy: String,
    params_json: String,
    sizes: Vec<usize>,
    sampling_json: String,
    options_json: String,
) -> PyResult<String> {
    let params = parse(&format!("{policy} parameters"), &params_json)?;
    let sampling = Sampling::from_json(&parse("curve options", &sampling_json)?).map_err(bad)?;
    let opts = run_options(&options_json)?;
    let t = trace.inner.clone();
    let python = own::is_python(&policy);
    own::maybe_allow_threads(py, python, move || {
        let given = (!sizes.is_empty()).then_some(&sizes[..]);
        let c = cachescope_sim::mrc::curve(&t, &policy, &params, given, sampling, &opts)
            .map_err(bad)?;
        Ok(serde_json::to_string(&c).expect("curves serialise"))
    })
}

/// A file streamed twice in chunks (every policy but OPT): the rows of every
/// (policy, size), sizes as `--frames` takes them, and the trace's figures.
#[pyfunction]
#[pyo3(signature = (path, policies_json, sizes, options_json, format=None, csv=None, page_size=None, lenient=false))]
#[allow(clippy::too_many_arguments)]
fn stream(
    py: Python<'_>,
    path: String,
    policies_json: String,
    sizes: String,
    options_json: String,
    format: Option<String>,
    csv: Option<String>,
    page_size: Option<u64>,
    lenient: bool,
) -> PyResult<String> {
    let opts = load_options(&path, format.as_deref(), csv.as_deref(), page_size, lenient)?;
    let run = run_options(&options_json)?;
    // [policy, params] pairs.
    let policies: Vec<(String, Value)> =
        serde_json::from_str(&policies_json).map_err(|e| bad(format!("invalid policies: {e}")))?;
    let sizes = flags::parse_frames_as(&sizes, &flags::PYTHON).map_err(bad)?;
    py.allow_threads(move || {
        let mut open = || -> Result<Box<dyn Read>, SimError> {
            Ok(Box::new(std::fs::File::open(&path).map_err(|e| SimError::Input(format!("{path}: {e}")))?))
        };
        let mut make = |distinct: u32| {
            policies
                .iter()
                .flat_map(|(p, params)| {
                    cachescope_sim::frames::resolve(&sizes, distinct)
                        .into_iter()
                        .map(move |frames| StreamedCell { policy: p.clone(), frames, params: params.clone() })
                })
                .collect()
        };
        let (cells, s) = run_streamed(&file_name(&path), &opts, &mut open, &mut make, &run).map_err(bad)?;
        let rows: Vec<Value> = cells
            .iter()
            .zip(&s.metrics)
            .map(|(c, m)| flags::result_row(&c.policy, &c.params, c.frames, m))
            .collect();
        Ok(json!({"results": rows, "trace": {"requests": s.requests, "distinct": s.distinct, "writes": s.writes}}).to_string())
    })
}

/// A run served one request at a time: each step's record and the snapshot after it, pages named as the trace names them.
#[pyclass(unsendable, module = "cachescope._core")]
pub struct Steps {
    session: Session<Arc<CoreTrace>>,
}

#[pymethods]
impl Steps {
    #[new]
    #[pyo3(signature = (trace, policy, frames, params_json, collapse_repeats=false))]
    fn new(
        trace: &Trace,
        policy: String,
        frames: usize,
        params_json: String,
        collapse_repeats: bool,
    ) -> PyResult<Steps> {
        let params = parse(&format!("{policy} parameters"), &params_json)?;
        let t = trace.inner.clone();
        let p = build(&policy, frames, &BuildCtx::of(&t), &params).map_err(bad)?;
        let opts = RunOptions {
            collapse_repeats,
            ..RunOptions::default()
        };
        Ok(Steps {
            session: Session::new(t, p, opts),
        })
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// JSON: `{position, request: {page, write}, hit, events, snapshot}`.
    fn __next__(&mut self) -> Option<String> {
        let pos = self.session.position();
        let t = self.session.trace();
        let r = *t.reqs.get(pos)?;
        let request = json!({"page": t.label(cachescope_sim::trace::page_of(r)), "write": cachescope_sim::trace::is_write(r)});
        let step = self.session.step_labeled()?;
        Some(
            json!({"position": pos + 1, "request": request, "hit": step.hit, "events": step.events,
                   "snapshot": self.session.labeled_snapshot()})
            .to_string(),
        )
    }
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Trace>()?;
    m.add_class::<Steps>()?;
    m.add_function(wrap_pyfunction!(load, m)?)?;
    m.add_function(wrap_pyfunction!(from_pages, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(catalog_json, m)?)?;
    m.add_function(wrap_pyfunction!(run_cell, m)?)?;
    m.add_function(wrap_pyfunction!(curve, m)?)?;
    m.add_function(wrap_pyfunction!(stream, m)?)?;
    m.add_function(wrap_pyfunction!(frames, m)?)?;
    m.add_function(wrap_pyfunction!(params_among, m)?)?;
    m.add_function(wrap_pyfunction!(analyze, m)?)?;
    m.add_function(wrap_pyfunction!(own::define_class, m)?)?;
    m.add_function(wrap_pyfunction!(own::define_js, m)?)?;
    m.add_function(wrap_pyfunction!(own::check, m)?)?;
    m.add_function(wrap_pyfunction!(own::user_policies_json, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
