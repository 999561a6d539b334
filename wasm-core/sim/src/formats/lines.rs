//! The line machinery every text format shares: lines split across chunks are
//! joined, `\r\n` and byte-order marks are handled, comments and blank lines
//! skipped, and each line goes to the format's parser, whose bad lines stop a
//! strict load or are counted in a lenient one.

use super::scan::{excerpt, trim, LineErr, LineParser, Out};
use super::*;
use crate::error::SimError;

/// Everything a load needs after detection.
pub(super) struct Run {
    pub(super) parser: Parser,
    pub(super) st: LineState,
}

pub(super) enum Parser {
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
    Twitter(twitter::Twitter),
    Wiki(wiki::Wiki),
    Ibm(ibm::Ibm),
}

impl Parser {
    pub(super) fn new(f: Format, o: &LoadOptions) -> Parser {
        match f {
            Format::Plain => Parser::Plain(plain::Plain),
            Format::Lirs => Parser::Lirs(lirs::Lirs),
            Format::Arc => Parser::Arc(arc::Arc),
            Format::Msr => Parser::Msr(msr::Msr::default()),
            Format::Umass => {
                Parser::Umass(umass::Umass { asu: o.umass_asu, started: false, fields: Default::default() })
            }
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
            Format::Twitter => Parser::Twitter(twitter::Twitter),
            Format::Wiki => Parser::Wiki(wiki::Wiki),
            Format::Ibm => Parser::Ibm(ibm::Ibm),
            Format::Tencent | Format::CloudPhysics | Format::SpecAddress => {
                Parser::Csv(csv::Csv::new(f.preset().expect("a preset format")))
            }
        }
    }
}

/// A line longer than this is not a trace line (most likely a binary file).
const MAX_LINE: usize = crate::limits::MAX_LINE as usize;

pub(super) struct LineState {
    pub(super) out: Out,
    pub(super) carry: Vec<u8>,
    pub(super) line: u64,
    pub(super) skipped: u64,
    pub(super) reasons: Vec<(u64, String)>,
    pub(super) strict: bool,
}

impl LineState {
    #[inline(always)]
    pub(super) fn one<P: LineParser>(&mut self, p: &mut P, raw: &[u8]) -> Result<(), SimError> {
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

    pub(super) fn bad(&mut self, text: &[u8], msg: String) -> Result<(), SimError> {
        if self.strict {
            return Err(SimError::Parse { line: self.line, text: excerpt(text), msg });
        }
        self.skipped += 1;
        if self.reasons.len() < MAX_REASONS {
            self.reasons.push((self.line, msg));
        }
        Ok(())
    }

    pub(super) fn carry_guard(&mut self) -> Result<(), SimError> {
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
    pub(super) fn lines<P: LineParser>(&mut self, p: &mut P, data: &[u8]) -> Result<(), SimError> {
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

    pub(super) fn last_line<P: LineParser>(&mut self, p: &mut P) -> Result<(), SimError> {
        if self.carry.is_empty() {
            return Ok(());
        }
        let c = std::mem::take(&mut self.carry);
        self.one(p, &c)
    }

    pub(super) fn records(&mut self, data: &[u8]) -> Result<(), SimError> {
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
    pub(super) fn record(&mut self, r: &[u8]) -> Result<(), SimError> {
        self.line += 1;
        match oracle::record(r, &mut self.out) {
            Ok(()) => Ok(()),
            Err(LineErr::Fatal(e)) => Err(e),
            Err(LineErr::Bad(m)) => self.bad(b"", m.into_owned()),
        }
    }

    pub(super) fn last_record(&mut self) -> Result<(), SimError> {
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
    memchr::memchr(b'\n', s)
}

impl Run {
    pub(super) fn feed(&mut self, data: &[u8]) -> Result<(), SimError> {
        let st = &mut self.st;
        match &mut self.parser {
            Parser::Plain(p) => plain::lines(st, p, data),
            Parser::Lirs(p) => st.lines(p, data),
            Parser::Arc(p) => st.lines(p, data),
            Parser::Msr(p) => st.lines(p, data),
            Parser::Umass(p) => st.lines(p, data),
            Parser::Systor(p) => st.lines(p, data),
            Parser::Blkparse(p) => st.lines(p, data),
            Parser::Lackey(p) => st.lines(p, data),
            Parser::Craw(p) => st.lines(p, data),
            Parser::Csv(p) => st.lines(p, data),
            Parser::Twitter(p) => st.lines(p, data),
            Parser::Wiki(p) => st.lines(p, data),
            Parser::Ibm(p) => st.lines(p, data),
            Parser::Oracle => st.records(data),
        }
    }

    pub(super) fn finish(&mut self) -> Result<(), SimError> {
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
            Parser::Twitter(p) => st.last_line(p),
            Parser::Wiki(p) => st.last_line(p),
            Parser::Ibm(p) => st.last_line(p),
            Parser::Oracle => st.last_record(),
        }
    }
}
