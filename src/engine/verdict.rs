//! The verdict of a run: violations, split-brain windows, stale-write counts, final state.

use super::resource::ResourceState;
use super::scenario::Scenario;

/// A broken domain rule, as data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViolationKind {
    /// Inventory: more items promised than existed.
    Oversold { promised: u64, existed: u64 },
    /// Payments: an invoice paid a second time.
    PaidTwice {
        invoice: u32,
        first_app: usize,
        first_token: u64,
        app: usize,
        token: u64,
    },
    /// Storage: a write based on an older version overwrote a newer one.
    LostUpdate {
        app: usize,
        token: u64,
        based_on: u64,
        overwritten_version: u64,
        overwritten_token: u64,
    },
}

fn count_word(n: u64) -> String {
    match n {
        2 => "two".into(),
        3 => "three".into(),
        _ => n.to_string(),
    }
}

impl ViolationKind {
    /// Plain words, e.g. "the last item was promised to two customers".
    pub fn explain(&self, scenario: &Scenario) -> String {
        match *self {
            ViolationKind::Oversold { promised, existed: 1 } => {
                format!("the last item was promised to {} customers", count_word(promised))
            }
            ViolationKind::Oversold { promised, existed } => {
                format!("{promised} items were promised to customers but only {existed} existed")
            }
            ViolationKind::PaidTwice { invoice, first_app, first_token, app, token } => format!(
                "invoice {invoice} paid twice: by {} (token {first_token}) and by {} (token {token})",
                scenario.app_name(first_app),
                scenario.app_name(app)
            ),
            ViolationKind::LostUpdate { token, overwritten_token, app, based_on, .. } => format!(
                "a write from token {token} overwrote the newer version written under \
                 {overwritten_token} ({} had read version {based_on})",
                scenario.app_name(app)
            ),
        }
    }
}

/// A violation with its time and explanation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// When the resource applied the offending write.
    pub at_ms: u64,
    /// What broke.
    pub kind: ViolationKind,
    /// Plain-words explanation.
    pub explanation: String,
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
}

impl Verdict {
    /// True when no domain rule broke.
    pub fn is_safe(&self) -> bool {
        self.violations.is_empty()
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
                let apps = (0..32).filter(|a| mask & (1 << a) != 0).collect();
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
