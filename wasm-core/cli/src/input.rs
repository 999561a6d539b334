//! Where the runner's trace comes from: a file or a generator.

use crate::args::Args;
use cachescope_sim::flags;
use cachescope_sim::formats::{LoadOptions, Loader};
use cachescope_sim::generate::generate;
use cachescope_sim::spec::parse_generator;
use cachescope_sim::{SimError, Trace};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use std::io::Read;

pub struct Input {
    pub trace: Trace,
    pub source: String,
    pub format: Option<String>,
    pub skipped: u64,
    /// What the load report says of how the file was read (key traces: what is
    /// not modelled, how operations were taken).
    pub notes: Vec<String>,
    /// SHA-256 of the file's bytes as read (before any decompression), hex.
    pub sha256: Option<String>,
}

impl Input {
    pub fn describe(&self) -> Value {
        json!({
            "source": self.source, "format": self.format, "requests": self.trace.len(),
            "distinct": self.trace.distinct(), "writes": self.trace.writes(), "skipped": self.skipped,
            "keys": self.trace.keys.is_some(), "notes": self.notes, "sha256": self.sha256,
        })
    }
}

pub fn load(a: &Args) -> Result<Input, SimError> {
    match (&a.trace, &a.generate) {
        (Some(_), Some(_)) => Err(SimError::config("input", "give --trace or --generate, not both")),
        (None, None) => Err(SimError::config("input", "give --trace FILE or --generate SPEC")),
        (None, Some(_)) if a.format.is_some() || a.csv.is_some() || a.page_size.is_some() || a.lenient => {
            Err(SimError::config(
                "input",
                "--format, --csv, --page-size and --lenient apply to --trace files, not --generate",
            ))
        }
        (None, Some(spec)) => {
            let cfg = parse_generator(spec)?;
            Ok(Input {
                trace: generate(&cfg)?,
                source: format!("generate:{spec}"),
                format: None,
                skipped: 0,
                notes: Vec::new(),
                sha256: None,
            })
        }
        (Some(path), None) => load_file(a, path, None),
    }
}

/// Requests handed out while the file is read: each chunk of packed requests
/// with the distinct pages read so far (every dense id in it is below).
pub type Chunks<'a> = &'a mut dyn FnMut(Vec<u32>, u32);

/// The load options the flags give (format, CSV mapping, page size, strictness).
pub fn load_options(a: &Args, path: &str) -> Result<LoadOptions, SimError> {
    let mut head = || {
        let mut head = vec![0u8; 64 << 10];
        let n = std::fs::File::open(path)
            .and_then(|mut f| f.read(&mut head))
            .map_err(|e| SimError::Input(format!("{path}: {e}")))?;
        head.truncate(n);
        Ok(head)
    };
    flags::load_options(a.format.as_deref(), a.csv.as_deref(), a.page_size, a.lenient, &mut head)
}

/// Reads the trace file; with `each`, every chunk of requests goes to it as it
/// is read, and the returned trace holds only those read after the last chunk.
pub fn load_file(a: &Args, path: &str, mut each: Option<Chunks>) -> Result<Input, SimError> {
    // The analysis reads the times (request rate); nothing else pays for them.
    let opts = LoadOptions { timestamps: a.analyze, ..load_options(a, path)? };
    let mut file = std::fs::File::open(path).map_err(|e| SimError::Input(format!("{path}: {e}")))?;
    let name = std::path::Path::new(path).file_name().and_then(|n| n.to_str()).unwrap_or(path);
    let mut loader = Loader::new(name, opts);
    if let Ok(meta) = file.metadata() {
        loader.size_hint(meta.len());
    }
    let mut buf = vec![0u8; 1 << 20];
    let mut hash = Sha256::new();
    loop {
        let n = file.read(&mut buf).map_err(|e| SimError::Input(format!("{path}: {e}")))?;
        if n == 0 {
            break;
        }
        hash.update(&buf[..n]);
        loader.feed(&buf[..n]).map_err(|e| in_file(path, e))?;
        if let Some(each) = &mut each {
            each(loader.drain(), loader.distinct());
        }
    }
    let l = loader.finish().map_err(|e| in_file(path, e))?;
    if l.skipped > 0 {
        let first =
            l.skip_reasons.first().map(|(line, why)| format!("; the first, line {line}: {why}")).unwrap_or_default();
        let s = if l.skipped == 1 { "" } else { "s" };
        eprintln!("cachescope: {path}: skipped {} malformed line{s}{first}", l.skipped);
    }
    let notes = l.notes();
    for n in &notes {
        eprintln!("cachescope: {path}: {n}");
    }
    Ok(Input {
        notes,
        source: path.to_string(),
        format: Some(format!("{}{}", l.format.id(), if l.detected { " (detected)" } else { "" })),
        skipped: l.skipped,
        trace: l.trace,
        sha256: Some(hash.finalize().iter().map(|b| format!("{b:02x}")).collect()),
    })
}

fn in_file(path: &str, e: SimError) -> SimError {
    match e {
        SimError::Parse { .. } => SimError::Input(format!("{path}: {e}")),
        other => other,
    }
}
