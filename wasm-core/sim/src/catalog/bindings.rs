//! TypeScript types of everything the core emits as JSON, generated from the Rust
//! types with ts-rs and checked in at `src/core/generated/core.ts`. This test
//! fails when that file is stale; `npm run bindings` (CACHESCOPE_BINDINGS=write)
//! rewrites it.

use std::path::PathBuf;
use ts_rs::{Config, TS};

macro_rules! decls {
    ($cfg:expr, $($t:ty),* $(,)?) => {
        vec![$(<$t as TS>::decl($cfg)),*]
    };
}

fn generate() -> String {
    use crate::catalog::*;
    use crate::describe::*;
    use crate::flash::{snapshot, FlashEvent, FlashMetrics, FlashSnapshot};
    use crate::policy::{Event, Gauge, Hand, List, Ring, Slot, Snapshot};
    let cfg = &Config::new().with_large_int("number");
    let all = decls!(
        cfg,
        Catalog,
        Template,
        crate::analyze::Analysis,
        crate::analyze::Popularity,
        crate::analyze::Windows,
        crate::analyze::Log2Histogram,
        crate::analyze::Timing,
        crate::check::CheckReport,
        crate::check::Difference,
        crate::check::TraceVerdict,
        Named,
        PolicyDoc,
        crate::policy::Group,
        ParamDoc,
        Param,
        ParamKind,
        View,
        ViewKind,
        Mark,
        ListHint,
        FtlDoc,
        FormatDoc,
        GeneratorDoc,
        CostPreset,
        crate::cost::CostModel,
        ExperimentDefaults,
        CurveDefaults,
        crate::policy::CurveMethod,
        crate::mrc::Curve,
        crate::papers::Table,
        crate::papers::Input,
        crate::papers::Column,
        crate::papers::Row,
        crate::papers::Published,
        crate::limits::Limit,
        crate::limits::Scope,
        crate::formats::CsvMapping,
        crate::formats::Unit,
        crate::formats::TimeUnit,
        crate::formats::Summary,
        crate::formats::LoadInfo,
        crate::sim::Metrics,
        crate::sim::RunOptions,
        crate::sim::StepRecord,
        Snapshot,
        Slot,
        Ring,
        Hand,
        List,
        Gauge,
        Event,
        FlashMetrics,
        FlashSnapshot,
        snapshot::BlockView,
        snapshot::CopyView,
        snapshot::PageView,
        FlashEvent,
        crate::flash::FlashRunOutput,
        crate::flash::FlashStep,
        crate::link::HandLink,
        crate::link::LinkKey,
        crate::generate::GenConfig,
        crate::generate::Phase,
        crate::generate::Workload,
        serde_json::Value,
    );
    let mut out = String::from(
        "// Generated from the Rust core by ts-rs (wasm-core/sim/src/catalog/bindings.rs).\n\
         // Do not edit: run `npm run bindings` after changing a type the core emits.\n",
    );
    for d in all {
        out.push_str("\nexport ");
        out.push_str(d.trim_end());
        out.push('\n');
    }
    out
}

fn path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../src/core/generated/core.ts")
}

#[test]
fn typescript_bindings_are_current() {
    let want = generate();
    if std::env::var("CACHESCOPE_BINDINGS").as_deref() == Ok("write") {
        std::fs::create_dir_all(path().parent().unwrap()).unwrap();
        std::fs::write(path(), &want).unwrap();
        return;
    }
    let have = std::fs::read_to_string(path()).unwrap_or_default();
    assert!(have == want, "src/core/generated/core.ts is stale: run `npm run bindings` and commit the result");
}
