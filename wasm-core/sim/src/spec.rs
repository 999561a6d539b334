//! Short textual forms of configurations, for the command line:
//! `zipf:pages=1000000,alpha=1.0,length=10000000,writes=0.3,seed=1`.
//! A form that starts with `{` is read as the JSON of a `GenConfig` instead.
//! `dac:pages=N,seed=S[,fill=1]` is the DAC paper's four-phase workload.

use crate::error::SimError;
use crate::generate::{GenConfig, Phase, Workload};

/// Parses a generator spec; phases may be joined with `+`.
pub fn parse_generator(spec: &str) -> Result<GenConfig, SimError> {
    let spec = spec.trim();
    if spec.starts_with('{') {
        return serde_json::from_str(spec).map_err(|e| SimError::config("generator JSON", e.to_string()));
    }
    if let Some(rest) = spec.strip_prefix("dac:") {
        return dac(rest);
    }
    let mut seed = 0u64;
    let mut phases = Vec::new();
    for part in spec.split('+') {
        let (kind, rest) = part.split_once(':').unwrap_or((part, ""));
        let mut kv = serde_json::Map::new();
        kv.insert("kind".into(), kind.trim().into());
        let mut length = 100_000u64;
        let mut writes = 0.0f64;
        for pair in rest.split(',').filter(|s| !s.trim().is_empty()) {
            let (k, v) = pair
                .split_once('=')
                .ok_or_else(|| SimError::config("generator", format!("expected key=value, got {pair:?}")))?;
            let (k, v) = (k.trim(), v.trim());
            let num = number(k, v)?;
            match k {
                "length" | "n" => length = whole(k, num)?,
                "writes" | "write_fraction" => writes = num,
                "seed" => seed = whole(k, num)?,
                "pages" => {
                    kv.insert(k.into(), whole(k, num)?.into());
                }
                // Whole numbers go as integers so integer fields (set, start, …) accept them;
                // float fields accept integers too.
                _ if num >= 0.0 && num.fract() == 0.0 && num < 1.8e19 => {
                    kv.insert(k.into(), (num as u64).into());
                }
                _ => {
                    kv.insert(k.into(), num.into());
                }
            }
        }
        let workload: Workload = serde_json::from_value(serde_json::Value::Object(kv))
            .map_err(|e| SimError::config(format!("generator {:?}", part.trim()), e.to_string()))?;
        phases.push(Phase { workload, length, write_fraction: writes });
    }
    let cfg = GenConfig { seed, phases };
    cfg.validate()?;
    Ok(cfg)
}

fn dac(rest: &str) -> Result<GenConfig, SimError> {
    let (mut pages, mut seed, mut fill) = (None, 0u64, false);
    for pair in rest.split(',').filter(|s| !s.trim().is_empty()) {
        let (k, v) = pair
            .split_once('=')
            .ok_or_else(|| SimError::config("generator", format!("expected key=value, got {pair:?}")))?;
        let num = number(k.trim(), v.trim())?;
        match k.trim() {
            "pages" => pages = Some(whole("pages", num)?),
            "seed" => seed = whole("seed", num)?,
            "fill" => fill = num != 0.0,
            other => {
                return Err(SimError::config("generator", format!("dac takes pages, seed and fill, not {other:?}")))
            }
        }
    }
    let pages = pages.ok_or_else(|| SimError::config("generator", "dac needs pages=N"))?;
    let cfg = crate::generate::dac_four_phase(pages, seed, fill);
    cfg.validate()?;
    Ok(cfg)
}

/// A finite number (1e999 and NaN parse as floats, but no setting takes them).
fn number(k: &str, v: &str) -> Result<f64, SimError> {
    match v.parse::<f64>() {
        Ok(x) if x.is_finite() => Ok(x),
        Ok(_) => Err(SimError::config("generator", format!("{k}: {v:?} is not a finite number"))),
        Err(_) => Err(SimError::config("generator", format!("{k}: {v:?} is not a number"))),
    }
}

fn whole(k: &str, x: f64) -> Result<u64, SimError> {
    if x >= 0.0 && x.fract() == 0.0 && x < 1.8e19 {
        Ok(x as u64)
    } else {
        Err(SimError::config("generator", format!("{k} must be a whole number ≥ 0, got {x}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_form_and_json_agree() {
        let a = parse_generator("zipf:pages=1000,alpha=0.9,length=5000,writes=0.25,seed=3").unwrap();
        let b = parse_generator(
            r#"{"seed":3,"phases":[{"workload":{"kind":"zipf","pages":1000,"alpha":0.9},"length":5000,"write_fraction":0.25}]}"#,
        )
        .unwrap();
        assert_eq!(a, b);
        let c = parse_generator("loop:pages=101,length=1000+uniform:pages=50,length=10").unwrap();
        assert_eq!(c.phases.len(), 2);
        assert_eq!(
            parse_generator("dac:pages=5000,seed=2,fill=1").unwrap(),
            crate::generate::dac_four_phase(5000, 2, true)
        );
        assert_eq!(parse_generator("working-set:pages=100,set=10,shift_every=50").unwrap().phases.len(), 1);
        assert_eq!(parse_generator("sequential:start=7,length=3").unwrap().phases[0].length, 3);
    }

    #[test]
    fn mistakes_are_named() {
        for (spec, needle) in [
            ("zipf:pages=10,alpha=x", "alpha"),
            ("zipf:pages=10", "alpha"),
            ("zipff:pages=10", "zipff"),
            ("loop:pages=1.5", "pages"),
            ("loop:pages", "key=value"),
            ("dac:seed=1", "dac needs pages"),
            ("dac:pages=10,alpha=1", "not \"alpha\""),
        ] {
            let e = parse_generator(spec).unwrap_err().to_string();
            assert!(e.contains(needle), "{spec}: {e}");
        }
    }
}
