//! Format tests on small fixtures made for them (tests/fixtures/), plus
//! detection, error messages, compression and chunking.

use super::*;
use crate::error::SimError;
use crate::trace::{is_write, page_of};
use std::io::Write;

macro_rules! fixture {
    ($f:literal) => {
        include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/", $f)).as_slice()
    };
}

const NS: u64 = 1 << NS_SHIFT;

fn opts(f: Option<Format>) -> LoadOptions {
    LoadOptions { format: f, ..LoadOptions::default() }
}

fn load(name: &str, bytes: &[u8], f: Format) -> Loaded {
    load_bytes(name, bytes, opts(Some(f))).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The original ids of the accesses, in order, and which were writes.
fn accesses(t: &Trace) -> Vec<(u64, bool)> {
    t.reqs.iter().map(|&r| (t.ids[page_of(r) as usize], is_write(r))).collect()
}

const R: bool = false;
const W: bool = true;

#[test]
fn plain_pages_ops_and_comments() {
    let l = load("p.txt", fixture!("plain.txt"), Format::Plain);
    assert_eq!(accesses(&l.trace), vec![(10, R), (11, W), (12, R), (16, W), (10, R), (11, W)]);
    assert_eq!(l.lines, 8);
    assert_eq!((l.skipped, l.filtered), (0, 0));
    assert!(!l.detected);
}

#[test]
fn lirs_skips_markers_and_handles_crlf() {
    let l = load("x.trc", fixture!("lirs.trc"), Format::Lirs);
    assert_eq!(accesses(&l.trace), vec![(1, R), (2, R), (1, R), (3, R)]);
    assert_eq!(l.filtered, 2);
    assert_eq!(l.lines, 7);
}

#[test]
fn arc_expands_runs_of_blocks() {
    let l = load("x.lis", fixture!("arc.lis"), Format::Arc);
    let ids: Vec<u64> = accesses(&l.trace).iter().map(|a| a.0).collect();
    assert_eq!(ids, vec![100, 101, 7, 100, 101, 102]);
    assert_eq!(l.trace.writes(), 0);
}

#[test]
fn msr_byte_offsets_spans_disks_and_huge_offsets() {
    let l = load("hm_0.csv", fixture!("msr.csv"), Format::Msr);
    let top = (u64::MAX - 8191) / 4096;
    assert_eq!(
        accesses(&l.trace),
        vec![
            (3154194432 / 4096, W),
            (9056014336 / 4096, R),
            (0, W),
            (1, W),  // 2 bytes at 4095 straddle pages 0 and 1
            (NS, R), // disk 1's page 0 is not disk 0's
            (top, R),
        ]
    );
}

/// RFC 4180: a quoted host name holding the delimiter is one field, and an
/// escaped quote is a quote; both name the same device as the plain spelling does
/// when the text is the same.
#[test]
fn msr_quoted_fields_follow_rfc_4180() {
    let text = b"128166372003061629,\"hm,x\",0,Write,4096,4096,100\n\
                 128166372003061630,\"hm,x\",0,Read,8192,4096,100\n\
                 128166372003061631,\"say \"\"hm\"\"\",1,Read,0,4096,100\n";
    let l = load("q.csv", text, Format::Msr);
    assert_eq!(accesses(&l.trace), vec![(1, W), (2, R), (NS, R)]);
    let e = load_bytes("bad.csv", b"1,\"hm,0,Read,0,4096,1\n", opts(Some(Format::Msr))).unwrap_err().to_string();
    assert!(e.contains("line 1") && e.contains("not closed on this line"), "{e}");
}

#[test]
fn generic_csv_reads_quoted_fields() {
    let m = CsvMapping { id_column: 2, op_column: Some(1), header: true, ..CsvMapping::default() };
    let o = LoadOptions { format: Some(Format::Csv), csv: Some(m), ..LoadOptions::default() };
    let text = b"host,op,page\n\"a,b\",\"w\",7\n\"c\"\"d\",r,\"8\"\n";
    let l = load_bytes("q.csv", text, o).unwrap();
    assert_eq!(accesses(&l.trace), vec![(7, W), (8, R)]);
}

#[test]
fn umass_merged_and_per_asu() {
    let l = load("fin.spc", fixture!("umass.spc"), Format::Umass);
    let p = |lba: u64| lba * 512 / 4096;
    assert_eq!(
        accesses(&l.trace),
        vec![
            (p(20941264), W),
            (p(20941264) + 1, W),
            (p(20939840), W),
            (p(20939840) + 1, W),
            (NS | p(20939840), R),
            (1, R),
        ]
    );
    let o = LoadOptions { format: Some(Format::Umass), umass_asu: Some(1), ..LoadOptions::default() };
    let l = load_bytes("fin.spc", fixture!("umass.spc"), o).unwrap();
    assert_eq!(accesses(&l.trace), vec![(p(20939840), R)]);
    assert_eq!(l.filtered, 3);
}

#[test]
fn systor_header_luns_and_multi_page_requests() {
    let l = load("s.csv", fixture!("systor.csv"), Format::Systor);
    let a = accesses(&l.trace);
    let first = 203468398592 / 4096;
    let expect: Vec<(u64, bool)> = (0..8)
        .map(|k| (first + k, R))
        // 3772221901312 is not page-aligned: 4096 bytes touch two pages.
        .chain([(3772221901312 / 4096, W), (3772221901312 / 4096 + 1, W), (2 * NS + 1, W)])
        .collect();
    assert_eq!(a, expect);
    assert_eq!(l.filtered, 1);
}

#[test]
fn blkparse_takes_queue_events_only() {
    let l = load("sda.txt", fixture!("blkparse.txt"), Format::Blkparse);
    // 223490 sectors = byte 114426880 = page 27936 + 1024 bytes, so 8 sectors straddle.
    assert_eq!(accesses(&l.trace), vec![(27936, W), (27937, W), (125, R), (126, R), (NS, R)]);
    assert_eq!(l.skipped, 0);
    let o = LoadOptions { format: Some(Format::Blkparse), blkparse_action: "C".into(), ..LoadOptions::default() };
    let l = load_bytes("sda.txt", fixture!("blkparse.txt"), o).unwrap();
    assert_eq!(accesses(&l.trace), vec![(27936, W), (27937, W)]);
}

#[test]
fn lackey_loads_stores_modifies_and_instruction_option() {
    let l = load("cachelab.trace", fixture!("lackey.trace"), Format::Lackey);
    assert_eq!(
        accesses(&l.trace),
        vec![(0x400d, R), (0x7ff000, W), (0x4222, R), (0x421c, R), (0x421c, W), (0, R), (1, R)]
    );
    assert_eq!(l.filtered, 1);
    let o = LoadOptions { format: Some(Format::Lackey), include_instructions: false, ..LoadOptions::default() };
    let l = load_bytes("cachelab.trace", fixture!("lackey.trace"), o).unwrap();
    assert_eq!(accesses(&l.trace)[0], (0x7ff000, W));
    assert_eq!(l.filtered, 2);
}

#[test]
fn craw_paper_form() {
    let l = load("xmms.txt", fixture!("craw.txt"), Format::Craw);
    assert_eq!(
        accesses(&l.trace),
        vec![(0x4000, R), (0xBEFFF, W), (0x4000, R), (0x4015, R), (0xBEFFF, W), (0xBF000, W)]
    );
}

fn oracle_records(recs: &[(u32, u64, u32, i64)]) -> Vec<u8> {
    let mut v = Vec::new();
    for &(t, id, size, next) in recs {
        v.extend_from_slice(&t.to_le_bytes());
        v.extend_from_slice(&id.to_le_bytes());
        v.extend_from_slice(&size.to_le_bytes());
        v.extend_from_slice(&next.to_le_bytes());
    }
    v
}

#[test]
fn oracle_general_binary_records() {
    let bin = oracle_records(&[(1, 42, 100, 3), (2, 7, 10, -1), (3, 42, 100, -1), (3, u64::MAX - 1, 1, -1)]);
    let l = load("w.oracleGeneral.bin", &bin, Format::OracleGeneral);
    assert_eq!(accesses(&l.trace), vec![(42, R), (7, R), (42, R), (u64::MAX - 1, R)]);
    assert_eq!(l.lines, 4);
    // Detected from the content alone, too.
    let l = load_bytes("data.bin", &bin, opts(None)).unwrap();
    assert_eq!((l.format, l.detected), (Format::OracleGeneral, true));
    // A torn last record is an error naming the record.
    let e = load_bytes("w.oracleGeneral", &bin[..bin.len() - 5], opts(None)).unwrap_err();
    assert!(matches!(&e, SimError::Parse { line: 4, msg, .. } if msg.contains("ends inside a record")), "{e}");
}

#[test]
fn zero_bytes_are_not_a_trace() {
    // 24,000 NUL bytes named .txt once loaded as 1,000 oracleGeneral requests for page 0.
    let e = load_bytes("zeros.txt", &[0u8; 24_000], opts(None)).unwrap_err().to_string();
    assert!(e.contains("zeros.txt holds only zero bytes in its first 24 KiB: not a trace"), "{e}");
    // Zeroed records after real ones are not oracleGeneral either.
    let mut bin = oracle_records(&[(1, 42, 100, 3), (2, 7, 10, -1)]);
    bin.extend([0u8; 48]);
    let e = load_bytes("data.bin", &bin, opts(None)).unwrap_err().to_string();
    assert!(e.contains("binary data in no format cachescope knows"), "{e}");
}

fn tencent_mapping() -> CsvMapping {
    CsvMapping {
        id_column: 1,
        unit: Unit::Sectors,
        size_column: Some(2),
        size_unit: Unit::Sectors,
        op_column: Some(3),
        namespace_column: Some(4),
        ..CsvMapping::default()
    }
}

#[test]
fn csv_mapping_columns_units_and_volumes() {
    let o = LoadOptions { csv: Some(tencent_mapping()), ..LoadOptions::default() };
    let l = load_bytes("tencent.csv", fixture!("tencent.csv"), o).unwrap();
    assert_eq!(l.format, Format::Csv);
    let mut expect: Vec<(u64, bool)> = (0..16).map(|k| (530900 + k, W)).collect();
    expect.push((NS | 1737110, R));
    expect.push((1, R));
    assert_eq!(accesses(&l.trace), expect);

    // Space-separated address trace with hex addresses, header and quoted fields.
    let m = CsvMapping {
        delimiter: Some(' '),
        header: true,
        id_column: 1,
        unit: Unit::Bytes,
        op_column: Some(0),
        read_values: vec!["l".into()],
        write_values: vec!["s".into()],
        ..CsvMapping::default()
    };
    let text = b"op addr icount\nl 0x1fffff50 1\ns  0x1fffff58\t1\n\"L\" 4096 2\n";
    let o = LoadOptions { format: Some(Format::Csv), csv: Some(m.clone()), ..LoadOptions::default() };
    let l = load_bytes("gcc.trace", text, o.clone()).unwrap();
    assert_eq!(accesses(&l.trace), vec![(0x1ffff, R), (0x1ffff, W), (1, R)]);
    let e = load_bytes("gcc.trace", b"op\nx 0x10 1\n", o).unwrap_err();
    assert!(e.to_string().contains("unknown operation \"x\""), "{e}");
    assert!(matches!(e, SimError::Parse { line: 2, .. }));
}

/// `--csv id=1` counts columns from 1, and so do the messages about them.
#[test]
fn csv_messages_count_columns_from_one_like_the_flag() {
    let o = |spec: &str| LoadOptions { csv: Some(parse_csv_spec(spec, None).unwrap()), ..LoadOptions::default() };
    let e = |spec: &str, text: &[u8]| load_bytes("t.csv", text, o(spec)).unwrap_err().to_string();
    let m = e("id=1", b"x,2\n");
    assert!(m.contains("in column 1,"), "{m}");
    let m = e("id=2,size=3", b"1,2,z\n");
    assert!(m.contains("the size (a number) in column 3,"), "{m}");
    let m = e("id=1,op=2,read=r,write=w", b"5,q\n");
    assert!(m.contains("unknown operation \"q\" in column 2:"), "{m}");
    let m = e("id=1,ns=3", b"5,r,dev\n");
    assert!(m.contains("in column 3,"), "{m}");
    let m = parse_csv_spec("id=257", None).unwrap_err().to_string();
    assert!(m.contains("up to 256"), "{m}");
    assert!(parse_csv_spec("id=256", None).is_ok(), "column 256 is the last one allowed");
}

#[test]
fn detection_by_content_and_name() {
    let cases: [(&str, &[u8], Format); 10] = [
        ("a.txt", fixture!("plain.txt"), Format::Plain),
        ("a.trc", fixture!("lirs.trc"), Format::Lirs),
        ("a.txt", fixture!("lirs.trc"), Format::Lirs),
        ("a.lis", fixture!("arc.lis"), Format::Arc),
        ("a.txt", fixture!("arc.lis"), Format::Arc),
        ("a.csv", fixture!("msr.csv"), Format::Msr),
        ("a.csv", fixture!("umass.spc"), Format::Umass),
        ("a.csv", fixture!("systor.csv"), Format::Systor),
        ("a.txt", fixture!("blkparse.txt"), Format::Blkparse),
        ("a.txt", fixture!("lackey.trace"), Format::Lackey),
    ];
    for (name, bytes, f) in cases {
        let l = load_bytes(name, bytes, opts(None)).unwrap_or_else(|e| panic!("{f:?}: {e}"));
        assert_eq!((l.format, l.detected), (f, true), "{name}");
        assert_eq!(l.trace, load(name, bytes, f).trace);
    }
    let l = load_bytes("a", fixture!("craw.txt"), opts(None)).unwrap();
    assert_eq!(l.format, Format::Craw);
    // The research formats with fixed columns are recognised without a mapping.
    let l = load_bytes("t.csv", fixture!("tencent.csv"), opts(None)).unwrap();
    assert_eq!((l.format, l.detected), (Format::Tencent, true));
    let o = LoadOptions { csv: Some(tencent_mapping()), ..LoadOptions::default() };
    assert_eq!(l.trace, load_bytes("t.csv", fixture!("tencent.csv"), o).unwrap().trace, "the same as the mapping");
    let l = load_bytes("cp.csv", fixture!("cloudphysics.csv"), opts(None)).unwrap();
    assert_eq!((l.format, l.detected), (Format::CloudPhysics, true));
    // lbn in sectors, size in bytes: 42932745 × 512 / 4096 = 5366593 (one sector); 8 and 9 are sectors 4096 and 4608 bytes in.
    assert_eq!(accesses(&l.trace), vec![(5366593, W), (1, R), (1, W)]);
    let l = load_bytes("gcc.trace", fixture!("spec.trace"), opts(None)).unwrap();
    assert_eq!((l.format, l.detected), (Format::SpecAddress, true));
    assert_eq!(accesses(&l.trace), vec![(0x1ffff, W), (0x1ffff, R), (2, R)]);
    // Nothing known matches: a plain message asking for a mapping.
    let e = load_bytes("t.csv", b"1538323200;4247200;128;7;1058\n", opts(None)).unwrap_err();
    assert!(matches!(&e, SimError::Input(m) if m.contains("could not tell") && m.contains("1538323200")), "{e}");
}

#[test]
fn a_wrong_guess_can_be_overridden() {
    // Named like a LIRS trace but holding plain requests with operations.
    let text = b"5 W\n6 R\n5 R\n";
    let e = load_bytes("hot.trc", text, opts(None)).unwrap_err();
    assert!(matches!(&e, SimError::Parse { line: 1, .. }), "{e}");
    let l = load_bytes("hot.trc", text, opts(Some(Format::Plain))).unwrap();
    assert_eq!(accesses(&l.trace), vec![(5, W), (6, R), (5, R)]);
    assert!(!l.detected);
    // `5 1` reads as a plain write by default; ARC reads it as one block.
    let l = load_bytes("x", b"5 1\n", opts(None)).unwrap();
    assert_eq!((l.format, accesses(&l.trace)), (Format::Plain, vec![(5, W)]));
    let l = load_bytes("x", b"5 1\n", opts(Some(Format::Arc))).unwrap();
    assert_eq!(accesses(&l.trace), vec![(5, R)]);
}

#[test]
fn a_byte_order_mark_is_ignored() {
    let l =
        load_bytes("s.csv", b"\xEF\xBB\xBFTimestamp,Response,IOType,LUN,Offset,Size\n1.5,0.1,W,0,0,4096\n", opts(None))
            .unwrap();
    assert_eq!((l.format, accesses(&l.trace)), (Format::Systor, vec![(0, W)]));
    let l = feed_in_chunks("p", b"\xEF\xBB\xBF12\n13\n", 1, opts(Some(Format::Plain))).unwrap();
    assert_eq!(l.trace.ids, vec![12, 13]);
}

#[test]
fn errors_name_line_and_text() {
    let e = load_bytes("p.txt", b"10\n11\r\n\nabc 12\n", opts(Some(Format::Plain))).unwrap_err();
    match &e {
        SimError::Parse { line, text, msg } => {
            assert_eq!((*line, text.as_str()), (4, "abc 12"));
            assert!(msg.contains("page number"), "{msg}");
        }
        other => panic!("{other:?}"),
    }
    assert!(e.to_string().starts_with("line 4: "), "{e}");

    let e = load_bytes("m.csv", b"1,hm,0,Read,4096,512,1\n2,hm,0,Rd,0,512,1\n", opts(Some(Format::Msr))).unwrap_err();
    assert!(
        matches!(&e, SimError::Parse { line: 2, msg, .. } if msg.contains("Read or Write") && msg.contains("\"Rd\"")),
        "{e}"
    );

    // Long lines are cut in the message.
    let long = format!("1\n{}x\n", "9".repeat(500));
    let SimError::Parse { text, .. } = load_bytes("p", long.as_bytes(), opts(Some(Format::Plain))).unwrap_err() else {
        panic!()
    };
    assert!(text.chars().count() <= 81 && text.ends_with('…'), "{text}");
}

#[test]
fn lenient_mode_skips_counts_and_never_reads_text_as_zero() {
    let text = b"7\nabc\n8 Q\n\n9 # ok\nx7\n";
    let o = LoadOptions { format: Some(Format::Plain), strict: false, ..LoadOptions::default() };
    let l = load_bytes("p", text, o.clone()).unwrap();
    assert_eq!(accesses(&l.trace), vec![(7, R), (9, R)]);
    assert_eq!(l.skipped, 3);
    assert_eq!(l.skip_reasons.iter().map(|r| r.0).collect::<Vec<_>>(), vec![2, 3, 6]);
    assert!(!l.trace.ids.contains(&0));
    let e = load_bytes("p", b"abc\nxyz\n", o).unwrap_err();
    assert!(matches!(&e, SimError::Input(m) if m.contains("no requests") && m.contains("line 1")), "{e}");
}

#[test]
fn empty_comment_only_and_binary_inputs_are_input_errors() {
    let is_input = |r: Result<Loaded, SimError>, word: &str| match r {
        Err(SimError::Input(m)) => assert!(m.contains(word), "{m}"),
        other => panic!("{other:?}"),
    };
    is_input(load_bytes("e.txt", b"", opts(None)), "empty");
    is_input(load_bytes("e.txt", b"", opts(Some(Format::Plain))), "empty");
    is_input(load_bytes("c.txt", b"# nothing\n\n", opts(None)), "no requests");
    is_input(load_bytes("c.txt", b"# nothing\n\n", opts(Some(Format::Msr))), "no requests");
    let bin = [0u8, 1, 2, 3, 0xff, 0xfe, 0, 0, 9];
    is_input(load_bytes("b.txt", &bin, opts(Some(Format::Plain))), "binary");
    is_input(load_bytes("b.dat", &bin, opts(None)), "binary");
    let bad_cfg = LoadOptions { page_size: 0, ..LoadOptions::default() };
    assert!(matches!(load_bytes("p", b"1\n", bad_cfg), Err(SimError::Config { .. })));
}

fn gzip(data: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

#[test]
fn gzip_is_detected_by_magic_and_streamed() {
    let plain = fixture!("msr.csv");
    let gz = gzip(plain);
    let whole = load_bytes("hm_0.csv.gz", &gz, opts(None)).unwrap();
    assert_eq!(whole.format, Format::Msr);
    assert_eq!(whole.trace, load("hm_0.csv", plain, Format::Msr).trace);
    assert_eq!((whole.bytes, whole.decoded_bytes), (gz.len() as u64, plain.len() as u64));
    assert_eq!(feed_in_chunks("hm_0.csv.gz", &gz, 1, opts(None)).unwrap(), whole);
    // Concatenated members (as `cat a.gz b.gz`) are one stream.
    let mut two = gzip(b"1\n2\n");
    two.extend(gzip(b"3\n"));
    let l = load_bytes("p.gz", &two, opts(None)).unwrap();
    assert_eq!(l.trace.ids, vec![1, 2, 3]);
    // Corrupt and truncated data are input errors, not panics.
    let mut bad = gz.clone();
    bad[12] ^= 0xff;
    bad[20] ^= 0xff;
    assert!(matches!(load_bytes("x.gz", &bad, opts(None)), Err(SimError::Input(_))));
    let e = load_bytes("x.gz", &gz[..gz.len() / 2], opts(None)).unwrap_err();
    assert!(matches!(&e, SimError::Input(m) if m.contains("gzip")), "{e}");
    let e = load_bytes("x.gz", &gz[..gz.len() - 4], opts(None)).unwrap_err();
    assert!(matches!(&e, SimError::Input(m) if m.contains("gzip")), "{e}");
}

#[test]
fn zstd_is_detected_by_magic() {
    let plain = fixture!("lackey.trace");
    let z = ruzstd::encoding::compress_to_vec(plain, ruzstd::encoding::CompressionLevel::Fastest);
    let l = load_bytes("cachelab.trace.zst", &z, opts(None)).unwrap();
    assert_eq!(l.format, Format::Lackey);
    assert_eq!(l.trace, load("c", plain, Format::Lackey).trace);
    assert_eq!(feed_in_chunks("c.zst", &z, 1, opts(None)).unwrap(), l);
    assert!(matches!(load_bytes("x.zst", &z[..z.len() - 3], opts(None)), Err(SimError::Input(_))));
    // Concatenated frames (as `zstd -c a >> f; zstd -c b >> f`) are one stream.
    let mut two = ruzstd::encoding::compress_to_vec(&b"1\n2\n"[..], ruzstd::encoding::CompressionLevel::Fastest);
    two.extend(ruzstd::encoding::compress_to_vec(&b"3\n"[..], ruzstd::encoding::CompressionLevel::Fastest));
    assert_eq!(load_bytes("p.zst", &two, opts(None)).unwrap().trace.ids, vec![1, 2, 3]);
}

pub(super) fn feed_in_chunks(name: &str, bytes: &[u8], size: usize, o: LoadOptions) -> Result<Loaded, SimError> {
    let mut l = Loader::new(name, o);
    for c in bytes.chunks(size.max(1)) {
        l.feed(c)?;
    }
    l.finish()
}

#[test]
fn one_byte_at_a_time_equals_the_whole_buffer() {
    let all: [(&str, &[u8]); 9] = [
        ("a.txt", fixture!("plain.txt")),
        ("a.trc", fixture!("lirs.trc")),
        ("a.lis", fixture!("arc.lis")),
        ("a.csv", fixture!("msr.csv")),
        ("a.spc", fixture!("umass.spc")),
        ("a.csv", fixture!("systor.csv")),
        ("a.txt", fixture!("blkparse.txt")),
        ("a.trace", fixture!("lackey.trace")),
        ("a.txt", fixture!("craw.txt")),
    ];
    for (name, bytes) in all {
        let whole = load_bytes(name, bytes, opts(None)).unwrap();
        assert_eq!(feed_in_chunks(name, bytes, 1, opts(None)).unwrap(), Loaded { ..whole.clone() }, "{name}");
        assert_eq!(feed_in_chunks(name, bytes, 7, opts(None)).unwrap(), whole, "{name}");
    }
    // Multi-byte UTF-8 split across chunks in an error's text stays intact.
    let text = "1\n2 é\n".as_bytes();
    let e1 = load_bytes("p", text, opts(Some(Format::Plain))).unwrap_err();
    let e2 = feed_in_chunks("p", text, 1, opts(Some(Format::Plain))).unwrap_err();
    assert_eq!(e1, e2);
    assert!(matches!(&e1, SimError::Parse { text, .. } if text == "2 é"));
    // Larger than the detection window: detection happens mid-stream.
    let big: String = (0..30_000).map(|i| format!("{}\n", i % 977)).collect();
    let a = load_bytes("big", big.as_bytes(), opts(None)).unwrap();
    let b = feed_in_chunks("big", big.as_bytes(), 4093, opts(None)).unwrap();
    assert_eq!(a, b);
    assert_eq!(a.trace.len(), 30_000);
}

#[test]
fn format_ids_round_trip_and_options_deserialize() {
    for f in FORMATS.iter().map(|e| e.format) {
        assert_eq!(Format::from_id(f.id()), Some(f));
        assert_eq!(serde_json::to_string(&f).unwrap(), format!("\"{}\"", f.id()));
    }
    assert_eq!(Format::from_id("nope"), None);
    let o: LoadOptions = serde_json::from_str(r#"{"format":"oracle-general","strict":false}"#).unwrap();
    assert_eq!((o.format, o.strict, o.page_size), (Some(Format::OracleGeneral), false, 4096));
    assert!(serde_json::from_str::<LoadOptions>(r#"{"pagesize":1}"#).is_err());
    let m: CsvMapping = serde_json::from_str(r#"{"id_column":2,"unit":"sectors"}"#).unwrap();
    assert_eq!((m.id_column, m.unit), (2, Unit::Sectors));
}

#[test]
fn a_typo_does_not_hide_the_format_the_load_names_the_line() {
    let e = load_bytes("t.txt", b"1\n2 W\n3\n4\n5 R\nx7\n8\n", LoadOptions::default()).unwrap_err();
    assert!(matches!(&e, SimError::Parse { line: 6, text, .. } if text == "x7"), "{e}");
    let lenient = LoadOptions { strict: false, ..LoadOptions::default() };
    let l = load_bytes("t.txt", b"1\n2 W\nx7\n", lenient).unwrap();
    assert_eq!((l.format, l.detected, l.trace.len(), l.skipped), (Format::Plain, true, 2, 1));
    // Mostly garbage is still "unknown format", not a guess.
    let e = load_bytes("t.txt", b"1\nfoo\nbar\nbaz\n", LoadOptions::default()).unwrap_err();
    assert!(e.to_string().contains("could not tell the format"), "{e}");
}
