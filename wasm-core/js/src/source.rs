//! A JavaScript policy as written: its source, checked once (it must compile and
//! default-export a class with `evict`), its declared parameters read, its SHA-256
//! kept as provenance.

use crate::engine::{self, Instance};
use cachescope_sim::describe::Param;
use cachescope_sim::policy::user::{intern, Failure, Hooks, UserSource};
use cachescope_sim::SimError;
use serde_json::Value;
use sha2::{Digest, Sha256};

/// Bytes of a policy's source (it travels in links too).
pub const MAX_SOURCE: usize = cachescope_sim::limits::USER_SOURCE_BYTES as usize;

pub struct JsSource {
    name: String,
    source: String,
    sha256: String,
    params: Vec<(Param, Value)>,
}

impl JsSource {
    /// Compiles `source` once to check it and read what it declares. The error names
    /// the policy and, for a syntax error, the line.
    pub fn new(name: &str, source: &str) -> Result<JsSource, SimError> {
        if source.len() > MAX_SOURCE {
            return Err(SimError::Policy(format!(
                "{name}: the source is {} bytes; a policy may have at most {MAX_SOURCE}",
                source.len()
            )));
        }
        let declared = engine::declared(source).map_err(|f| SimError::Policy(format!("{name}: {}", f.msg)))?;
        let params = declared.iter().map(|d| read_param(name, d)).collect::<Result<Vec<_>, _>>()?;
        Ok(JsSource {
            name: name.to_string(),
            source: source.to_string(),
            sha256: format!("{:x}", Sha256::digest(source.as_bytes())),
            params,
        })
    }
    pub fn source(&self) -> &str {
        &self.source
    }
    pub fn sha256(&self) -> &str {
        &self.sha256
    }
}

/// One entry of `static params = [{ name, default, min, max, doc, label, choices }]`.
fn read_param(policy: &str, d: &Value) -> Result<(Param, Value), SimError> {
    let bad = |msg: String| SimError::Policy(format!("{policy}: static params: {msg}"));
    let key = d.get("name").and_then(Value::as_str).ok_or_else(|| bad(format!("{d} has no name")))?;
    let default = d.get("default").cloned().ok_or_else(|| bad(format!("{key:?} has no default")))?;
    let num = |k: &str| d.get(k).and_then(Value::as_f64);
    let label = intern(d.get("label").and_then(Value::as_str).unwrap_or(key));
    let doc = intern(d.get("doc").and_then(Value::as_str).unwrap_or(""));
    let key = intern(key);
    let p = match &default {
        Value::Bool(_) => Param::flag(key, label, doc),
        Value::Number(n) => {
            let (min, max) = (num("min").unwrap_or(f64::MIN), num("max").unwrap_or(f64::MAX));
            let whole = |x: f64| x.fract() == 0.0 || x.is_infinite() || x == f64::MIN || x == f64::MAX;
            let x = n.as_f64().unwrap_or(0.0);
            if !(min <= x && x <= max) {
                return Err(bad(format!("{key:?}'s default {x} is outside {min}..{max}")));
            }
            if whole(x) && whole(min) && whole(max) {
                Param::integer(key, label, min, max, "", doc)
            } else {
                Param::number(key, label, min, max, "", doc)
            }
        }
        Value::String(s) => {
            let choices: Vec<&'static str> = d
                .get("choices")
                .and_then(Value::as_array)
                .map(|a| a.iter().filter_map(Value::as_str).map(intern).collect())
                .unwrap_or_default();
            if !choices.contains(&s.as_str()) {
                return Err(bad(format!("{key:?}'s default {s:?} is not one of its choices")));
            }
            Param::choice(key, label, Box::leak(choices.into_boxed_slice()), doc)
        }
        other => return Err(bad(format!("{key:?}'s default {other} is not a number, true/false or a word"))),
    };
    Ok((p, default))
}

impl UserSource for JsSource {
    fn name(&self) -> &str {
        &self.name
    }
    fn params(&self) -> Vec<(Param, Value)> {
        self.params.clone()
    }
    fn provenance(&self) -> String {
        format!("sha256:{}", self.sha256)
    }
    fn open(&self, frames: usize, params: &Value, devices: bool) -> Result<Box<dyn Hooks>, Failure> {
        Ok(Box::new(Instance::start(&self.source, frames, params, devices)?))
    }
}
