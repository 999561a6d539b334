use std::fmt;

/// Every error a user can provoke (bad trace, impossible configuration, unknown id)
/// is one of these, carrying a message that says where and what.
#[derive(Debug, Clone, PartialEq)]
pub enum SimError {
    /// Bad configuration: `what` names the field, `msg` says what was wrong.
    Config { what: String, msg: String },
    /// A trace line that could not be read.
    Parse { line: u64, text: String, msg: String },
    /// The input as a whole is unusable (empty, binary, unknown format).
    Input(String),
    /// The run was cancelled by its caller.
    Cancelled,
    /// A policy written by a user broke the contract or failed: the message names
    /// the policy, the method, the request and the page.
    Policy(String),
}

impl SimError {
    pub fn config(what: impl Into<String>, msg: impl Into<String>) -> Self {
        SimError::Config { what: what.into(), msg: msg.into() }
    }
}

/// Characters of a user's input that a message quotes.
pub const EXCERPT_CHARS: usize = 60;

/// A user's input as a message quotes it: the first [`EXCERPT_CHARS`] characters, and how
/// long the whole is when it was cut (a 70 KB value must not make a 70 KB message).
pub fn excerpt(s: &str) -> String {
    match s.char_indices().nth(EXCERPT_CHARS) {
        Some((i, _)) => format!("{}… ({} characters)", &s[..i], s.chars().count()),
        None => s.to_string(),
    }
}

/// [`excerpt`] in quotes, as `{:?}` would write it.
pub fn quoted(s: &str) -> String {
    match s.char_indices().nth(EXCERPT_CHARS) {
        Some((i, _)) => format!("{:?}… ({} characters)", &s[..i], s.chars().count()),
        None => format!("{s:?}"),
    }
}

impl fmt::Display for SimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SimError::Config { what, msg } => write!(f, "invalid {what}: {msg}"),
            SimError::Parse { line, text, msg } => {
                let quoted = format!("{text:?}");
                if msg.contains(&quoted) {
                    write!(f, "line {line}: {msg}")
                } else {
                    write!(f, "line {line}: {msg}, in {quoted}")
                }
            }
            SimError::Input(m) => write!(f, "{m}"),
            SimError::Cancelled => write!(f, "cancelled"),
            SimError::Policy(m) => write!(f, "{m}"),
        }
    }
}

impl std::error::Error for SimError {}
