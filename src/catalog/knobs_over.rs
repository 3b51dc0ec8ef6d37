//! Knobs over a written story: a written scenario says more than the knobs can (one app
//! checks before it writes and the other does not, two pauses of different lengths), so only
//! the knobs the user moved from what the story sets are applied, each to what it governs; a
//! story whose knobs are untouched runs exactly as written.

use super::knobs::Knobs;
use crate::engine::Scenario;

impl Knobs {
    /// The knobs as a written `scenario` sets them (no real system's defaults).
    pub fn of_written(scenario: &Scenario) -> Knobs {
        Knobs::read(scenario)
    }

    /// `base` (a written story's scenario, whose own knobs are `story`) with the knobs that
    /// differ from `story` applied; a real system's defaults, which set many things at once,
    /// apply whole.
    pub fn apply_over(&self, base: &Scenario, story: &Knobs) -> Scenario {
        if self == story {
            return base.clone();
        }
        let full = self.apply(base);
        if self.system != story.system {
            return full;
        }
        let mut s = base.clone();
        if self.mode != story.mode || self.by_version != story.by_version {
            (s.mode, s.enforce) = (full.mode, full.enforce);
        }
        if self.fence_durable != story.fence_durable {
            s.fence_durable = full.fence_durable;
        }
        if self.counter_durable != story.counter_durable {
            s.counter_durable = full.counter_durable;
        }
        if self.careful_client != story.careful_client {
            s.client = full.client;
        }
        if self.ttl_ms != story.ttl_ms {
            s.ttl_ms = full.ttl_ms;
        }
        if self.latency_ms != story.latency_ms {
            s.latency_ms = full.latency_ms;
        }
        if self.members != story.members {
            s.members = full.members;
        }
        if self.pre_vote != story.pre_vote {
            s.pre_vote = full.pre_vote;
        }
        if self.member_jitter_ms != story.member_jitter_ms {
            s.member_jitter_ms = full.member_jitter_ms;
        }
        if self.epochs != story.epochs {
            (s.tokens, s.first_token) = (full.tokens, full.first_token);
        }
        if self.stock != story.stock {
            s.resource = full.resource;
        }
        if self.pause_ms != story.pause_ms {
            s.faults = full.faults;
        }
        for (app, set) in s.apps.iter_mut().zip(&full.apps) {
            if self.check_before_write != story.check_before_write {
                app.check_before_write = set.check_before_write;
            }
            if self.renewals != story.renewals {
                app.renew = set.renew;
            }
        }
        s.enforcing(self.enforcement)
    }
}

#[cfg(test)]
mod tests {
    use crate::catalog::Knobs;
    use crate::engine::{AppConfig, Fault, Scenario};

    #[test]
    fn untouched_knobs_leave_a_written_story_as_written_and_a_moved_one_changes_its_own() {
        let written = Scenario::default()
            .with_apps(vec![
                AppConfig::new("A", "").check_before_write(200),
                AppConfig::new("B", ""),
            ])
            .with_fault(Fault::pause(0, 20_000, 40_000))
            .with_fault(Fault::pause(1, 30_000, 5_000));
        let story = Knobs::of_written(&written);
        assert_eq!(story.apply_over(&written, &story), written);
        let longer = Knobs {
            ttl_ms: 45_000,
            ..story
        };
        let moved = longer.apply_over(&written, &story);
        assert_eq!(
            moved,
            Scenario {
                ttl_ms: 45_000,
                ..written.clone()
            }
        );
        let off = Knobs {
            enforcement: false,
            ..story
        };
        assert!(!off.apply_over(&written, &story).enforcement);
    }
}
