//! The verdict of a run: violations, split-brain windows, stale-write counts, final state.

use super::resource::ResourceState;
use super::violation::ViolationKind;

/// A violation with its time (the words layer explains it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// When the resource applied the offending write.
    pub at_ms: u64,
    /// What broke.
    pub kind: ViolationKind,
}

/// An interval in which two or more apps believed they owned the resource.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitBrain {
    /// Start of the overlap.
    pub from_ms: u64,
    /// End of the overlap (the run's end if still open).
    pub until_ms: u64,
    /// Every app that believed during the window, ascending.
    pub apps: Vec<usize>,
}

/// Outcome of a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Domain rules broken, in time order.
    pub violations: Vec<Violation>,
    /// Split-brain windows, in time order (zero-length ones are dropped).
    pub split_brain: Vec<SplitBrain>,
    /// Writes accepted although their token was below the resource's fence.
    pub stale_writes_accepted: u32,
    /// Writes rejected by enforcement (always stale).
    pub stale_writes_rejected: u32,
    /// All accepted writes.
    pub writes_accepted: u32,
    /// Leases granted.
    pub grants: u32,
    /// Resource state at the end.
    pub final_state: ResourceState,
    /// Events processed.
    pub events_processed: u64,
    /// True if `max_events` stopped the run early.
    pub truncated: bool,
    /// When the run ended (the horizon unless truncated).
    pub end_ms: u64,
    /// The liveness failure, if any: a crashed holder kept the others waiting to the end.
    pub stuck: Option<Stuck>,
}

impl Verdict {
    /// The verdict of a run in which nothing has happened yet: no writes, no grants, the
    /// resource in `final_state`, ending at `end_ms`.
    pub fn empty(final_state: ResourceState, end_ms: u64) -> Verdict {
        Verdict {
            violations: Vec::new(),
            split_brain: Vec::new(),
            stale_writes_accepted: 0,
            stale_writes_rejected: 0,
            writes_accepted: 0,
            grants: 0,
            final_state,
            events_processed: 0,
            truncated: false,
            end_ms,
            stuck: None,
        }
    }

    /// True when no domain rule broke.
    pub fn is_safe(&self) -> bool {
        self.violations.is_empty()
    }

    /// True when nobody was kept waiting by a crashed holder until the run ended.
    pub fn is_live(&self) -> bool {
        self.stuck.is_none()
    }
}

/// A liveness failure: the lease was still held by an app that had crashed when the run
/// ended, and others had asked for it in vain since the crash.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stuck {
    /// The crashed holder.
    pub holder: usize,
    /// Its token.
    pub token: u64,
    /// When it crashed.
    pub crashed_ms: u64,
    /// Apps refused after the crash, ascending.
    pub waiting: Vec<usize>,
    /// The first refusal after the crash.
    pub first_refused_ms: u64,
    /// When the lease would run out (`None`: never, a lock without expiry).
    pub expiry_ms: Option<u64>,
    /// When the run ended.
    pub until_ms: u64,
}

/// Follows crashes and refusals to find a [`Stuck`] system.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StuckTracker {
    crashed_ms: Vec<(usize, u64)>,
    /// (token, refused app mask, first refusal) for refusals behind a crashed holder.
    behind: Option<(u64, u64, u64)>,
}

impl StuckTracker {
    /// `app` crashed at `at_ms`.
    pub fn crashed(&mut self, app: usize, at_ms: u64) {
        self.crashed_ms.push((app, at_ms));
    }

    /// `app` was refused at `at_ms` because `holder` holds `token`.
    pub fn refused(&mut self, app: usize, holder: usize, token: u64, at_ms: u64) {
        if !self.crashed_ms.iter().any(|&(a, _)| a == holder) {
            return;
        }
        let bit = 1u64 << (app % 64);
        match &mut self.behind {
            Some((t, mask, _)) if *t == token => *mask |= bit,
            _ => self.behind = Some((token, bit, at_ms)),
        }
    }

    /// The verdict at `end_ms`, given the lease still held then.
    pub fn finish(self, held: Option<(usize, u64, Option<u64>)>, end_ms: u64) -> Option<Stuck> {
        let (holder, token, expiry_ms) = held?;
        let (t, mask, first_refused_ms) = self.behind?;
        let crashed_ms = self.crashed_ms.iter().find(|&&(a, _)| a == holder)?.1;
        (t == token).then(|| Stuck {
            holder,
            token,
            crashed_ms,
            waiting: apps_in(mask),
            first_refused_ms,
            expiry_ms,
            until_ms: end_ms,
        })
    }
}

/// Follows who believes they own the resource and records split-brain windows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SplitBrainTracker {
    believers: u32,
    open: Option<(u64, u32)>,
    windows: Vec<SplitBrain>,
}

impl SplitBrainTracker {
    /// `app` starts (true) or stops (false) believing at `at_ms`.
    pub fn set(&mut self, at_ms: u64, app: usize, believes: bool) {
        debug_assert!(app < 32);
        if believes {
            self.believers |= 1 << app;
        } else {
            self.believers &= !(1 << app);
        }
        let many = self.believers.count_ones() >= 2;
        match (&mut self.open, many) {
            (None, true) => self.open = Some((at_ms, self.believers)),
            (Some((_, apps)), true) => *apps |= self.believers,
            (Some(_), false) => self.close(at_ms),
            (None, false) => {}
        }
    }

    fn close(&mut self, at_ms: u64) {
        if let Some((from_ms, mask)) = self.open.take() {
            if at_ms > from_ms {
                let apps = apps_in(u64::from(mask));
                self.windows.push(SplitBrain {
                    from_ms,
                    until_ms: at_ms,
                    apps,
                });
            }
        }
    }

    /// Closes any open window at `end_ms` and returns all windows.
    pub fn finish(mut self, end_ms: u64) -> Vec<SplitBrain> {
        self.close(end_ms);
        self.windows
    }
}

/// The apps whose bits are set in `mask`, ascending (one step a set bit, one allocation).
fn apps_in(mask: u64) -> Vec<usize> {
    let mut apps = Vec::with_capacity(mask.count_ones() as usize);
    let mut rest = mask;
    while rest != 0 {
        apps.push(rest.trailing_zeros() as usize);
        rest &= rest - 1;
    }
    apps
}
