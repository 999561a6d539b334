//! The one list of trace formats, and the options of a load.

use super::csv::CsvMapping;
use crate::describe::registry::{find, unknown};
use crate::describe::Entry;
use crate::error::SimError;
use serde::{Deserialize, Serialize};

/// A trace format. Its id, name and traits are its entry in [`FORMATS`];
/// it reads and writes itself as its id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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
    Tencent,
    CloudPhysics,
    SpecAddress,
    Twitter,
    Wiki,
    Ibm,
}

/// What the list says of a format.
pub struct FormatEntry {
    pub format: Format,
    /// As used in URLs, options and the runner's `--format`.
    pub id: &'static str,
    /// A name for people.
    pub label: &'static str,
    /// Records of fixed size rather than lines of text.
    pub binary: bool,
    /// The column mapping of a CSV format with fixed columns.
    pub preset: Option<fn() -> CsvMapping>,
    /// Pages are named by string keys (key-value and object traces).
    pub keys: bool,
    /// What the load report says of every trace read in this format (how its
    /// operations are taken, what is not modelled).
    pub note: &'static str,
}

impl Entry for FormatEntry {
    const KIND: &'static str = "format";
    fn id(&self) -> &'static str {
        self.id
    }
}

const fn text(format: Format, id: &'static str, label: &'static str) -> FormatEntry {
    FormatEntry { format, id, label, binary: false, preset: None, keys: false, note: "" }
}

/// Every trace format, in the order the catalogue shows them.
pub const FORMATS: &[FormatEntry] = &[
    text(Format::Plain, "plain", "plain page list"),
    text(Format::Lirs, "lirs", "LIRS .trc"),
    text(Format::Arc, "arc", "ARC .lis"),
    text(Format::Msr, "msr", "MSR Cambridge CSV"),
    text(Format::Umass, "umass", "UMass/SPC"),
    text(Format::Systor, "systor", "SYSTOR '17 CSV"),
    text(Format::Blkparse, "blkparse", "blkparse text"),
    text(Format::Lackey, "lackey", "Valgrind lackey"),
    text(Format::Craw, "craw", "CRAW address trace"),
    FormatEntry { binary: true, ..text(Format::OracleGeneral, "oracle-general", "libCacheSim oracleGeneral") },
    text(Format::Csv, "csv", "generic CSV"),
    FormatEntry { preset: Some(CsvMapping::tencent), ..text(Format::Tencent, "tencent", "Tencent block CSV") },
    FormatEntry {
        preset: Some(CsvMapping::cloudphysics),
        ..text(Format::CloudPhysics, "cloudphysics", "CloudPhysics CSV")
    },
    FormatEntry {
        preset: Some(CsvMapping::spec_address),
        ..text(Format::SpecAddress, "spec-address", "SPEC address trace")
    },
    FormatEntry {
        keys: true,
        note: "Twitter: get and gets read, set, add, replace, cas, append, prepend, incr and decr write; \
               deletes are skipped (counted as filtered: the key stays cached until evicted); TTLs are ignored.",
        ..text(Format::Twitter, "twitter", "Twitter cache trace")
    },
    FormatEntry {
        keys: true,
        note: "Wikipedia CDN: every request is a read.",
        ..text(Format::Wiki, "wiki", "Wikipedia CDN trace")
    },
    FormatEntry {
        keys: true,
        note: "IBM object store: GET reads, PUT and COPY write; HEAD, DELETE and other operations are \
               filtered; byte ranges read the whole object.",
        ..text(Format::Ibm, "ibm", "IBM object store trace")
    },
];

/// What the load report says of every trace whose pages are string keys.
pub const KEYS_NOTE: &str = "Pages are the trace's keys (each distinct key one page): object sizes are not \
                             modelled, and block- or sector-based policies are refused.";

impl Format {
    /// This format's entry in [`FORMATS`].
    pub fn entry(self) -> &'static FormatEntry {
        FORMATS.iter().find(|e| e.format == self).expect("every format is listed")
    }

    /// The id (kebab-case), as used in URLs and options.
    pub fn id(&self) -> &'static str {
        self.entry().id
    }

    pub fn from_id(s: &str) -> Option<Format> {
        find(FORMATS, s).map(|e| e.format)
    }

    /// A name for people.
    pub fn label(&self) -> &'static str {
        self.entry().label
    }

    /// The column mapping of a CSV format with fixed columns.
    pub fn preset(&self) -> Option<CsvMapping> {
        self.entry().preset.map(|f| f())
    }

    pub fn is_binary(&self) -> bool {
        self.entry().binary
    }
}

impl Serialize for Format {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl<'de> Deserialize<'de> for Format {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Format, D::Error> {
        let id = String::deserialize(d)?;
        Format::from_id(&id).ok_or_else(|| serde::de::Error::custom(unknown(FORMATS, &id)))
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
    /// Keep each request's time ([`crate::Trace::times`]) when the format has a
    /// time field: 8 bytes more a request, so only when asked (the analysis).
    pub timestamps: bool,
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
            timestamps: false,
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
