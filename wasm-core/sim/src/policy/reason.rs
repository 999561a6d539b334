//! Why a step's victims left, in one sentence made from the step's events: the
//! quiz's feedback and the exercises' worked answers read it. Nothing here knows
//! a policy's rule: a hand's visits say where it passed and what it did there,
//! a `Reason` event gives the numbers a policy compared (ARC's |T1| and p), and
//! an eviction's `why` names the rule.

use super::Event;

/// At most this many pages are named for one hand's sweep; a long sweep says how many more.
const LISTED: usize = 8;

/// A real number as people write it: `1`, `1.5`, `0.33`.
pub fn number(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{x:.0}")
    } else {
        let s = format!("{x:.2}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// Why the pages this step evicted left, or None when it evicted nothing.
/// `policy` names the hands as its catalogue entry does.
pub fn eviction_reason(events: &[Event<String>], policy: &str) -> Option<String> {
    let mut clauses: Vec<(Vec<&str>, String)> = Vec::new();
    let mut visits: Vec<(&str, &str, &str)> = Vec::new();
    let mut because: Option<&str> = None;
    let victims = events.iter().filter(|e| matches!(e, Event::Evict { .. })).count();
    // The one hand that moved this step, if only one did: a victim found with no page passed was found by it.
    let mut moved = events.iter().filter_map(|e| match e {
        Event::Hand { hand, .. } => Some(*hand),
        _ => None,
    });
    let only_hand = moved.next().filter(|h| moved.all(|o| o == *h));
    for e in events {
        match e {
            Event::Visit { hand, page, action } => visits.push((hand, page, action)),
            Event::Reason { why } => because = Some(why),
            Event::Evict { page, why, .. } => {
                let clause = match because {
                    Some(b) => b.to_string(),
                    None if !visits.is_empty() => sweep(&visits, page, why, policy),
                    None => match only_hand {
                        Some(h) if victims == 1 => {
                            format!("{} stopped at page {page} at once: {why}", hand_label(h, policy))
                        }
                        _ => why.to_string(),
                    },
                };
                // Pages a block policy evicts together for one rule share its clause.
                match clauses.last_mut() {
                    Some((pages, c)) if *c == clause => pages.push(page.as_str()),
                    _ => clauses.push((vec![page.as_str()], clause)),
                }
                visits.clear();
                because = None;
            }
            _ => {}
        }
    }
    let out: Vec<String> = clauses
        .into_iter()
        .map(|(pages, clause)| match pages.as_slice() {
            _ if victims == 1 => clause,
            [p] => format!("page {p}: {clause}"),
            ps => format!("pages {}: {clause}", and_list(ps)),
        })
        .collect();
    (!out.is_empty()).then(|| out.join("; "))
}

/// "the hand passed pages 3 and 5 (cleared reference bit) and stopped at page 4: …".
fn sweep(visits: &[(&str, &str, &str)], victim: &str, why: &str, policy: &str) -> String {
    // Runs of one hand, in order; the last hand is the one that stopped at the victim.
    let mut runs: Vec<(&str, Vec<(&str, &str)>)> = Vec::new();
    for &(hand, page, action) in visits {
        match runs.last_mut() {
            Some((h, pages)) if *h == hand => pages.push((page, action)),
            _ => runs.push((hand, vec![(page, action)])),
        }
    }
    let last = runs.len() - 1;
    let parts: Vec<String> = runs
        .iter()
        .enumerate()
        .map(|(i, (hand, pages))| {
            let name = hand_label(hand, policy);
            // A last visit to the victim itself (a hand that met it and evicted it) is where it stopped, not a page it passed.
            let mut passed = pages.as_slice();
            if i == last && passed.last().is_some_and(|&(p, _)| p == victim) {
                passed = &passed[..passed.len() - 1];
            }
            let went =
                if passed.is_empty() { String::new() } else { format!(" passed {}", pages_with_actions(passed)) };
            if i == last {
                let and = if passed.is_empty() { "" } else { " and" };
                format!("{name}{went}{and} stopped at page {victim}: {why}")
            } else {
                format!("{name}{went}")
            }
        })
        .collect();
    parts.join("; then ")
}

/// "pages 3 and 5 (cleared reference bit), page 6 (moved to cold)": runs of one action grouped.
fn pages_with_actions(pages: &[(&str, &str)]) -> String {
    let shown = &pages[..pages.len().min(LISTED)];
    let mut groups: Vec<(&str, Vec<&str>)> = Vec::new();
    for &(page, action) in shown {
        match groups.last_mut() {
            Some((a, ps)) if *a == action => ps.push(page),
            _ => groups.push((action, vec![page])),
        }
    }
    let mut out: Vec<String> = groups
        .iter()
        .map(|(action, ps)| match ps.as_slice() {
            [p] => format!("page {p} ({action})"),
            _ => format!("pages {} ({action})", and_list(ps)),
        })
        .collect();
    if pages.len() > LISTED {
        out.push(format!("{} more", pages.len() - LISTED));
    }
    and_list(&out)
}

/// "a", "a and b", "a, b and c".
fn and_list<S: AsRef<str>>(items: &[S]) -> String {
    match items {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [rest @ .., last] => {
            format!("{} and {}", rest.iter().map(|s| s.as_ref()).collect::<Vec<_>>().join(", "), last.as_ref())
        }
    }
}

/// A hand's name as the paper writes it (the catalogue's label); the plain "hand" is "the hand".
fn hand_label(hand: &str, policy: &str) -> String {
    if hand == "hand" {
        return "the hand".to_string();
    }
    super::entry(policy)
        .and_then(|e| e.view.hands.iter().find(|m| m.name == hand))
        .map_or_else(|| hand.to_string(), |m| m.label.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::{RunOptions, Session};
    use crate::trace::Trace;

    /// The reason of every step of `pages` on `policy` with `frames` frames.
    fn reasons(policy: &str, frames: usize, pages: &[u64]) -> Vec<Option<String>> {
        let reqs: Vec<(u64, bool)> = pages.iter().map(|&p| (p, false)).collect();
        let trace = Trace::from_pages(&reqs);
        let ctx = crate::policy::BuildCtx {
            n_pages: trace.distinct(),
            trace: &trace.reqs,
            ids: &trace.ids,
            devices: false,
            keyed: false,
        };
        let p = crate::policy::build(policy, frames, &ctx, &serde_json::json!({})).unwrap();
        let mut s = Session::new(&trace, p, RunOptions::default());
        std::iter::from_fn(|| s.step_labeled()).map(|r| r.reason).collect()
    }

    #[test]
    fn clock_names_the_pages_the_hand_passed() {
        // 3 4 5 fill the ring; 3 and 5 are referenced again; 6: the hand clears 3's bit,
        // stops at 4 (bit clear). 7: the hand passes 5 (clears it) and stops at 6... no:
        // 6 took 4's slot with its bit clear, so the hand at 5 clears it and stops at 3.
        let r = reasons("clock", 3, &[3, 4, 5, 3, 5, 6, 7]);
        assert_eq!(r[..5], [None, None, None, None, None]);
        assert_eq!(
            r[5].as_deref(),
            Some("the hand passed page 3 (cleared reference bit) and stopped at page 4: reference bit clear under the hand")
        );
        assert_eq!(
            r[6].as_deref(),
            Some("the hand passed page 5 (cleared reference bit) and stopped at page 3: reference bit clear under the hand")
        );
    }

    #[test]
    fn a_hand_that_passes_nothing_stops_at_once() {
        // 1 2 fill the ring with bits clear; 3: the hand takes 1 straight away.
        let r = reasons("clock", 2, &[1, 2, 3]);
        assert_eq!(r[2].as_deref(), Some("the hand stopped at page 1 at once: reference bit clear under the hand"));
    }

    #[test]
    fn clock_groups_pages_with_the_same_action() {
        // All three referenced: the hand clears 1, 2 and 3 and comes back to 1.
        let r = reasons("clock", 3, &[1, 2, 3, 1, 2, 3, 4]);
        assert_eq!(
            r[6].as_deref(),
            Some("the hand passed pages 1, 2 and 3 (cleared reference bit) and stopped at page 1: reference bit clear under the hand")
        );
    }

    #[test]
    fn arc_gives_the_sizes_it_compared() {
        // c = 2: 1 2 fill T1 and B1 is empty: case IV(A) drops T1's LRU page with no ghost.
        let r = reasons("arc", 2, &[1, 2, 3]);
        assert_eq!(
            r[2].as_deref(),
            Some("T1 fills the cache (|T1| = c = 2) and B1 is empty, so T1's LRU page leaves with no ghost")
        );
        // 1 moves to T2 on its hit, 2 enters T1 (p = 0); 3: REPLACE finds |T1| = 1 > p = 0.
        let r = reasons("arc", 2, &[1, 1, 2, 3]);
        assert_eq!(r[3].as_deref(), Some("|T1| = 1 > p = 0, so T1's LRU page leaves"));
        // 1 2 1 2: both in T2, T1 empty; 3 goes to T1 after REPLACE takes T2's LRU.
        let r = reasons("arc", 2, &[1, 2, 1, 2, 3]);
        assert_eq!(r[4].as_deref(), Some("T1 is empty, so T2's LRU page leaves"));
    }

    #[test]
    fn a_rule_without_a_sweep_is_the_eviction_s_why() {
        let r = reasons("fifo", 2, &[1, 2, 3]);
        assert_eq!(r[2].as_deref(), Some("oldest in the queue"));
    }

    #[test]
    fn pages_a_block_policy_evicts_together_share_their_rule() {
        let r = reasons("bplru", 2, &[0, 1, 2000]);
        assert_eq!(r[2].as_deref(), Some("pages 0 and 1: page of the LRU block"));
    }

    #[test]
    fn numbers_read_as_people_write_them() {
        assert_eq!(number(1.0), "1");
        assert_eq!(number(1.5), "1.5");
        assert_eq!(number(1.0 / 3.0), "0.33");
    }
}
