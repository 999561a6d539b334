//! The synthetic workloads as the catalogue lists them. Keys are the fields of
//! `generate::Workload` (and the runner's `--generate KIND:key=value` keys).

use super::GeneratorDoc;
use crate::describe::{docs, Param, ParamDoc};
use crate::limits::{MAX_DISTINCT_PAGES, MAX_GENERATED};
use serde_json::json;

const PAGES: Param = Param::integer(
    "pages",
    "Pages",
    1.0,
    MAX_DISTINCT_PAGES as f64,
    "pages",
    "Distinct pages the workload draws from.",
);

struct Gen {
    id: &'static str,
    name: &'static str,
    summary: &'static str,
    params: &'static [Param],
    defaults: fn() -> serde_json::Value,
}

const GENS: &[Gen] = &[
    Gen {
        id: "zipf",
        name: "Zipf",
        summary: "Page of rank k with probability proportional to 1/(k+1)^α: a few hot pages, a long tail.",
        params: &[PAGES, Param::number("alpha", "α", 0.0, 10.0, "", "Skew: 0 is uniform, 1 is classic Zipf.")],
        defaults: || json!({"pages": 10000, "alpha": 1.0}),
    },
    Gen {
        id: "uniform",
        name: "Uniform",
        summary: "Every page equally likely.",
        params: &[PAGES],
        defaults: || json!({"pages": 10000}),
    },
    Gen {
        id: "loop",
        name: "Loop",
        summary: "0, 1, …, pages − 1, then again: CLOCK-Pro's loop one page larger than memory.",
        params: &[PAGES],
        defaults: || json!({"pages": 10000}),
    },
    Gen {
        id: "hot-cold",
        name: "Hot/cold",
        summary: "A fraction of the accesses goes to a fraction of the pages (DAC's 90/10 locality).",
        params: &[
            PAGES,
            Param::number(
                "hot_access",
                "Hot accesses",
                0.0,
                1.0,
                "of the requests",
                "Share of the requests that go to hot pages.",
            ),
            Param::number("hot_pages", "Hot pages", 0.0, 1.0, "of the pages", "Share of the pages that are hot."),
        ],
        defaults: || json!({"pages": 10000, "hot_access": 0.9, "hot_pages": 0.1}),
    },
    Gen {
        id: "working-set",
        name: "Shifting working set",
        summary: "Uniform over a window of pages that moves on every so many requests.",
        params: &[
            PAGES,
            Param::integer("set", "Window", 1.0, MAX_DISTINCT_PAGES as f64, "pages", "Pages in the working set."),
            Param::integer(
                "shift_every",
                "Shift every",
                1.0,
                MAX_GENERATED as f64,
                "requests",
                "Requests between moves.",
            ),
            Param::integer(
                "shift",
                "Shift by",
                0.0,
                MAX_DISTINCT_PAGES as f64,
                "pages",
                "Pages the window moves by; 0 = a whole window.",
            ),
        ],
        defaults: || json!({"pages": 10000, "set": 500, "shift_every": 20000, "shift": 0}),
    },
    Gen {
        id: "sequential",
        name: "Sequential scan",
        summary: "start, start + 1, …: every request a page not seen before.",
        params: &[Param::integer("start", "First page", 0.0, MAX_DISTINCT_PAGES as f64, "", "The first page number.")],
        defaults: || json!({"start": 0}),
    },
];

const PHASE: &[Param] = &[
    Param::integer("length", "Length", 1.0, MAX_GENERATED as f64, "requests", "Requests the phase produces."),
    Param::number("write_fraction", "Writes", 0.0, 1.0, "of the requests", "Share of the requests that write."),
    Param::integer(
        "seed",
        "Seed",
        0.0,
        9007199254740991.0,
        "",
        "Seed of the whole run: the same seed gives the same trace everywhere.",
    ),
];

pub fn all() -> Vec<GeneratorDoc> {
    GENS.iter()
        .map(|g| GeneratorDoc { id: g.id, name: g.name, summary: g.summary, params: docs(g.params, &(g.defaults)()) })
        .collect()
}

pub fn phase() -> Vec<ParamDoc> {
    docs(PHASE, &json!({"length": 200000, "write_fraction": 0.3, "seed": 42}))
}

#[cfg(test)]
mod tests {
    use crate::generate::{generate, GenConfig};
    use serde_json::json;

    /// Every generator's catalogue defaults make a valid workload.
    #[test]
    fn every_generator_default_generates() {
        for g in super::all() {
            let mut w = json!({"kind": g.id});
            for p in &g.params {
                w[p.spec.key] = p.default.clone();
            }
            let cfg: GenConfig = serde_json::from_value(
                json!({"seed": 1, "phases": [{"workload": w, "length": 100, "write_fraction": 0.3}]}),
            )
            .unwrap_or_else(|e| panic!("{}: {e}", g.id));
            assert_eq!(generate(&cfg).unwrap().len(), 100, "{}", g.id);
        }
    }
}
