//! What one flash step did, in order, for the explorer's narration and tests.
//! Built only through [`Log::ev`], so runs that do not record pay nothing.

use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum FlashEvent {
    HostWrite {
        lpn: u32,
        ppn: u32,
    },
    /// `ppn` is None for a page never written (nothing is read from flash).
    HostRead {
        lpn: u32,
        ppn: Option<u32>,
    },
    /// The previous copy of a page became garbage.
    Invalidate {
        lpn: u32,
        ppn: u32,
    },
    /// A free block became a write point (`role` in the FTL's vocabulary).
    Open {
        block: u32,
        role: &'static str,
        region: Option<u8>,
    },
    /// Cleaning picked `block` (valid/invalid pages at that moment).
    Victim {
        block: u32,
        valid: u32,
        invalid: u32,
        policy: &'static str,
    },
    Copy {
        lpn: u32,
        from: u32,
        to: u32,
    },
    Erase {
        block: u32,
    },
    /// DAC moved a logical page between regions.
    Region {
        lpn: u32,
        from: u8,
        to: u8,
        why: &'static str,
    },
    /// FAST merge (`switch`, `partial`, `full`) or block-FTL merge of one logical block.
    Merge {
        merge: &'static str,
        lbn: u32,
    },
}

/// Per-step recording: the events and what the snapshot shows as "current GC".
#[derive(Debug, Default)]
pub struct Log {
    pub events: Option<Vec<FlashEvent>>,
    /// Last block picked for cleaning or merging in this step.
    pub victim: Option<u32>,
    /// Pages copied in this step: (lpn, from, to).
    pub copies: Vec<(u32, u32, u32)>,
}

impl Log {
    pub fn recording() -> Log {
        Log { events: Some(Vec::new()), ..Log::default() }
    }
    #[inline(always)]
    pub fn ev(&mut self, f: impl FnOnce() -> FlashEvent) {
        if let Some(e) = &mut self.events {
            e.push(f());
        }
    }
    #[inline(always)]
    pub fn on(&self) -> bool {
        self.events.is_some()
    }
    #[inline]
    pub fn copied(&mut self, lpn: u32, from: u32, to: u32) {
        if let Some(e) = &mut self.events {
            e.push(FlashEvent::Copy { lpn, from, to });
            self.copies.push((lpn, from, to));
        }
    }
    #[inline]
    pub fn victim(&mut self, block: u32, valid: u32, invalid: u32, policy: &'static str) {
        if let Some(e) = &mut self.events {
            e.push(FlashEvent::Victim { block, valid, invalid, policy });
            self.victim = Some(block);
        }
    }
    pub fn clear(&mut self) {
        if let Some(e) = &mut self.events {
            e.clear();
        }
        self.victim = None;
        self.copies.clear();
    }
}
