//! Leptos's `<Show>` for one children type ([`shown`], [`shown_else`]): the same memo of the
//! condition and the same switch between the children and the fallback, but the children are an
//! `AnyView`, so the switch's rendering code is built once, not once per `<Show>` (each `<Show>`
//! is generic over its condition and its children's view type).

use std::sync::Arc;

use leptos::either::Either;
use leptos::prelude::*;

use super::memo::memo;

/// A view made on each call, as `<Show>`'s children are.
type Kids = Arc<dyn Fn() -> AnyView + Send + Sync>;

/// `kids` while `when` is true, else nothing: `<Show when=when>kids</Show>`.
pub fn shown(
    when: impl Fn() -> bool + Send + Sync + 'static,
    kids: impl Fn() -> AnyView + Send + Sync + 'static,
) -> impl IntoView {
    switch(Box::new(when), Arc::new(kids), ViewFn::default())
}

/// `kids` while `when` is true, else `fallback`: `<Show when fallback>kids</Show>`.
pub fn shown_else(
    when: impl Fn() -> bool + Send + Sync + 'static,
    kids: impl Fn() -> AnyView + Send + Sync + 'static,
    fallback: ViewFn,
) -> impl IntoView {
    switch(Box::new(when), Arc::new(kids), fallback)
}

/// The body of `<Show>`: the condition memoized, the children or the fallback.
fn switch(
    when: Box<dyn Fn() -> bool + Send + Sync>,
    kids: Kids,
    fallback: ViewFn,
) -> impl IntoView {
    let when = memo(when);
    move || match when.get() {
        true => Either::Left(kids()),
        false => Either::Right(fallback.run()),
    }
}
