//! A story the user wrote (`crate::script`), as the catalog's stories are: an [`Entry`] whose
//! scenario is the written one (kept beside it by the lab and the link) and whose narration is
//! its run's key moments, each told at every event it matches: every grant with its token,
//! every pause, crash and expiry, each failover and restart, a new leader's restarted lease,
//! and (as in every story) each stale write and what the resource did with it.

use super::entry::{told_too, Entry, ResourceTag};
use super::narration::{Anchor, EventMatcher as E, NarrationStep as S, Who};
use super::tell::{tell_each, Told};
use crate::engine::Run;
use crate::engine::Scenario;

/// The id a link and the lab give a written story (never a catalog story's).
pub const WRITTEN_ID: &str = "written";

const ANY: Who = Who::Any;

/// The key moments of a written story's run, each told wherever it happens.
pub static MOMENTS: &[S] = &[
    S::new(
        "{app} holds the lease",
        Anchor::Each(E::Granted(ANY)),
        "At {at} the coordination service grants {app} the lease, with {token}.",
    ),
    S::new(
        "{app} stops",
        Anchor::Each(E::PauseStarted(ANY)),
        "At {at} {app} stops: nothing it does moves on until it resumes, while its lease \
         runs on at the coordination service.",
    ),
    S::new(
        "{app} resumes",
        Anchor::Each(E::PauseEnded(ANY)),
        "At {at} {app} resumes, and carries on from where it stopped.",
    ),
    S::new(
        "{app} crashes",
        Anchor::Each(E::Crashed(ANY)),
        "At {at} {app} crashes and does nothing more.",
    ),
    S::new(
        "{app}'s lease runs out",
        Anchor::Each(E::Expired(ANY)),
        "At {at} the coordination service lets {app}'s lease go: no renewal came in time.",
    ),
    S::new(
        "A new leader",
        Anchor::Each(E::FailedOver),
        "At {at} the coordination service fails over to a new leader.",
    ),
    S::new(
        "{app}'s lease starts again",
        Anchor::Each(E::LeaseRestarted(ANY)),
        "At {at} the new leader finds {app}'s lease and starts its timer again: it now ends \
         at {until}.",
    ),
    S::new(
        "The resource restarts",
        Anchor::Each(E::Restarted),
        "At {at} the resource restarts.",
    ),
];

/// A written story told against `run`, the run of `scenario`: each of its [`MOMENTS`] wherever
/// it happens (none is listed as not in the run), then what every story tells.
pub fn tell_written(scenario: &Scenario, run: &Run) -> Told {
    let mut told = Told::default();
    tell_each(MOMENTS, &mut told, scenario, run);
    told_too(told, scenario, run)
}

/// The entry of a written story: told by its moments ([`tell_written`]), asking no questions (theirs are about
/// the catalog's stories), with no story switch to flip.
pub static WRITTEN: Entry = Entry {
    id: WRITTEN_ID,
    title: "Your own story",
    summary: "A story written in the lab's story format.",
    resource: ResourceTag::Inventory,
    default_enforcement: true,
    fix: None,
    build: Scenario::default,
    narration: MOMENTS,
    questions: &[],
    system: None,
};
