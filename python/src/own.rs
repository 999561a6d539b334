//! Policies written by the user, for Python: a subclass of `cachescope.Policy`
//! (its methods called by the core's loop, batched: the GIL is taken once per
//! batch of hits and inserts) or a JavaScript file (`cs.policy_file`), defined in
//! the core under a name so that every function runs them as built-ins.
//!
//! Python code cannot be stopped by an operation budget as JavaScript is; a call
//! that runs past [`SECONDS`] gets a `TimeoutError` raised in it by a watchdog
//! thread, and the run stops with `NAME: METHOD ran past its budget …`.

use cachescope_sim::describe::Param;
use cachescope_sim::policy::user::{
    self, intern, Failure, Hooks, Method, PageValue, Returned, UserSource, INSERT, WRITE,
};
use pyo3::exceptions::PyTimeoutError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use serde_json::Value;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// Seconds one call into a user's Python may take.
pub const SECONDS: u64 = 5;

pyo3::create_exception!(
    cachescope,
    BudgetExceeded,
    PyTimeoutError,
    "A call into a user's policy ran past its budget."
);

/// Runs `f` with the GIL released, unless `policy` is written in Python: its calls
/// take the GIL anyway, and taking it back once per batch cost more than the batch
/// (a handoff each time; 8 s instead of 1.5 s for a million requests).
pub fn maybe_allow_threads<T: Send>(
    py: Python<'_>,
    python: bool,
    f: impl FnOnce() -> T + Send,
) -> T {
    if python {
        f()
    } else {
        py.allow_threads(f)
    }
}

/// Whether `policy` is a class written in Python.
pub fn is_python(policy: &str) -> bool {
    user::lookup(policy).is_some_and(|(s, _, _)| s.provenance().starts_with("python:"))
}

struct PySource {
    name: String,
    class: Py<PyAny>,
    provenance: String,
    params: Vec<(Param, Value)>,
}

impl UserSource for PySource {
    fn name(&self) -> &str {
        &self.name
    }
    fn params(&self) -> Vec<(Param, Value)> {
        self.params.clone()
    }
    fn provenance(&self) -> String {
        self.provenance.clone()
    }
    fn open(
        &self,
        frames: usize,
        params: &Value,
        devices: bool,
    ) -> Result<Box<dyn Hooks>, Failure> {
        Python::with_gil(|py| {
            let kwargs = PyDict::new(py);
            if let Some(o) = params.as_object() {
                for (k, v) in o {
                    let v = json_to_py(py, v)
                        .map_err(|e| Failure::new(Method::Constructor, e.to_string()))?;
                    kwargs
                        .set_item(k, v)
                        .map_err(|e| Failure::new(Method::Constructor, e.to_string()))?;
                }
            }
            let obj = guarded(py, || {
                self.class
                    .bind(py)
                    .call((frames,), Some(&kwargs))
                    .map(|o| o.unbind())
            })
            .map_err(|e| failure(py, Method::Constructor, e))?;
            let get = |n: &str| -> Option<Py<PyAny>> {
                obj.bind(py)
                    .getattr(n)
                    .ok()
                    .filter(|m| m.is_callable())
                    .map(|m| m.unbind())
            };
            Ok(Box::new(PyHooks {
                hit: get("hit"),
                insert: get("insert"),
                evict: get("evict"),
                view: get("view"),
                devices,
            }) as Box<dyn Hooks>)
        })
    }
}

struct PyHooks {
    hit: Option<Py<PyAny>>,
    insert: Option<Py<PyAny>>,
    evict: Option<Py<PyAny>>,
    view: Option<Py<PyAny>>,
    devices: bool,
}

fn page<'py>(py: Python<'py>, id: u64, devices: bool) -> PyObject {
    match PageValue::of(id, devices) {
        // Below 2^53 a page is a Python int: users compare it with ints and use it as a key.
        PageValue::Number(x) => (x as u64)
            .into_pyobject(py)
            .expect("ints convert")
            .into_any()
            .unbind(),
        PageValue::Text(s) => s
            .into_pyobject(py)
            .expect("strings convert")
            .into_any()
            .unbind(),
    }
}

impl Hooks for PyHooks {
    fn call(
        &mut self,
        kinds: &[u8],
        pages: &[u64],
        evict: bool,
    ) -> Result<Option<Returned>, Failure> {
        Python::with_gil(|py| {
            let mut at = 0usize;
            let delivered = guarded(py, || {
                for (i, (&k, &p)) in kinds.iter().zip(pages).enumerate() {
                    at = i;
                    let m = if k & INSERT != 0 {
                        &self.insert
                    } else {
                        &self.hit
                    };
                    if let Some(m) = m {
                        m.call1(py, (page(py, p, self.devices), k & WRITE != 0))?;
                    }
                }
                Ok(())
            });
            if let Err(e) = delivered {
                let method = Method::of_kind(kinds[at]);
                return Err(Failure {
                    at: Some(at),
                    ..failure(py, method, e)
                });
            }
            if !evict {
                return Ok(None);
            }
            let Some(m) = &self.evict else {
                return Err(Failure::new(
                    Method::Evict,
                    "is missing: a policy must define evict(self)",
                ));
            };
            let v = guarded(py, || m.call0(py)).map_err(|e| failure(py, Method::Evict, e))?;
            Ok(Some(returned(v.bind(py))))
        })
    }

    fn view(&mut self) -> Result<Option<Value>, Failure> {
        let Some(m) = &self.view else { return Ok(None) };
        Python::with_gil(|py| {
            let v = guarded(py, || m.call0(py)).map_err(|e| failure(py, Method::View, e))?;
            py_to_json(v.bind(py)).map(Some).map_err(|e| {
                Failure::new(
                    Method::View,
                    format!("returned something that is not a view: {e}"),
                )
            })
        })
    }
}

fn returned(v: &Bound<'_, PyAny>) -> Returned {
    if v.is_none() {
        return Returned::Other("None".into());
    }
    if v.is_instance_of::<pyo3::types::PyBool>() {
        return Returned::Other(v.to_string());
    }
    if let Ok(i) = v.extract::<u64>() {
        return Returned::Number(i as f64);
    }
    if let Ok(x) = v.extract::<f64>() {
        return Returned::Number(x);
    }
    if let Ok(s) = v.extract::<String>() {
        return Returned::Text(s);
    }
    Returned::Other(format!(
        "a {}",
        v.get_type()
            .name()
            .map(|n| n.to_string())
            .unwrap_or_default()
    ))
}

/// A Python exception as the contract's message: `raised KeyError: 12 (line 7)`,
/// or the budget that ran out.
fn failure(py: Python<'_>, method: Method, e: PyErr) -> Failure {
    if e.is_instance_of::<BudgetExceeded>(py) {
        return Failure::new(
            method,
            format!("ran past its budget of {SECONDS} s (an endless loop?)"),
        );
    }
    let name = e
        .get_type(py)
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "Exception".into());
    let text = e.value(py).str().map(|s| s.to_string()).unwrap_or_default();
    let mut line = None;
    let mut tb = e.traceback(py);
    while let Some(t) = tb {
        line = t
            .getattr("tb_lineno")
            .and_then(|l| l.extract::<u32>())
            .ok()
            .or(line);
        tb = t
            .getattr("tb_next")
            .ok()
            .and_then(|n| n.downcast_into().ok());
    }
    let text = if text.is_empty() {
        String::new()
    } else {
        format!(": {text}")
    };
    match line {
        Some(l) => Failure::new(method, format!("raised {name}{text} (line {l})")),
        None => Failure::new(method, format!("raised {name}{text}")),
    }
}

/// The call running in Python now: (thread ident, start), and whether the watchdog
/// raised in it.
static RUNNING: Mutex<Option<(u64, Instant, bool)>> = Mutex::new(None);

/// Runs `f` (a call into the user's Python) under the watchdog.
fn guarded<T>(py: Python<'_>, f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    watchdog();
    thread_local! {
        /// This thread's Python ident (asked once: it is a call into Python).
        static IDENT: std::cell::Cell<Option<u64>> = const { std::cell::Cell::new(None) };
    }
    let ident = IDENT.with(|c| c.get()).unwrap_or_else(|| {
        let i = py
            .import("threading")
            .and_then(|m| m.getattr("get_ident"))
            .and_then(|g| g.call0())
            .and_then(|i| i.extract())
            .unwrap_or(0);
        IDENT.with(|c| c.set(Some(i)));
        i
    });
    *RUNNING.lock().unwrap_or_else(|e| e.into_inner()) = Some((ident, Instant::now(), false));
    let r = f();
    let mut running = RUNNING.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((id, _, true)) = *running {
        // A TimeoutError may still be pending if the call ended as it was raised.
        unsafe { pyo3::ffi::PyThreadState_SetAsyncExc(id as _, std::ptr::null_mut()) };
    }
    *running = None;
    r
}

fn watchdog() {
    static STARTED: OnceLock<()> = OnceLock::new();
    STARTED.get_or_init(|| {
        std::thread::spawn(|| loop {
            std::thread::sleep(Duration::from_millis(50));
            let late = matches!(*RUNNING.lock().unwrap_or_else(|e| e.into_inner()), Some((_, t, false)) if t.elapsed() > Duration::from_secs(SECONDS));
            if late {
                Python::with_gil(|py| {
                    let mut running = RUNNING.lock().unwrap_or_else(|e| e.into_inner());
                    if let Some((id, t, false)) = *running {
                        if t.elapsed() > Duration::from_secs(SECONDS) {
                            // An exception type: Python raises a new instance of it in that thread.
                            let kind = py.get_type::<BudgetExceeded>();
                            unsafe { pyo3::ffi::PyThreadState_SetAsyncExc(id as _, kind.as_ptr()) };
                            *running = Some((id, t, true));
                        }
                    }
                });
            }
        });
    });
}

fn json_to_py(py: Python<'_>, v: &Value) -> PyResult<PyObject> {
    let json = py.import("json")?;
    Ok(json.call_method1("loads", (v.to_string(),))?.unbind())
}

fn py_to_json(v: &Bound<'_, PyAny>) -> PyResult<Value> {
    let py = v.py();
    let text: String = py.import("json")?.call_method1("dumps", (v,))?.extract()?;
    serde_json::from_str(&text).map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))
}

/// Defines a Python class (a `cachescope.Policy` subclass) as policy `name`;
/// `params_json` is its declared parameters (`[{name, default, min, max, doc}]`).
#[pyfunction]
pub fn define_class(
    name: String,
    class: Py<PyAny>,
    provenance: String,
    params_json: String,
) -> PyResult<()> {
    let declared: Vec<Value> = serde_json::from_str(&params_json).map_err(crate::bad)?;
    let params = declared
        .iter()
        .map(|d| read_param(&name, d))
        .collect::<PyResult<Vec<_>>>()?;
    user::define(Arc::new(PySource {
        name,
        class,
        provenance,
        params,
    }))
    .map_err(crate::bad)?;
    Ok(())
}

/// The user policies defined now, as the catalogue lists policies (JSON: id, name, params).
#[pyfunction]
pub fn user_policies_json() -> String {
    let all: Vec<Value> = user::defined()
        .iter()
        .map(|e| serde_json::json!({"id": e.id, "name": e.name, "params": e.params.iter().map(|p| p.key).collect::<Vec<_>>()}))
        .collect();
    Value::Array(all).to_string()
}

/// Defines JavaScript `source` as policy `name` (the runner's `--policy-file`).
#[pyfunction]
pub fn define_js(name: String, source: String) -> PyResult<String> {
    let js = cachescope_js::JsSource::new(&name, &source).map_err(crate::bad)?;
    let sha = js.sha256().to_string();
    user::define(Arc::new(js)).map_err(crate::bad)?;
    Ok(sha)
}

/// Compares `policy` with `reference` on the trace at `sizes` and on generated traces:
/// the JSON `CheckReport`.
#[pyfunction]
#[pyo3(signature = (policy, reference, trace=None, sizes=vec![], params_json=String::new(), reference_params_json=String::new()))]
pub fn check(
    policy: String,
    reference: String,
    trace: Option<&crate::Trace>,
    sizes: Vec<usize>,
    params_json: String,
    reference_params_json: String,
) -> PyResult<String> {
    let p = crate::parse("parameters", &params_json)?;
    let r = crate::parse("parameters", &reference_params_json)?;
    let current = trace.map(|t| (&*t.inner, &sizes[..]));
    let report = cachescope_sim::check::check(current, (&policy, &p), (&reference, &r))
        .map_err(crate::bad)?;
    Ok(serde_json::to_string(&report).expect("reports serialise"))
}

fn read_param(policy: &str, d: &Value) -> PyResult<(Param, Value)> {
    let bad = |m: String| crate::bad(format!("{policy}: params: {m}"));
    let key = d
        .get("name")
        .and_then(Value::as_str)
        .ok_or_else(|| bad(format!("{d} has no name")))?;
    let default = d
        .get("default")
        .cloned()
        .ok_or_else(|| bad(format!("{key:?} has no default")))?;
    let doc = intern(d.get("doc").and_then(Value::as_str).unwrap_or(""));
    let (min, max) = (
        d.get("min").and_then(Value::as_f64),
        d.get("max").and_then(Value::as_f64),
    );
    let (k, label) = (
        intern(key),
        intern(d.get("label").and_then(Value::as_str).unwrap_or(key)),
    );
    let p = match &default {
        Value::Bool(_) => Param::flag(k, label, doc),
        Value::Number(n) if n.is_i64() || n.is_u64() => Param::integer(
            k,
            label,
            min.unwrap_or(f64::MIN),
            max.unwrap_or(f64::MAX),
            "",
            doc,
        ),
        Value::Number(_) => Param::number(
            k,
            label,
            min.unwrap_or(f64::MIN),
            max.unwrap_or(f64::MAX),
            "",
            doc,
        ),
        other => {
            return Err(bad(format!(
                "{key:?}'s default {other} is not a number or True/False"
            )))
        }
    };
    Ok((p, default))
}
