//! The browser's `localStorage`, where the lab keeps small things of this browser's own: the
//! folded legend, the place the lab last showed, the questions answered right. `None` where
//! there is none (a native build, a browser that blocks storage): those are then not kept.

/// This browser's `localStorage`, if it has one.
#[cfg(target_arch = "wasm32")]
pub fn local() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// No browser, no storage (native tests build the lab's state too).
#[cfg(not(target_arch = "wasm32"))]
pub fn local() -> Option<web_sys::Storage> {
    None
}
