//! One running instance of a JavaScript policy: its own QuickJS runtime and context,
//! the user's class instantiated, and a small driver (in JavaScript, inside the
//! sandbox) that delivers a batch of hits and inserts and asks `evict()`, so a batch
//! costs one call across the boundary, not one per request.

use cachescope_sim::policy::user::{Failure, Hooks, Method, PageValue, Returned};
use rquickjs::{
    CatchResultExt, CaughtError, Context, Ctx, Function, Module, Object, Persistent, Runtime, TypedArray, Value,
};
use serde_json::Value as Json;
use std::cell::Cell;
use std::rc::Rc;

use cachescope_sim::limits::{USER_MEMORY, USER_OPS_PER_CALL, USER_OPS_PER_REQUEST, USER_OPS_SETUP};

/// Memory one instance may hold.
pub const MEMORY: usize = USER_MEMORY as usize;
/// Operations between two checks of the budget (QuickJS counts down this many
/// before it calls the interrupt handler), so budgets are counted in ticks of it.
pub const TICK: u64 = 10_000;
/// The C stack the engine may use (deep recursion is an exception, not a crash).
const STACK: usize = 256 << 10;
/// Ticks a call may take: a base, and more per request it delivers.
const BASE_TICKS: u64 = USER_OPS_PER_CALL / TICK;
const TICKS_PER_REQUEST: u64 = USER_OPS_PER_REQUEST / TICK;
/// Ticks for the constructor and for `view()`.
const SETUP_TICKS: u64 = USER_OPS_SETUP / TICK;

/// The file name errors and stack traces give the user's source.
const FILE: &str = "policy.js";

/// Runs before the user's module: no clock and a seeded `Math.random`, the same on
/// every surface. (`Map` and `Set` of page numbers are fast because the engine's hash
/// of a number is patched: see `wasm-core/vendor/rquickjs-sys/PATCHED.md`.)
const PRELUDE: &str = r#""use strict";
{
  // mulberry32: a seeded Math.random gives the same numbers on every run and surface
  let s = 0x2545f491 | 0;
  const random = function random() {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  Object.defineProperty(Math, "random", { value: random, writable: false, configurable: false });
  for (const name of ["Date", "performance", "WeakRef", "FinalizationRegistry"]) delete globalThis[name];
}
"#;

/// Builds the driver around an instance of the user's class.
const DRIVER: &str = r#"(function (Policy, frames, paramsJson) {
  const p = new Policy(frames, JSON.parse(paramsJson));
  const has = (name) => typeof p[name] === "function";
  // Methods are called on the instance (p.hit(…)), as the user's own code would.
  const hit = has("hit"), insert = has("insert"), evict = has("evict"), view = has("view");
  let at = -1;
  return {
    run(kinds, pages, n, wantVictim) {
      for (let i = 0; i < n; i++) {
        at = i;
        const k = kinds[i];
        if (k & 1) { if (insert) p.insert(pages[i], (k & 2) !== 0); }
        else if (hit) p.hit(pages[i], (k & 2) !== 0);
      }
      at = -1;
      if (!wantVictim) return undefined;
      if (!evict) throw new TypeError("the policy has no evict() method");
      return p.evict();
    },
    at() { return at; },
    view() { return view ? JSON.stringify(p.view() ?? null) : undefined; },
  };
})"#;

/// The engine, with the budget its interrupt handler enforces.
struct Sandbox {
    // Field order: the context must go before its runtime.
    ctx: Context,
    _rt: Runtime,
    ticks: Rc<Cell<u64>>,
    limit: Rc<Cell<u64>>,
}

impl Sandbox {
    fn new() -> Result<Sandbox, Failure> {
        let fail = |e: rquickjs::Error| Failure::new(Method::Constructor, format!("could not start the engine: {e}"));
        let rt = Runtime::new().map_err(fail)?;
        rt.set_memory_limit(MEMORY);
        rt.set_max_stack_size(STACK);
        let ticks = Rc::new(Cell::new(0u64));
        let limit = Rc::new(Cell::new(SETUP_TICKS));
        let (t, l) = (ticks.clone(), limit.clone());
        rt.set_interrupt_handler(Some(Box::new(move || {
            t.set(t.get() + 1);
            t.get() > l.get()
        })));
        let ctx = Context::full(&rt).map_err(fail)?;
        ctx.with(|ctx| ctx.eval::<(), _>(PRELUDE)).map_err(fail)?;
        Ok(Sandbox { ctx, _rt: rt, ticks, limit })
    }

    /// Starts a call that may take `ticks` ticks.
    fn budget(&self, ticks: u64) {
        self.ticks.set(0);
        self.limit.set(ticks);
    }

    /// The user's default export, the module evaluated.
    fn class<'js>(&self, ctx: &Ctx<'js>, source: &str) -> Result<Value<'js>, Failure> {
        let fail = |e: CaughtError, what: &str| Failure::new(Method::Constructor, describe(&e, what, self.over()));
        let m = Module::declare(ctx.clone(), FILE, source).catch(ctx).map_err(|e| fail(e, "does not compile:"))?;
        let (m, done) = m.eval().catch(ctx).map_err(|e| fail(e, "threw while loading:"))?;
        done.finish::<()>().catch(ctx).map_err(|e| fail(e, "threw while loading:"))?;
        let ns = m.namespace().catch(ctx).map_err(|e| fail(e, "could not be read:"))?;
        let cls: Value = ns.get("default").catch(ctx).map_err(|e| fail(e, "could not be read:"))?;
        if !cls.is_constructor() {
            return Err(Failure::new(
                Method::Constructor,
                "has no default export that is a class: write `export default class MyPolicy { … }`",
            ));
        }
        Ok(cls)
    }

    fn over(&self) -> Option<u64> {
        (self.ticks.get() > self.limit.get()).then(|| self.limit.get() * TICK)
    }
}

/// What `static params` declares, as JSON (an empty list when it declares nothing).
pub fn declared(source: &str) -> Result<Vec<Json>, Failure> {
    let sb = Sandbox::new()?;
    sb.ctx.with(|ctx| {
        let cls = sb.class(&ctx, source)?;
        let obj = cls.as_object().expect("a constructor is an object");
        let params: Value = obj.get("params").map_err(|e| Failure::new(Method::Constructor, e.to_string()))?;
        if params.is_undefined() || params.is_null() {
            return Ok(Vec::new());
        }
        let json: Option<String> = ctx.json_stringify(params).ok().flatten().and_then(|s| s.to_string().ok());
        match json.and_then(|s| serde_json::from_str::<Json>(&s).ok()) {
            Some(Json::Array(a)) => Ok(a),
            _ => Err(Failure::new(
                Method::Constructor,
                "static params must be a list: [{ name, default, min, max, doc }]",
            )),
        }
    })
}

/// An instance of the user's class behind its driver.
pub struct Instance {
    // Field order: the handles must be dropped before the engine they live in.
    run: Persistent<Function<'static>>,
    at: Persistent<Function<'static>>,
    view: Persistent<Function<'static>>,
    sb: Sandbox,
    devices: bool,
}

impl Instance {
    pub fn start(source: &str, frames: usize, params: &Json, devices: bool) -> Result<Instance, Failure> {
        let sb = Sandbox::new()?;
        let (run, at, view) = sb.ctx.with(|ctx| {
            let cls = sb.class(&ctx, source)?;
            let make: Function = ctx.eval(DRIVER).map_err(|e| Failure::new(Method::Constructor, e.to_string()))?;
            sb.budget(SETUP_TICKS);
            let driver: Object = make
                .call((cls, frames as f64, params.to_string()))
                .catch(&ctx)
                .map_err(|e| Failure::new(Method::Constructor, describe(&e, "threw", sb.over())))?;
            let get = |k: &str| -> Result<Persistent<Function<'static>>, Failure> {
                let f: Function = driver.get(k).map_err(|e| Failure::new(Method::Constructor, e.to_string()))?;
                Ok(Persistent::save(&ctx, f))
            };
            Ok::<_, Failure>((get("run")?, get("at")?, get("view")?))
        })?;
        Ok(Instance { run, at, view, sb, devices })
    }
}

impl Hooks for Instance {
    fn call(&mut self, kinds: &[u8], pages: &[u64], evict: bool) -> Result<Option<Returned>, Failure> {
        let sb = &self.sb;
        sb.ctx.with(|ctx| {
            let method = if evict { Method::Evict } else { Method::Hit };
            let setup = |e: rquickjs::Error| Failure::new(method, e.to_string());
            let k = TypedArray::<u8>::new_copy(ctx.clone(), kinds).map_err(setup)?;
            let p = page_values(&ctx, pages, self.devices).map_err(setup)?;
            let run = self.run.clone().restore(&ctx).map_err(setup)?;
            sb.budget(BASE_TICKS + TICKS_PER_REQUEST * kinds.len() as u64);
            match run.call::<_, Value>((k, p, kinds.len() as f64, evict)).catch(&ctx) {
                Ok(v) => Ok(evict.then(|| returned(&v))),
                Err(e) => {
                    let msg = describe(&e, "threw", sb.over());
                    let at = self.at.clone().restore(&ctx).ok().and_then(|f| f.call::<_, f64>(()).ok());
                    let at = at.filter(|&i| i >= 0.0).map(|i| i as usize);
                    Ok::<_, Failure>(Err(Failure {
                        method: if at.is_some() { Method::Hit } else { Method::Evict },
                        at,
                        msg,
                    })?)
                }
            }
        })
    }

    fn view(&mut self) -> Result<Option<Json>, Failure> {
        let sb = &self.sb;
        sb.ctx.with(|ctx| {
            let fail = |e: rquickjs::Error| Failure::new(Method::View, e.to_string());
            let view = self.view.clone().restore(&ctx).map_err(fail)?;
            sb.budget(SETUP_TICKS);
            let v: Value =
                view.call(()).catch(&ctx).map_err(|e| Failure::new(Method::View, describe(&e, "threw", sb.over())))?;
            match v.as_string() {
                None => Ok(None),
                Some(s) => {
                    let s = s.to_string().map_err(fail)?;
                    serde_json::from_str(&s)
                        .map(Some)
                        .map_err(|e| Failure::new(Method::View, format!("returned something that is not a view: {e}")))
                }
            }
        })
    }
}

/// The pages of a batch as the user's code receives them: an Int32Array when every
/// one fits (QuickJS then holds them as integers, which its Map hashes well: whole
/// doubles all hash alike there, and a Map of them was 5× slower), a Float64Array
/// up to 2^53, an array of numbers and labels otherwise.
fn page_values<'js>(ctx: &Ctx<'js>, pages: &[u64], devices: bool) -> rquickjs::Result<Value<'js>> {
    let plain = |p: u64| !devices || p >> cachescope_sim::formats::NS_SHIFT == 0;
    if pages.iter().all(|&p| p <= i32::MAX as u64 && plain(p)) {
        let v: Vec<i32> = pages.iter().map(|&p| p as i32).collect();
        return Ok(TypedArray::<i32>::new(ctx.clone(), v)?.into_value());
    }
    if pages.iter().all(|&p| p < cachescope_sim::policy::user::EXACT && plain(p)) {
        let v: Vec<f64> = pages.iter().map(|&p| p as f64).collect();
        return Ok(TypedArray::<f64>::new(ctx.clone(), v)?.into_value());
    }
    let arr = rquickjs::Array::new(ctx.clone())?;
    for (i, &p) in pages.iter().enumerate() {
        match PageValue::of(p, devices) {
            PageValue::Number(x) => arr.set(i, x)?,
            PageValue::Text(s) => arr.set(i, s)?,
        }
    }
    Ok(arr.into_value())
}

fn returned(v: &Value) -> Returned {
    if let Some(x) = v.as_number() {
        Returned::Number(x)
    } else if let Some(s) = v.as_string() {
        Returned::Text(s.to_string().unwrap_or_default())
    } else if v.is_undefined() {
        Returned::Other("undefined".into())
    } else if v.is_null() {
        Returned::Other("null".into())
    } else if let Some(b) = v.as_bool() {
        Returned::Other(b.to_string())
    } else {
        Returned::Other(format!("a value of type {}", v.type_name()))
    }
}

/// An exception as a message: `threw TypeError: x is undefined (line 12)`, or the
/// budget or memory that ran out.
fn describe(e: &CaughtError, verb: &str, over_budget: Option<u64>) -> String {
    if let Some(ops) = over_budget {
        return format!("ran past its budget of {ops} operations (an endless loop?)");
    }
    match e {
        CaughtError::Exception(x) => {
            let text = x.message().unwrap_or_default();
            let name: Option<String> = x.get("name").ok();
            let name = name.unwrap_or_else(|| "Error".into());
            if text == "out of memory" || name == "InternalError" && text.contains("memory") {
                return format!("ran out of memory ({} MiB)", MEMORY >> 20);
            }
            let line =
                x.stack().as_deref().and_then(line_of).or_else(|| x.get::<_, i32>("lineNumber").ok().map(|l| l as u32));
            match line {
                Some(l) => format!("{verb} {name}: {text} (line {l})"),
                None => format!("{verb} {name}: {text}"),
            }
        }
        CaughtError::Value(v) => format!("{verb} {}", thrown(v)),
        CaughtError::Error(e) => format!("{verb} {e}"),
    }
}

/// The first line of the user's file a stack trace names.
fn line_of(stack: &str) -> Option<u32> {
    let at = stack.find(&format!("{FILE}:"))? + FILE.len() + 1;
    let digits: String = stack[at..].chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

fn thrown(v: &Value) -> String {
    if let Some(s) = v.as_string() {
        format!("{:?}", s.to_string().unwrap_or_default())
    } else if let Some(x) = v.as_number() {
        format!("{x}")
    } else {
        v.type_name().to_string()
    }
}
