//! One type per event for the views' `on:` handlers: a boxed closure ([`handler`]). Leptos builds
//! an event listener's code (and, with `erase_components`, its erased attribute: build, rebuild,
//! clone, keys) once per handler type, so once per closure; boxed, all click handlers share one
//! type and that code is built once per event (6.3 KB less gzipped wasm with 70 handlers).

/// `handle` boxed, for a view's `on:` handler: `on:click=handler(move |_| ...)`.
pub fn handler<E: 'static>(handle: impl FnMut(E) + 'static) -> Box<dyn FnMut(E)> {
    Box::new(handle)
}
