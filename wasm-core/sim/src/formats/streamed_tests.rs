//! Hard inputs for the loader's stream: compression bombs decode in bounded
//! pieces and a budget at a time (so a caller sees a Cancel between slices),
//! and leading comments never hide a trace, however the file is cut into chunks.

use super::decompress::PIECE;
use super::*;
use crate::error::SimError;
use std::io::Write;

fn gzip(data: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

fn zstd(data: &[u8]) -> Vec<u8> {
    ruzstd::encoding::compress_to_vec(data, ruzstd::encoding::CompressionLevel::Fastest)
}

const MIB: usize = 1 << 20;

/// Three requests, then `mib` MiB of blank lines, as one gzip member of
/// three requests followed by members of 1 MiB of newlines each (a member is
/// about 1 KiB: the whole inflates about 1000 times).
fn gzip_bomb(mib: usize) -> Vec<u8> {
    let mut v = gzip(b"1\n2 W\n3\n");
    let blank = gzip(&vec![b'\n'; MIB]);
    for _ in 0..mib {
        v.extend_from_slice(&blank);
    }
    v
}

/// Most a piece may hold: one piece plus what one inflate step writes.
const BOUND: usize = PIECE + 64 * 1024;

#[test]
fn a_gzip_bomb_inflates_in_bounded_pieces() {
    let bomb = gzip_bomb(256);
    assert!(bomb.len() < MIB, "{} bytes inflate to 256 MiB", bomb.len());
    // The runner's and Python's 1 MiB chunks, the browser's 4 MiB: all of it in one feed.
    let mut l = Loader::new("bomb.txt.gz", LoadOptions::default());
    l.feed(&bomb).unwrap();
    assert!(l.peak_piece() <= BOUND, "a piece of {} bytes", l.peak_piece());
    let peak = l.peak_piece();
    let loaded = l.finish().unwrap();
    assert_eq!(loaded.trace.ids, vec![1, 2, 3]);
    assert_eq!(loaded.decoded_bytes, (256 * MIB + 8) as u64);
    assert_eq!(loaded.lines, (256 * MIB + 3) as u64);
    assert!(peak > 0);
}

#[test]
fn a_single_gzip_member_inflating_a_thousandfold_stays_bounded() {
    // One deflate stream: its 32 KiB window repeats, ~1000:1.
    let mut data = b"7\n8\n".to_vec();
    data.resize(64 * MIB, b'\n');
    let gz = gzip(&data);
    assert!(gz.len() < 128 * 1024, "{}", gz.len());
    let mut l = Loader::new("one.gz", LoadOptions::default());
    l.feed(&gz).unwrap();
    assert!(l.peak_piece() <= BOUND, "a piece of {} bytes", l.peak_piece());
    assert_eq!(l.finish().unwrap().trace.ids, vec![7, 8]);
}

/// Pushes `input` whole and pumps it `budget` at a time: each pump decodes
/// about a budget (a slice the browser's worker sees a Cancel after); returns
/// the pumps taken and the load.
fn pumped(name: &str, input: &[u8], budget: usize) -> (usize, Result<Loaded, SimError>) {
    let mut l = Loader::new(name, LoadOptions::default());
    l.push(input).unwrap();
    let mut pumps = 0;
    let mut ended = false;
    loop {
        let before = l.decoded();
        let done = match l.pump(budget) {
            Ok(d) => d,
            Err(e) => return (pumps, Err(e)),
        };
        pumps += 1;
        let step = (l.decoded() - before) as usize;
        assert!(step <= budget + BOUND, "one pump decoded {step} bytes on a budget of {budget}");
        assert!(l.peak_piece() <= BOUND, "a piece of {} bytes", l.peak_piece());
        assert!(l.consumed() <= l.bytes());
        if done && ended {
            break;
        }
        if done {
            l.end_input();
            ended = true;
        }
    }
    (pumps, l.finish())
}

#[test]
fn gzip_and_zstd_decode_a_budget_at_a_time() {
    let budget = 4 * MIB;
    let (pumps, l) = pumped("bomb.gz", &gzip_bomb(64), budget);
    let l = l.unwrap();
    assert_eq!(l.trace.ids, vec![1, 2, 3]);
    assert!(pumps >= 64 / 4, "{pumps} pumps");
    // zstd: frames of 1 MiB of newlines after one of three requests.
    let mut z = zstd(b"1\n2 W\n3\n");
    let blank = zstd(&vec![b'\n'; MIB]);
    for _ in 0..64 {
        z.extend_from_slice(&blank);
    }
    // A skippable frame (magic 0x184D2A50, its length, its bytes) is passed over.
    z.extend_from_slice(&[0x50, 0x2a, 0x4d, 0x18, 3, 0, 0, 0, 9, 9, 9]);
    z.extend_from_slice(&zstd(b"4\n"));
    let (pumps, l) = pumped("bomb.zst", &z, budget);
    let l = l.unwrap();
    assert_eq!(l.trace.ids, vec![1, 2, 3, 4]);
    assert_eq!(l.decoded_bytes, (64 * MIB + 10) as u64);
    assert!(pumps >= 64 / 4, "{pumps} pumps");
    // Plain text: a budget of raw bytes.
    let text: Vec<u8> = (0..400_000).flat_map(|i| format!("{}\n", i % 1000).into_bytes()).collect();
    let (pumps, l) = pumped("p.txt", &text, 64 * 1024);
    assert_eq!(l.unwrap().trace.len(), 400_000);
    assert!(pumps > text.len() / (64 * 1024));
    // Truncated input is an error at the end, named.
    let e = pumped("t.zst", &z[..z.len() - 5], budget).1.unwrap_err();
    assert!(e.to_string().contains("zstd"), "{e}");
}

#[test]
fn pushed_and_fed_loads_agree() {
    let text: Vec<u8> = (0..50_000)
        .flat_map(|i| format!("{} {}\n", i % 977, if i % 3 == 0 { "W" } else { "R" }).into_bytes())
        .collect();
    for input in [text.clone(), gzip(&text), zstd(&text)] {
        let fed = tests::feed_in_chunks("x", &input, 4093, LoadOptions::default()).unwrap();
        let mut l = Loader::new("x", LoadOptions::default());
        for c in input.chunks(10_007) {
            l.push(c).unwrap();
            while !l.pump(3000).unwrap() {}
        }
        l.end_input();
        while !l.pump(3000).unwrap() {}
        assert_eq!(l.consumed(), input.len() as u64);
        assert_eq!(l.finish().unwrap(), fed);
    }
}

/// `bytes` of comment and blank lines, then a few requests.
fn commented(bytes: usize) -> (Vec<u8>, u64) {
    let mut v = "\u{feff}# a trace, described at length\n".as_bytes().to_vec();
    let mut lines = 1;
    while v.len() < bytes {
        v.extend_from_slice(if lines % 5 == 0 {
            b"\r\n"
        } else {
            b"#   capture host 7, volume 3, 2024-01-01 00:00:00\n"
        });
        lines += 1;
    }
    v.extend_from_slice(b"1\n2 W\n3\n");
    (v, lines)
}

#[test]
fn leading_comments_do_not_hide_a_trace() {
    let (text, comment_lines) = commented(6_000_000);
    let whole = load_bytes("c.txt", &text, LoadOptions::default()).unwrap();
    assert_eq!((whole.format, whole.detected), (Format::Plain, true));
    assert_eq!(whole.trace.ids, vec![1, 2, 3]);
    assert_eq!(whole.lines, comment_lines + 3);
    // The runner's and Python's 1 MiB chunks, the browser's 4 MiB, and small ones.
    for size in [MIB, 4 * MIB, 65_536, 4093, 61] {
        assert_eq!(tests::feed_in_chunks("c.txt", &text, size, LoadOptions::default()).unwrap(), whole, "{size}");
    }
    // Compressed, the comments arrive as decoded pieces.
    assert_eq!(load_bytes("c.txt.gz", &gzip(&text), LoadOptions::default()).unwrap().trace, whole.trace);
    // A bad line after them is named by its line in the file.
    let mut bad = text.clone();
    bad.extend_from_slice(b"4\nx7\n5\n6\n7\n8\n9\n10\n11\n12\n");
    let e = tests::feed_in_chunks("c.txt", &bad, MIB, LoadOptions::default()).unwrap_err();
    assert!(matches!(&e, SimError::Parse { line, text, .. } if *line == comment_lines + 5 && text == "x7"), "{e}");
    // Comments only: no requests, said so.
    let (only, _) = commented(3_000_000);
    let only = &only[..only.len() - 8];
    let e = tests::feed_in_chunks("o.txt", only, MIB, LoadOptions::default()).unwrap_err();
    assert!(e.to_string().contains("no requests"), "{e}");
}

#[test]
fn leading_comments_stop_at_their_limit_unless_the_format_is_chosen() {
    let limit = MAX_LEADING_COMMENTS as usize;
    let (text, _) = commented(limit + MIB);
    let e = tests::feed_in_chunks("c.txt", &text, MIB, LoadOptions::default()).unwrap_err();
    let m = e.to_string();
    assert!(m.contains("leading_comments") && m.contains("64 MiB") && m.contains("choose the format"), "{m}");
    // With the format chosen, comments of any length are skipped.
    let o = LoadOptions { format: Some(Format::Plain), ..LoadOptions::default() };
    assert_eq!(tests::feed_in_chunks("c.txt", &text, MIB, o).unwrap().trace.ids, vec![1, 2, 3]);
    // Just under the limit, detection still finds the requests.
    let (text, _) = commented(limit - MIB);
    assert_eq!(load_bytes("c.txt", &text, LoadOptions::default()).unwrap().trace.ids, vec![1, 2, 3]);
}

#[test]
fn binary_records_that_start_like_a_blank_line_are_not_skipped() {
    // An oracleGeneral record whose timestamp's first byte is '\n' (10) or '#'.
    let mut v = Vec::new();
    for i in 0..3000u32 {
        let ts = [10, 35].get(i as usize).copied().unwrap_or(i + 40);
        v.extend_from_slice(&ts.to_le_bytes());
        v.extend_from_slice(&(i as u64 % 50).to_le_bytes());
        v.extend_from_slice(&4096u32.to_le_bytes());
        v.extend_from_slice(&(-1i64).to_le_bytes());
    }
    let l = load_bytes("t.bin", &v, LoadOptions::default()).unwrap();
    assert_eq!(l.format, Format::OracleGeneral);
    assert_eq!(l.trace.len(), 3000);
    assert_eq!(tests::feed_in_chunks("t.bin", &v, 1, LoadOptions::default()).unwrap(), l);
}
