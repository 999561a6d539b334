//! What a user's `view()` returns, read into a [`Snapshot`]: the same vocabulary as
//! the built-in policies' drawings.
//!
//! ```text
//! { lists:  [{ name, pages: [page, …] }],                 head first
//!   rings:  [{ name, pages: [page | null, …], hands: { name: page } }],
//!   bits:   { page: n },                                   reference bits or counters, 0–255
//!   status: { page: "hot" },                               a word per page
//!   gauges: [{ name, value, target? }] }
//! ```
//! Every part is optional. Every page named must be resident.

use crate::policy::{Gauge, Hand, List, Ring, Slot, Snapshot};
use serde_json::{Map, Value};

/// Entries a view may hold in all (a runaway view cannot exhaust memory).
const MAX_ENTRIES: usize = 1 << 20;

/// Reads `v`. `resident(id)` gives the dense id of a resident page; `label(s)` reads
/// a page written as text. The error says what is wrong, naming the page.
pub fn parse_view(
    v: &Value,
    resident: &dyn Fn(u64) -> Option<u32>,
    label: &dyn Fn(&str) -> Option<u64>,
) -> Result<Snapshot, String> {
    let obj = v.as_object().ok_or_else(|| format!("returned {}, not an object", kind(v)))?;
    for k in obj.keys() {
        if !["lists", "rings", "bits", "status", "gauges"].contains(&k.as_str()) {
            return Err(format!("returned a view with {k:?}; a view has lists, rings, bits, status and gauges"));
        }
    }
    let page = |p: &Value| -> Result<u32, String> {
        let id = match p {
            Value::Number(n) => n.as_u64().ok_or_else(|| format!("names {n}, which is not a page number"))?,
            Value::String(s) => label(s).ok_or_else(|| format!("names {s:?}, which is not a page"))?,
            other => return Err(format!("names {}, not a page", kind(other))),
        };
        resident(id).ok_or_else(|| format!("names page {}, which is not in the cache", show(p)))
    };
    let per_page = |key: &str| -> Result<Vec<(u32, Value)>, String> {
        match obj.get(key) {
            None | Some(Value::Null) => Ok(Vec::new()),
            Some(Value::Object(m)) => {
                m.iter().map(|(k, v)| Ok((page(&Value::String(k.clone()))?, v.clone()))).collect()
            }
            Some(other) => Err(format!("gave {key} as {}; expected an object of page: value", kind(other))),
        }
    };
    let bits: Vec<(u32, u8)> = per_page("bits")?
        .into_iter()
        .map(|(p, v)| {
            v.as_f64().map(|x| (p, x.clamp(0.0, 255.0) as u8)).ok_or_else(|| format!("gave bits {v}, not a number"))
        })
        .collect::<Result<_, _>>()?;
    let status: Vec<(u32, &'static str)> = per_page("status")?
        .into_iter()
        .map(|(p, v)| v.as_str().map(|s| (p, super::intern(s))).ok_or_else(|| format!("gave status {v}, not a word")))
        .collect::<Result<_, _>>()?;
    let slot = |p: u32| {
        let b = bits.iter().rev().find(|(q, _)| *q == p).map_or(0, |b| b.1);
        let s = status.iter().rev().find(|(q, _)| *q == p).map_or("", |s| s.1);
        Slot::page(p, s, b, false, true)
    };
    let mut total = 0usize;
    let mut pages_of = |part: &Map<String, Value>, what: &str, empty_ok: bool| -> Result<Vec<Slot>, String> {
        let arr = match part.get("pages") {
            Some(Value::Array(a)) => a,
            _ => return Err(format!("gave a {what} without a pages array")),
        };
        total += arr.len();
        if total > MAX_ENTRIES {
            return Err(format!("returned more than {MAX_ENTRIES} entries"));
        }
        arr.iter().map(|p| if empty_ok && p.is_null() { Ok(Slot::EMPTY) } else { page(p).map(slot) }).collect()
    };
    let mut snap = Snapshot::default();
    for l in array(obj, "lists")? {
        let l = l.as_object().ok_or("gave a list that is not an object")?;
        let entries = pages_of(l, "list", false)?;
        snap.lists.push(List { name: name(l)?, entries });
    }
    for r in array(obj, "rings")? {
        let r = r.as_object().ok_or("gave a ring that is not an object")?;
        let slots = pages_of(r, "ring", true)?;
        let mut hands = Vec::new();
        match r.get("hands") {
            None | Some(Value::Null) => {}
            Some(Value::Object(h)) => {
                for (hand, p) in h {
                    let d = page(p)?;
                    let pos = slots
                        .iter()
                        .position(|s| s.page == Some(d))
                        .ok_or_else(|| format!("points hand {hand:?} at page {}, which is not on its ring", show(p)))?;
                    hands.push(Hand { name: super::intern(hand), pos: pos as u32 });
                }
            }
            Some(other) => return Err(format!("gave hands as {}; expected an object of hand: page", kind(other))),
        }
        snap.rings.push(Ring::new(name(r)?, slots, hands));
    }
    for g in array(obj, "gauges")? {
        let g = g.as_object().ok_or("gave a gauge that is not an object")?;
        let value = g.get("value").and_then(Value::as_f64).ok_or("gave a gauge without a numeric value")?;
        let target = g.get("target").and_then(Value::as_f64);
        snap.gauges.push(Gauge { name: name(g)?, value, target });
    }
    Ok(snap)
}

fn array<'a>(obj: &'a Map<String, Value>, key: &str) -> Result<&'a [Value], String> {
    match obj.get(key) {
        None | Some(Value::Null) => Ok(&[]),
        Some(Value::Array(a)) => Ok(a),
        Some(other) => Err(format!("gave {key} as {}; expected an array", kind(other))),
    }
}

fn name(part: &Map<String, Value>) -> Result<&'static str, String> {
    match part.get("name") {
        Some(Value::String(s)) => Ok(super::intern(s)),
        None => Ok(""),
        Some(other) => Err(format!("gave a name {}, not text", kind(other))),
    }
}

fn show(p: &Value) -> String {
    match p {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn kind(v: &Value) -> String {
    match v {
        Value::Null => "null".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        Value::String(s) => crate::error::quoted(s),
        Value::Array(_) => "an array".into(),
        Value::Object(_) => "an object".into(),
    }
}
