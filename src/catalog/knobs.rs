//! Knobs: the handful of settings the learner may change, as plain data.
//!
//! [`Knobs::defaults_for`] (beside [`super::Entry`]) reads them off an entry's scenario; [`Knobs::apply`] writes
//! them back into a scenario; [`Knobs::clamp`] pulls values from a URL back into range.

pub use super::knob::Knob;
use super::systems::{Cadence, System};
use crate::engine::{Client, Enforce, Fault, Mode, Renew, ResourceKind, Scenario, Tokens};

/// Allowed values of a numeric knob.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KnobRange {
    /// Smallest value.
    pub min: u64,
    /// Largest value.
    pub max: u64,
    /// Value used when nothing else says otherwise (e.g. pause length without pauses).
    pub default: u64,
    /// Slider step.
    pub step: u64,
}

impl KnobRange {
    /// `value` brought into `min..=max`.
    pub fn clamp(&self, value: u64) -> u64 {
        value.clamp(self.min, self.max)
    }
}

/// Lease length: 1 s to 120 s.
pub const TTL_RANGE: KnobRange = KnobRange {
    min: 1_000,
    max: 120_000,
    default: 30_000,
    step: 1_000,
};
/// Pause length: 0 to 120 s.
pub const PAUSE_RANGE: KnobRange = KnobRange {
    min: 0,
    max: 120_000,
    default: 40_000,
    step: 1_000,
};
/// One-way latency: 0 to 5 s.
pub const LATENCY_RANGE: KnobRange = KnobRange {
    min: 0,
    max: 5_000,
    default: 50,
    step: 10,
};
/// Stock: 0 to 10 items.
pub const STOCK_RANGE: KnobRange = KnobRange {
    min: 0,
    max: 10,
    default: 1,
    step: 1,
};

/// Members of the coordination service: 1, 3 or 5 (a group has an odd size, so a majority
/// is never a tie; [`Knobs::clamp`] takes an even number down).
pub const MEMBERS_RANGE: KnobRange = KnobRange {
    min: 1,
    max: 5,
    default: 1,
    step: 2,
};

/// The range of a numeric knob (`None` for the on/off ones).
pub fn range(knob: Knob) -> Option<KnobRange> {
    match knob {
        Knob::Ttl => Some(TTL_RANGE),
        Knob::Pause => Some(PAUSE_RANGE),
        Knob::Latency => Some(LATENCY_RANGE),
        Knob::Stock => Some(STOCK_RANGE),
        Knob::Members => Some(MEMBERS_RANGE),
        _ => None,
    }
}

/// `value` brought into the range of the numeric knob `knob` (a group's size also to an odd
/// number, taking an even one down); an on/off knob's value as it is.
pub fn clamp_value(knob: Knob, value: u64) -> u64 {
    let Some(r) = range(knob) else {
        return value;
    };
    let fixed = r.clamp(value);
    if knob == Knob::Members && fixed.is_multiple_of(2) {
        fixed - 1
    } else {
        fixed
    }
}

/// Every setting the UI exposes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Knobs {
    /// The resource rejects writes with a token below the highest seen.
    pub enforcement: bool,
    /// Lease or permanent lock.
    pub mode: Mode,
    /// Apps renew their lease.
    pub renewals: bool,
    /// Apps look at their lease before each write.
    pub check_before_write: bool,
    /// Apps count their lease from their request (`false`: from the reply).
    pub careful_client: bool,
    /// Enforcement compares the version read (`false`: the highest token seen, or with no
    /// lock, where writes carry no token, the value read).
    pub by_version: bool,
    /// The resource's highest token survives a restart.
    pub fence_durable: bool,
    /// The token counter survives a failover.
    pub counter_durable: bool,
    /// Lease length.
    pub ttl_ms: u64,
    /// Length of every pause fault.
    pub pause_ms: u64,
    /// One-way network latency.
    pub latency_ms: u64,
    /// Items in stock (ignored unless the resource is an inventory).
    pub stock: u64,
    /// Members of the coordination service (1: one box).
    pub members: u64,
    /// Grants carry a leader's epoch: the token under the name of an election's number
    /// (ordered tokens only; a system without them keeps its own).
    pub epochs: bool,
    /// A group's members ask for pre-votes before they stand (a system's defaults set it).
    pub pre_vote: bool,
    /// A group's member network: the most each message between members is late (no switch
    /// or slider: a link carries it, as `member_jitter_ms`).
    pub member_jitter_ms: u64,
    /// The real system whose defaults are in use (`None`: the story's own numbers). It
    /// also sets what no knob shows: renewal cadence, lock delay, the careful client's
    /// allowance and the kind of token.
    pub system: Option<System>,
}

impl Knobs {
    /// The knobs as `scenario` sets them (pause and stock fall back to their range
    /// default when the scenario has no pause or no inventory).
    pub fn read(scenario: &Scenario) -> Knobs {
        let stock = match scenario.resource {
            ResourceKind::Inventory { stock } => stock,
            _ => STOCK_RANGE.default,
        };
        Knobs {
            enforcement: scenario.enforcement,
            mode: scenario.mode,
            renewals: scenario.apps.iter().any(|a| a.renew != Renew::Off),
            check_before_write: scenario.apps.iter().any(|a| a.check_before_write),
            careful_client: scenario.client == Client::Careful,
            by_version: scenario.enforce == Enforce::ExactVersion,
            fence_durable: scenario.fence_durable,
            counter_durable: scenario.counter_durable,
            ttl_ms: scenario.ttl_ms,
            pause_ms: scenario
                .faults
                .iter()
                .find_map(pause_of)
                .unwrap_or(PAUSE_RANGE.default),
            latency_ms: scenario.latency_ms,
            stock,
            members: scenario.members as u64,
            epochs: scenario.tokens == Tokens::Epoch,
            pre_vote: scenario.pre_vote,
            member_jitter_ms: scenario.member_jitter_ms,
            system: None,
        }
    }

    /// These knobs with `system`'s defaults: its lease, client, token check and counter;
    /// renewals on unless it never renews. The enforcement switch keeps the learner's choice;
    /// where the system has nothing to check, [`Knobs::enforcing`] is false.
    pub fn with_system(self, system: System) -> Knobs {
        let preset = system.preset();
        Knobs {
            system: Some(system),
            ttl_ms: preset.ttl_ms,
            renewals: preset.cadence.period_ms(preset.ttl_ms).is_some(),
            careful_client: preset.client == Client::Careful,
            by_version: preset.enforce == Some(Enforce::ExactVersion),
            counter_durable: preset.counter_durable,
            pre_vote: preset.pre_vote,
            ..self
        }
    }

    /// These knobs back on the story's own numbers (`story`: its defaults) where a system's
    /// defaults had set them; the rest (enforcement, pause, latency …) stay as they are.
    pub fn without_system(self, story: &Knobs) -> Knobs {
        Knobs {
            system: None,
            ttl_ms: story.ttl_ms,
            renewals: story.renewals,
            careful_client: story.careful_client,
            by_version: story.by_version,
            counter_durable: story.counter_durable,
            pre_vote: story.pre_vote,
            ..self
        }
    }

    /// `base` on `system`'s defaults, then changed by `adjust` (a story's own numbers, such
    /// as a shorter session): what a story that opens on a real system builds.
    pub fn on_system(base: &Scenario, system: System, adjust: fn(&mut Knobs)) -> Scenario {
        let mut knobs = Knobs::read(base).with_system(system);
        adjust(&mut knobs);
        knobs.apply(base)
    }

    /// What a grant's token lets the resource check under these knobs.
    pub fn tokens(&self) -> Tokens {
        let tokens = self.system.map_or(Tokens::Ordered, |s| s.preset().tokens);
        if self.epochs && tokens.ordered() {
            Tokens::Epoch
        } else {
            tokens
        }
    }

    /// Whether the resource enforces, as far as the knobs tell (switched on, and possible: see
    /// [`Knobs::can_enforce`]); the run's own answer is its scenario's `enforcement`
    /// ([`Scenario::enforcing`]).
    pub fn enforcing(&self) -> bool {
        self.enforcement && self.can_enforce()
    }

    /// Whether the resource can enforce anything: a compare-and-set (of the version, or with
    /// no lock of the value) always, the highest token only when tokens are ordered and a lock
    /// hands them out.
    pub fn can_enforce(&self) -> bool {
        self.by_version || self.mode == Mode::NoLock || self.tokens().ordered()
    }

    /// The knob a story's "Try it" button flips for a step that invites flipping `knob`:
    /// token enforcement, where nothing could be enforced, becomes the version check that
    /// makes enforcement possible.
    pub fn try_it(&self, knob: Knob) -> Knob {
        if knob == Knob::Enforcement && !self.can_enforce() {
            Knob::ExactVersion
        } else {
            knob
        }
    }

    /// The on/off knob `knob`, to read or change (`None` for numeric knobs and the mode).
    pub fn flag_mut(&mut self, knob: Knob) -> Option<&mut bool> {
        Some(match knob {
            Knob::Enforcement => &mut self.enforcement,
            Knob::Renewals => &mut self.renewals,
            Knob::CheckBeforeWrite => &mut self.check_before_write,
            Knob::CarefulClient => &mut self.careful_client,
            Knob::ExactVersion => &mut self.by_version,
            Knob::FenceDurable => &mut self.fence_durable,
            Knob::CounterDurable => &mut self.counter_durable,
            Knob::Epochs => &mut self.epochs,
            Knob::PreVote => &mut self.pre_vote,
            Knob::Mode | Knob::Ttl | Knob::Pause | Knob::Latency | Knob::Stock | Knob::Members => {
                return None
            }
        })
    }

    /// The value of the on/off knob `knob` (`None` for numeric knobs and the mode).
    pub fn flag(mut self, knob: Knob) -> Option<bool> {
        self.flag_mut(knob).map(|on| *on)
    }

    /// Whether the switch of `knob` is on: its flag, or for the mode, whether it is a lease.
    pub fn switch_on(self, knob: Knob) -> bool {
        match knob {
            Knob::Mode => self.mode == Mode::Lease,
            Knob::Members => self.members > 1,
            _ => self.flag(knob) == Some(true),
        }
    }

    /// `base` with these knobs applied.
    pub fn apply(&self, base: &Scenario) -> Scenario {
        let mut s = base.clone();
        s.mode = self.mode;
        s.enforce = match (self.by_version, self.mode) {
            (true, _) => Enforce::ExactVersion,
            (false, Mode::NoLock) => Enforce::ExactValue,
            (false, _) => Enforce::HighestToken,
        };
        s.fence_durable = self.fence_durable;
        s.counter_durable = self.counter_durable;
        s.client = if self.careful_client {
            Client::Careful
        } else {
            Client::Naive
        };
        s.ttl_ms = self.ttl_ms;
        s.latency_ms = self.latency_ms;
        s.members = usize::try_from(self.members).unwrap_or(usize::MAX);
        s.pre_vote = self.pre_vote;
        s.member_jitter_ms = self.member_jitter_ms;
        s.tokens = match (self.epochs, s.tokens) {
            (true, Tokens::Ordered) => Tokens::Epoch,
            (false, Tokens::Epoch) => Tokens::Ordered,
            (_, kept) => kept,
        };
        if let ResourceKind::Inventory { stock } = &mut s.resource {
            *stock = self.stock;
        }
        for fault in &mut s.faults {
            set_pause(fault, self.pause_ms);
        }
        for app in &mut s.apps {
            app.check_before_write = self.check_before_write;
            app.renew = match (self.renewals, app.renew) {
                (false, _) => Renew::Off,
                (true, Renew::Off) => Renew::TtlThird,
                (true, kept) => kept,
            };
        }
        if let Some(system) = self.system {
            self.apply_system(&mut s, system);
        }
        // An election's number starts at the first election.
        if s.tokens == Tokens::Epoch && base.tokens != Tokens::Epoch {
            s.first_token = 1;
        }
        s.enforcing(self.enforcement)
    }

    /// What `system` sets that no knob shows: tokens, lock delay, what a new leader does with
    /// the leases, how late an ended lease is noticed, the careful client's allowance
    /// for this lease, and (with renewals on) every app's renewal cadence.
    /// Tokens and lock delay come first, so a system that never renews still sets them.
    fn apply_system(&self, s: &mut Scenario, system: System) {
        let preset = system.preset();
        let epochs = self.epochs && preset.tokens.ordered(); // still a leader's
        s.tokens = if epochs { Tokens::Epoch } else { preset.tokens };
        s.lock_delay_ms = preset.lock_delay_ms;
        s.leader_change = preset.leader_change_for(self.ttl_ms);
        s.expiry_lag_ms = preset.expiry_lag_ms;
        s.drift_allowance_ms = preset.allowance.ms(self.ttl_ms);
        let renew = match preset.cadence {
            Cadence::Never => return, // renewals, if switched on, keep the story's cadence
            Cadence::TtlThird => Renew::TtlThird,
            cadence => Renew::EveryMs(cadence.period_ms(self.ttl_ms).unwrap_or(1)),
        };
        for app in s.apps.iter_mut().filter(|_| self.renewals) {
            app.renew = renew;
        }
    }

    /// Brings every numeric knob into its range; returns the knobs and the field names
    /// (see [`Knob::field`]) that had to change.
    pub fn clamp(&self) -> (Knobs, Vec<&'static str>) {
        let mut out = *self;
        let mut changed = Vec::new();
        for (knob, value) in [
            (Knob::Ttl, &mut out.ttl_ms),
            (Knob::Pause, &mut out.pause_ms),
            (Knob::Latency, &mut out.latency_ms),
            (Knob::Stock, &mut out.stock),
            (Knob::Members, &mut out.members),
        ] {
            let fixed = clamp_value(knob, *value);
            if fixed != *value {
                *value = fixed;
                changed.push(knob.field());
            }
        }
        (out, changed)
    }
}

fn pause_of(fault: &Fault) -> Option<u64> {
    match fault {
        Fault::Pause { for_ms, .. } | Fault::PauseAfterCheck { for_ms, .. } => Some(*for_ms),
        _ => None,
    }
}

fn set_pause(fault: &mut Fault, pause_ms: u64) {
    if let Fault::Pause { for_ms, .. } | Fault::PauseAfterCheck { for_ms, .. } = fault {
        *for_ms = pause_ms;
    }
}
