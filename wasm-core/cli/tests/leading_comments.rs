//! The runner reads its file in 1 MiB chunks: comments before the requests
//! longer than a chunk do not hide the trace (the format is told from the first
//! lines with requests), and past the limit the message says what to do.

use std::process::Command;

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_cachescope")).args(args).output().expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

/// A file of `comments` bytes of comment and blank lines, then four requests.
fn commented(name: &str, comments: usize) -> String {
    let mut text = String::with_capacity(comments + 64);
    while text.len() < comments {
        text.push_str("# capture host 7, volume 3, 2024-01-01 00:00:00\n\n");
    }
    text.push_str("1\n2 W\n3\n1\n");
    let dir = std::env::temp_dir().join(format!("cachescope-comments-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.to_string_lossy().into_owned()
}

#[test]
fn comments_longer_than_a_chunk_before_the_requests_do_not_hide_the_trace() {
    for (name, bytes) in [("c2.txt", 2_000_000), ("c6.txt", 6_000_000)] {
        let f = commented(name, bytes);
        let (code, out, err) = run(&["--trace", &f, "--frames", "2", "--json"]);
        assert_eq!(code, 0, "{name}: {err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["results"][0]["requests"], 4, "{name}");
        assert_eq!(v["trace"]["format"], "plain (detected)", "{name}");
        std::fs::remove_file(&f).ok();
    }
}

#[test]
fn past_the_limit_the_message_names_it_and_a_chosen_format_reads_on() {
    let f = commented("c70.txt", 70 << 20);
    let (code, _, err) = run(&["--trace", &f, "--frames", "2"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("its first 64 MiB hold only blank lines and comments (limit leading_comments)"), "{err}");
    assert!(err.contains("choose the format"), "{err}");
    let (code, out, err) = run(&["--trace", &f, "--format", "plain", "--frames", "2", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["results"][0]["requests"], 4);
    std::fs::remove_file(&f).ok();
}
