//! The plain format's fast path (`plain::lines`, `plain::digits8`) against the
//! line machinery it stands in for: the same requests, line numbers, skipped
//! lines and errors, however the text is cut into pieces.

use super::lines::LineState;
use super::plain::{digits8, lines, Plain};
use super::scan::Out;
use proptest::prelude::*;

/// What a load made of the text: requests and ids, lines read, bad lines, or the error.
type Outcome = Result<(Vec<u32>, Vec<u64>, u64, u64, Vec<(u64, String)>), String>;

fn load(text: &[u8], cuts: &[usize], strict: bool, fast: bool) -> Outcome {
    let mut st = LineState { out: Out::new(4096), carry: Vec::new(), line: 0, skipped: 0, reasons: Vec::new(), strict };
    let mut p = Plain;
    let mut at = 0;
    for &c in cuts.iter().chain([&text.len()]) {
        let c = c.clamp(at, text.len());
        let piece = &text[at..c];
        let r = if fast { lines(&mut st, &mut p, piece) } else { st.lines(&mut p, piece) };
        r.map_err(|e| e.to_string())?;
        at = c;
    }
    st.last_line(&mut p).map_err(|e| e.to_string())?;
    let t = st.out.b.finish();
    Ok((t.reqs, t.ids, st.line, st.skipped, st.reasons))
}

/// Lines a plain trace may hold, the awkward ones many times over.
fn line() -> impl Strategy<Value = String> {
    prop_oneof![
        "[0-9]{1,7}",
        "0{1,9}[0-9]{0,7}",
        "[0-9]{8,20}",
        "1844674407370955161[0-9]",
        "[0-9]{1,7}\r",
        "[0-9]{1,7}[ \t,][RWrw01]",
        "[0-9]{1,7} (read|write|x)",
        "0x[0-9a-f]{1,8}",
        "[ \t]{0,2}[0-9]{1,5}[ \t]{0,2}",
        "#[ -~]{0,10}",
        "",
        "[0-9]{0,3}[a-z:\u{e9}][0-9]{0,3}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn the_fast_path_reads_every_text_as_the_line_machinery_does(
        ls in prop::collection::vec(line(), 0..40),
        bom in any::<bool>(),
        end in any::<bool>(),
        cuts in prop::collection::vec(0usize..400, 0..6),
        strict in any::<bool>(),
    ) {
        let mut text = if bom { "\u{feff}".to_string() } else { String::new() };
        text.push_str(&ls.join("\n"));
        if end {
            text.push('\n');
        }
        let mut cuts = cuts;
        cuts.sort_unstable();
        let bytes = text.as_bytes();
        prop_assert_eq!(load(bytes, &cuts, strict, true), load(bytes, &[], strict, false));
    }

    #[test]
    fn eight_bytes_give_their_leading_digits_and_value(w in any::<[u8; 8]>(), digits in 0usize..=8) {
        // Mostly digits up front, then anything.
        let mut w = w;
        for b in &mut w[..digits] {
            *b = b'0' + *b % 10;
        }
        let n = w.iter().take_while(|b| b.is_ascii_digit()).count();
        let want = w[..n].iter().fold(0u64, |v, &b| v * 10 + (b - b'0') as u64);
        prop_assert_eq!(digits8(u64::from_le_bytes(w)), if n == 0 { (0, 0) } else { (n, want) });
    }
}

#[test]
fn edge_lines_read_as_before() {
    for text in [
        "007\n0\n00000000\n12345678\n1234567\n",
        "18446744073709551615\n18446744073709551616\n99999999999999999999\n",
        "1\r\n22\r\n333\r\n",
        "\u{feff}5\n6\n",
        "5\n\n\n#c\n  7  \n8 W\n9,r # x\n",
        "1234567",
        "/\n:\n0/\n9:\n",
    ] {
        for strict in [true, false] {
            let b = text.as_bytes();
            let want = load(b, &[], strict, false);
            for cut in 0..=b.len() {
                assert_eq!(load(b, &[cut], strict, true), want, "{text:?} cut at {cut}, strict {strict}");
            }
        }
    }
    // Past 2^64 − 1: the same error as ever.
    let e = load(b"1\n18446744073709551616\n", &[], true, true).unwrap_err();
    assert!(e.contains("line 2") && e.contains("18446744073709551616"), "{e}");
}
