//! DAC dynamic data clustering (Chiang, Lee, Chang 1999): a state machine per
//! logical page over N regions, 0 = Bottom (coldest) … N-1 = Top (hottest).
//!
//! - New data starts in the Bottom region.
//! - An update promotes the page one region up (its new copy is written to the
//!   upper region's write point).
//! - Cleaning demotes every valid page of the victim one region down.
//! - With a time threshold T (host writes), a promotion happens only if the page
//!   is "young for the current region" (resident there < T) and a demotion only
//!   if it is "old" (resident > T); otherwise the page stays in its region. The
//!   resident time is measured from the translation table's "timestamp when
//!   this block was allocated in the region". A host rewrite allocates a new
//!   copy, so it restarts the time even when the page stays in its region: a
//!   page idle in Bottom for long is not promoted by its first rewrite, but is
//!   by the next one that comes soon after. A cleaning copy is not a new
//!   allocation by the host and restarts it only when it changes the region
//!   (otherwise an idle page, copied again and again, would never grow old).
//!
//! One region never moves anything, which the page FTL's tests check gives the
//! same figures as no clustering at all.

pub struct Dac {
    pub n: u8,
    pub threshold: Option<u64>,
    pub region: Vec<u8>,
    since: Vec<u64>,
}

impl Dac {
    pub fn new(regions: u32, threshold: u64, logical_pages: u32) -> Dac {
        Dac {
            n: regions as u8,
            threshold: (threshold > 0).then_some(threshold),
            region: vec![0; logical_pages as usize],
            // Resident times matter only with a threshold.
            since: vec![0; if threshold > 0 { logical_pages as usize } else { 0 }],
        }
    }

    /// Region of the copy a host write of `lpn` goes to; `existed` says whether
    /// this is an update. Returns (from, to).
    #[inline]
    pub fn on_write(&mut self, lpn: u32, existed: bool, now: u64) -> (u8, u8) {
        let i = lpn as usize;
        if !existed {
            self.region[i] = 0;
            self.enter(i, now);
            return (0, 0);
        }
        let r = self.region[i];
        if r + 1 < self.n && self.threshold.is_none_or(|t| now - self.since[i] < t) {
            self.region[i] = r + 1;
        }
        self.enter(i, now);
        (r, self.region[i])
    }

    /// Region a valid page of a cleaned block is copied to. Returns (from, to).
    #[inline]
    pub fn on_clean(&mut self, lpn: u32, now: u64) -> (u8, u8) {
        let i = lpn as usize;
        let r = self.region[i];
        if r > 0 && self.threshold.is_none_or(|t| now - self.since[i] > t) {
            self.region[i] = r - 1;
            self.enter(i, now);
        }
        (r, self.region[i])
    }

    #[inline]
    fn enter(&mut self, i: usize, now: u64) {
        if self.threshold.is_some() {
            self.since[i] = now;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn promotes_on_update_demotes_on_clean_within_bounds() {
        let mut d = Dac::new(3, 0, 4);
        assert_eq!(d.on_write(1, false, 1), (0, 0));
        assert_eq!(d.on_write(1, true, 2), (0, 1));
        assert_eq!(d.on_write(1, true, 3), (1, 2));
        assert_eq!(d.on_write(1, true, 4), (2, 2));
        assert_eq!(d.on_clean(1, 5), (2, 1));
        assert_eq!(d.on_clean(1, 6), (1, 0));
        assert_eq!(d.on_clean(1, 7), (0, 0));
    }

    #[test]
    fn threshold_blocks_old_promotions_and_young_demotions() {
        let mut d = Dac::new(4, 10, 2);
        d.on_write(0, false, 0);
        assert_eq!(d.on_write(0, true, 20), (0, 0), "resident 20 >= 10: too old to promote");
        assert_eq!(d.on_write(1, false, 20).1, 0);
        assert_eq!(d.on_write(1, true, 25), (0, 1), "young: promoted");
        assert_eq!(d.on_clean(1, 30), (1, 1), "resident 5: too young to demote");
        assert_eq!(d.on_clean(1, 40), (1, 0));
    }

    #[test]
    fn a_page_idle_in_bottom_climbs_back_to_top_once_written_often() {
        let mut d = Dac::new(4, 100, 1);
        d.on_write(0, false, 0);
        // Idle for 10,000 host writes: the first rewrite is too old to promote,
        // but it allocates a new copy, so the rewrites that follow are young.
        assert_eq!(d.on_write(0, true, 10_000), (0, 0));
        let climb: Vec<(u8, u8)> = (1..=4).map(|k| d.on_write(0, true, 10_000 + k)).collect();
        assert_eq!(climb, vec![(0, 1), (1, 2), (2, 3), (3, 3)]);
        // Cleaning copies do not make an idle page young again.
        let mut e = Dac::new(2, 100, 1);
        e.on_write(0, false, 0);
        e.on_write(0, true, 1);
        assert_eq!(e.on_clean(0, 50), (1, 1), "too young to demote");
        assert_eq!(e.on_clean(0, 150), (1, 0), "old: demoted");
    }
}
