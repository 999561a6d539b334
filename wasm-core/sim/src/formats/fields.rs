//! Delimited fields per RFC 4180 for every CSV-based format: `"a,b"` is one
//! field and `""` inside quotes is a quote. Lines without a quote (nearly every
//! line of a block trace) take a fast path that splits in place; quoted lines go
//! through csv-core. The loader is line-based, so a quoted field may not hold a
//! line break: an unclosed quote is refused with that reason.

use super::scan::{bad, trim, LineErr};
use csv_core::{ReadRecordResult, Reader, ReaderBuilder};

/// Comma-separated fields, as the block-trace formats write them.
impl Default for Fields {
    fn default() -> Fields {
        Fields::new(b',')
    }
}

pub(crate) struct Fields {
    delim: u8,
    reader: Reader,
    buf: Vec<u8>,
    ends: Vec<usize>,
}

impl Fields {
    pub(crate) fn new(delim: u8) -> Fields {
        Fields { delim, reader: ReaderBuilder::new().delimiter(delim).build(), buf: Vec::new(), ends: Vec::new() }
    }

    /// The fields of one line (without its line end), each trimmed of blanks.
    #[inline]
    pub(crate) fn split<'a>(&'a mut self, line: &'a [u8]) -> Result<Split<'a>, LineErr> {
        if memchr::memchr(b'"', line).is_none() {
            return Ok(Split::Plain { line, delim: self.delim, pos: 0, done: false });
        }
        self.unquote(line)?;
        Ok(Split::Quoted { buf: &self.buf, ends: &self.ends, i: 0 })
    }

    #[cold]
    fn unquote(&mut self, line: &[u8]) -> Result<(), LineErr> {
        // In a well-formed line every quote is paired (a quoted field has two, an
        // escaped quote two more), so an odd count means a field left open.
        if line.iter().filter(|&&b| b == b'"').count() % 2 == 1 {
            return Err(bad(
                "a quoted field is not closed on this line (a line break inside quotes is not supported: \
                 each request must be on one line)",
            ));
        }
        self.reader.reset();
        self.buf.clear();
        self.buf.resize(line.len(), 0);
        self.ends.clear();
        self.ends.resize(line.len() + 1, 0);
        let (mut nin, mut nout, mut nend) = (0, 0, 0);
        loop {
            let (res, i, o, e) = self.reader.read_record(&line[nin..], &mut self.buf[nout..], &mut self.ends[nend..]);
            // Ends count from the record's start across calls (csv-core keeps the offset).
            nin += i;
            nout += o;
            nend += e;
            match res {
                ReadRecordResult::InputEmpty if nin < line.len() => continue,
                // The line is all there is: an empty input ends the record.
                ReadRecordResult::InputEmpty => {
                    let (res, _, o, e) = self.reader.read_record(&[], &mut self.buf[nout..], &mut self.ends[nend..]);
                    nout += o;
                    nend += e;
                    if matches!(res, ReadRecordResult::Record | ReadRecordResult::End) {
                        break;
                    }
                }
                ReadRecordResult::Record | ReadRecordResult::End => break,
                // The buffers hold the whole line: neither can fill.
                ReadRecordResult::OutputFull | ReadRecordResult::OutputEndsFull => {
                    return Err(bad("a quoted field could not be read"));
                }
            }
        }
        self.buf.truncate(nout);
        self.ends.truncate(nend);
        Ok(())
    }
}

pub(crate) enum Split<'a> {
    Plain { line: &'a [u8], delim: u8, pos: usize, done: bool },
    Quoted { buf: &'a [u8], ends: &'a [usize], i: usize },
}

impl<'a> Iterator for Split<'a> {
    type Item = &'a [u8];

    #[inline]
    fn next(&mut self) -> Option<&'a [u8]> {
        match self {
            Split::Plain { line, delim, pos, done } => {
                if *done {
                    return None;
                }
                let rest = &line[*pos..];
                match rest.iter().position(|b| b == delim) {
                    Some(k) => {
                        *pos += k + 1;
                        Some(trim(&rest[..k]))
                    }
                    None => {
                        *done = true;
                        Some(trim(rest))
                    }
                }
            }
            Split::Quoted { buf, ends, i } => {
                let end = *ends.get(*i)?;
                let start = if *i == 0 { 0 } else { ends[*i - 1] };
                *i += 1;
                Some(trim(&buf[start..end]))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(line: &str) -> Result<Vec<String>, String> {
        let mut f = Fields::new(b',');
        let r = f.split(line.as_bytes()).map_err(|e| match e {
            LineErr::Bad(m) => m.into_owned(),
            LineErr::Fatal(e) => e.to_string(),
        })?;
        Ok(r.map(|x| String::from_utf8_lossy(x).into_owned()).collect())
    }

    #[test]
    fn quoted_fields_follow_rfc_4180() {
        assert_eq!(fields("1,hm,0").unwrap(), ["1", "hm", "0"]);
        assert_eq!(fields("1,\"hm,x\",0").unwrap(), ["1", "hm,x", "0"]);
        assert_eq!(fields("\"say \"\"hi\"\"\",2").unwrap(), ["say \"hi\"", "2"]);
        assert_eq!(fields("\"\",,3").unwrap(), ["", "", "3"]);
        assert_eq!(fields("a, b ,c").unwrap(), ["a", "b", "c"]);
        assert_eq!(fields("").unwrap(), [""]);
        assert_eq!(fields("x,").unwrap(), ["x", ""]);
    }

    #[test]
    fn an_unclosed_quote_says_why() {
        let e = fields("1,\"hm,0").unwrap_err();
        assert!(e.contains("not closed on this line") && e.contains("line break inside quotes"), "{e}");
    }

    proptest::proptest! {
        /// Quoting any fields, with any delimiters and quotes inside, gives them back.
        #[test]
        fn quoting_round_trips(cells in proptest::collection::vec("[a-z0-9,\" ]{0,8}", 1..6)) {
            let line: Vec<String> = cells.iter().map(|c| format!("\"{}\"", c.replace('"', "\"\""))).collect();
            let got = fields(&line.join(",")).unwrap();
            let want: Vec<String> = cells.iter().map(|c| c.trim_matches(|ch| ch == ' ' || ch == '\t').to_string()).collect();
            proptest::prop_assert_eq!(got, want);
        }
    }
}
