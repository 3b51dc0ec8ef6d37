//! One type for the views' effects ([`effect`]): a boxed closure. Leptos builds an effect's task
//! (its loop, its future, its run in the effect's scope) once per closure type; boxed, the effects
//! share that code. An effect that needs what its last run saw keeps it in its closure.

use leptos::prelude::*;

/// `Effect::new(run)`, with `run` boxed.
pub fn effect(run: impl FnMut(Option<()>) + 'static) {
    boxed(Box::new(run));
}

/// The one `Effect::new` of the boxed effects.
fn boxed(run: Box<dyn FnMut(Option<()>)>) {
    Effect::new(run);
}
