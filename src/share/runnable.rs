//! The last step of decoding: settings that are each in range can still make a run the
//! engine refuses together (a lock without expiry on a replicated service, or one box under a
//! story that cuts a member off). [`make_runnable`] settles them as the lab's own switches do,
//! and says what it changed.

use super::notice::NoticeKind;
use super::state::LinkState;
use crate::engine::{Mode, ScenarioError, ScenarioProblem};

/// What was changed so the link's settings run, as a notice's field and kind.
pub type Settled = (&'static str, NoticeKind);

fn runs(state: &LinkState) -> Result<(), ScenarioError> {
    state.scenario().validate()
}

/// Changes the fewest settings of `state` that make its scenario run, in turn: the story's own
/// members if a fault needs members and the story has more than the link asked for; then,
/// for a lock without expiry on a group, one box if the link named no members (as the lab's
/// switch does) and the story's faults allow it, else a lease on the group; and, if it still
/// cannot run, the story's own settings and no faults.
/// `named_members`: whether the link gave `members` itself.
pub fn make_runnable(state: &mut LinkState, mut named_members: bool) -> Vec<Settled> {
    let mut settled = Vec::new();
    if runs(state).is_ok() {
        return settled;
    }
    let story = state.story_knobs();
    let lacks_members =
        |s: &LinkState| runs(s).is_err_and(|e| e.problem == ScenarioProblem::NoMembers);
    if lacks_members(state) && state.knobs.members < story.members {
        state.knobs.members = story.members;
        let using = story.members;
        settled.push(("members", NoticeKind::StoryNeedsGroup { using }));
        named_members = true;
    }
    if state.knobs.mode == Mode::PermanentLock && state.knobs.members > 1 {
        let members = state.knobs.members;
        state.knobs.members = 1;
        if named_members || runs(state).is_err() {
            state.knobs.members = members;
            state.knobs.mode = Mode::Lease;
            settled.push(("mode", NoticeKind::LeaseOnGroup));
        } else {
            settled.push(("mode", NoticeKind::LockOnOneBox));
        }
    }
    if runs(state).is_err() {
        state.knobs = story;
        state.faults.clear();
        state.resumes.clear();
        settled.push(("", NoticeKind::CannotRunTogether));
    }
    debug_assert!(runs(state).is_ok(), "a story's own settings run");
    settled
}
