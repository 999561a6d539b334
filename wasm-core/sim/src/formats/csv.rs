//! Generic delimited text (CSV, TSV, space-separated) described by a
//! [`CsvMapping`]: which column holds the id or offset and in what unit, which
//! holds the size, the operation and its read/write spellings, an optional
//! device/volume column, an optional time column and its unit (kept, in
//! seconds, when the load asks for timestamps), and whether the first line is a header. Numbers may be
//! decimal or `0x` hexadecimal; fields may be wrapped in double quotes. With
//! `string_ids` the id column holds keys (any text), as libCacheSim's csv and
//! txt readers take them: each distinct key is one page.
//!
//! Examples: Tencent block traces (`timestamp,offset,size,type,volume`, offset and
//! size in sectors, type 0/1) are `id_column 1, unit sectors, size_column 2,
//! size_unit sectors, op_column 3, namespace_column 4`; the SPEC address traces
//! (`l 0x1fffff50 1`) are `delimiter ' ', id_column 1, unit bytes, op_column 0,
//! read_values [l], write_values [s]`.

use super::fields::Fields;
use super::scan::{bad, lossy, num, seconds, trim, words, LineErr, LineParser, LineResult, Namespaces, Out};
use crate::error::SimError;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum Unit {
    Bytes,
    /// `sector_size` bytes (512 unless set).
    Sectors,
    /// Pages of the load's `page_size`.
    Pages,
}

/// The unit of a CSV time column; times are kept in seconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum TimeUnit {
    #[serde(rename = "s")]
    Seconds,
    #[serde(rename = "ms")]
    Milliseconds,
    #[serde(rename = "us")]
    Microseconds,
    #[serde(rename = "ns")]
    Nanoseconds,
}

impl TimeUnit {
    /// Units in one second (a time is divided by it: 5633898 µs is 5.633898 s
    /// exactly as written, where multiplying by 1e-6 would not round so).
    pub fn per_second(self) -> f64 {
        match self {
            TimeUnit::Seconds => 1.0,
            TimeUnit::Milliseconds => 1e3,
            TimeUnit::Microseconds => 1e6,
            TimeUnit::Nanoseconds => 1e9,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(default, deny_unknown_fields)]
pub struct CsvMapping {
    /// Field separator; `' '` splits on runs of blanks; None picks the first of
    /// `,` tab `;` found in the first data line, else blanks.
    pub delimiter: Option<char>,
    /// Skip the first non-comment line.
    pub header: bool,
    /// 0-based column of the id (page number) or offset.
    pub id_column: usize,
    pub unit: Unit,
    /// 0-based column of the request size; None: one unit per request.
    pub size_column: Option<usize>,
    pub size_unit: Unit,
    pub sector_size: u64,
    /// 0-based column of the operation; None: every request is a read.
    pub op_column: Option<usize>,
    /// Spellings of a read and a write in `op_column`, compared ignoring case.
    pub read_values: Vec<String>,
    pub write_values: Vec<String>,
    /// 0-based column of a device/volume number, stored above bit 48 of the id.
    pub namespace_column: Option<usize>,
    /// The id column holds strings (keys, object names): each distinct string is
    /// one page ([`crate::keys`]), whatever `unit` says; a size or device column
    /// is refused (object sizes are not modelled).
    pub string_ids: bool,
    /// 0-based column of the request's time, in `time_unit`s (decimal, with an
    /// optional fraction); read only when the load asks for timestamps. Optional
    /// in JSON, as the browser reads no times.
    #[cfg_attr(test, ts(optional))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_column: Option<usize>,
    /// The unit of `time_column` (None: seconds).
    #[cfg_attr(test, ts(optional))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_unit: Option<TimeUnit>,
}

impl Default for CsvMapping {
    fn default() -> Self {
        CsvMapping {
            delimiter: None,
            header: false,
            id_column: 0,
            unit: Unit::Pages,
            size_column: None,
            size_unit: Unit::Bytes,
            sector_size: 512,
            op_column: None,
            read_values: vec!["r".into(), "read".into(), "0".into()],
            write_values: vec!["w".into(), "write".into(), "1".into()],
            namespace_column: None,
            string_ids: false,
            time_column: None,
            time_unit: None,
        }
    }
}

impl CsvMapping {
    /// Tencent cloud block storage (SNIA): `timestamp,offset,size,type,volume`,
    /// offset and size in 512-byte sectors, type 0 read and 1 write, timestamp in
    /// seconds (Unix time).
    pub fn tencent() -> CsvMapping {
        CsvMapping {
            delimiter: Some(','),
            id_column: 1,
            unit: Unit::Sectors,
            size_column: Some(2),
            size_unit: Unit::Sectors,
            op_column: Some(3),
            read_values: vec!["0".into()],
            write_values: vec!["1".into()],
            namespace_column: Some(4),
            time_column: Some(0),
            ..CsvMapping::default()
        }
    }

    /// CloudPhysics (libCacheSim's sample): header `version,time,op,size,lbn`;
    /// op is a SCSI opcode in hex (READ/WRITE 6, 10, 12, 16), size in bytes,
    /// lbn in 512-byte sectors, time in seconds (libCacheSim's clock time: the
    /// vscsi traces' microseconds / 10^6; its sample spans 7,200, two hours).
    pub fn cloudphysics() -> CsvMapping {
        CsvMapping {
            delimiter: Some(','),
            header: true,
            id_column: 4,
            unit: Unit::Sectors,
            size_column: Some(3),
            size_unit: Unit::Bytes,
            op_column: Some(2),
            read_values: ["08", "28", "a8", "88"].map(String::from).to_vec(),
            write_values: ["0a", "2a", "aa", "8a"].map(String::from).to_vec(),
            time_column: Some(1),
            ..CsvMapping::default()
        }
    }

    /// The SPEC2000 address traces (UCSD CSE240A): `l|s 0xADDR icount`, byte addresses.
    pub fn spec_address() -> CsvMapping {
        CsvMapping {
            delimiter: Some(' '),
            id_column: 1,
            unit: Unit::Bytes,
            op_column: Some(0),
            read_values: vec!["l".into()],
            write_values: vec!["s".into()],
            ..CsvMapping::default()
        }
    }

    pub fn validate(&self) -> Result<(), SimError> {
        let e = |m: &str| Err(SimError::config("csv mapping", m));
        if self.sector_size == 0 {
            return e("sector_size must be at least 1");
        }
        if let Some(d) = self.delimiter {
            if !d.is_ascii() || d == '"' || d == '\n' || d == '\r' {
                return e("the delimiter must be one ASCII character other than a quote or line end");
            }
        }
        if self.op_column.is_some() && (self.read_values.is_empty() || self.write_values.is_empty()) {
            return e("an op column needs at least one read value and one write value");
        }
        if self.string_ids && (self.size_column.is_some() || self.namespace_column.is_some()) {
            return e("string ids name objects, whose sizes and devices are not modelled: leave out the size and device columns");
        }
        if self.columns().iter().flatten().any(|&c| c > 255) {
            return e("column numbers go up to 256 (counting from 1)");
        }
        Ok(())
    }

    /// The columns read: id, size, op, namespace, time.
    fn columns(&self) -> [Option<usize>; 5] {
        [Some(self.id_column), self.size_column, self.op_column, self.namespace_column, self.time_column]
    }
}

pub(crate) struct Csv {
    m: CsvMapping,
    delim: Option<u8>,
    started: bool,
    reads: Vec<Vec<u8>>,
    writes: Vec<Vec<u8>>,
    ns: Namespaces,
    last_col: usize,
    /// The RFC 4180 splitter, once the delimiter is known (not for blank-separated lines).
    fields: Option<Fields>,
}

impl Csv {
    pub fn new(m: CsvMapping) -> Csv {
        let spellings = |v: &Vec<String>| v.iter().map(|s| s.trim().as_bytes().to_vec()).collect();
        let last_col = m.columns().into_iter().flatten().max().unwrap_or(0);
        Csv {
            delim: m.delimiter.map(|c| c as u8),
            reads: spellings(&m.read_values),
            writes: spellings(&m.write_values),
            started: false,
            ns: Namespaces::default(),
            last_col,
            m,
            fields: None,
        }
    }

    fn unit_bytes(&self, u: Unit, page_size: u64) -> u64 {
        match u {
            Unit::Bytes => 1,
            Unit::Sectors => self.m.sector_size,
            Unit::Pages => page_size,
        }
    }
}

fn unquote(f: &[u8]) -> &[u8] {
    match f {
        [b'"', inner @ .., b'"'] => trim(inner),
        _ => f,
    }
}

impl LineParser for Csv {
    fn line(&mut self, line: &[u8], out: &mut Out) -> LineResult {
        let first = !std::mem::replace(&mut self.started, true);
        if first && self.delim.is_none() {
            self.delim = Some([b',', b'\t', b';'].into_iter().find(|d| line.contains(d)).unwrap_or(b' '));
        }
        if first && self.m.header {
            out.filtered += 1;
            return Ok(());
        }
        let d = self.delim.unwrap_or(b',');
        let mut cols: [&[u8]; 5] = [b""; 5];
        let wanted = self.m.columns();
        let mut n = 0;
        let mut keep = |n: usize, f| {
            for (k, w) in wanted.iter().enumerate() {
                if *w == Some(n) {
                    cols[k] = f;
                }
            }
        };
        if d == b' ' {
            // Blank-separated: runs of spaces and tabs split, a field wrapped in quotes is unwrapped.
            for f in words(line).take(self.last_col + 1) {
                keep(n, unquote(f));
                n += 1;
            }
        } else {
            let fields = self.fields.get_or_insert_with(|| Fields::new(d));
            for f in fields.split(line)?.take(self.last_col + 1) {
                keep(n, f);
                n += 1;
            }
        }
        if n <= self.last_col {
            return Err(bad(format!("expected at least {} columns, found {n}", self.last_col + 1)));
        }
        let field = |k: usize, what: &str| -> Result<u64, LineErr> {
            num(cols[k]).ok_or_else(|| {
                bad(format!(
                    "expected {what} (a number) in column {}, found {:?}",
                    wanted[k].unwrap_or(0) + 1,
                    lossy(cols[k])
                ))
            })
        };
        let write = match self.m.op_column {
            None => false,
            Some(c) => {
                let v = cols[2];
                if self.writes.iter().any(|w| w.eq_ignore_ascii_case(v)) {
                    true
                } else if self.reads.iter().any(|r| r.eq_ignore_ascii_case(v)) {
                    false
                } else {
                    return Err(bad(format!(
                        "unknown operation {:?} in column {}: expected one of {:?} (read) or {:?} (write)",
                        lossy(cols[2]),
                        c + 1,
                        self.m.read_values,
                        self.m.write_values
                    )));
                }
            }
        };
        if self.m.string_ids {
            let key = cols[0];
            if key.is_empty() {
                return Err(bad(format!("the id in column {} is empty", self.m.id_column + 1)));
            }
            return out.key(key, write);
        }
        let id = field(0, "the id or offset")?;
        let ns = match self.m.namespace_column {
            None => 0,
            Some(_) => self.ns.get(field(3, "the device number")?)?,
        };
        if let (Some(c), true) = (self.m.time_column, out.wants_time()) {
            let t = seconds(Some(cols[4]), self.m.time_unit.unwrap_or(TimeUnit::Seconds).per_second(), "the time")
                .map_err(|_| {
                    bad(format!("expected the time (a number) in column {}, found {:?}", c + 1, lossy(cols[4])))
                })?;
            out.set_time(t);
        }
        let size_units = match self.m.size_column {
            Some(_) => Some(field(1, "the size")?),
            None => None,
        };
        let ps = out_page_size(out);
        if self.m.unit == Unit::Pages {
            let pages = match size_units {
                None => 1,
                Some(s) => {
                    let bytes = s
                        .checked_mul(self.unit_bytes(self.m.size_unit, ps))
                        .ok_or_else(|| bad("size is larger than 2^64 bytes"))?;
                    bytes.div_ceil(ps).max(1)
                }
            };
            return out.pages(id, pages, write, ns);
        }
        let offset =
            id.checked_mul(self.unit_bytes(self.m.unit, ps)).ok_or_else(|| bad("offset is larger than 2^64 bytes"))?;
        let len = match size_units {
            None => self.unit_bytes(self.m.unit, ps),
            Some(s) => s
                .checked_mul(self.unit_bytes(self.m.size_unit, ps))
                .ok_or_else(|| bad("size is larger than 2^64 bytes"))?,
        };
        out.bytes(offset, len, write, ns)
    }
}

fn out_page_size(out: &Out) -> u64 {
    out.page_size()
}
