//! Fuzzing the loader: arbitrary bytes (raw, built from trace-like tokens,
//! mutated fixtures, gzip-wrapped) in arbitrary chunkings, through every
//! format and auto-detection, strict and lenient. Asserts no panic, chunking
//! never changes the result, and strict and lenient agree: where strict
//! succeeds lenient gives the same load, and where strict stops at line L,
//! lenient skipped line L first (or found nothing usable at all).

use super::tests::feed_in_chunks;
use super::*;
use crate::error::SimError;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

const TOKENS: &[&str] = &[
    "0",
    "7",
    "4095",
    "18446744073709551615",
    "99999999999999999999",
    "0x1f",
    "fefe05a8",
    ",",
    " ",
    "\t",
    "\n",
    "\r\n",
    "#",
    "*",
    "R",
    "W",
    "r",
    "w",
    "Read",
    "Write",
    "hm",
    "1.5",
    ".",
    "+",
    "8,0",
    "Q",
    "C",
    "RA",
    "FWS",
    "[kjournald]",
    "I ",
    " L ",
    " M ",
    "S ",
    "readi",
    "write",
    "0x04000BE0",
    "==1==",
    "CPU0",
    "Timestamp",
    "é",
    "\u{0}",
    "-1",
    "1048577",
];

fn tokens() -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(0..TOKENS.len(), 0..80)
        .prop_map(|ix| ix.into_iter().flat_map(|i| TOKENS[i].bytes()).collect())
}

fn mutated() -> impl Strategy<Value = Vec<u8>> {
    let fixtures: [&[u8]; 6] = [
        include_bytes!("../../tests/fixtures/msr.csv"),
        include_bytes!("../../tests/fixtures/blkparse.txt"),
        include_bytes!("../../tests/fixtures/lackey.trace"),
        include_bytes!("../../tests/fixtures/systor.csv"),
        include_bytes!("../../tests/fixtures/umass.spc"),
        include_bytes!("../../tests/fixtures/arc.lis"),
    ];
    (0..fixtures.len(), proptest::collection::vec((any::<usize>(), any::<u8>()), 0..6)).prop_map(move |(f, edits)| {
        let mut v = fixtures[f].to_vec();
        for (at, b) in edits {
            let i = at % v.len();
            v[i] = b;
        }
        v
    })
}

fn input() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        proptest::collection::vec(any::<u8>(), 0..300),
        tokens(),
        mutated(),
        tokens().prop_map(|t| {
            use std::io::Write;
            let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
            e.write_all(&t).unwrap();
            e.finish().unwrap()
        }),
    ]
}

fn options(f: Option<Format>, strict: bool) -> LoadOptions {
    let csv = (f == Some(Format::Csv)).then(|| CsvMapping {
        id_column: 1,
        unit: Unit::Bytes,
        size_column: Some(2),
        op_column: Some(0),
        ..CsvMapping::default()
    });
    LoadOptions { format: f, strict, csv, page_size: 512, ..LoadOptions::default() }
}

fn check(data: &[u8], chunk: usize, f: Option<Format>) -> Result<(), TestCaseError> {
    let name = "fuzz.txt";
    let strict = load_bytes(name, data, options(f, true));
    prop_assert_eq!(&strict, &feed_in_chunks(name, data, chunk, options(f, true)));
    let lenient = load_bytes(name, data, options(f, false));
    prop_assert_eq!(&lenient, &feed_in_chunks(name, data, chunk, options(f, false)));
    match (&strict, &lenient) {
        (Ok(s), Ok(l)) => {
            prop_assert_eq!(s, l);
            prop_assert_eq!(s.skipped, 0);
        }
        (Err(SimError::Parse { line, .. }), Ok(l)) => {
            prop_assert!(l.skipped >= 1);
            prop_assert_eq!(l.skip_reasons[0].0, *line);
        }
        (Err(SimError::Parse { .. }), Err(SimError::Input(_))) => {}
        (Err(a), Err(b)) => prop_assert_eq!(a, b),
        (s, l) => prop_assert!(false, "strict {:?} but lenient {:?}", s, l),
    }
    if let Ok(l) = &lenient {
        prop_assert!(!l.trace.is_empty());
        prop_assert_eq!(l.trace.ids.len() as u32, l.trace.distinct());
    }
    Ok(())
}

#[test]
fn every_loader_survives_arbitrary_bytes_and_chunkings() {
    // CACHESCOPE_FUZZ_CASES runs a longer campaign by hand; the suite keeps 256.
    let cases = std::env::var("CACHESCOPE_FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(256);
    let mut runner = TestRunner::new(Config { cases, failure_persistence: None, ..Config::default() });
    let ran = AtomicU64::new(0);
    let start = Instant::now();
    let result = runner.run(&(input(), 1usize..40), |(data, chunk)| {
        ran.fetch_add(1, Ordering::Relaxed);
        check(&data, chunk, None)?;
        for f in FORMATS.iter().map(|e| e.format) {
            check(&data, chunk, Some(f))?;
        }
        Ok(())
    });
    eprintln!(
        "fuzz: {} inputs × 12 format choices × strict/lenient × whole/chunked in {:.2?}",
        ran.load(Ordering::Relaxed),
        start.elapsed()
    );
    if let Err(e) = result {
        panic!("{e}");
    }
}
