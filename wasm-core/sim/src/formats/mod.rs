//! Reading traces: one parser per format, format detection, and a streaming
//! loader that takes the file in chunks of any size (split anywhere, even inside a
//! line or a UTF-8 character), decompresses gzip or zstd on the way, and builds a
//! dense [`Trace`]. The browser, the runner and the benchmarks all load through
//! [`Loader`], so they read every file the same way.
//!
//! Conventions shared by all formats: lines end in `\n` or `\r\n`; blank lines and
//! lines starting with `#` are ignored; byte offsets and addresses map to pages of
//! `page_size` bytes, and a request spanning several pages becomes one access per
//! page, each with the request's operation (a zero-length request touches the
//! page at its offset; one spanning more than [`MAX_SPAN`] pages is a bad line).
//! Device, disk, LUN or ASU numbers are folded into the id above bit
//! [`NS_SHIFT`], so the first device keeps plain page numbers. Errors name the 1-based line (record,
//! for binary formats), the text and what was expected. Lines that are valid but
//! not requests (markers, other event kinds, other ASUs, headers) are counted in
//! [`Loaded::filtered`], never as skipped.

mod arc;
mod blkparse;
mod craw;
mod csv;
mod detect;
#[cfg(test)]
mod fuzz;
mod lackey;
mod lirs;
mod msr;
mod oracle;
mod plain;
mod scan;
mod summary;
mod systor;
#[cfg(test)]
mod tests;
mod umass;

pub use csv::{CsvMapping, Unit};
pub use scan::{MAX_REQUESTS, MAX_SPAN, NS_SHIFT};
pub use summary::{summarize, Summary, REUSE_BUCKETS};

use crate::{SimError, Trace};
use scan::{excerpt, trim, LineErr, LineParser, Out};
use serde::{Deserialize, Serialize};
use std::io::{Read, Write};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Format {
    Plain,
    Lirs,
    Arc,
    Msr,
    Umass,
    Systor,
    Blkparse,
    Lackey,
    Craw,
    OracleGeneral,
    Csv,
}

impl Format {
    pub const ALL: [Format; 11] = [
        Format::Plain,
        Format::Lirs,
        Format::Arc,
        Format::Msr,
        Format::Umass,
        Format::Systor,
        Format::Blkparse,
        Format::Lackey,
        Format::Craw,
        Format::OracleGeneral,
        Format::Csv,
    ];

    /// The serialised name (kebab-case), as used in URLs and options.
    pub fn id(&self) -> &'static str {
        match self {
            Format::Plain => "plain",
            Format::Lirs => "lirs",
            Format::Arc => "arc",
            Format::Msr => "msr",
            Format::Umass => "umass",
            Format::Systor => "systor",
            Format::Blkparse => "blkparse",
            Format::Lackey => "lackey",
            Format::Craw => "craw",
            Format::OracleGeneral => "oracle-general",
            Format::Csv => "csv",
        }
    }

    pub fn from_id(s: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.id() == s)
    }

    /// A name for people.
    pub fn label(&self) -> &'static str {
        match self {
            Format::Plain => "plain page list",
            Format::Lirs => "LIRS .trc",
            Format::Arc => "ARC .lis",
            Format::Msr => "MSR Cambridge CSV",
            Format::Umass => "UMass/SPC",
            Format::Systor => "SYSTOR '17 CSV",
            Format::Blkparse => "blkparse text",
            Format::Lackey => "Valgrind lackey",
            Format::Craw => "CRAW address trace",
            Format::OracleGeneral => "libCacheSim oracleGeneral",
            Format::Csv => "generic CSV",
        }
    }

    pub fn is_binary(&self) -> bool {
        *self == Format::OracleGeneral
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LoadOptions {
    /// None: detect from the name and the first 64 KiB.
    pub format: Option<Format>,
    /// Bytes per page for formats with byte offsets or addresses.
    pub page_size: u64,
    /// Stop at the first bad line (true) or skip and count bad lines (false).
    pub strict: bool,
    /// Column mapping for [`Format::Csv`]; given without a format, it selects CSV.
    pub csv: Option<CsvMapping>,
    /// UMass/SPC: keep only this ASU; None merges all ASUs.
    pub umass_asu: Option<u32>,
    /// Lackey `I` and CRAW `readi` lines count as reads (true) or are dropped.
    pub include_instructions: bool,
    /// blkparse: the event action taken as the request (`Q` = queued).
    pub blkparse_action: String,
}

impl Default for LoadOptions {
    fn default() -> Self {
        LoadOptions {
            format: None,
            page_size: 4096,
            strict: true,
            csv: None,
            umass_asu: None,
            include_instructions: true,
            blkparse_action: "Q".into(),
        }
    }
}

impl LoadOptions {
    pub fn validate(&self) -> Result<(), SimError> {
        if self.page_size == 0 {
            return Err(SimError::config("page size", "must be at least 1 byte"));
        }
        if let Some(m) = &self.csv {
            m.validate()?;
        }
        if self.format == Some(Format::Csv) && self.csv.is_none() {
            return Err(SimError::config("csv mapping", "the CSV format needs a column mapping"));
        }
        let a = self.blkparse_action.trim();
        if a.is_empty() || a.contains(char::is_whitespace) {
            return Err(SimError::config("blkparse action", "must be one action code such as Q, D or C"));
        }
        Ok(())
    }
}

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

/// Everything a load needs after detection.
struct Run {
    parser: Parser,
    st: LineState,
}

enum Parser {
    Plain(plain::Plain),
    Lirs(lirs::Lirs),
    Arc(arc::Arc),
    Msr(msr::Msr),
    Umass(umass::Umass),
    Systor(systor::Systor),
    Blkparse(blkparse::Blkparse),
    Lackey(lackey::Lackey),
    Craw(craw::Craw),
    Oracle,
    Csv(csv::Csv),
}

impl Parser {
    fn new(f: Format, o: &LoadOptions) -> Parser {
        match f {
            Format::Plain => Parser::Plain(plain::Plain),
            Format::Lirs => Parser::Lirs(lirs::Lirs),
            Format::Arc => Parser::Arc(arc::Arc),
            Format::Msr => Parser::Msr(msr::Msr::default()),
            Format::Umass => Parser::Umass(umass::Umass { asu: o.umass_asu, started: false }),
            Format::Systor => Parser::Systor(systor::Systor::default()),
            Format::Blkparse => Parser::Blkparse(blkparse::Blkparse {
                action: o.blkparse_action.trim().as_bytes().to_vec(),
                ns: Default::default(),
                summary: false,
            }),
            Format::Lackey => Parser::Lackey(lackey::Lackey { instructions: o.include_instructions }),
            Format::Craw => Parser::Craw(craw::Craw { instructions: o.include_instructions }),
            Format::OracleGeneral => Parser::Oracle,
            Format::Csv => Parser::Csv(csv::Csv::new(o.csv.clone().unwrap_or_default())),
        }
    }
}

/// A line longer than this is not a trace line (most likely a binary file).
const MAX_LINE: usize = crate::limits::MAX_LINE as usize;

struct LineState {
    out: Out,
    carry: Vec<u8>,
    line: u64,
    skipped: u64,
    reasons: Vec<(u64, String)>,
    strict: bool,
}

impl LineState {
    #[inline(always)]
    fn one<P: LineParser>(&mut self, p: &mut P, raw: &[u8]) -> Result<(), SimError> {
        self.line += 1;
        let l = if self.line == 1 { trim(strip_bom(raw)) } else { trim(raw) };
        if l.is_empty() || l[0] == b'#' {
            return Ok(());
        }
        match p.line(l, &mut self.out) {
            Ok(()) => Ok(()),
            Err(LineErr::Fatal(e)) => Err(e),
            Err(LineErr::Bad(msg)) => self.bad(l, msg.into_owned()),
        }
    }

    fn bad(&mut self, text: &[u8], msg: String) -> Result<(), SimError> {
        if self.strict {
            return Err(SimError::Parse { line: self.line, text: excerpt(text), msg });
        }
        self.skipped += 1;
        if self.reasons.len() < MAX_REASONS {
            self.reasons.push((self.line, msg));
        }
        Ok(())
    }

    fn carry_guard(&mut self) -> Result<(), SimError> {
        if self.carry.len() > MAX_LINE {
            return Err(SimError::Input(format!(
                "line {} is longer than {MAX_LINE} bytes: this is not a line-oriented trace",
                self.line + 1
            )));
        }
        Ok(())
    }

    /// Feeds whole lines to the parser and keeps a partial last line for later.
    #[inline]
    fn lines<P: LineParser>(&mut self, p: &mut P, data: &[u8]) -> Result<(), SimError> {
        let mut rest = data;
        if !self.carry.is_empty() {
            match find_nl(rest) {
                None => {
                    self.carry.extend_from_slice(rest);
                    return self.carry_guard();
                }
                Some(i) => {
                    let mut c = std::mem::take(&mut self.carry);
                    c.extend_from_slice(&rest[..i]);
                    let r = self.one(p, &c);
                    c.clear();
                    self.carry = c;
                    r?;
                    rest = &rest[i + 1..];
                }
            }
        }
        while let Some(i) = find_nl(rest) {
            self.one(p, &rest[..i])?;
            rest = &rest[i + 1..];
        }
        self.carry.extend_from_slice(rest);
        self.carry_guard()
    }

    fn last_line<P: LineParser>(&mut self, p: &mut P) -> Result<(), SimError> {
        if self.carry.is_empty() {
            return Ok(());
        }
        let c = std::mem::take(&mut self.carry);
        self.one(p, &c)
    }

    fn records(&mut self, data: &[u8]) -> Result<(), SimError> {
        let mut rest = data;
        if !self.carry.is_empty() {
            let need = oracle::RECORD - self.carry.len();
            let take = need.min(rest.len());
            self.carry.extend_from_slice(&rest[..take]);
            rest = &rest[take..];
            if self.carry.len() < oracle::RECORD {
                return Ok(());
            }
            let c = std::mem::take(&mut self.carry);
            self.record(&c)?;
        }
        let mut it = rest.chunks_exact(oracle::RECORD);
        for r in &mut it {
            self.record(r)?;
        }
        self.carry.extend_from_slice(it.remainder());
        Ok(())
    }

    #[inline]
    fn record(&mut self, r: &[u8]) -> Result<(), SimError> {
        self.line += 1;
        match oracle::record(r, &mut self.out) {
            Ok(()) => Ok(()),
            Err(LineErr::Fatal(e)) => Err(e),
            Err(LineErr::Bad(m)) => self.bad(b"", m.into_owned()),
        }
    }

    fn last_record(&mut self) -> Result<(), SimError> {
        if self.carry.is_empty() {
            return Ok(());
        }
        let n = self.carry.len();
        self.line += 1;
        let text = self.carry.iter().map(|b| format!("{b:02x}")).collect::<String>();
        self.carry.clear();
        self.bad(
            text.as_bytes(),
            format!("the file ends inside a record: {n} bytes left over, records are {} bytes", oracle::RECORD),
        )
    }
}

/// Windows tools often start UTF-8 text with a byte-order mark.
pub(crate) fn strip_bom(s: &[u8]) -> &[u8] {
    s.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(s)
}

#[inline]
fn find_nl(s: &[u8]) -> Option<usize> {
    s.iter().position(|&b| b == b'\n')
}

impl Run {
    fn feed(&mut self, data: &[u8]) -> Result<(), SimError> {
        let st = &mut self.st;
        match &mut self.parser {
            Parser::Plain(p) => st.lines(p, data),
            Parser::Lirs(p) => st.lines(p, data),
            Parser::Arc(p) => st.lines(p, data),
            Parser::Msr(p) => st.lines(p, data),
            Parser::Umass(p) => st.lines(p, data),
            Parser::Systor(p) => st.lines(p, data),
            Parser::Blkparse(p) => st.lines(p, data),
            Parser::Lackey(p) => st.lines(p, data),
            Parser::Craw(p) => st.lines(p, data),
            Parser::Csv(p) => st.lines(p, data),
            Parser::Oracle => st.records(data),
        }
    }

    fn finish(&mut self) -> Result<(), SimError> {
        let st = &mut self.st;
        match &mut self.parser {
            Parser::Plain(p) => st.last_line(p),
            Parser::Lirs(p) => st.last_line(p),
            Parser::Arc(p) => st.last_line(p),
            Parser::Msr(p) => st.last_line(p),
            Parser::Umass(p) => st.last_line(p),
            Parser::Systor(p) => st.last_line(p),
            Parser::Blkparse(p) => st.last_line(p),
            Parser::Lackey(p) => st.last_line(p),
            Parser::Craw(p) => st.last_line(p),
            Parser::Csv(p) => st.last_line(p),
            Parser::Oracle => st.last_record(),
        }
    }
}

/// Bytes examined before choosing a format.
pub const SNIFF_BYTES: usize = 64 * 1024;

enum Comp {
    /// Fewer than 4 bytes seen: the magic number is not known yet.
    Sniff(Vec<u8>),
    None,
    Gzip(Box<flate2::write::MultiGzDecoder<Vec<u8>>>),
    /// The zstd decoder pulls its input, so compressed bytes are kept and
    /// decoded at `finish` (the compressed file is the small one).
    Zstd(Vec<u8>),
}

enum Stage {
    Sniff(Vec<u8>),
    Run(Box<Run>, Format, bool),
}

pub struct Loader {
    name: String,
    opts: LoadOptions,
    failed: Option<SimError>,
    bytes: u64,
    decoded: u64,
    comp: Comp,
    stage: Stage,
    size_hint: Option<u64>,
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

    /// Requests read so far (for progress reports).
    pub fn requests(&self) -> usize {
        match &self.stage {
            Stage::Run(r, ..) => r.st.out.b.len(),
            Stage::Sniff(_) => 0,
        }
    }

    fn feed_raw(&mut self, chunk: &[u8]) -> Result<(), SimError> {
        if let Comp::Sniff(buf) = &mut self.comp {
            if buf.is_empty() && chunk.len() >= 4 {
                self.comp = comp_for(chunk);
                return self.feed_compressed(chunk);
            }
            let take = (4 - buf.len()).min(chunk.len());
            buf.extend_from_slice(&chunk[..take]);
            if buf.len() < 4 {
                return Ok(());
            }
            let head = std::mem::take(buf);
            self.comp = comp_for(&head);
            self.feed_compressed(&head)?;
            return self.feed_compressed(&chunk[take..]);
        }
        self.feed_compressed(chunk)
    }

    fn feed_compressed(&mut self, data: &[u8]) -> Result<(), SimError> {
        match &mut self.comp {
            Comp::Gzip(d) => {
                d.write_all(data).map_err(|e| gzip_error(&self.name, e))?;
                let mut v = std::mem::take(d.get_mut());
                let r = self.feed_decoded(&v);
                v.clear();
                if let Comp::Gzip(d) = &mut self.comp {
                    *d.get_mut() = v;
                }
                r
            }
            Comp::Zstd(buf) => {
                buf.extend_from_slice(data);
                Ok(())
            }
            Comp::None | Comp::Sniff(_) => self.feed_decoded(data),
        }
    }

    fn feed_decoded(&mut self, data: &[u8]) -> Result<(), SimError> {
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

    fn start(&mut self, head: &[u8], eof: bool) -> Result<(), SimError> {
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
        if let Comp::Sniff(buf) = &mut self.comp {
            let head = std::mem::take(buf);
            self.comp = comp_for(&head);
            self.feed_compressed(&head)?;
        }
        match std::mem::replace(&mut self.comp, Comp::None) {
            Comp::Gzip(mut d) => {
                d.try_finish().map_err(|e| gzip_error(&self.name, e))?;
                let v = std::mem::take(d.get_mut());
                self.feed_decoded(&v)?;
            }
            Comp::Zstd(buf) => self.unzstd(&buf)?,
            Comp::None | Comp::Sniff(_) => {}
        }
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
        if st.out.b.is_empty() {
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

    fn unzstd(&mut self, mut input: &[u8]) -> Result<(), SimError> {
        let mut buf = vec![0u8; SNIFF_BYTES];
        // A file may hold several frames one after another.
        while !input.is_empty() {
            let mut dec = ruzstd::decoding::StreamingDecoder::new(&mut input)
                .map_err(|e| SimError::Input(format!("{}: the zstd data is corrupt or truncated ({e})", self.name)))?;
            loop {
                let n = dec.read(&mut buf).map_err(|e| {
                    SimError::Input(format!("{}: the zstd data is corrupt or truncated ({e})", self.name))
                })?;
                if n == 0 {
                    break;
                }
                self.feed_decoded(&buf[..n])?;
            }
        }
        Ok(())
    }
}

fn gzip_error(name: &str, e: std::io::Error) -> SimError {
    SimError::Input(format!("{name}: the gzip data is corrupt or truncated ({e})"))
}

fn comp_for(head: &[u8]) -> Comp {
    match head {
        [0x1f, 0x8b, ..] => Comp::Gzip(Box::new(flate2::write::MultiGzDecoder::new(Vec::new()))),
        [0x28, 0xb5, 0x2f, 0xfd, ..] => Comp::Zstd(Vec::new()),
        _ => Comp::None,
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
