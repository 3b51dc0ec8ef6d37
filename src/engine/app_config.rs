//! One application of a scenario: its plan of steps, how it renews, its clock and its
//! retries. `AppConfig::new("A", "Warehouse service")` and setters build one.

/// One step of an application's plan, run after it holds the lease.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Read the resource (waits for the reply).
    Read,
    /// Compute for `for_ms` of true time.
    Work { for_ms: u64 },
    /// Write, carrying the token, computed from the last read (waits for the reply).
    /// Skipped ("nothing to write") if the app has not read, or read no stock / no unpaid
    /// invoice.
    Write,
    /// Give back the last item the app reserved (its order is cancelled): a write of the
    /// stock read + 1, judged as a write is. Skipped ("nothing to write") if the app has not
    /// read, or the resource keeps no stock.
    Return,
}

/// When an app renews its lease.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Renew {
    /// Every `ttl_ms / 3` (the default).
    TtlThird,
    /// Every this many ms.
    EveryMs(u64),
    /// Never renews.
    Off,
}

/// One application. Build with `AppConfig::new("A", "Warehouse service")` and setters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AppConfig {
    /// Short name used in faults and descriptions ("A").
    pub name: String,
    /// Role label shown in the UI ("Payment service").
    pub role: String,
    /// When the app starts asking for the lease (at the horizon at the latest).
    pub start_ms: u64,
    /// While waiting for a grant, re-send the acquire every this many ms.
    pub retry_ms: u64,
    /// The plan, run once the lease is granted.
    pub steps: Vec<Step>,
    /// Send a Release after the last step (default true).
    pub release_at_end: bool,
    /// Renewal cadence (default every ttl/3).
    pub renew: Renew,
    /// Before each write, look at the local clock and skip the write (abandoning the plan)
    /// if the lease is believed over or within `safety_margin_ms` of ending.
    pub check_before_write: bool,
    /// Margin used by `check_before_write`.
    pub safety_margin_ms: u64,
    /// Local clock offset from true time.
    pub clock_offset_ms: i64,
    /// Local clock rate error (negative = slow clock).
    pub clock_drift_ppm: i64,
}

impl AppConfig {
    /// An app with plan Read, Work 1 s, Write, starting at 0, retrying every second.
    pub fn new(name: &str, role: &str) -> AppConfig {
        AppConfig {
            name: name.into(),
            role: role.into(),
            start_ms: 0,
            retry_ms: 1_000,
            steps: vec![Step::Read, Step::Work { for_ms: 1_000 }, Step::Write],
            release_at_end: true,
            renew: Renew::TtlThird,
            check_before_write: false,
            safety_margin_ms: 0,
            clock_offset_ms: 0,
            clock_drift_ppm: 0,
        }
    }

    /// Sets `start_ms`.
    pub fn start_ms(mut self, start_ms: u64) -> Self {
        self.start_ms = start_ms;
        self
    }

    /// Sets `retry_ms`.
    pub fn retry_ms(mut self, retry_ms: u64) -> Self {
        self.retry_ms = retry_ms;
        self
    }

    /// Replaces the plan.
    pub fn steps(mut self, steps: &[Step]) -> Self {
        self.steps = steps.to_vec();
        self
    }

    /// Sets `release_at_end`.
    pub fn release_at_end(mut self, release: bool) -> Self {
        self.release_at_end = release;
        self
    }

    /// `Some(ms)`: renew every `ms`; `None`: never renew.
    pub fn renew_every_ms(mut self, every_ms: Option<u64>) -> Self {
        self.renew = every_ms.map_or(Renew::Off, Renew::EveryMs);
        self
    }

    /// Turns on `check_before_write` with the given safety margin.
    pub fn check_before_write(mut self, safety_margin_ms: u64) -> Self {
        self.check_before_write = true;
        self.safety_margin_ms = safety_margin_ms;
        self
    }

    /// Sets the local clock's offset (ms) and drift (ppm; negative = slow).
    pub fn clock(mut self, offset_ms: i64, drift_ppm: i64) -> Self {
        self.clock_offset_ms = offset_ms;
        self.clock_drift_ppm = drift_ppm;
        self
    }

    /// The renewal period in ms for a given TTL, or `None` when renewal is off.
    pub fn renew_period_ms(&self, ttl_ms: u64) -> Option<u64> {
        match self.renew {
            Renew::TtlThird => Some((ttl_ms / 3).max(1)),
            Renew::EveryMs(ms) => Some(ms),
            Renew::Off => None,
        }
    }
}
