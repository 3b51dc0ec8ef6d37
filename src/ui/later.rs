//! Work the first paint does not need: the panels around the timeline (faults, settings, the
//! explorer, the story, the resource, the log) are built after the page has painted its first
//! timeline, one panel per task, so that first paint comes sooner and no single task blocks the
//! page for long. Once loaded the page is the same. Where no gate is provided (the browser tests
//! mount [`crate::ui::App`] directly) every panel is built at once, as before.

use std::sync::Arc;
use std::time::Duration;

use leptos::prelude::*;

use super::memo::memo;
use super::slot::{kept, slot, Kept, Slot};

/// The page's gate: how many deferred panels may be built so far, and how many asked.
#[derive(Clone, Copy)]
struct Gate {
    turn: Slot<usize>,
    queued: Kept<usize>,
}

/// All of them: a panel asking once the queue has drained is built at once.
const OPEN: usize = usize::MAX;

/// Provides the gate for the app mounted under the current owner, and opens it one panel per
/// task, starting in the task after the first frame is painted.
pub fn provide_gate() {
    let gate = Gate {
        turn: slot(0),
        queued: kept(0),
    };
    provide_context(gate);
    // A timer set in an animation frame fires after that frame is painted.
    request_animation_frame(move || set_timeout(move || advance(gate), Duration::ZERO));
}

/// Lets the next deferred panel be built, and the one after it in the next task.
fn advance(gate: Gate) {
    let Some(turn) = gate.turn.try_get_untracked() else {
        return; // the app was unmounted
    };
    if turn >= gate.queued.get_value() {
        gate.turn.set(OPEN);
        return;
    }
    gate.turn.set(turn + 1);
    set_timeout(move || advance(gate), Duration::ZERO);
}

/// The view `build` returns, built after the first paint in its turn (at once without a gate,
/// or once the gate is open). `build` runs untracked, as a component's body does.
pub fn later(build: impl Fn() -> AnyView + Send + Sync + 'static) -> AnyView {
    erased(Arc::new(build))
}

fn erased(build: Arc<dyn Fn() -> AnyView + Send + Sync>) -> AnyView {
    let now = move || untrack(|| build());
    let Some(gate) = use_context::<Gate>() else {
        return now();
    };
    let mine = gate.queued.get_value();
    if gate.turn.get_untracked() == OPEN {
        return now();
    }
    gate.queued.set_value(mine + 1);
    // Built once, when its turn comes (the memo changes once: false, then true).
    let ready = memo(move || gate.turn.get() > mine);
    (move || ready.get().then(now.clone())).into_any()
}
