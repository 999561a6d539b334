//! The streaming loader: chunks of any size in (split anywhere, even inside a
//! line or a UTF-8 character), a dense [`Trace`] out. The loader owns a
//! [`Decompressor`] (decompress.rs), which hands it the decoded bytes; the
//! format is chosen from the first of them (detect.rs), and lines are parsed
//! as they come (lines.rs).

use super::decompress::{Decompressor, PIECE};
use super::lines::{strip_bom, LineState, Parser, Run};
use super::scan::{trim, Out};
use super::*;
use crate::error::SimError;
use serde::Serialize;

const MAX_LINE: usize = crate::limits::MAX_LINE as usize;

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
    /// What people should know of how this trace was read (how a key trace's
    /// operations were taken, what is not modelled).
    pub notes: Vec<String>,
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
            notes: self.notes(),
        }
    }

    /// The format's note, and for a trace of string keys what keys mean.
    pub fn notes(&self) -> Vec<String> {
        let note = self.format.entry().note;
        let keys = self.trace.keys.is_some().then_some(KEYS_NOTE);
        [note].into_iter().filter(|n| !n.is_empty()).chain(keys).map(String::from).collect()
    }
}

/// Bytes examined before choosing a format.
pub const SNIFF_BYTES: usize = 64 * 1024;

/// Bytes of blank and comment lines skipped before the first line that carries
/// a request, when the format is detected from the content: the format is
/// chosen on the first lines with requests, however the file is cut into chunks.
pub const MAX_LEADING_COMMENTS: u64 = crate::limits::MAX_LEADING_COMMENTS;

/// Decoded bytes one [`Loader::feed`] step takes at once.
const FEED_BUDGET: usize = 4 * PIECE;

/// The blank and comment lines before the first request line, dropped (and
/// counted) while the format is not chosen yet.
struct Lead {
    /// Still skipping: no line carrying a request has been seen.
    active: bool,
    /// The head has been checked to be text (a binary file skips nothing).
    text: bool,
    lines: u64,
    bytes: u64,
}

enum Stage {
    Sniff(Vec<u8>),
    Run(Box<Run>, Format, bool),
}

pub struct Loader {
    failed: Option<SimError>,
    bytes: u64,
    dec: Decompressor,
    parse: Parse,
    /// Raw bytes pushed and not yet decoded ([`Loader::push`]), from `pending_pos`.
    pending: Vec<u8>,
    pending_pos: usize,
    /// The input has ended ([`Loader::end_input`]).
    ended: bool,
}

/// What the loader does with the decoded bytes the decompressor hands it:
/// collect the head the format is chosen from, then parse.
struct Parse {
    name: String,
    opts: LoadOptions,
    decoded: u64,
    stage: Stage,
    size_hint: Option<u64>,
    /// The decoded bytes are the raw input (it was not compressed), so the
    /// size hint tells how many requests to expect.
    plain: bool,
    /// Requests handed out by [`Loader::drain`].
    drained: u64,
    lead: Lead,
}

impl Loader {
    /// `name` is the file name (used for detection by extension, e.g. ".trc", ".lis", ".gz").
    pub fn new(name: &str, opts: LoadOptions) -> Loader {
        let detect = opts.format.is_none() && opts.csv.is_none();
        Loader {
            failed: opts.validate().err(),
            bytes: 0,
            dec: Decompressor::new(name),
            parse: Parse {
                name: name.to_string(),
                opts,
                decoded: 0,
                stage: Stage::Sniff(Vec::new()),
                size_hint: None,
                plain: false,
                drained: 0,
                lead: Lead { active: detect, text: false, lines: 0, bytes: 0 },
            },
            pending: Vec::new(),
            pending_pos: 0,
            ended: false,
        }
    }

    /// The file's total size, when known, so the request vector is sized once.
    pub fn size_hint(&mut self, total_bytes: u64) {
        self.parse.size_hint = Some(total_bytes);
    }

    /// Feeds raw bytes to the decompressor, which hands what it decodes (about
    /// `budget` bytes) to the parser; returns how many raw bytes it took.
    fn feed_raw(&mut self, data: &[u8], budget: usize) -> Result<usize, SimError> {
        let parse = &mut self.parse;
        self.dec.feed(data, budget, &mut |piece, plain| parse.feed(piece, plain))
    }

    /// Feed the next chunk of raw file bytes, split anywhere. However far it
    /// inflates, it is decoded and parsed in bounded pieces.
    pub fn feed(&mut self, chunk: &[u8]) -> Result<(), SimError> {
        self.usable()?;
        self.bytes += chunk.len() as u64;
        let mut rest = chunk;
        let r = loop {
            if rest.is_empty() {
                break Ok(());
            }
            match self.feed_raw(rest, FEED_BUDGET) {
                Ok(n) => rest = &rest[n..],
                Err(e) => break Err(e),
            }
        };
        self.record(r)
    }

    /// Queues the next chunk of raw bytes without decoding it: [`Loader::pump`]
    /// decodes it a budget at a time (how the browser sees a Cancel while a
    /// small compressed chunk inflates to gigabytes).
    pub fn push(&mut self, chunk: &[u8]) -> Result<(), SimError> {
        self.usable()?;
        self.bytes += chunk.len() as u64;
        if self.pending_pos > 0 {
            self.pending.drain(..self.pending_pos);
            self.pending_pos = 0;
        }
        self.pending.extend_from_slice(chunk);
        Ok(())
    }

    /// No more input: [`Loader::pump`] then decodes what the decompressor holds
    /// (all of a zstd file).
    pub fn end_input(&mut self) {
        self.ended = true;
    }

    /// Decodes and parses about `budget` bytes of the pushed input (more for a
    /// small budget: a piece at least). True when all pushed input is done (and,
    /// after [`Loader::end_input`], all that the decompressor held).
    pub fn pump(&mut self, budget: usize) -> Result<bool, SimError> {
        self.usable()?;
        let r = self.pump_inner(budget.max(1));
        self.record(r)
    }

    fn pump_inner(&mut self, budget: usize) -> Result<bool, SimError> {
        if self.pending_pos < self.pending.len() {
            let data = std::mem::take(&mut self.pending);
            let r = self.feed_raw(&data[self.pending_pos..], budget);
            self.pending = data;
            self.pending_pos += r?;
            if self.pending_pos < self.pending.len() {
                return Ok(false);
            }
            self.pending.clear();
            self.pending_pos = 0;
            return Ok(!self.ended);
        }
        if !self.ended {
            return Ok(true);
        }
        let parse = &mut self.parse;
        self.dec.finish(budget, &mut |piece, plain| parse.feed(piece, plain))
    }

    /// Compressed bytes decoded so far (all the bytes read, for plain files).
    pub fn consumed(&self) -> u64 {
        self.dec.consumed()
    }

    fn usable(&self) -> Result<(), SimError> {
        match &self.failed {
            Some(e) => Err(e.clone()),
            None => Ok(()),
        }
    }

    fn record<T>(&mut self, r: Result<T, SimError>) -> Result<T, SimError> {
        if let Err(e) = &r {
            self.failed = Some(e.clone());
        }
        r
    }

    /// Bytes after decompression so far (for progress reports).
    pub fn decoded(&self) -> u64 {
        self.parse.decoded
    }

    /// The largest piece of decoded bytes held at once so far (a test's measure
    /// of memory per fed chunk).
    pub fn peak_piece(&self) -> usize {
        self.dec.peak_piece()
    }

    /// The format, once the first bytes have been examined.
    pub fn format(&self) -> Option<Format> {
        match &self.parse.stage {
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
        match &mut self.parse.stage {
            Stage::Run(r, ..) => {
                let reqs = r.st.out.b.take_requests();
                r.st.out.clear_times();
                self.parse.drained += reqs.len() as u64;
                reqs
            }
            Stage::Sniff(_) => Vec::new(),
        }
    }

    /// Distinct pages read so far: every dense id drained is below it. Read it
    /// after [`Loader::drain`]: the builder remaps requests in batches, and the
    /// pages of requests not yet drained may not be counted.
    pub fn distinct(&self) -> u32 {
        match &self.parse.stage {
            Stage::Run(r, ..) => r.st.out.b.distinct(),
            Stage::Sniff(_) => 0,
        }
    }

    /// Requests read so far (for progress reports).
    pub fn requests(&self) -> usize {
        match &self.parse.stage {
            Stage::Run(r, ..) => r.st.out.b.len(),
            Stage::Sniff(_) => 0,
        }
    }

    pub fn finish(mut self) -> Result<Loaded, SimError> {
        self.usable()?;
        self.ended = true;
        while !self.pump(FEED_BUDGET)? {}
        self.parse.finish(self.bytes)
    }
}

impl Parse {
    /// The next piece of decoded bytes; `plain` when it is the raw input itself.
    fn feed(&mut self, data: &[u8], plain: bool) -> Result<(), SimError> {
        self.plain = plain;
        self.decoded += data.len() as u64;
        match &mut self.stage {
            Stage::Run(r, ..) => r.feed(data),
            Stage::Sniff(_) => self.sniff(data),
        }
    }

    /// Collects the head the format is chosen from: [`SNIFF_BYTES`] from the
    /// first line that carries a request (blank and comment lines before it
    /// are dropped and counted, up to [`MAX_LEADING_COMMENTS`]).
    fn sniff(&mut self, mut data: &[u8]) -> Result<(), SimError> {
        loop {
            let Stage::Sniff(head) = &mut self.stage else { unreachable!("sniffing after the format was chosen") };
            // A big first piece is examined in place rather than copied.
            if head.is_empty() && data.len() >= SNIFF_BYTES {
                if self.lead.active {
                    let n = self.lead.skip(data, &self.name)?;
                    if n > 0 {
                        data = &data[n..];
                        continue;
                    }
                }
                if !self.lead.active {
                    return self.start(data, false);
                }
            }
            let before = head.len();
            let room = if self.lead.active { data.len() } else { (SNIFF_BYTES - before).min(data.len()) };
            head.extend_from_slice(&data[..room]);
            let new_line = before < SNIFF_BYTES || data[..room].contains(&b'\n');
            data = &data[room..];
            if head.len() < SNIFF_BYTES {
                return Ok(());
            }
            if self.lead.active {
                // Skipping took all of `data`: what is left of the head is a
                // line not ended yet, or starts with the first request line.
                if !new_line && head.len() <= MAX_LINE {
                    return Ok(());
                }
                let mut h = std::mem::take(head);
                let n = self.lead.skip(&h, &self.name)?;
                h.drain(..n);
                if self.lead.active && h.len() > MAX_LINE {
                    // A line too long for a trace: the parser says so.
                    self.lead.active = false;
                }
                if self.lead.active || h.len() < SNIFF_BYTES {
                    self.stage = Stage::Sniff(h);
                    return Ok(());
                }
                return self.start(&h, false);
            }
            let h = std::mem::take(head);
            self.start(&h, false)?;
            return match &mut self.stage {
                Stage::Run(r, ..) => r.feed(data),
                Stage::Sniff(_) => Ok(()),
            };
        }
    }

    fn start(&mut self, head: &[u8], eof: bool) -> Result<(), SimError> {
        let (format, detected) = detect::choose(&self.name, head, eof, &self.opts)?;
        self.lead.active = false;
        let mut st = LineState {
            out: Out::new(self.opts.page_size),
            carry: Vec::new(),
            // Leading blank and comment lines already dropped count as read.
            line: self.lead.lines,
            skipped: 0,
            reasons: Vec::new(),
            strict: self.opts.strict,
        };
        let expected = match (self.size_hint, self.plain) {
            (Some(total), true) => estimate(format, head, total),
            _ => 0,
        };
        st.out.b.reserve(expected);
        if self.opts.timestamps {
            st.out.keep_times(expected);
        }
        let mut run = Box::new(Run { parser: Parser::new(format, &self.opts), st });
        run.feed(head)?;
        self.stage = Stage::Run(run, format, detected);
        Ok(())
    }

    fn finish(mut self, bytes: u64) -> Result<Loaded, SimError> {
        if let Stage::Sniff(head) = &mut self.stage {
            let head = std::mem::take(head);
            if head.is_empty() && self.lead.lines > 0 {
                return Err(SimError::Input(format!("{} holds no requests: only blank lines and comments", self.name)));
            }
            if head.is_empty() {
                return Err(SimError::Input(format!("{} is empty", self.name)));
            }
            self.start(&head, true)?;
        }
        let Stage::Run(mut run, format, detected) = std::mem::replace(&mut self.stage, Stage::Sniff(Vec::new())) else {
            return Err(SimError::Input(format!("{} is empty", self.name)));
        };
        run.finish()?;
        let mut st = run.st;
        let times = st.out.take_times();
        if st.out.b.is_empty() && self.drained == 0 {
            let why = match st.reasons.first() {
                Some((l, m)) => format!("all {} request lines were bad (line {l}: {m})", st.skipped),
                None => "only blank lines, comments or non-request lines".to_string(),
            };
            return Err(SimError::Input(format!("{} holds no requests as {}: {why}", self.name, format.label())));
        }
        let mut trace = st.out.b.finish();
        trace.times = times;
        Ok(Loaded {
            trace,
            format,
            detected,
            lines: st.line,
            skipped: st.skipped,
            skip_reasons: st.reasons,
            bytes,
            decoded_bytes: self.decoded,
            filtered: st.out.filtered,
        })
    }
}

impl Lead {
    /// Drops the blank and comment lines that start `buf` (whole lines only);
    /// returns their length in bytes. Stops skipping at the first line that
    /// carries anything else, or at once when `buf` does not look like text.
    fn skip(&mut self, buf: &[u8], name: &str) -> Result<usize, SimError> {
        if !self.text {
            if detect::looks_binary(buf) {
                self.active = false;
                return Ok(0);
            }
            self.text = true;
        }
        let mut pos = 0;
        while let Some(i) = buf[pos..].iter().position(|&b| b == b'\n') {
            let raw = &buf[pos..pos + i];
            let l = if self.bytes == 0 && pos == 0 { trim(strip_bom(raw)) } else { trim(raw) };
            if !l.is_empty() && l[0] != b'#' {
                self.active = false;
                break;
            }
            self.lines += 1;
            pos += i + 1;
        }
        self.bytes += pos as u64;
        if self.bytes > MAX_LEADING_COMMENTS {
            return Err(SimError::Input(format!(
                "{name}: its first {} MiB hold only blank lines and comments (limit leading_comments): \
                 the format is told from the first lines with requests, looked for this far; \
                 choose the format (then comments of any length are skipped) or remove the leading comments",
                MAX_LEADING_COMMENTS >> 20
            )));
        }
        Ok(pos)
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
