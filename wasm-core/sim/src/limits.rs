//! Every limit of the tool, declared once. The runner, the worker and the link
//! validator read them from here (through the catalogue), so a limit has one
//! value and one name everywhere.

use serde::Serialize;

/// Requests in one trace read natively (4 bytes each in memory, plus the ids).
pub const MAX_REQUESTS: u64 = 400_000_000;
/// Requests in one trace in the browser: a wasm32 memory of 4 GiB holds the
/// packed requests while their array grows by doubling, and the ids beside them.
pub const MAX_REQUESTS_BROWSER: u64 = 200_000_000;
/// Requests one generator config may produce, so that every generated
/// workload (and so every link that carries one) runs in the browser too.
pub const MAX_GENERATED: u64 = MAX_REQUESTS_BROWSER;
/// Distinct pages of a trace: dense ids use 31 bits, bit 31 marks a write.
pub const MAX_DISTINCT_PAGES: u64 = (1 << 31) - 1;
/// Frames of one cache: per-frame arrays of larger caches do not fit a browser.
pub const MAX_FRAMES: u64 = 1 << 26;
/// Physical pages of one flash device (about 20 bytes a page with the maps).
pub const MAX_PHYSICAL_PAGES: u64 = 1 << 26;
/// Pages in one flash block.
pub const MAX_PAGES_PER_BLOCK: u64 = 1 << 16;
/// DAC regions.
pub const MAX_REGIONS: u64 = 16;
/// Pages one request of a byte-addressed trace may span.
pub const MAX_SPAN: u64 = 1 << 20;
/// Bytes in one line of a text trace.
pub const MAX_LINE: u64 = 1 << 20;
/// Bytes of blank and comment lines before a trace's first request, when its
/// format is told from its content (the lines are skipped, not kept).
pub const MAX_LEADING_COMMENTS: u64 = 64 * 1024 * 1024;
/// Bytes of a trace carried inside a link (compressed in a share link, as text in
/// a hand-written `?trace=` link): enough for any upload the app inlines.
pub const MAX_LINK_TRACE_BYTES: u64 = 64 * 1024;
/// Characters a link's cache sizes may take (as a `#v2=` link's `frames`): enough for any list a
/// person types; a longer one would be thousands of sizes, each a run of every policy.
pub const MAX_LINK_FRAMES_CHARS: u64 = 400;
/// Bytes a share link may inflate to: its experiment's JSON with an inline
/// upload of at most 1 MiB of text (base64 for binary), with room to spare;
/// inflating it takes milliseconds, and a "deflate bomb" stops here.
pub const MAX_LINK_INFLATED: u64 = 4 * 1024 * 1024;
/// Bytes the browser's core may hold in traces: two traces (the loaded one and
/// the next) must fit in it together, within WebAssembly's 4 GiB with room for runs.
pub const MAX_BROWSER_MEMORY: u64 = 3 * 1024 * 1024 * 1024;
/// Points of the hit-ratio-over-time series of one run.
pub const MAX_BUCKETS: u64 = 1_000_000;
/// Threads the runner may be asked for (it never starts more than its cores or
/// its cells; a larger number is a typo, refused with a message).
pub const MAX_THREADS: u64 = 1024;

/// Bytes of memory one instance of a policy written in JavaScript may hold.
pub const USER_MEMORY: u64 = 64 << 20;
/// Operations a call into a user's JavaScript may take: a base, and this many more
/// per request it delivers ([`USER_OPS_PER_REQUEST`]); past them the call is stopped.
pub const USER_OPS_PER_CALL: u64 = 20_000_000;
pub const USER_OPS_PER_REQUEST: u64 = 10_000;
/// Operations the constructor and `view()` may take.
pub const USER_OPS_SETUP: u64 = 50_000_000;
/// Bytes of a user policy's source (it travels in links too).
pub const USER_SOURCE_BYTES: u64 = 256 * 1024;

/// Where a limit applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Scope {
    Native,
    Browser,
    Both,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Limit {
    pub name: &'static str,
    pub value: f64,
    pub scope: Scope,
    pub unit: &'static str,
    pub doc: &'static str,
}

const fn limit(name: &'static str, value: u64, scope: Scope, unit: &'static str, doc: &'static str) -> Limit {
    Limit { name, value: value as f64, scope, unit, doc }
}

pub fn all() -> Vec<Limit> {
    use Scope::*;
    vec![
        limit("requests", MAX_REQUESTS, Native, "requests", "requests in one trace read by the runner"),
        limit("requests", MAX_REQUESTS_BROWSER, Browser, "requests", "requests in one trace in the browser"),
        limit("generated", MAX_GENERATED, Both, "requests", "requests one generator configuration produces"),
        limit("distinct_pages", MAX_DISTINCT_PAGES, Both, "pages", "distinct pages of one trace"),
        limit("frames", MAX_FRAMES, Both, "frames", "frames of one cache"),
        limit("user_memory", USER_MEMORY, Both, "bytes", "memory of one instance of a policy written in JavaScript"),
        limit(
            "user_ops_per_call",
            USER_OPS_PER_CALL,
            Both,
            "operations",
            "operations one call into a user's JavaScript may take, besides those per request",
        ),
        limit(
            "user_ops_per_request",
            USER_OPS_PER_REQUEST,
            Both,
            "operations",
            "operations a user's JavaScript may take per request a call delivers",
        ),
        limit(
            "user_ops_setup",
            USER_OPS_SETUP,
            Both,
            "operations",
            "operations a user policy's constructor or view() may take",
        ),
        limit("user_source", USER_SOURCE_BYTES, Both, "bytes", "bytes of a user policy's source"),
        limit("physical_pages", MAX_PHYSICAL_PAGES, Both, "pages", "physical pages of one flash device"),
        limit("pages_per_block", MAX_PAGES_PER_BLOCK, Both, "pages", "pages in one flash block"),
        limit("regions", MAX_REGIONS, Both, "regions", "DAC regions"),
        limit("span", MAX_SPAN, Both, "pages", "pages one request of a byte-addressed trace may span"),
        limit("line", MAX_LINE, Both, "bytes", "bytes in one line of a text trace"),
        limit(
            "leading_comments",
            MAX_LEADING_COMMENTS,
            Both,
            "bytes",
            "bytes of blank and comment lines before the first request, when the format is detected",
        ),
        limit("buckets", MAX_BUCKETS, Both, "points", "points of one run's hit-ratio series"),
        limit("link_trace", MAX_LINK_TRACE_BYTES, Both, "bytes", "bytes of a trace carried inside a link"),
        limit("link_frames", MAX_LINK_FRAMES_CHARS, Both, "characters", "characters of a link's cache sizes"),
        limit("link_inflated", MAX_LINK_INFLATED, Both, "bytes", "bytes a share link may decompress to"),
        limit(
            "threads",
            MAX_THREADS,
            Native,
            "threads",
            "threads asked of the runner (it uses at most its cores and cells)",
        ),
        limit("memory", MAX_BROWSER_MEMORY, Browser, "bytes", "bytes of traces the browser's core holds at once"),
    ]
}

/// The value of limit `name` in `scope` (a `Both` limit answers for either).
pub fn get(name: &str, scope: Scope) -> Option<f64> {
    let all = all();
    all.iter()
        .find(|l| l.name == name && l.scope == scope)
        .or_else(|| all.iter().find(|l| l.name == name))
        .map(|l| l.value)
}
