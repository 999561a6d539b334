//! One parameter of a policy, FTL, generator or device: its type, range, unit and
//! a line of documentation. Declared as constants beside the configuration they
//! describe; the default comes from the configuration's own `Default`.

use crate::error::SimError;
use serde::Serialize;
use serde_json::Value;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ParamKind {
    /// Any finite number within the range.
    Number,
    /// A whole number within the range.
    Integer,
    Bool,
    /// One of `choices`.
    Choice,
}

#[derive(Debug, Clone, Copy, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Param {
    pub key: &'static str,
    pub label: &'static str,
    pub kind: ParamKind,
    /// Inclusive bounds (numbers and integers).
    pub min: Option<f64>,
    pub max: Option<f64>,
    pub unit: &'static str,
    pub doc: &'static str,
    pub choices: &'static [&'static str],
    /// A default that follows another setting, in words (e.g. "the device's pages per block").
    pub follows: Option<&'static str>,
}

impl Param {
    pub const fn number(
        key: &'static str,
        label: &'static str,
        min: f64,
        max: f64,
        unit: &'static str,
        doc: &'static str,
    ) -> Param {
        Param {
            key,
            label,
            kind: ParamKind::Number,
            min: Some(min),
            max: Some(max),
            unit,
            doc,
            choices: &[],
            follows: None,
        }
    }
    pub const fn integer(
        key: &'static str,
        label: &'static str,
        min: f64,
        max: f64,
        unit: &'static str,
        doc: &'static str,
    ) -> Param {
        Param {
            key,
            label,
            kind: ParamKind::Integer,
            min: Some(min),
            max: Some(max),
            unit,
            doc,
            choices: &[],
            follows: None,
        }
    }
    pub const fn flag(key: &'static str, label: &'static str, doc: &'static str) -> Param {
        Param { key, label, kind: ParamKind::Bool, min: None, max: None, unit: "", doc, choices: &[], follows: None }
    }
    pub const fn choice(
        key: &'static str,
        label: &'static str,
        choices: &'static [&'static str],
        doc: &'static str,
    ) -> Param {
        Param { key, label, kind: ParamKind::Choice, min: None, max: None, unit: "", doc, choices, follows: None }
    }
    pub const fn following(self, rule: &'static str) -> Param {
        Param { follows: Some(rule), ..self }
    }

    /// Checks one value against the declared type and range; `owner` names the
    /// policy or device in the message ("cflru window: …").
    pub fn check(&self, owner: &str, value: &Value) -> Result<(), SimError> {
        let bad = |m: String| Err(SimError::config(format!("{owner} {}", self.key), m));
        // The value as given, cut to an excerpt: a link may carry a value of any length.
        let v = &crate::error::excerpt(&value.to_string());
        match self.kind {
            ParamKind::Bool => {
                if !value.is_boolean() {
                    return bad(format!("must be true or false, got {v}"));
                }
            }
            ParamKind::Choice => {
                if !value.as_str().is_some_and(|s| self.choices.contains(&s)) {
                    return bad(format!("must be one of {}, got {v}", self.choices.join(", ")));
                }
            }
            ParamKind::Number | ParamKind::Integer => {
                let Some(x) = value.as_f64().filter(|x| x.is_finite()) else {
                    return bad(format!("must be a number, got {v}"));
                };
                if self.kind == ParamKind::Integer && x.fract() != 0.0 {
                    return bad(format!("must be a whole number, got {v}"));
                }
                let (lo, hi) = (self.min.unwrap_or(f64::MIN), self.max.unwrap_or(f64::MAX));
                if !(lo..=hi).contains(&x) {
                    return bad(format!("must be between {} and {}{}, got {v}", fmt(lo), fmt(hi), unit(self.unit)));
                }
            }
        }
        Ok(())
    }
}

fn fmt(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        format!("{x}")
    }
}

fn unit(u: &str) -> String {
    if u.is_empty() {
        String::new()
    } else {
        format!(" {u}")
    }
}

/// Checks every key of `params` that `specs` declare and returns the parameters
/// with whole numbers written as integers (JSON from JavaScript may say `64.0`);
/// unknown keys are left to the configuration's own `deny_unknown_fields`,
/// which names them.
pub fn check_all(owner: &str, specs: &[Param], params: &Value) -> Result<Value, SimError> {
    let Some(obj) = params.as_object() else { return Ok(params.clone()) };
    let mut out = obj.clone();
    for (k, v) in out.iter_mut() {
        if let Some(p) = specs.iter().find(|p| p.key == k) {
            p.check(owner, v)?;
            if p.kind == ParamKind::Integer {
                if let Some(x) = v.as_f64().filter(|x| *x >= 0.0 && *x <= u64::MAX as f64) {
                    *v = Value::from(x as u64);
                }
            }
        }
    }
    Ok(Value::Object(out))
}

/// A parameter as the catalogue shows it: its declaration and its default.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ParamDoc {
    #[serde(flatten)]
    pub spec: Param,
    pub default: Value,
}

/// Pairs each declared parameter with its value in `defaults` (a config's JSON).
pub fn docs(specs: &[Param], defaults: &Value) -> Vec<ParamDoc> {
    specs.iter().map(|p| ParamDoc { spec: *p, default: defaults.get(p.key).cloned().unwrap_or(Value::Null) }).collect()
}
