//! Where the runner's trace comes from: a file or a generator.

use crate::args::Args;
use cachescope_sim::generate::generate;
use cachescope_sim::spec::parse_generator;
use cachescope_sim::{SimError, Trace};
use serde_json::{json, Value};

pub struct Input {
    pub trace: Trace,
    pub source: String,
    pub format: Option<String>,
    pub skipped: u64,
}

impl Input {
    pub fn describe(&self) -> Value {
        json!({
            "source": self.source, "format": self.format, "requests": self.trace.len(),
            "distinct": self.trace.distinct(), "writes": self.trace.writes(), "skipped": self.skipped,
        })
    }
}

pub fn load(a: &Args) -> Result<Input, SimError> {
    match (&a.trace, &a.generate) {
        (Some(_), Some(_)) => Err(SimError::config("input", "give --trace or --generate, not both")),
        (None, None) => Err(SimError::config("input", "give --trace FILE or --generate SPEC")),
        (None, Some(spec)) => {
            let cfg = parse_generator(spec)?;
            Ok(Input { trace: generate(&cfg)?, source: format!("generate:{spec}"), format: None, skipped: 0 })
        }
        (Some(path), None) => load_file(a, path),
    }
}

fn load_file(_a: &Args, path: &str) -> Result<Input, SimError> {
    Err(SimError::Input(format!("{path}: reading trace files is not wired yet")))
}
