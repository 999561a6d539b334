//! The user policies defined in this process, by name, beside the built-in ones:
//! `policy::build` and `policy::entry` look here for a name that is not built in,
//! so a user policy runs wherever a built-in one does (runs, curves, batches,
//! stepping, flash behind the cache). Each surface defines what its user gave
//! (the runner its `--policy-file`s, the browser's worker the page's code, Python
//! its classes) before running.

use super::{Failure, Hooks};
use crate::describe::{Param, View, RESIDENT};
use crate::error::SimError;
use crate::policy::entry::{CurveMethod, Group, PolicyEntry};
use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::{Arc, RwLock};

/// A user's policy as written: what it is called, what it declares, and how to
/// start an instance of it.
pub trait UserSource: Send + Sync {
    /// The name it goes by: a file's stem, a class's name, a link's `code.NAME`.
    fn name(&self) -> &str;
    /// Its declared parameters with their defaults (strings interned).
    fn params(&self) -> Vec<(Param, Value)>;
    /// Where it came from, for exports: `sha256:…` of a source, `python:module.Class`.
    fn provenance(&self) -> String;
    /// A new instance with `frames` frames and `params` (checked, defaults filled).
    /// `devices`: the trace's pages carry a device, so pages are handed over as labels.
    fn open(&self, frames: usize, params: &Value, devices: bool) -> Result<Box<dyn Hooks>, Failure>;
}

struct Defined {
    source: Arc<dyn UserSource>,
    entry: &'static PolicyEntry,
    defaults: Value,
}

static DEFINED: RwLock<BTreeMap<String, Defined>> = RwLock::new(BTreeMap::new());

/// Characters of a user policy's name.
pub const MAX_NAME: usize = 40;

/// Makes `source` runnable under its name, replacing an earlier definition of that
/// name. A name must not be a built-in policy's id.
pub fn define(source: Arc<dyn UserSource>) -> Result<&'static PolicyEntry, SimError> {
    let name = source.name().to_string();
    check_name(&name)?;
    let params = source.params();
    let defaults = Value::Object(params.iter().map(|(p, v)| (p.key.to_string(), v.clone())).collect());
    let specs: &'static [Param] = Box::leak(params.into_iter().map(|(p, _)| p).collect::<Vec<_>>().into_boxed_slice());
    let id = super::intern(&name);
    let entry: &'static PolicyEntry = Box::leak(Box::new(PolicyEntry {
        id,
        name: id,
        short: id,
        group: Group::Yours,
        // Sampling would need the policy to scale with its cache as the built-ins
        // do; nothing says a user's does, so its curves are full runs.
        curve: CurveMethod::ExactOnly,
        source: "your code",
        summary: "A policy you wrote: it chooses the page that leaves; the core does the rest.",
        how: "Written by you: on a fault with every frame full, the core calls evict() and checks that the page it returns is resident.",
        params: specs,
        view: View::list(&[RESIDENT]),
        defaults: || Value::Null,
        build: |_, _, _| Err(SimError::config("policy", "a user policy is built through policy::user")),
    }));
    let mut all = DEFINED.write().unwrap_or_else(|e| e.into_inner());
    all.insert(name, Defined { source, entry, defaults });
    Ok(entry)
}

/// Whether `name` may name a user policy: its characters, its length, and not a
/// built-in policy's id (the message says which).
pub fn check_name(name: &str) -> Result<(), SimError> {
    let ok = name.len() <= MAX_NAME
        && name.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if !ok {
        return Err(SimError::config(
            "policy name",
            format!(
                "{} is not a name for a policy: use letters, digits, - and _, starting with a letter, at most {MAX_NAME} characters",
                crate::error::quoted(name)
            ),
        ));
    }
    if crate::policy::POLICIES.iter().any(|e| e.id == name) {
        return Err(SimError::config(
            "policy name",
            format!("{name:?} is the id of a built-in policy; give yours another name"),
        ));
    }
    Ok(())
}

/// Forgets the policy defined as `name`, if any.
pub fn forget(name: &str) {
    DEFINED.write().unwrap_or_else(|e| e.into_inner()).remove(name);
}

/// The source, catalogue entry and defaults of the user policy `name`.
pub fn lookup(name: &str) -> Option<(Arc<dyn UserSource>, &'static PolicyEntry, Value)> {
    let all = DEFINED.read().unwrap_or_else(|e| e.into_inner());
    all.get(name).map(|d| (d.source.clone(), d.entry, d.defaults.clone()))
}

/// The entries of every user policy defined now, by name.
pub fn defined() -> Vec<&'static PolicyEntry> {
    DEFINED.read().unwrap_or_else(|e| e.into_inner()).values().map(|d| d.entry).collect()
}

/// Builds an instance of the user policy `name`: its parameters are checked against
/// what it declared (unknown ones refused, ranges enforced, defaults filled).
pub fn build(
    name: &str,
    frames: usize,
    ctx: &crate::policy::BuildCtx,
    params: &Value,
) -> Result<Box<dyn crate::policy::Policy>, SimError> {
    let (source, entry, defaults) =
        lookup(name).ok_or_else(|| SimError::config("policy", format!("unknown policy {name:?}")))?;
    let mut all = defaults.as_object().cloned().unwrap_or_default();
    if let Some(given) = params.as_object() {
        for (k, v) in given {
            if !entry.params.iter().any(|p| p.key == k) {
                let known: Vec<&str> = entry.params.iter().map(|p| p.key).collect();
                let has = if known.is_empty() {
                    "it declares none".to_string()
                } else {
                    format!("it declares {}", known.join(", "))
                };
                return Err(SimError::config(format!("{name} parameters"), format!("unknown parameter {k:?}; {has}")));
            }
            all.insert(k.clone(), v.clone());
        }
    }
    let params = crate::describe::check_all(name, entry.params, &Value::Object(all))?;
    Ok(Box::new(super::UserPolicy::new(entry.id, source, frames, ctx, params)?))
}
