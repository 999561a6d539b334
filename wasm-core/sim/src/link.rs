//! Hand-written links: what a lecturer types into a slide,
//! `?trace=7,0,1,2,0,3&policy=fifo&frames=3&view=explore&step=12`. The names follow
//! the runner's flags; every value is checked here, against the catalogue, and a
//! bad one is refused with a message naming the link parameter.
//!
//! A link may carry policies its author wrote: `code.NAME=` with the percent-encoded
//! JavaScript source defines NAME, which `policy=` then names
//! (`?trace=7,0,1&policy=mine,lru&frames=3&code.mine=export%20default%20class…`).
//! The parser checks the name (a built-in id may not be shadowed) and the source's
//! size; the page that opens the link compiles the source.
//!
//! One bad value does not cost the rest: each key is read on its own, a bad one is
//! left out and named in [`HandLink::problems`], and a step past the end of the
//! link's trace is brought back to the end (and named too).

use crate::describe::Param;
use crate::error::quoted;
use crate::error::SimError;
use crate::frames::{FrameSize, FramesError};
use crate::limits::{MAX_LINK_FRAMES_CHARS, MAX_LINK_TRACE_BYTES};
use crate::policy::{entry, POLICIES};
use serde::Serialize;
use serde_json::Value;
use std::collections::BTreeMap;

/// A parsed hand-written link.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct HandLink {
    /// The trace as a plain trace (one page per line, ` W` for a write), when given.
    pub trace: Option<String>,
    /// Requests in `trace`.
    pub requests: u64,
    pub policies: Vec<String>,
    /// Parameters by policy id (`param=ID.KEY=VALUE`).
    pub params: BTreeMap<String, BTreeMap<String, Value>>,
    /// Cache sizes as the runner takes them (`3`, `3,4`, `5%`).
    pub frames: Option<String>,
    /// Flash device settings by `FlashConfig` field (from the runner's flag names).
    pub flash: BTreeMap<String, Value>,
    /// `explore` or `compare`.
    pub view: Option<String>,
    /// Requests applied (the explorer's position).
    pub step: Option<u64>,
    /// `collapse-repeats=true` (or an old link's `param=ID.ignore_repeats=true`).
    pub collapse: bool,
    /// `warmup=N` or `warmup=P%`: requests served first and not counted, as the core writes it.
    pub warmup: Option<String>,
    /// `interval=N`: the hit ratio of every N requests after the warm-up.
    pub interval: Option<u64>,
    /// Sources of the user policies the link defines (`code.NAME=`), by name.
    pub code: BTreeMap<String, String>,
    /// `quiz=1`: Explore opens with *Predict the victim* on.
    pub quiz: bool,
    /// `exercise=`: a lecturer's exercise, its answers hidden until submitted: `victims`
    /// (predict each victim from `step` on; `exercise=1` says the same), `table` (fill in
    /// the frame table for the next `exercise-requests` requests) or `policy` (write the
    /// link's first policy, with its parameters, in *Your policy*).
    pub exercise: Option<String>,
    /// `exercise-requests=K`: how many requests after `step` a table exercise asks for.
    pub exercise_requests: Option<u64>,
    /// `embed=1`: the page shows the Explore stage alone, sized to its frame (a slide, a course page).
    pub embed: bool,
    /// What the link carried that was left out or changed, each naming its link parameter;
    /// everything else was read.
    pub problems: Vec<String>,
}

fn bad(param: &str, msg: impl Into<String>) -> SimError {
    SimError::config(format!("link parameter {param}"), msg.into())
}

/// A key a hand-written link's query may carry, as the catalogue lists them
/// (the browser tells a hand-written link by them).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct LinkKey {
    /// The query key, as the runner's flag is named.
    pub key: &'static str,
    /// The value's form.
    pub value: &'static str,
    /// The `FlashConfig` field a flash key sets.
    pub flash: Option<&'static str>,
}

const fn key(key: &'static str, value: &'static str) -> LinkKey {
    LinkKey { key, value, flash: None }
}

const fn flash(key: &'static str, field: &'static str) -> LinkKey {
    LinkKey { key, value: "VALUE", flash: Some(field) }
}

/// Every key [`parse_query`] reads.
pub const LINK_KEYS: &[LinkKey] = &[
    key("trace", "PAGE[w],PAGE[w],…"),
    key("policy", "POLICY,POLICY,…"),
    key("frames", "FRAMES or PERCENT%, …"),
    key("param", "POLICY.PARAM=VALUE"),
    key("view", "explore|compare|reproduce"),
    key("step", "REQUESTS"),
    key("collapse-repeats", "true|false"),
    key("warmup", "REQUESTS or PERCENT%"),
    key("interval", "REQUESTS"),
    key("code.NAME", "JAVASCRIPT (percent-encoded)"),
    key("quiz", "true|false|1|0"),
    key("exercise", "victims|table|policy|1"),
    key("exercise-requests", "REQUESTS"),
    key("embed", "1|0"),
    flash("ftl", "ftl"),
    flash("gc", "gc"),
    flash("blocks", "blocks"),
    flash("pages-per-block", "pages_per_block"),
    flash("overprovision", "overprovision"),
    flash("fill", "fill"),
    flash("regions", "regions"),
    flash("dac-threshold", "threshold"),
    flash("watermark", "watermark"),
    flash("aging", "aging"),
    flash("aging-sequential", "aging_sequential"),
];

/// A value as typed in a link: a number or true/false when it reads as one, else text.
fn value_of(s: &str) -> Value {
    match s {
        "true" => Value::Bool(true),
        "false" => Value::Bool(false),
        _ => s.parse::<f64>().ok().filter(|x| x.is_finite()).map_or_else(|| Value::String(s.into()), Value::from),
    }
}

fn check(param: &str, spec: Option<&Param>, owner: &str, key: &str, v: &Value) -> Result<(), SimError> {
    let Some(spec) = spec else { return Err(bad(param, format!("{owner} has no parameter {key}"))) };
    spec.check(owner, v).map_err(|e| bad(param, e.to_string()))
}

/// `7,0,1 2w` → a plain trace; pages are whole numbers, a `w` suffix marks a write.
fn trace_of(text: &str) -> Result<(String, u64), SimError> {
    if text.len() as u64 > MAX_LINK_TRACE_BYTES {
        return Err(bad(
            "trace",
            format!(
                "{} bytes is more than the {MAX_LINK_TRACE_BYTES} a link may carry (limit link_trace): upload the trace as a file instead",
                text.len()
            ),
        ));
    }
    let mut out = String::with_capacity(text.len() * 2);
    let mut n = 0u64;
    for (i, tok) in text.split([',', ' ', '\n', '\t']).filter(|t| !t.is_empty()).enumerate() {
        let (num, write) = match tok.strip_suffix(['w', 'W']) {
            Some(p) => (p, true),
            None => (tok, false),
        };
        let page: u64 = num.parse().map_err(|_| {
            bad(
                "trace",
                format!(
                    "request {}: {} is not a page number (a whole number, `w` after it for a write)",
                    i + 1,
                    quoted(tok)
                ),
            )
        })?;
        out.push_str(&page.to_string());
        out.push_str(if write { " W\n" } else { "\n" });
        n += 1;
    }
    if n == 0 {
        return Err(bad("trace", "no page numbers: give them separated by commas or spaces, e.g. trace=7,0,1,2"));
    }
    Ok((out, n))
}

fn frames_of(text: &str) -> Result<String, SimError> {
    let chars = text.chars().count();
    if chars as u64 > MAX_LINK_FRAMES_CHARS {
        return Err(bad(
            "frames",
            format!(
                "{chars} characters ({}) is more than the {MAX_LINK_FRAMES_CHARS} a link's cache sizes may take",
                quoted(text)
            ),
        ));
    }
    let sizes = crate::frames::sizes(text).map_err(|e| match e {
        FramesError::Empty(_) => {
            bad("frames", "give at least one cache size, e.g. frames=3 or frames=3,4 or frames=5%")
        }
        e => bad("frames", e.to_string()),
    })?;
    Ok(sizes.iter().map(FrameSize::to_string).collect::<Vec<_>>().join(", "))
}

/// Characters of a parameter's name for a policy the link defines.
const MAX_CODE_PARAM_CHARS: usize = 64;

/// `code.NAME` and its source: NAME must be a name for a policy (not a built-in's id),
/// the source within the limit `user_source`.
fn code_of(key: &str, source: String) -> Result<(String, String), SimError> {
    let name = &key["code.".len()..];
    let param = format!("code.{}", crate::error::excerpt(name));
    crate::policy::user::check_name(name).map_err(|e| match e {
        SimError::Config { msg, .. } => bad(&param, msg),
        e => e,
    })?;
    if source.trim().is_empty() {
        return Err(bad(&param, "no source: give the policy's JavaScript, percent-encoded"));
    }
    let max = crate::limits::USER_SOURCE_BYTES;
    if source.len() as u64 > max {
        return Err(bad(
            &param,
            format!("the source is {} bytes; a policy may have at most {max} (limit user_source)", source.len()),
        ));
    }
    Ok((name.to_string(), source))
}

/// Reads one key of a link into `link` (`param=` is kept in `params` until the policies are known).
fn read_key(
    link: &mut HandLink,
    params: &mut Vec<String>,
    key: &str,
    val: String,
    raw: String,
) -> Result<(), SimError> {
    match key {
        "trace" => {
            let (t, n) = trace_of(&val)?;
            link.trace = Some(t);
            link.requests = n;
        }
        "policy" => {
            for id in val.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                if !link.policies.iter().any(|p| p == id) {
                    link.policies.push(id.to_string());
                }
            }
        }
        "frames" => link.frames = Some(frames_of(&val)?),
        "param" => params.push(val),
        "view" => match val.as_str() {
            "explore" | "compare" | "reproduce" => link.view = Some(val),
            _ => return Err(bad("view", format!("{}: expected explore, compare or reproduce", quoted(&val)))),
        },
        "embed" => match val.as_str() {
            "1" | "true" => link.embed = true,
            "0" | "false" => link.embed = false,
            _ => return Err(bad("embed", format!("{}: expected 1 (the stage alone) or 0", quoted(&val)))),
        },
        "collapse-repeats" => match value_of(&val) {
            Value::Bool(b) => link.collapse = b,
            _ => return Err(bad("collapse-repeats", format!("{}: expected true or false", quoted(&val)))),
        },
        // The runner's `--warmup` and `--interval`, read by the run options' own parser.
        "warmup" => {
            let w = crate::Warmup::parse(&val).map_err(|e| match e {
                SimError::Config { msg, .. } => bad("warmup", msg),
                e => e,
            })?;
            link.warmup = (!w.is_none()).then(|| w.to_string());
        }
        "interval" => match val.parse::<u64>() {
            Ok(n) if n >= 1 => link.interval = Some(n),
            _ => return Err(bad("interval", format!("{} is not a whole number of requests from 1", quoted(&val)))),
        },
        "quiz" => match val.as_str() {
            "1" | "true" => link.quiz = true,
            "0" | "false" => link.quiz = false,
            _ => return Err(bad("quiz", format!("{}: expected 1 or 0 (true or false)", quoted(&val)))),
        },
        "exercise" => match val.as_str() {
            "1" | "victims" => link.exercise = Some("victims".into()),
            "policy" | "table" => link.exercise = Some(val.clone()),
            "0" | "false" => link.exercise = None,
            _ => return Err(bad("exercise", format!("{}: expected victims (or 1), table or policy", quoted(&val)))),
        },
        "exercise-requests" => match val.parse::<u64>() {
            Ok(n) if n >= 1 => link.exercise_requests = Some(n),
            _ => {
                return Err(bad(
                    "exercise-requests",
                    format!("{} is not a whole number of requests from 1", quoted(&val)),
                ))
            }
        },
        "step" => {
            let n: u64 =
                val.parse().map_err(|_| bad("step", format!("{} is not a whole number of requests", quoted(&val))))?;
            link.step = Some(n);
        }
        k if k.starts_with("code.") => {
            // A source is kept as written, spaces included: its SHA-256 names it.
            let (name, source) = code_of(k, raw)?;
            link.code.insert(name, source);
        }
        k => match LINK_KEYS.iter().find_map(|l| Some((l.key, l.flash?)).filter(|(flag, _)| *flag == k)) {
            Some((flag, field)) => {
                let v = value_of(&val);
                let spec = crate::flash::PARAMS.iter().find(|p| p.key == field);
                check(flag, spec, "flash", field, &v)?;
                link.flash.insert(field.to_string(), v);
            }
            None => {
                let names: Vec<&str> = LINK_KEYS.iter().map(|l| l.key).collect();
                return Err(bad(
                    &crate::error::excerpt(k),
                    format!("not a link parameter, left out; the names are {}", names.join(", ")),
                ));
            }
        },
    }
    Ok(())
}

/// Reads one `param=ID.KEY=VALUE` once the policies are known.
fn read_param(link: &mut HandLink, val: &str) -> Result<(), SimError> {
    let shown = quoted(val);
    let (id, rest) = val.split_once('.').ok_or_else(|| bad("param", format!("{shown}: expected ID.KEY=VALUE")))?;
    let (key, v) = rest.split_once('=').ok_or_else(|| bad("param", format!("{shown}: expected ID.KEY=VALUE")))?;
    if !link.policies.iter().any(|p| p == id) {
        if entry(id).is_none() && !link.code.contains_key(id) {
            return Err(bad("param", format!("{shown} names {}, which is not a policy", quoted(id))));
        }
        return Err(bad("param", format!("{shown} names {id}, which is not among policy=")));
    }
    let v = value_of(v);
    // A policy the link defines declares its parameters in its source: the page checks them when it compiles it.
    if link.code.contains_key(id) {
        if key.is_empty() || key.chars().count() > MAX_CODE_PARAM_CHARS {
            return Err(bad("param", format!("{shown}: {} is not a parameter's name", quoted(key))));
        }
        link.params.entry(id.to_string()).or_default().insert(key.to_string(), v);
        return Ok(());
    }
    let e = entry(id).expect("checked above");
    // Immediate repeats were once a parameter of LIRS and CLOCK-Pro; now a run option.
    if key == "ignore_repeats" {
        link.collapse |= v == Value::Bool(true);
        return Ok(());
    }
    check("param", e.params.iter().find(|p| p.key == key), e.id, &crate::error::excerpt(key), &v)?;
    link.params.entry(id.to_string()).or_default().insert(key.to_string(), v);
    Ok(())
}

/// Parses a link's query (with or without the leading `?`): every value that can be read is,
/// and each one that cannot is named in `problems` and left out.
pub fn parse_query(query: &str) -> HandLink {
    let query = query.strip_prefix('?').unwrap_or(query);
    let mut link = HandLink::default();
    let mut params: Vec<String> = Vec::new();
    for (key, raw) in form_urlencoded::parse(query.as_bytes()) {
        let (key, val) = (key.trim().to_string(), raw.trim().to_string());
        if let Err(e) = read_key(&mut link, &mut params, &key, val, raw.into_owned()) {
            link.problems.push(e.to_string());
        }
    }
    // Policies are checked once every `code.NAME` is known: a link may define its policy after naming it.
    let mut known: Vec<&str> = POLICIES.iter().map(|e| e.id).collect();
    known.extend(link.code.keys().map(String::as_str));
    let (kept, unknown): (Vec<String>, Vec<String>) =
        link.policies.iter().cloned().partition(|id| entry(id).is_some() || link.code.contains_key(id));
    for id in &unknown {
        link.problems.push(
            bad(
                "policy",
                format!(
                    "unknown policy {}, left out; known: {} (a policy of your own comes with code.NAME=its source)",
                    quoted(id),
                    known.join(", ")
                ),
            )
            .to_string(),
        );
    }
    link.policies = kept;
    for val in params {
        if let Err(e) = read_param(&mut link, &val) {
            link.problems.push(e.to_string());
        }
    }
    if let (Some(step), Some(_)) = (link.step, &link.trace) {
        if step > link.requests {
            link.problems.push(
                bad(
                    "step",
                    format!("{step} is past the end of the trace ({} requests): opened at the end", link.requests),
                )
                .to_string(),
            );
            link.step = Some(link.requests);
        }
    }
    link
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The one problem `q` has (each test link has one bad value).
    fn err(q: &str) -> String {
        let l = parse_query(q);
        match l.problems.as_slice() {
            [one] => one.clone(),
            _ => panic!("{}: {:?}", &q[..q.len().min(100)], l.problems),
        }
    }

    fn ok(q: &str) -> HandLink {
        let l = parse_query(q);
        assert!(l.problems.is_empty(), "{q}: {:?}", l.problems);
        l
    }

    #[test]
    fn collapse_repeats_is_a_link_option_and_old_links_map_onto_it() {
        assert!(ok("?trace=1,1,2&policy=lirs&collapse-repeats=true").collapse);
        assert!(!ok("?trace=1,1,2&policy=lirs").collapse);
        let old = ok("?trace=1,1,2&policy=lirs&param=lirs.ignore_repeats=true");
        assert!(old.collapse && old.params.is_empty());
        assert!(err("collapse-repeats=maybe").contains("expected true or false"));
    }

    #[test]
    fn warm_up_and_interval_read_as_the_runner_reads_them() {
        let l = ok("?trace=1,2,3&policy=lru&warmup=10%25&interval=500");
        assert_eq!((l.warmup.as_deref(), l.interval), (Some("10%"), Some(500)));
        assert_eq!(ok("warmup=%201000%20").warmup.as_deref(), Some("1000"));
        // No warm-up is no warm-up, however it is written.
        assert_eq!((ok("warmup=0").warmup, ok("warmup=0%25").warmup, ok("trace=1").interval), (None, None, None));
        for bad in ["warmup=ten", "warmup=100%25", "warmup=-5", "warmup=1.5"] {
            let e = err(bad);
            assert!(e.starts_with("invalid link parameter warmup: "), "{bad}: {e}");
        }
        assert!(err("warmup=ten").contains("is not a number of requests or a share like 10%"));
        for bad in ["interval=0", "interval=-1", "interval=1e3", "interval=ten"] {
            assert!(err(bad).starts_with("invalid link parameter interval: "), "{bad}");
        }
        // A bad one costs only itself.
        let l = parse_query("trace=1,2&policy=lru&warmup=lots&interval=2");
        assert_eq!((l.warmup, l.interval, l.policies.len(), l.problems.len()), (None, Some(2), 1, 1));
    }

    #[test]
    fn a_link_opens_the_quiz_or_an_exercise() {
        let q = ok;
        assert!(q("trace=1,2&quiz=1").quiz && !q("trace=1,2&quiz=0").quiz && !q("trace=1,2").quiz);
        assert_eq!(q("trace=1,2&exercise=1").exercise.as_deref(), Some("victims"));
        assert_eq!(q("trace=1,2&exercise=policy").exercise.as_deref(), Some("policy"));
        assert_eq!(q("trace=1,2").exercise, None);
        assert!(err("quiz=maybe").contains("link parameter quiz"));
        let t = q("trace=1,2,3&exercise=table&exercise-requests=2");
        assert_eq!((t.exercise.as_deref(), t.exercise_requests), (Some("table"), Some(2)));
        assert!(err("exercise=essay").contains("link parameter exercise"));
        assert!(err("exercise-requests=0").contains("link parameter exercise-requests"));
    }

    #[test]
    fn embed_shows_the_stage_alone() {
        assert!(ok("?trace=1,2&policy=clock&frames=1&embed=1").embed);
        assert!(ok("?trace=1,2&embed=true").embed);
        assert!(!ok("?trace=1,2&embed=0").embed);
        assert!(!ok("?trace=1,2").embed);
        let e = err("embed=yes");
        assert!(e.contains("link parameter embed") && e.contains("expected 1"), "{e}");
    }

    #[test]
    fn a_lecturer_link_reads_as_written() {
        let l = ok("?trace=7,0,1,2w%200%203&policy=fifo&frames=3&view=explore&step=4");
        assert_eq!(l.trace.as_deref(), Some("7\n0\n1\n2 W\n0\n3\n"));
        assert_eq!(l.requests, 6);
        assert_eq!(l.policies, ["fifo"]);
        assert_eq!(l.frames.as_deref(), Some("3"));
        assert_eq!((l.view.as_deref(), l.step), (Some("explore"), Some(4)));
        let l = ok("policy=lru,cflru&frames=3,4&param=cflru.window=0.5&ftl=page&blocks=8&pages-per-block=4");
        assert_eq!(l.params["cflru"]["window"], 0.5);
        assert_eq!(l.flash["pages_per_block"], 4.0);
        assert_eq!(l.frames.as_deref(), Some("3, 4"));
    }

    #[test]
    fn a_link_defines_its_own_policies_with_code() {
        let src = "export default class Mine { evict() { return 1 + 2; } }\n";
        let enc: String = form_urlencoded::byte_serialize(src.as_bytes()).collect();
        let l = ok(&format!("?trace=1,2&policy=mine,lru&frames=1&code.mine={enc}&param=mine.k=3"));
        assert_eq!(l.policies, ["mine", "lru"]);
        // Kept byte for byte (a `+` in the source arrives as %2B; the trailing newline stays).
        assert_eq!(l.code["mine"], src);
        assert_eq!(l.params["mine"]["k"], 3.0);
        // The source may come before the name.
        ok(&format!("code.my-fifo={enc}&policy=my-fifo"));
        let e = err(&format!("policy=lru&code.lru={enc}"));
        assert!(e.contains("link parameter code.lru") && e.contains("built-in"), "{e}");
        assert!(err(&format!("code.9lives={enc}")).contains("not a name for a policy"));
        assert!(err("code.mine=").contains("no source"));
        let e = err("policy=mine");
        assert!(e.contains("unknown policy \"mine\"") && e.contains("code.NAME"), "{e}");
        let big = format!("code.mine={}", "x".repeat(crate::limits::USER_SOURCE_BYTES as usize + 1));
        assert!(err(&big).contains("limit user_source"));
        assert!(err(&format!("policy=mine&code.mine={enc}&param=mine.{}=1", "k".repeat(100)))
            .contains("not a parameter's name"));
    }

    #[test]
    fn bad_values_name_the_link_parameter() {
        assert!(err("trace=7,x,1").contains("link parameter trace") && err("trace=7,x,1").contains("request 2"));
        assert!(err("trace=").contains("no page numbers"));
        assert!(err("policy=fifo,lruu").contains("link parameter policy") && err("policy=lruu").contains("lru"));
        assert!(err("frames=0").contains("link parameter frames"));
        assert!(err("view=slides").contains("link parameter view"));
        assert!(err("step=-1").contains("link parameter step"));
        assert!(err("trace=1,2&step=3").contains("past the end"));
        assert!(err("policy=cflru&param=cflru.window=2").contains("between 0 and 1"));
        assert!(err("policy=lru&param=cflru.window=0.5").contains("not among policy="));
        assert!(err("policy=lru&param=lru.window=0.5").contains("lru has no parameter window"));
        assert!(err("blocks=0").contains("link parameter blocks"));
        assert!(err("gc=lru").contains("link parameter gc"));
        assert!(err("colour=red").contains("link parameter colour") && err("colour=red").contains("trace, policy"));
        let big = format!("trace={}", "1,".repeat(40_000));
        assert!(err(&big).contains("limit link_trace"));
    }

    #[test]
    fn one_bad_value_costs_only_itself() {
        let l = parse_query("?trace=7,0,1,2&policy=fifo,lruu&frames=3&param=fifo.x=1&view=explore&step=50&colour=red");
        assert_eq!(l.trace.as_deref(), Some("7\n0\n1\n2\n"));
        assert_eq!((l.policies.as_slice(), l.frames.as_deref()), (&["fifo".to_string()][..], Some("3")));
        // A step past the end opens at the end.
        assert_eq!((l.view.as_deref(), l.step), (Some("explore"), Some(4)));
        assert_eq!(l.problems.len(), 4, "{:?}", l.problems);
        for (p, what) in l.problems.iter().zip(["colour", "policy", "param", "step"]) {
            assert!(p.contains(&format!("link parameter {what}")), "{p}");
        }
        assert!(l.problems[3].contains("50 is past the end of the trace (4 requests): opened at the end"));
        // A bad trace leaves the rest, and a step with no trace of the link's own is the explorer's to clamp.
        let l = parse_query("trace=7,x&policy=lru&step=50");
        assert_eq!((l.trace, l.policies.as_slice(), l.step), (None, &["lru".to_string()][..], Some(50)));
    }

    #[test]
    fn every_flash_flag_of_the_runner_is_a_link_key() {
        let l = ok(
            "ftl=page&fill=0.5&overprovision=0.2&dac-threshold=500&watermark=3&aging=1&aging-sequential=0.25&regions=2",
        );
        assert_eq!(l.flash["fill"], 0.5);
        assert_eq!((l.flash["threshold"].as_f64(), l.flash["watermark"].as_f64()), (Some(500.0), Some(3.0)));
        assert_eq!((l.flash["aging"].as_f64(), l.flash["aging_sequential"].as_f64()), (Some(1.0), Some(0.25)));
        assert!(err("fill=1.5").contains("link parameter fill"));
    }

    #[test]
    fn a_long_value_is_quoted_as_a_short_excerpt() {
        // Every parameter a link may carry, with a 70,000-character value (found by e2e/linkFuzz.spec.ts).
        let long = "1,".repeat(35_000);
        for key in [
            "trace",
            "policy",
            "frames",
            "view",
            "step",
            "collapse-repeats",
            "warmup",
            "interval",
            "quiz",
            "exercise",
            "exercise-requests",
            "embed",
            "ftl",
            "gc",
            "blocks",
            "pages-per-block",
            "overprovision",
            "regions",
            "fill",
            "dac-threshold",
            "watermark",
            "aging",
            "aging-sequential",
            "param",
            "colour",
        ] {
            let e = err(&format!(
                "policy=cflru&{key}={}",
                form_urlencoded::byte_serialize(long.as_bytes()).collect::<String>()
            ));
            assert!(e.len() < 600, "{key}: a message of {} bytes: {}", e.len(), &e[..e.len().min(200)]);
        }
        let e = err(&format!("policy=cflru&param=cflru.window={}", "9".repeat(70_000)));
        assert!(e.contains("… (70002 characters)") && e.len() < 600, "{}", &e[..e.len().min(300)]);
        let e = err(&format!("warmup={}%25", "9".repeat(70_000)));
        assert!(e.contains("(70001 characters)") && e.len() < 600, "{}", &e[..e.len().min(300)]);
        let e = err(&format!("policy=cflru&param=cflru.{}=1", "k".repeat(70_000)));
        assert!(e.len() < 600, "{}", &e[..e.len().min(200)]);
    }
}
