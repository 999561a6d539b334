//! The flash device's parameters: type, range and documentation of each
//! `FlashConfig` field (the runner's flags with `-` for `_`), as the catalogue
//! lists them and links are checked against.

use super::gc::GC_IDS;
use super::registry::FTL_IDS;
use crate::describe::Param;
use crate::limits;

/// The device's parameters, for checks that need no defaults (the link parser).
pub const PARAMS: &[Param] = &[
    Param::choice("ftl", "FTL", &FTL_IDS, "Flash translation layer: how logical pages map to physical ones."),
    Param::choice("gc", "Cleaning victim", &GC_IDS, "Which block garbage collection cleans next."),
    Param::integer("blocks", "Blocks", 2.0, limits::MAX_PHYSICAL_PAGES as f64, "blocks", "Erase blocks of the device."),
    Param::integer(
        "pages_per_block",
        "Pages per block",
        1.0,
        limits::MAX_PAGES_PER_BLOCK as f64,
        "pages",
        "Pages in one erase block.",
    ),
    Param::number(
        "overprovision",
        "Over-provisioning",
        0.0,
        0.99,
        "of the pages",
        "Spare fraction of the physical pages, not addressable by the host.",
    ),
    Param::number(
        "fill",
        "Initial fill",
        0.0,
        1.0,
        "of the pages",
        "Data written before measuring, fraction of the physical pages.",
    )
    .following("at most 1 − over-provisioning (the logical capacity)"),
    Param::integer(
        "regions",
        "DAC regions",
        1.0,
        limits::MAX_REGIONS as f64,
        "regions",
        "DAC dynamic data clustering regions; 1 = off.",
    ),
    Param::integer("threshold", "DAC threshold", 0.0, 1e15, "host writes", "DAC's time threshold; 0 = not set."),
    Param::integer(
        "watermark",
        "Watermark",
        1.0,
        limits::MAX_PHYSICAL_PAGES as f64,
        "blocks",
        "Cleaning starts when fewer free blocks than this remain.",
    )
    .following("below the block count, and at least regions + 1"),
    Param::number(
        "aging",
        "Aging",
        0.0,
        100.0,
        "× device",
        "Overwrites before measuring, multiple of the physical pages.",
    ),
    Param::number(
        "aging_sequential",
        "Aging: sequential share",
        0.0,
        1.0,
        "of the overwrites",
        "Share of the aging overwrites written as sequential whole-block runs, the rest random pages. The TS-CLOCK paper mixes both without a ratio; one half is this project's choice.",
    ),
    Param::integer("seed", "Aging seed", 0.0, 9007199254740991.0, "", "Seed of the aging writes."),
];
