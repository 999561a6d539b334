//! The trace formats and the options of a load.

use super::csv::CsvMapping;
use crate::SimError;
use serde::{Deserialize, Serialize};

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
    Tencent,
    #[serde(rename = "cloudphysics")]
    CloudPhysics,
    SpecAddress,
}

impl Format {
    pub const ALL: [Format; 14] = [
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
        Format::Tencent,
        Format::CloudPhysics,
        Format::SpecAddress,
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
            Format::Tencent => "tencent",
            Format::CloudPhysics => "cloudphysics",
            Format::SpecAddress => "spec-address",
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
            Format::Tencent => "Tencent block CSV",
            Format::CloudPhysics => "CloudPhysics CSV",
            Format::SpecAddress => "SPEC address trace",
        }
    }

    /// The column mapping of a CSV format with fixed columns.
    pub fn preset(&self) -> Option<CsvMapping> {
        match self {
            Format::Tencent => Some(CsvMapping::tencent()),
            Format::CloudPhysics => Some(CsvMapping::cloudphysics()),
            Format::SpecAddress => Some(CsvMapping::spec_address()),
            _ => None,
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
