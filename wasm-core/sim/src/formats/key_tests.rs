//! Key-value and object traces: the Twitter, Wikipedia CDN and IBM object store
//! formats and a CSV with string ids, on fixtures made for them: exact distinct
//! counts, equal keys one page, labels that are the keys.

use super::*;
use crate::trace::{is_write, page_of};

macro_rules! fixture {
    ($f:literal) => {
        include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/", $f)).as_slice()
    };
}

/// The keys of the accesses, in order, and which were writes.
fn keyed(t: &Trace) -> Vec<(String, bool)> {
    t.reqs.iter().map(|&r| (t.label(page_of(r)), is_write(r))).collect()
}

fn detected(name: &str, bytes: &[u8]) -> Loaded {
    load_bytes(name, bytes, LoadOptions::default()).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Equal keys are one page and different keys different pages.
fn pages_follow_keys(t: &Trace) {
    let labels: Vec<String> = (0..t.distinct()).map(|d| t.label(d)).collect();
    let set: std::collections::HashSet<&String> = labels.iter().collect();
    assert_eq!(set.len(), labels.len(), "two pages share a key: {labels:?}");
    for (d, l) in labels.iter().enumerate() {
        assert_eq!(t.dense_of_label(l), Some(d as u32), "{l}");
    }
}

#[test]
fn twitter_keys_ops_and_deletes() {
    let l = detected("cluster52.0", fixture!("twitter.csv"));
    assert_eq!((l.format, l.detected), (Format::Twitter, true));
    let t = &l.trace;
    assert_eq!((t.len(), t.distinct(), t.writes()), (11, 7, 3));
    assert_eq!(l.filtered, 1, "the delete is filtered");
    let k = keyed(t);
    assert_eq!(k[0], ("hP7kQ8X5nN:user:1".into(), false));
    assert_eq!(k[3], ("q:timeline:42".into(), true), "set writes");
    assert_eq!(k[6], ("key,with,commas".into(), true), "a key may hold commas");
    assert_eq!(page_of(t.reqs[0]), page_of(t.reqs[2]), "gets of one key are one page");
    assert_ne!(page_of(t.reqs[0]), page_of(t.reqs[9]), "keys differ in case");
    pages_follow_keys(t);
    let notes = l.info().notes;
    assert!(notes[0].contains("deletes are skipped") && notes[0].contains("TTLs are ignored"), "{notes:?}");
    assert!(notes[1].contains("object sizes are not modelled"), "{notes:?}");
}

#[test]
fn twitter_bad_lines_are_named() {
    let e =
        |s: &str| load_bytes("t", s.as_bytes(), LoadOptions { format: Some(Format::Twitter), ..Default::default() });
    let m = e("0,k,1,2,3,frob,0\n").unwrap_err().to_string();
    assert!(m.contains("line 1") && m.contains("unknown operation \"frob\""), "{m}");
    let m = e("0,k,1,2\n").unwrap_err().to_string();
    assert!(m.contains("expected 7 comma-separated fields"), "{m}");
    let m = e("x,k,1,2,3,get,0\n").unwrap_err().to_string();
    assert!(m.contains("the timestamp"), "{m}");
}

#[test]
fn csv_with_string_ids() {
    let spec = parse_csv_spec("id=object,op=op,id_type=string", Some("time,object,op")).unwrap();
    let l = load_bytes("kv.csv", fixture!("kv.csv"), LoadOptions { csv: Some(spec), ..Default::default() }).unwrap();
    let t = &l.trace;
    assert_eq!((t.len(), t.distinct(), t.writes(), l.filtered), (7, 4, 1, 1));
    let k = keyed(t);
    assert_eq!(k[2], ("/img/a.png".into(), true), "a quoted key is the same key");
    assert_eq!(page_of(t.reqs[0]), page_of(t.reqs[6]));
    assert_eq!(t.label(3), "/img/A.png");
    pages_follow_keys(t);
    assert_eq!(l.info().notes, vec![KEYS_NOTE.to_string()]);
    // The same file read with numeric ids names the column and the value.
    let numeric = parse_csv_spec("id=object,op=op", Some("time,object,op")).unwrap();
    let m = load_bytes("kv.csv", fixture!("kv.csv"), LoadOptions { csv: Some(numeric), ..Default::default() })
        .unwrap_err()
        .to_string();
    assert!(m.contains("line 2") && m.contains("column 2"), "{m}");
}

#[test]
fn ibm_object_store() {
    let l = detected("IBMObjectStoreTrace000Part0", fixture!("ibm.txt"));
    assert_eq!((l.format, l.detected), (Format::Ibm, true));
    let t = &l.trace;
    assert_eq!((t.len(), t.distinct(), t.writes(), l.filtered), (5, 3, 2, 2));
    assert_eq!(keyed(t)[0], ("8d4fcda3d675bac9".into(), true));
    assert_eq!(t.label(2), "0000000000000001", "an id is its text, leading zeros kept");
    pages_follow_keys(t);
}

#[test]
fn wikipedia_cdn_both_shapes() {
    let l = detected("wiki2019u.tsv", fixture!("wiki.tsv"));
    assert_eq!((l.format, l.detected), (Format::Wiki, true));
    assert_eq!((l.trace.len(), l.trace.distinct(), l.trace.writes()), (5, 3, 0));
    assert_eq!(l.trace.label(2), "00ff");
    pages_follow_keys(&l.trace);
    // The numeric shape reads as ARC unless the format is chosen.
    let o = LoadOptions { format: Some(Format::Wiki), ..Default::default() };
    let l = load_bytes("wiki2018.tr", fixture!("wiki_lrb.tr"), o).unwrap();
    assert_eq!((l.trace.len(), l.trace.distinct()), (6, 4));
    assert_eq!(keyed(&l.trace).iter().map(|k| k.0.as_str()).collect::<Vec<_>>(), ["1", "2", "1", "3", "10", "1"]);
}

#[test]
fn numeric_traces_carry_no_key_table() {
    let l = detected("p.txt", b"1\n2\n1\n");
    assert!(l.trace.keys.is_none());
    assert!(l.info().notes.is_empty());
}

#[test]
fn block_and_sector_policies_refuse_key_traces_and_others_run() {
    let l = detected("cluster52.0", fixture!("twitter.csv"));
    let ctx = crate::policy::BuildCtx::of(&l.trace);
    for id in ["bplru", "fab", "lb-clock", "ts-clock", "sp-clock"] {
        let e = crate::policy::build(id, 4, &ctx, &serde_json::Value::Null).err().unwrap_or_else(|| panic!("{id}"));
        assert!(e.to_string().contains("string keys, which have no neighbours"), "{id}: {e}");
    }
    let r = crate::sim::run_policy(&l.trace, "lru", 3, &serde_json::Value::Null, &Default::default()).unwrap();
    // A B A T C T K A K A' U: LRU of 3 hits the second A, the second T and the second K.
    assert_eq!((r.metrics.requests, r.metrics.hits), (11, 3));
}

#[test]
fn the_after_cache_stream_of_a_key_trace_names_its_keys_and_reads_back() {
    let l = detected("cluster52.0", fixture!("twitter.csv"));
    let text = write_plain(&l.trace, &l.trace.reqs, "after-cache stream of lru");
    assert!(text.contains("\n\"key,with,commas\",W\n"), "{text}");
    let spec = parse_csv_spec("id=1,op=2,read=R,write=W,id_type=string", None).unwrap();
    let back = load_bytes("s.csv", text.as_bytes(), LoadOptions { csv: Some(spec), ..Default::default() }).unwrap();
    assert_eq!(keyed(&back.trace), keyed(&l.trace));
}
