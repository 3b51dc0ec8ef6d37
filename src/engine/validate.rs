//! Scenario validation: clear errors naming the offending field, never a panic.

use super::fault::Fault;
use super::group::MAX_GROUP_TIMER_MS;
use super::leader_change::LeaderChange;
use super::scenario::{AppConfig, Mode, ResourceKind, Scenario, Step};
use super::scenario_error::Counted::{Messages, Writes};
use super::scenario_error::{ScenarioError, ScenarioProblem as P};

/// Most apps a scenario may have (the UI uses 2–3; benches use more).
pub const MAX_APPS: usize = 16;
/// Longest horizon accepted: one simulated day.
pub const MAX_HORIZON_MS: u64 = 86_400_000;
/// Largest duration accepted for any single setting (TTL, latency, pause...): one day.
pub const MAX_DURATION_MS: u64 = 86_400_000;
/// Shortest election timeout a replicated service may have: its leader's heartbeats come
/// ten times as often, every millisecond at least.
pub const MIN_ELECTION_TIMEOUT_MS: u64 = 10;
/// The most a message between a group's members may be late on top of its own latency
/// (`Scenario::member_jitter_ms`): as long as etcd's default election timeout, 1 s.
pub const MAX_MEMBER_JITTER_MS: u64 = 1_000;
/// Largest plan length per app.
pub const MAX_STEPS: usize = 1_000;
/// Largest absolute clock drift in ppm (50%).
pub const MAX_DRIFT_PPM: i64 = 500_000;
/// Largest number of invoices (they are tracked as a 64-bit set).
pub const MAX_INVOICES: usize = 64;
/// Largest event cap (`max_events`): ten million. A day of 16 busy apps
/// ([`Scenario::busy`], which uses this cap) needs about 4.3 million events, so no useful
/// run is cut short, while the cap bounds how long a run computes and how much its trace holds,
/// and keeps the per-run counters (message ids, message counts per kind, grants, which are
/// 32-bit) far from overflowing.
pub const MAX_EVENTS: u64 = 10_000_000;
/// Largest first token: 2^63. Tokens rise by one per grant and a run grants at most once
/// per event, so they stay far below `u64::MAX`.
pub const MAX_FIRST_TOKEN: u64 = 1 << 63;

fn err(field: impl Into<String>, problem: P) -> Result<(), ScenarioError> {
    Err(ScenarioError::new(field, problem))
}

/// The field's name is built only when there is a problem: validation runs before every
/// run, and the explorer runs millions.
fn duration(field: impl FnOnce() -> String, value_ms: u64) -> Result<(), ScenarioError> {
    if value_ms > MAX_DURATION_MS {
        let max_ms = MAX_DURATION_MS;
        return err(field(), P::OverADay { value_ms, max_ms });
    }
    Ok(())
}

/// The rule for anything placed at a time (an app's start, the start of a fault): it may
/// come at the horizon itself, since the run still handles what is due then, but not after
/// it. The link decoder applies this same rule to the faults and resumes a link carries.
pub fn starts_by_horizon(at_ms: u64, horizon_ms: u64) -> bool {
    at_ms <= horizon_ms
}

fn start(field: impl FnOnce() -> String, at_ms: u64, horizon_ms: u64) -> Result<(), ScenarioError> {
    if !starts_by_horizon(at_ms, horizon_ms) {
        return err(field(), P::AfterTheEnd { at_ms, horizon_ms });
    }
    Ok(())
}

impl Scenario {
    /// Checks every field; the first problem found is returned.
    pub fn validate(&self) -> Result<(), ScenarioError> {
        self.validate_settings()?;
        self.validate_resource()?;
        self.validate_apps()?;
        for (i, fault) in self.faults.iter().enumerate() {
            self.validate_fault(i, fault)?;
        }
        Ok(())
    }

    fn validate_settings(&self) -> Result<(), ScenarioError> {
        if self.ttl_ms == 0 {
            return err("ttl_ms", P::BelowOneMs { or_none: false });
        }
        duration(|| "ttl_ms".into(), self.ttl_ms)?;
        duration(|| "lock_delay_ms".into(), self.lock_delay_ms)?;
        duration(|| "latency_ms".into(), self.latency_ms)?;
        duration(|| "jitter_ms".into(), self.jitter_ms)?;
        duration(|| "expiry_lag_ms".into(), self.expiry_lag_ms)?;
        if let LeaderChange::RestartsLeases { extend_ms } = self.leader_change {
            duration(|| "leader_change.extend_ms".into(), extend_ms)?;
        }
        if self.drift_allowance_ms >= self.ttl_ms {
            return err("drift_allowance_ms", P::AllowanceNotShorterThanLease);
        }
        if self.enforcement && !self.can_enforce() && self.mode == Mode::NoLock {
            return err("enforce", P::NoTokenWithoutLock);
        }
        if self.enforcement && !self.can_enforce() {
            return err("tokens", P::UnorderedTokens);
        }
        if self.horizon_ms == 0 || self.horizon_ms > MAX_HORIZON_MS {
            return err(
                "horizon_ms",
                P::OutOfRange {
                    max: MAX_HORIZON_MS,
                },
            );
        }
        if self.max_events == 0 || self.max_events > MAX_EVENTS {
            return err("max_events", P::OutOfRange { max: MAX_EVENTS });
        }
        self.validate_members()?;
        if self.first_token == 0 || self.first_token > MAX_FIRST_TOKEN {
            let max = MAX_FIRST_TOKEN;
            return err("first_token", P::FirstTokenOutOfRange { max });
        }
        Ok(())
    }

    fn validate_members(&self) -> Result<(), ScenarioError> {
        if !matches!(self.members, 1 | 3 | 5) {
            let count = self.members;
            return err("members", P::MemberCount { count });
        }
        if self.members > 1 && self.mode == Mode::PermanentLock {
            return err("mode", P::GroupGrantsLeasesOnly);
        }
        let (min, max) = (MIN_ELECTION_TIMEOUT_MS, MAX_GROUP_TIMER_MS);
        if !(min..=max).contains(&self.election_timeout_ms) {
            return err("election_timeout_ms", P::Between { min, max });
        }
        if self.member_jitter_ms > MAX_MEMBER_JITTER_MS {
            let (min, max) = (0, MAX_MEMBER_JITTER_MS);
            return err("member_jitter_ms", P::Between { min, max });
        }
        Ok(())
    }

    fn validate_resource(&self) -> Result<(), ScenarioError> {
        match &self.resource {
            ResourceKind::Inventory { stock } if *stock > 1_000_000 => {
                err("resource.stock", P::TooMuchStock)
            }
            ResourceKind::Payments { invoices } if invoices.len() > MAX_INVOICES => err(
                "resource.invoices",
                P::TooManyInvoices { max: MAX_INVOICES },
            ),
            ResourceKind::Payments { invoices } => {
                // At most MAX_INVOICES ids: a quadratic scan is cheap and needs no sort code.
                let repeated = (1..invoices.len()).any(|i| invoices[..i].contains(&invoices[i]));
                if repeated {
                    return err("resource.invoices", P::RepeatedInvoice);
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    fn validate_apps(&self) -> Result<(), ScenarioError> {
        if self.apps.is_empty() || self.apps.len() > MAX_APPS {
            let (max, count) = (MAX_APPS, self.apps.len());
            return err("apps", P::AppCount { max, count });
        }
        for (i, app) in self.apps.iter().enumerate() {
            self.validate_app(i, app)?;
        }
        Ok(())
    }

    fn validate_app(&self, i: usize, app: &AppConfig) -> Result<(), ScenarioError> {
        let at = |f: &str| format!("apps[{i}].{f}");
        if app.name.is_empty() {
            return err(at("name"), P::EmptyName);
        }
        if self.apps[..i].iter().any(|other| other.name == app.name) {
            let name = app.name.clone();
            return err(at("name"), P::DuplicateName { name });
        }
        if app.retry_ms == 0 {
            return err(at("retry_ms"), P::BelowOneMs { or_none: false });
        }
        duration(|| at("retry_ms"), app.retry_ms)?;
        start(|| at("start_ms"), app.start_ms, self.horizon_ms)?;
        duration(|| at("safety_margin_ms"), app.safety_margin_ms)?;
        if let Some(period_ms) = app.renew_period_ms(self.ttl_ms) {
            if period_ms == 0 {
                return err(at("renew_every_ms"), P::BelowOneMs { or_none: true });
            }
            duration(|| at("renew_every_ms"), period_ms)?;
        }
        // `unsigned_abs`: `abs` of `i64::MIN` overflows.
        if app.clock_drift_ppm.unsigned_abs() > MAX_DRIFT_PPM.unsigned_abs() {
            let max_ppm = MAX_DRIFT_PPM;
            return err(at("clock_drift_ppm"), P::DriftOutOfRange { max_ppm });
        }
        if app.clock_offset_ms.unsigned_abs() > MAX_DURATION_MS {
            return err(at("clock_offset_ms"), P::OffsetOverADay);
        }
        if app.steps.len() > MAX_STEPS {
            return err(at("steps"), P::TooManySteps { max: MAX_STEPS });
        }
        for (s, step) in app.steps.iter().enumerate() {
            if let Step::Work { for_ms } = step {
                duration(|| at(&format!("steps[{s}].for_ms")), *for_ms)?;
            }
        }
        Ok(())
    }

    /// A fault on a member needs a replicated service with that member.
    fn validate_member(
        &self,
        fault: &Fault,
        field: impl Fn() -> String,
    ) -> Result<(), ScenarioError> {
        let Some(member) = fault.member() else {
            return Ok(());
        };
        if self.members <= 1 {
            return err(field(), P::NoMembers);
        }
        if let Some(member) = member.filter(|&m| m >= self.members) {
            let count = self.members;
            return err(field(), P::NoSuchMember { member, count });
        }
        Ok(())
    }

    fn validate_fault(&self, i: usize, fault: &Fault) -> Result<(), ScenarioError> {
        let at = |f: &str| format!("faults[{i}].{f}");
        if let Some(app) = fault.app().filter(|&app| app >= self.apps.len()) {
            let count = self.apps.len();
            return err(at("app"), P::NoSuchApp { app, count });
        }
        let horizon_ms = self.horizon_ms;
        self.validate_member(fault, || at("member"))?;
        match fault {
            Fault::Duplicate { nth, after_ms, .. } => {
                if *nth == 0 {
                    return err(at("nth"), P::CountedFromOne { what: Messages });
                }
                duration(|| at("after_ms"), *after_ms)
            }
            Fault::Reorder { nth, extra_ms, .. } => {
                if *nth == 0 {
                    return err(at("nth"), P::CountedFromOne { what: Messages });
                }
                duration(|| at("extra_ms"), *extra_ms)
            }
            Fault::RestartResource { at_ms } | Fault::Failover { at_ms } => {
                start(|| at("at_ms"), *at_ms, horizon_ms)
            }
            Fault::Pause { at_ms, for_ms, .. } => {
                start(|| at("at_ms"), *at_ms, horizon_ms)?;
                duration(|| at("for_ms"), *for_ms)
            }
            Fault::PauseAfterCheck {
                write_nth, for_ms, ..
            } => {
                if *write_nth == 0 {
                    return err(at("write_nth"), P::CountedFromOne { what: Writes });
                }
                duration(|| at("for_ms"), *for_ms)
            }
            Fault::Crash { at_ms, .. } => start(|| at("at_ms"), *at_ms, horizon_ms),
            Fault::CrashMember { at_ms, for_ms, .. } | Fault::CutMember { at_ms, for_ms, .. } => {
                start(|| at("at_ms"), *at_ms, horizon_ms)?;
                duration(|| at("for_ms"), *for_ms)
            }
            Fault::DelayMessage { nth, extra_ms, .. } => {
                if *nth == 0 {
                    return err(at("nth"), P::CountedFromOne { what: Messages });
                }
                duration(|| at("extra_ms"), *extra_ms)
            }
            Fault::Partition {
                from_ms, until_ms, ..
            } => {
                start(|| at("from_ms"), *from_ms, horizon_ms)?;
                if from_ms > until_ms {
                    return err(at("until_ms"), P::EndsBeforeStart);
                }
                let length_ms = until_ms - from_ms;
                if length_ms > MAX_DURATION_MS {
                    let max_ms = MAX_DURATION_MS;
                    return err(at("until_ms"), P::LastsOverADay { length_ms, max_ms });
                }
                Ok(())
            }
            Fault::ClockJump { at_ms, by_ms, .. } => {
                start(|| at("at_ms"), *at_ms, horizon_ms)?;
                duration(|| at("by_ms"), by_ms.unsigned_abs())
            }
        }
    }
}
