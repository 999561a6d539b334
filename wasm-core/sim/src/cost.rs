use serde::{Deserialize, Serialize};

/// Weighted cost of the I/O that leaves the cache. Units are whatever the user
/// chooses; the presets use microseconds so that cost doubles as I/O time.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(default, deny_unknown_fields)]
pub struct CostModel {
    pub read: f64,
    pub write: f64,
}

impl Default for CostModel {
    fn default() -> Self {
        CostModel { read: 1.0, write: 1.0 }
    }
}

impl CostModel {
    /// Named presets from the papers.
    pub fn preset(name: &str) -> Option<CostModel> {
        match name {
            "unit" => Some(CostModel { read: 1.0, write: 1.0 }),
            // CFLRU evaluation: a write costs eight reads.
            "cflru" => Some(CostModel { read: 1.0, write: 8.0 }),
            // CRAW Table 1, microseconds per page.
            "slc" => Some(CostModel { read: 25.0, write: 200.0 }),
            "mlc" => Some(CostModel { read: 60.0, write: 800.0 }),
            _ => None,
        }
    }

    /// Id, name, source, and whether the costs are microseconds of flash I/O.
    pub const PRESETS: [(&'static str, &'static str, &'static str, bool); 4] = [
        ("unit", "Unit (1/1)", "every page I/O costs 1", false),
        ("cflru", "CFLRU (write = 8 × read)", "CFLRU paper's evaluation", false),
        ("slc", "SLC flash (25/200 µs)", "CRAW paper, Table 1", true),
        ("mlc", "MLC flash (60/800 µs)", "CRAW paper, Table 1", true),
    ];

    pub fn preset_ids() -> Vec<&'static str> {
        Self::PRESETS.iter().map(|p| p.0).collect()
    }

    pub fn cost(&self, reads: u64, writes: u64) -> f64 {
        reads as f64 * self.read + writes as f64 * self.write
    }
}
