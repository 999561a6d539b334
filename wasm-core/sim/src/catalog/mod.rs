//! The catalogue: everything the core offers, described once — policies, FTLs,
//! cleaning policies, trace formats, generators, cost presets, flash device
//! parameters and every limit. The WASM adapter exports it, the runner prints
//! it (`--list-policies --json`), and the UI builds its pickers, editors,
//! defaults, legends and limits from it; TypeScript types for it are generated
//! (see `bindings`).

//!
//! The catalogue stands on top: it gathers what each part declares about
//! itself in the words of `crate::describe`, and no part imports it.

#[cfg(test)]
mod bindings;
mod generators;

use crate::cost::CostModel;
use crate::describe::{docs, ParamDoc, View};
use crate::flash::FlashConfig;
use crate::formats::{CsvMapping, FORMATS};
use crate::limits::Limit;
use crate::policy::{CurveMethod, Group, POLICIES};
use serde::Serialize;
use serde_json::Value;

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Catalog {
    pub version: &'static str,
    pub groups: Vec<Named>,
    pub policies: Vec<PolicyDoc>,
    pub ftls: Vec<FtlDoc>,
    pub cleaning: Vec<Named>,
    /// The flash device's parameters (the runner's flash flags), with defaults.
    pub flash: Vec<ParamDoc>,
    pub formats: Vec<FormatDoc>,
    pub generators: Vec<GeneratorDoc>,
    /// Parameters every generator phase has (length, write fraction).
    pub phase: Vec<ParamDoc>,
    pub cost_presets: Vec<CostPreset>,
    pub limits: Vec<Limit>,
    /// The generic CSV mapping's defaults.
    pub csv: CsvMapping,
    /// What a new experiment starts with.
    pub experiment: ExperimentDefaults,
    /// How miss-ratio curves are drawn (`crate::mrc`).
    pub curves: CurveDefaults,
    /// The papers' tables the Reproduce view and `--reproduce` rebuild.
    pub reproduce: Vec<crate::papers::Table>,
    /// The keys a hand-written link's query may carry (`crate::link`).
    pub link_keys: Vec<crate::link::LinkKey>,
    /// Policies to start your own from (the editor's templates), JavaScript.
    pub templates: Vec<Template>,
}

/// A user policy to start from.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Template {
    pub id: &'static str,
    pub name: &'static str,
    pub source: &'static str,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Named {
    pub id: &'static str,
    pub name: &'static str,
    pub summary: &'static str,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct PolicyDoc {
    pub id: &'static str,
    pub name: &'static str,
    pub short: &'static str,
    pub group: Group,
    /// How its whole miss-ratio curve is computed.
    pub curve: CurveMethod,
    pub source: &'static str,
    pub summary: &'static str,
    pub how: &'static str,
    pub params: Vec<ParamDoc>,
    pub view: View,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct FtlDoc {
    pub id: &'static str,
    pub name: &'static str,
    pub summary: &'static str,
    /// The smallest device it accepts, and why.
    pub reserve: &'static str,
    /// The FTL's own parameters (`ftl_params`) with their defaults.
    pub defaults: Value,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct FormatDoc {
    pub id: &'static str,
    pub label: &'static str,
    pub binary: bool,
    /// Pages are named by string keys (key-value and object traces).
    pub keys: bool,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct GeneratorDoc {
    /// The workload's `kind` (and the runner's `--generate` keyword).
    pub id: &'static str,
    pub name: &'static str,
    pub summary: &'static str,
    pub params: Vec<ParamDoc>,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct CostPreset {
    pub id: &'static str,
    pub name: &'static str,
    pub source: &'static str,
    pub cost: CostModel,
    /// Costs are microseconds of flash I/O, so a cost is an I/O time.
    pub latency: bool,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ExperimentDefaults {
    pub policies: Vec<&'static str>,
    /// Cache sizes as the runner's `--frames` takes them.
    pub frames: &'static str,
    /// Sizes a sweep fills in (percentages of the distinct pages).
    pub sweep: &'static str,
    pub cost_preset: &'static str,
    /// The explorer's first policy and size.
    pub explore_policy: &'static str,
    pub explore_frames: u32,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct CurveDefaults {
    /// Points of a default curve, log-spaced.
    pub points: u32,
    /// A default curve starts at this fraction of the distinct pages.
    pub smallest: f64,
    /// The options of a sampled curve (sample size, samples, seed, adjustment, stratification), with defaults.
    pub options: Vec<ParamDoc>,
    /// No miniature cache has fewer frames.
    pub min_miniature: f64,
    /// Blocks a block policy's sample holds at least.
    pub min_blocks: u32,
}

/// A policy as the catalogue describes it, its parameters with `defaults` (a user
/// policy's entry is described the same way once it is defined).
pub fn policy_doc(e: &crate::policy::PolicyEntry, defaults: &Value) -> PolicyDoc {
    PolicyDoc {
        id: e.id,
        name: e.name,
        short: e.short,
        group: e.group,
        curve: e.curve,
        source: e.source,
        summary: e.summary,
        how: e.how,
        params: docs(e.params, defaults),
        view: e.view,
    }
}

pub fn catalog() -> Catalog {
    Catalog {
        version: env!("CARGO_PKG_VERSION"),
        groups: Group::ALL.iter().map(|g| Named { id: g.id(), name: g.label(), summary: "" }).collect(),
        policies: POLICIES.iter().map(|e| policy_doc(e, &(e.defaults)())).collect(),
        ftls: crate::flash::FTLS
            .iter()
            .map(|e| FtlDoc {
                id: e.id,
                name: e.name,
                summary: e.summary,
                reserve: e.reserve,
                defaults: (e.defaults)(),
            })
            .collect(),
        templates: crate::policy::user::TEMPLATES
            .iter()
            .map(|&(id, name, source)| Template { id, name, source })
            .collect(),
        cleaning: crate::flash::gc::CLEANING
            .iter()
            .map(|e| Named { id: e.id, name: e.name, summary: e.summary })
            .collect(),
        reproduce: crate::papers::TABLES.to_vec(),
        link_keys: crate::link::LINK_KEYS.to_vec(),
        flash: docs(
            crate::flash::PARAMS,
            &serde_json::to_value(FlashConfig::default()).expect("flash configs serialise"),
        ),
        formats: FORMATS
            .iter()
            .map(|f| FormatDoc { id: f.id, label: f.label, binary: f.binary, keys: f.keys })
            .collect(),
        generators: generators::all(),
        phase: generators::phase(),
        cost_presets: CostModel::PRESETS
            .iter()
            .map(|&(id, name, source, latency)| CostPreset {
                id,
                name,
                source,
                cost: CostModel::preset(id).expect("listed presets exist"),
                latency,
            })
            .collect(),
        limits: crate::limits::all(),
        csv: CsvMapping::default(),
        experiment: ExperimentDefaults {
            policies: vec!["lru", "clock", "opt"],
            frames: "100, 1000",
            sweep: "1%, 2%, 5%, 10%, 20%, 35%, 50%, 75%, 100%",
            cost_preset: "unit",
            explore_policy: "clock",
            explore_frames: 16,
        },
        curves: CurveDefaults {
            points: crate::mrc::POINTS as u32,
            smallest: crate::mrc::SMALLEST,
            options: docs(crate::mrc::OPTIONS, &crate::mrc::Sampling::default().to_json()),
            min_miniature: crate::mrc::MIN_MINIATURE,
            min_blocks: crate::mrc::MIN_BLOCKS,
        },
    }
}

/// The catalogue as JSON text, as the WASM adapter and the runner give it.
pub fn catalog_json() -> String {
    serde_json::to_string(&catalog()).expect("the catalogue serialises")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalogue_is_whole_and_consistent() {
        let c = catalog();
        assert_eq!(c.policies.len(), POLICIES.len());
        for p in &c.policies {
            assert!(!p.short.is_empty() && !p.source.is_empty(), "{}", p.id);
            let sentences = p.how.matches(". ").count() + 1;
            assert!((2..=7).contains(&sentences), "{}: how-it-works has {sentences} sentences", p.id);
            for d in &p.params {
                d.spec.check(p.id, &d.default).unwrap_or_else(|e| panic!("{} default: {e}", p.id));
            }
            assert!(p.view.statuses.iter().any(|m| !m.label.is_empty()), "{}: no status legend", p.id);
        }
        for id in &c.experiment.policies {
            assert!(c.policies.iter().any(|p| p.id == *id), "default policy {id}");
        }
        assert!(c.policies.iter().any(|p| p.id == c.experiment.explore_policy));
        for d in c.flash.iter().chain(&c.phase).chain(c.generators.iter().flat_map(|g| &g.params)) {
            d.spec.check("catalogue", &d.default).unwrap_or_else(|e| panic!("{e}"));
        }
        let json: Value = serde_json::from_str(&catalog_json()).unwrap();
        assert_eq!(json["policies"][0]["params"].as_array().unwrap().len(), 0);
        assert_eq!(json["limits"].as_array().unwrap().len(), crate::limits::all().len());
    }
}
