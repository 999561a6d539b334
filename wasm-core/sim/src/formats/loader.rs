//! The streaming loader: chunks of any size in (split anywhere, even inside a
//! line or a UTF-8 character), a dense [`Trace`] out. Compression is undone on
//! the way (decompress.rs), the format chosen from the first bytes (detect.rs),
//! and lines parsed as they come (lines.rs).

use super::decompress::Comp;
use super::lines::{LineState, Parser, Run};
use super::scan::Out;
use super::*;
use crate::SimError;
use serde::Serialize;

/// How many skip reasons a lenient load keeps.
pub const MAX_REASONS: usize = 20;

#[derive(Debug, Clone, PartialEq)]
pub struct Loaded {
    pub trace: Trace,
    pub format: Format,
    /// True when the format was detected rather than given.
    pub detected: bool,
    /// Lines read (records, for binary formats), blank and comment lines included.
    pub lines: u64,
    /// Bad lines skipped in lenient mode.
    pub skipped: u64,
    /// The first [`MAX_REASONS`] skipped lines and why.
    pub skip_reasons: Vec<(u64, String)>,
    /// Raw (possibly compressed) bytes read.
    pub bytes: u64,
    /// Bytes after decompression.
    pub decoded_bytes: u64,
    /// Valid lines that are not requests (headers, markers, other events or ASUs).
    pub filtered: u64,
}

/// What a load found besides the trace, as the browser and tools receive it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct LoadInfo {
    pub format: &'static str,
    pub detected: bool,
    pub lines: u64,
    pub skipped: u64,
    /// Line number and reason of the first skipped lines.
    pub skip_reasons: Vec<(u64, String)>,
    pub bytes: u64,
    pub decoded_bytes: u64,
    pub filtered: u64,
}

impl Loaded {
    pub fn info(&self) -> LoadInfo {
        LoadInfo {
            format: self.format.id(),
            detected: self.detected,
            lines: self.lines,
            skipped: self.skipped,
            skip_reasons: self.skip_reasons.clone(),
            bytes: self.bytes,
            decoded_bytes: self.decoded_bytes,
            filtered: self.filtered,
        }
    }
}

/// Bytes examined before choosing a format.
pub const SNIFF_BYTES: usize = 64 * 1024;

enum Stage {
    Sniff(Vec<u8>),
    Run(Box<Run>, Format, bool),
}

pub struct Loader {
    pub(super) name: String,
    opts: LoadOptions,
    failed: Option<SimError>,
    bytes: u64,
    pub(super) decoded: u64,
    pub(super) comp: Comp,
    stage: Stage,
    size_hint: Option<u64>,
    /// Requests handed out by [`Loader::drain`].
    drained: u64,
}

impl Loader {
    /// `name` is the file name (used for detection by extension, e.g. ".trc", ".lis", ".gz").
    pub fn new(name: &str, opts: LoadOptions) -> Loader {
        Loader {
            name: name.to_string(),
            failed: opts.validate().err(),
            opts,
            bytes: 0,
            decoded: 0,
            comp: Comp::Sniff(Vec::new()),
            stage: Stage::Sniff(Vec::new()),
            size_hint: None,
            drained: 0,
        }
    }

    /// The file's total size, when known, so the request vector is sized once.
    pub fn size_hint(&mut self, total_bytes: u64) {
        self.size_hint = Some(total_bytes);
    }

    /// Feed the next chunk of raw file bytes, split anywhere.
    pub fn feed(&mut self, chunk: &[u8]) -> Result<(), SimError> {
        if let Some(e) = &self.failed {
            return Err(e.clone());
        }
        self.bytes += chunk.len() as u64;
        let r = self.feed_raw(chunk);
        if let Err(e) = &r {
            self.failed = Some(e.clone());
        }
        r
    }

    /// The format, once the first bytes have been examined.
    pub fn format(&self) -> Option<Format> {
        match &self.stage {
            Stage::Run(_, f, _) => Some(*f),
            Stage::Sniff(_) => None,
        }
    }

    /// Raw bytes fed so far (for progress reports).
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Takes the requests read so far (dense ids, remapped as they come) and
    /// keeps the id map: a stream reads a file of any length in memory bounded
    /// by its distinct pages. Draining also lifts the request cap, which is a
    /// cap on requests held at once.
    pub fn drain(&mut self) -> Vec<u32> {
        match &mut self.stage {
            Stage::Run(r, ..) => {
                let reqs = r.st.out.b.take_requests();
                self.drained += reqs.len() as u64;
                reqs
            }
            Stage::Sniff(_) => Vec::new(),
        }
    }

    /// Requests read so far (for progress reports).
    pub fn requests(&self) -> usize {
        match &self.stage {
            Stage::Run(r, ..) => r.st.out.b.len(),
            Stage::Sniff(_) => 0,
        }
    }

    pub(super) fn feed_decoded(&mut self, data: &[u8]) -> Result<(), SimError> {
        self.decoded += data.len() as u64;
        match &mut self.stage {
            Stage::Run(r, ..) => r.feed(data),
            Stage::Sniff(head) => {
                // A big first chunk is examined in place rather than copied.
                if head.is_empty() && data.len() >= SNIFF_BYTES {
                    return self.start(data, false);
                }
                let take = (SNIFF_BYTES - head.len()).min(data.len());
                head.extend_from_slice(&data[..take]);
                if head.len() < SNIFF_BYTES {
                    return Ok(());
                }
                let head = std::mem::take(head);
                self.start(&head, false)?;
                match &mut self.stage {
                    Stage::Run(r, ..) => r.feed(&data[take..]),
                    Stage::Sniff(_) => Ok(()),
                }
            }
        }
    }

    pub(super) fn start(&mut self, head: &[u8], eof: bool) -> Result<(), SimError> {
        let (format, detected) = detect::choose(&self.name, head, eof, &self.opts)?;
        let mut st = LineState {
            out: Out::new(self.opts.page_size),
            carry: Vec::new(),
            line: 0,
            skipped: 0,
            reasons: Vec::new(),
            strict: self.opts.strict,
        };
        if let (Some(total), Comp::None) = (self.size_hint, &self.comp) {
            st.out.b.reserve(estimate(format, head, total));
        }
        let mut run = Box::new(Run { parser: Parser::new(format, &self.opts), st });
        run.feed(head)?;
        self.stage = Stage::Run(run, format, detected);
        Ok(())
    }

    pub fn finish(mut self) -> Result<Loaded, SimError> {
        if let Some(e) = self.failed.take() {
            return Err(e);
        }
        self.finish_compressed()?;
        if let Stage::Sniff(head) = &mut self.stage {
            let head = std::mem::take(head);
            if head.is_empty() {
                return Err(SimError::Input(format!("{} is empty", self.name)));
            }
            self.start(&head, true)?;
        }
        let Stage::Run(mut run, format, detected) = std::mem::replace(&mut self.stage, Stage::Sniff(Vec::new())) else {
            return Err(SimError::Input(format!("{} is empty", self.name)));
        };
        run.finish()?;
        let st = run.st;
        if st.out.b.is_empty() && self.drained == 0 {
            let why = match st.reasons.first() {
                Some((l, m)) => format!("all {} request lines were bad (line {l}: {m})", st.skipped),
                None => "only blank lines, comments or non-request lines".to_string(),
            };
            return Err(SimError::Input(format!("{} holds no requests as {}: {why}", self.name, format.label())));
        }
        Ok(Loaded {
            trace: st.out.b.finish(),
            format,
            detected,
            lines: st.line,
            skipped: st.skipped,
            skip_reasons: st.reasons,
            bytes: self.bytes,
            decoded_bytes: self.decoded,
            filtered: st.out.filtered,
        })
    }
}

/// Requests to reserve for an uncompressed file of `total` bytes, from the
/// density of lines in the first bytes.
fn estimate(format: Format, head: &[u8], total: u64) -> usize {
    let per_req = if format.is_binary() {
        oracle::RECORD as u64
    } else {
        let head = &head[..head.len().min(SNIFF_BYTES)];
        let lines = head.iter().filter(|&&b| b == b'\n').count().max(1) as u64;
        (head.len() as u64 / lines).max(1)
    };
    (total / per_req).min(MAX_REQUESTS as u64) as usize
}

/// Loads a whole buffer.
pub fn load_bytes(name: &str, bytes: &[u8], opts: LoadOptions) -> Result<Loaded, SimError> {
    let mut l = Loader::new(name, opts);
    l.size_hint(bytes.len() as u64);
    l.feed(bytes)?;
    l.finish()
}
