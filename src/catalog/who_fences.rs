//! "Who fences?": the GC-pause story on every real system's defaults, side by side.
//!
//! Each system gets the same story (A reads, freezes, wakes and writes; B takes over in
//! between) with its own lease, renewals, lock delay, client and token, and a pause that
//! outlasts its lease and lock delay by a third, so the next holder always gets in. The
//! resource enforces whatever the system's token allows. Each row's run is named by its knobs:
//! the story with exactly those knobs is the run the row judges, and what "Use" loads.
//! [`who_fences`] runs them all; the words layer says what each outcome means.

use super::knobs::Knobs;
use super::list::by_id;
use super::systems::{System, SYSTEMS};
use crate::engine::{run, Scenario, Tokens, Verdict};

/// The story every row runs.
pub const STORY: &str = "gc-pause";

/// What the stale write met on one system.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fate {
    /// The resource rejected it: the system's token (or version) fenced it.
    Rejected,
    /// The resource took it although the system offers a check (enforcement off).
    Accepted,
    /// The resource took it: the system hands out nothing a resource could check.
    Unfenceable,
    /// No stale write reached the resource.
    NoneArrived,
}

/// One system's row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// Which system.
    pub system: System,
    /// The knobs the row ran with: [`STORY`] with exactly these is the row's run.
    pub knobs: Knobs,
    /// The scenario the row ran (the story with [`Row::knobs`]).
    pub scenario: Scenario,
    /// The pause it ran with.
    pub pause_ms: u64,
    /// What the stale write met.
    pub fate: Fate,
    /// The run's verdict.
    pub verdict: Verdict,
}

/// The pause for `system`: its lease plus lock delay, and a third more, in whole seconds.
pub fn pause_for(system: System) -> u64 {
    let preset = system.preset();
    let wanted_ms = (preset.ttl_ms + preset.lock_delay_ms) * 4 / 3;
    wanted_ms.div_ceil(1_000) * 1_000
}

/// The knobs of `system`'s row: the story's own, on the system's defaults, enforcement on
/// where the system allows it and the pause from [`pause_for`].
pub fn knobs_for(system: System) -> Option<Knobs> {
    let entry = by_id(STORY)?;
    let mut knobs = Knobs::defaults_for(entry).with_system(system);
    knobs.enforcement = true;
    knobs.pause_ms = pause_for(system);
    Some(knobs)
}

/// The GC-pause story with `system`'s row's knobs ([`knobs_for`]): what the lab runs after "Use".
pub fn scenario_for(system: System) -> Option<Scenario> {
    Some(by_id(STORY)?.scenario_with(&knobs_for(system)?))
}

/// The fate of the stale write in `verdict`, on a system whose tokens are `tokens`.
pub fn fate(verdict: &Verdict, tokens: Tokens, enforcing: bool) -> Fate {
    if verdict.stale_writes_rejected > 0 {
        Fate::Rejected
    } else if verdict.stale_writes_accepted == 0 && verdict.is_safe() {
        Fate::NoneArrived
    } else if enforcing || tokens.ordered() {
        Fate::Accepted
    } else {
        Fate::Unfenceable
    }
}

/// Every system's row, in [`SYSTEMS`] order (a system whose run fails is left out).
pub fn who_fences() -> Vec<Row> {
    SYSTEMS
        .into_iter()
        .filter_map(|system| {
            let knobs = knobs_for(system)?;
            let scenario = by_id(STORY)?.scenario_with(&knobs);
            let verdict = run(&scenario).ok()?.verdict;
            let fate = fate(&verdict, scenario.tokens, scenario.enforcement);
            Some(Row {
                system,
                pause_ms: knobs.pause_ms,
                knobs,
                scenario,
                fate,
                verdict,
            })
        })
        .collect()
}
