//! Timestamps: kept only when the load asks for them, one per access, in
//! seconds, for every format with a time field; exact values on the fixtures.

use super::*;

macro_rules! fixture {
    ($f:literal) => {
        include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/", $f)).as_slice()
    };
}

fn timed(name: &str, bytes: &[u8], o: LoadOptions) -> Trace {
    let with = load_bytes(name, bytes, LoadOptions { timestamps: true, ..o.clone() }).unwrap();
    let without = load_bytes(name, bytes, o).unwrap();
    assert_eq!(without.trace.times, None, "{name}: kept without being asked");
    assert_eq!(with.trace.reqs, without.trace.reqs, "{name}: timestamps change the requests");
    let times = with.trace.times.as_ref().unwrap_or_else(|| panic!("{name}: no times"));
    assert_eq!(times.len(), with.trace.len(), "{name}: one time per access");
    with.trace
}

/// The times of the lines that made accesses: runs of equal times (one request
/// spanning pages) as one.
fn line_times(t: &Trace) -> Vec<f64> {
    let mut v: Vec<f64> = t.times.clone().unwrap_or_default();
    v.dedup();
    v
}

fn with(f: Format) -> LoadOptions {
    LoadOptions { format: Some(f), ..LoadOptions::default() }
}

#[test]
fn block_formats_keep_their_times_in_seconds() {
    // MSR: FILETIME ticks of 100 ns, from the first request's (8 ticks apart stay apart).
    let t = timed("hm_0.csv", fixture!("msr.csv"), with(Format::Msr));
    let ticks = [128166372003061629u64, 128166372003066145, 128166372003069002, 128166372003069010, 128166372003069500];
    assert_eq!(line_times(&t), ticks.map(|x| (x - ticks[0]) as f64 / 1e7));
    assert_eq!(t.times.as_ref().unwrap()[2], t.times.as_ref().unwrap()[3], "a request over two pages: one time");
    // SYSTOR: Unix seconds with a fraction.
    let t = timed("s.csv", fixture!("systor.csv"), with(Format::Systor));
    assert_eq!(line_times(&t), [1455591804.310701, 1455591804.325909, 1455591804.32591]);
    // UMass: seconds from the start.
    let t = timed("f.spc", fixture!("umass.spc"), with(Format::Umass));
    assert_eq!(line_times(&t), [0.551706, 0.554041, 0.55625, 0.56]);
    // blkparse: the queued events only (flushes and discards are filtered).
    let t = timed("b.txt", fixture!("blkparse.txt"), with(Format::Blkparse));
    assert_eq!(line_times(&t), [0.000001, 0.001, 0.0014]);
    // oracleGeneral: whole seconds.
    let bin: Vec<u8> = [(1u32, 42u64), (2, 7), (3, 42), (3, 9)]
        .iter()
        .flat_map(|&(time, id)| {
            [&time.to_le_bytes()[..], &id.to_le_bytes(), &100u32.to_le_bytes(), &(-1i64).to_le_bytes()].concat()
        })
        .collect();
    let t = timed("w.oracleGeneral", &bin, with(Format::OracleGeneral));
    assert_eq!(t.times, Some(vec![1.0, 2.0, 3.0, 3.0]));
}

#[test]
fn csv_presets_and_mappings_read_the_time_column_in_its_unit() {
    let t = timed("t.csv", fixture!("tencent.csv"), with(Format::Tencent));
    assert_eq!(line_times(&t), [1538323200.0, 1538323199.0]);
    assert_eq!(t.times.as_ref().unwrap().last(), Some(&1538323199.0));
    // CloudPhysics: seconds.
    let t = timed("cp.csv", fixture!("cloudphysics.csv"), with(Format::CloudPhysics));
    assert_eq!(line_times(&t), [5633898.0, 5633899.0, 5633900.0]);
    let m = |unit: TimeUnit| CsvMapping {
        id_column: 0,
        time_column: Some(1),
        time_unit: Some(unit),
        ..CsvMapping::default()
    };
    let csv = b"5,1.5\n6,2500\n".as_slice();
    let t = timed("x.csv", csv, LoadOptions { csv: Some(m(TimeUnit::Milliseconds)), ..LoadOptions::default() });
    assert_eq!(t.times, Some(vec![1.5e-3, 2.5]));
    let t = timed("x.csv", csv, LoadOptions { csv: Some(m(TimeUnit::Seconds)), ..LoadOptions::default() });
    assert_eq!(t.times, Some(vec![1.5, 2500.0]));
    // A bad time names its column (counted from 1, as the flag counts).
    let o = LoadOptions { csv: Some(m(TimeUnit::Seconds)), timestamps: true, ..LoadOptions::default() };
    let e = load_bytes("x.csv", b"5,soon\n", o).unwrap_err().to_string();
    assert!(e.contains("expected the time (a number) in column 2, found \"soon\""), "{e}");
    // The runner's --csv names the time column and its unit.
    let m = parse_csv_spec("id=2,time=1,time_unit=us", None).unwrap();
    assert_eq!((m.time_column, m.time_unit), (Some(0), Some(TimeUnit::Microseconds)));
    let m = parse_csv_spec("id=offset,time=ts", Some("ts,offset")).unwrap();
    assert_eq!((m.time_column, m.time_unit, m.header), (Some(0), None, true));
    assert!(parse_csv_spec("time=1,time_unit=h", None).unwrap_err().to_string().contains("expected s, ms, us or ns"));
}

#[test]
fn formats_without_a_time_field_have_no_times() {
    let o = LoadOptions { timestamps: true, ..with(Format::Plain) };
    assert_eq!(load_bytes("p.txt", fixture!("plain.txt"), o).unwrap().trace.times, None);
    let o = LoadOptions { timestamps: true, ..with(Format::Arc) };
    assert_eq!(load_bytes("x.lis", fixture!("arc.lis"), o).unwrap().trace.times, None);
    // A CSV mapping without a time column has none either.
    let o = LoadOptions { csv: Some(CsvMapping::default()), timestamps: true, ..LoadOptions::default() };
    assert_eq!(load_bytes("x.csv", b"5\n6\n", o).unwrap().trace.times, None);
}

#[test]
fn times_survive_any_chunking() {
    let bytes = fixture!("systor.csv");
    let whole = timed("s.csv", bytes, with(Format::Systor));
    for size in [1, 7, 64] {
        let mut l = Loader::new("s.csv", LoadOptions { timestamps: true, ..with(Format::Systor) });
        for c in bytes.chunks(size) {
            l.feed(c).unwrap();
        }
        assert_eq!(l.finish().unwrap().trace.times, whole.times, "chunks of {size}");
    }
}

#[test]
fn key_value_and_object_traces_keep_their_times_in_seconds() {
    // Twitter: seconds; the delete (filtered) has no time.
    let t = timed("c.csv", fixture!("twitter.csv"), with(Format::Twitter));
    assert_eq!(t.times, Some(vec![0.0, 0.0, 1.0, 1.0, 2.0, 3.0, 3.0, 4.0, 5.0, 5.0, 6.0]));
    // IBM: milliseconds; HEAD and DELETE are filtered.
    let t = timed("i.txt", fixture!("ibm.txt"), with(Format::Ibm));
    assert_eq!(t.times, Some(vec![1219.008, 1221.974, 1222.055, 1222.1, 1222.2]));
    // Wikipedia CDN: seconds.
    let t = timed("w.tsv", fixture!("wiki.tsv"), with(Format::Wiki));
    assert_eq!(t.times, Some(vec![0.0, 0.0, 1.0, 2.0, 3.0]));
}
