use crate::error::SimError;
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

    /// Checks the costs for a run of `requests` requests, the one check of every
    /// surface: each a number ≥ 0, and the largest total they can reach (every
    /// request a miss read and a write-back) a finite number, so that no total is
    /// ever infinite (printed as 0, `null` or `None`).
    pub fn validate(&self, requests: u64) -> Result<(), SimError> {
        for (what, c) in [("read", self.read), ("write", self.write)] {
            if !(c.is_finite() && c >= 0.0) {
                return Err(SimError::Input(format!("the {what} cost must be a number ≥ 0, got {}", short(c))));
            }
        }
        if !(requests as f64 * (self.read + self.write)).is_finite() {
            return Err(SimError::Input(format!(
                "a read cost of {} and a write cost of {} over {requests} requests can total more than the largest \
                 number a result can hold (about 1.8e308): give the costs in a larger unit",
                short(self.read),
                short(self.write)
            )));
        }
        Ok(())
    }

    pub fn cost(&self, reads: u64, writes: u64) -> f64 {
        reads as f64 * self.read + writes as f64 * self.write
    }
}

/// A number as people write it: `25`, `0.5`, `1e305` (Rust's `{}` writes 1e305 with 306 digits).
fn short(x: f64) -> String {
    if x != 0.0 && x.is_finite() && !(1e-4..1e15).contains(&x.abs()) {
        format!("{x:e}")
    } else {
        x.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::CostModel;

    #[test]
    fn costs_whose_total_cannot_be_represented_are_refused() {
        let c = |read, write| CostModel { read, write };
        assert!(c(25.0, 200.0).validate(u64::MAX).is_ok());
        assert!(c(1e305, 1.0).validate(1_000).is_ok());
        let e = c(1e305, 1.0).validate(1_000_000).unwrap_err().to_string();
        assert!(e.contains("read cost of 1e305") && e.contains("1000000 requests") && e.contains("larger unit"), "{e}");
        assert!(c(1e308, 1e308).validate(1).is_err());
        assert!(c(-5.0, 1.0)
            .validate(0)
            .unwrap_err()
            .to_string()
            .contains("the read cost must be a number ≥ 0, got -5"));
        assert!(c(1.0, f64::NAN)
            .validate(0)
            .unwrap_err()
            .to_string()
            .contains("the write cost must be a number ≥ 0, got NaN"));
        assert!(c(f64::INFINITY, 1.0).validate(0).is_err());
    }
}
