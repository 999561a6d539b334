//! A CSV mapping written as `KEY=VALUE,…`, the runner's `--csv`: columns by
//! number (counted from 1, as people count them) or by their name in the
//! file's header line. Keys: `id`, `unit`, `size`, `size_unit`, `sector`, `op`,
//! `read`, `write` (spellings separated by `|`), `ns`, `time` (a column of
//! times) and `time_unit` (`s`, `ms`, `us`, `ns`), `header`, `delimiter`
//! (`,`, `tab`, `;`, `space`), `id_type` (`number`, or `string` for keys).

use super::csv::{CsvMapping, TimeUnit, Unit};
use crate::error::SimError;
use crate::error::{excerpt, quoted};

const KEYS: &str =
    "id, id_type, unit, size, size_unit, sector, op, read, write, ns, time, time_unit, header, delimiter";

fn err(msg: String) -> SimError {
    SimError::config("--csv", msg)
}

fn unit(v: &str) -> Result<Unit, SimError> {
    match v {
        "bytes" => Ok(Unit::Bytes),
        "sectors" => Ok(Unit::Sectors),
        "pages" => Ok(Unit::Pages),
        _ => Err(err(format!("unit {}: expected bytes, sectors or pages", quoted(v)))),
    }
}

fn time_unit(v: &str) -> Result<TimeUnit, SimError> {
    match v {
        "s" => Ok(TimeUnit::Seconds),
        "ms" => Ok(TimeUnit::Milliseconds),
        "us" => Ok(TimeUnit::Microseconds),
        "ns" => Ok(TimeUnit::Nanoseconds),
        _ => Err(err(format!("time_unit {}: expected s, ms, us or ns", quoted(v)))),
    }
}

/// The column a value names: a number from 1, or a name in `header`.
fn column(key: &str, v: &str, header: Option<&[String]>) -> Result<usize, SimError> {
    if let Ok(n) = v.parse::<usize>() {
        return n.checked_sub(1).ok_or_else(|| err(format!("{key}={v}: columns count from 1")));
    }
    let names = header.ok_or_else(|| {
        err(format!("{key}={}: a column named {} needs the file's header line", excerpt(v), quoted(v)))
    })?;
    names.iter().position(|h| h.eq_ignore_ascii_case(v)).ok_or_else(|| {
        // A header can be as wide as a line: the message names its first columns, each cut short.
        let first: Vec<String> = names.iter().take(12).map(|n| excerpt(n)).collect();
        let more = names.len().saturating_sub(first.len());
        let more = if more > 0 { format!(" and {more} more") } else { String::new() };
        err(format!("{key}={}: the header has no column {}; it has {}{more}", excerpt(v), quoted(v), first.join(", ")))
    })
}

/// Whether the spec names a column (then the header line must be read).
pub fn names_columns(spec: &str) -> bool {
    spec.split(',')
        .filter_map(|p| p.split_once('='))
        .any(|(k, v)| matches!(k.trim(), "id" | "size" | "op" | "ns" | "time") && v.trim().parse::<usize>().is_err())
}

/// Reads `spec`; `header_line` is the file's first line, needed when columns are named.
pub fn parse_csv_spec(spec: &str, header_line: Option<&str>) -> Result<CsvMapping, SimError> {
    let mut m = CsvMapping::default();
    let pairs: Vec<(&str, &str)> = spec
        .split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|p| {
            p.split_once('=')
                .map(|(k, v)| (k.trim(), v.trim()))
                .ok_or_else(|| err(format!("{}: expected KEY=VALUE", quoted(p))))
        })
        .collect::<Result<_, _>>()?;
    for &(k, v) in &pairs {
        match k {
            "delimiter" => {
                m.delimiter = Some(match v {
                    "tab" | "\\t" => '\t',
                    "space" | " " => ' ',
                    "comma" | "" => ',',
                    ";" | "semicolon" => ';',
                    _ => return Err(err(format!("delimiter {}: expected comma, tab, ; or space", quoted(v)))),
                })
            }
            "header" => m.header = matches!(v, "true" | "yes" | "1"),
            _ => {}
        }
    }
    let named = names_columns(spec);
    m.header |= named;
    let header: Option<Vec<String>> = header_line.filter(|_| named).map(|l| {
        let d = m.delimiter.unwrap_or_else(|| [',', '\t', ';'].into_iter().find(|&d| l.contains(d)).unwrap_or(' '));
        let fields: Vec<&str> = if d == ' ' { l.split_whitespace().collect() } else { l.split(d).collect() };
        fields.into_iter().map(|f| f.trim().trim_matches('"').to_string()).collect()
    });
    let h = header.as_deref();
    for (k, v) in pairs {
        match k {
            "id" => m.id_column = column(k, v, h)?,
            "unit" => m.unit = unit(v)?,
            "size" => m.size_column = Some(column(k, v, h)?),
            "size_unit" => m.size_unit = unit(v)?,
            "sector" => {
                m.sector_size =
                    v.parse().map_err(|_| err(format!("sector={}: expected a number of bytes", excerpt(v))))?
            }
            "op" => m.op_column = Some(column(k, v, h)?),
            "read" => m.read_values = v.split('|').map(String::from).collect(),
            "write" => m.write_values = v.split('|').map(String::from).collect(),
            "ns" => m.namespace_column = Some(column(k, v, h)?),
            "id_type" => {
                m.string_ids = match v {
                    "string" => true,
                    "number" => false,
                    _ => return Err(err(format!("id_type {}: expected number or string", quoted(v)))),
                }
            }
            "time" => m.time_column = Some(column(k, v, h)?),
            "time_unit" => m.time_unit = Some(time_unit(v)?),
            "header" | "delimiter" => {}
            _ => return Err(err(format!("unknown key {}; known: {KEYS}", quoted(k)))),
        }
    }
    m.validate()?;
    Ok(m)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_by_name_or_number_give_the_same_mapping() {
        let header = "timestamp,offset,size,type,volume";
        let by_name =
            parse_csv_spec("id=offset,unit=sectors,size=size,size_unit=sectors,op=type,ns=volume", Some(header))
                .unwrap();
        let by_number =
            parse_csv_spec("id=2,unit=sectors,size=3,size_unit=sectors,op=4,ns=5,header=true", None).unwrap();
        assert_eq!(by_name, by_number);
        assert_eq!((by_name.id_column, by_name.op_column, by_name.namespace_column), (1, Some(3), Some(4)));
        assert!(by_name.header, "a named column means the first line is the header");
        let m = parse_csv_spec("delimiter=space,id=2,unit=bytes,op=1,read=l|L,write=s", None).unwrap();
        assert_eq!((m.delimiter, m.read_values.len()), (Some(' '), 2));
        assert!(parse_csv_spec("id=key,id_type=string", Some("time,key")).unwrap().string_ids);
        assert!(!parse_csv_spec("id=1,id_type=number", None).unwrap().string_ids);
    }

    #[test]
    fn mistakes_are_named() {
        let e = |s: &str, h: Option<&str>| parse_csv_spec(s, h).unwrap_err().to_string();
        assert!(e("id=lba", Some("a,b,c")).contains("the header has no column \"lba\"; it has a, b, c"));
        assert!(e("id=lba", None).contains("needs the file's header line"));
        assert!(e("id=0", None).contains("columns count from 1"));
        assert!(e("colour=red", None).contains("unknown key \"colour\""));
        assert!(e("unit=furlongs", None).contains("expected bytes, sectors or pages"));
        assert!(e("id", None).contains("expected KEY=VALUE"));
        assert!(e("id_type=text", None).contains("expected number or string"));
        assert!(e("id=1,size=2,id_type=string", None).contains("sizes and devices are not modelled"));
    }

    #[test]
    fn a_header_wider_than_64_kib_is_quoted_as_a_short_excerpt() {
        let e = |s: &str, h: Option<&str>| parse_csv_spec(s, h).unwrap_err().to_string();
        let wide = (0..8000).map(|i| format!("column{i}")).collect::<Vec<_>>().join(",");
        assert!(wide.len() > 64 * 1024);
        let m = e("id=lba", Some(&wide));
        assert!(m.len() < 400, "{} bytes: {m}", m.len());
        assert!(m.contains("it has column0, column1,") && m.contains("and 7988 more"), "{m}");
        let one = format!("{}x", "y".repeat(70_000));
        let m = e("id=lba", Some(&one));
        assert!(m.len() < 400 && m.contains("… (70001 characters)"), "{m}");
        let m = e(&format!("id={}", "q".repeat(70_000)), Some("a,b"));
        assert!(m.len() < 400, "{m}");
    }
}
