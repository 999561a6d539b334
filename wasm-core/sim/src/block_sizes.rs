//! Block sizes where a block-aware policy meets a flash device. Such a policy
//! groups pages into blocks of its own size (its view names the parameter,
//! `View::block_param`; the TS-CLOCK paper's 4 MB by default), which need not
//! be the device's: the page says so when they differ, and draws the policy's
//! lists grouped by block, numbered as people read them (original id / pages
//! per block; the policy's own state renumbers blocks densely).

use crate::flash::FlashConfig;
use crate::policy::entry;
use crate::trace::parse_id_label;
use serde_json::Value;

/// Pages per block the policy `id` groups pages by under `params` (its
/// default where `params` leaves it out); None for a policy without blocks.
pub fn policy_pages_per_block(id: &str, params: &Value) -> Option<u64> {
    let e = entry(id)?;
    let key = e.view.block_param?;
    params.get(key).and_then(Value::as_f64).map(|x| x as u64).or_else(|| (e.defaults)().get(key)?.as_u64())
}

/// The block, numbered as people read it, of the page with original id `id`;
/// None for a page of a device other than the first (it has no plain number).
pub fn block_of(id: u64, pages_per_block: u64) -> Option<u64> {
    (id >> crate::trace::NS_SHIFT == 0 && pages_per_block > 0).then(|| id / pages_per_block)
}

/// [`block_of`] the page a trace labels `label` (`Trace::label`); None for a
/// label that names no page.
pub fn block_of_label(label: &str, pages_per_block: u64) -> Option<u64> {
    block_of(parse_id_label(label)?, pages_per_block)
}

/// One sentence per (block policy, flash configuration) whose block sizes
/// differ. `policies`: (id, parameters); `flash`: each configuration's JSON,
/// the device's default block size where it gives none.
pub fn mismatches(policies: &[(String, Value)], flash: &[Value]) -> Vec<String> {
    let device_default = FlashConfig::default().pages_per_block as u64;
    let mut out = Vec::new();
    for (id, params) in policies {
        let (Some(e), Some(own)) = (entry(id), policy_pages_per_block(id, params)) else { continue };
        let key = e.view.block_param.unwrap_or_default();
        for (i, f) in flash.iter().enumerate() {
            let device = f.get("pages_per_block").and_then(Value::as_f64).map_or(device_default, |x| x as u64);
            if own != device {
                let (own, device) = (grouped(own), grouped(device));
                out.push(format!(
                    "{} groups pages in blocks of {own} pages; flash {} has {device} pages per block. The policy's blocks are its own (its \"{key}\" parameter): set it to {device} to match the device.",
                    e.name,
                    i + 1
                ));
            }
        }
    }
    out
}

/// A whole number with its thousands grouped (`16,384`).
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_block_policy_whose_blocks_differ_from_the_device_is_named() {
        let ts = policy_pages_per_block("ts-clock", &Value::Null).unwrap();
        assert_eq!(policy_pages_per_block("ts-clock", &json!({"pages_per_block": 64})), Some(64));
        assert_eq!(policy_pages_per_block("lru", &Value::Null), None);
        let policies = [("ts-clock".to_string(), Value::Null), ("lru".to_string(), Value::Null)];
        let m = mismatches(&policies, &[json!({}), json!({"pages_per_block": ts})]);
        assert_eq!(m.len(), 1, "{m:?}");
        assert!(m[0].contains(&format!("blocks of {} pages; flash 1 has 64 pages per block", grouped(ts))), "{m:?}");
        assert!(m[0].contains("(its \"pages_per_block\" parameter)"), "{m:?}");
        assert_eq!(
            (grouped(1024), grouped(999), grouped(1_000_000)),
            ("1,024".into(), "999".into(), "1,000,000".into())
        );
    }

    #[test]
    fn blocks_are_numbered_by_original_id() {
        assert_eq!(block_of_label("130", 64), Some(2));
        assert_eq!(block_of_label("5", 64), Some(0));
        assert_eq!(block_of_label("vol 2 · page 5", 64), None);
        assert_eq!(block_of_label("five", 64), None);
        assert_eq!(block_of(130, 0), None);
    }
}
