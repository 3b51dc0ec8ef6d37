//! Where the engine trades size for speed (issue 52). The app's wasm counts every byte of its
//! first load; the explorer's Web Worker, a wasm of its own fetched when a search starts, and
//! native runs count time instead. Code reached only when [`speed_over_size`] holds (the skip
//! of a group at rest, the faster restore of a mark's group, the explorer's one check of all its
//! candidates) costs the first load next to nothing: in the app's wasm the switch is never set,
//! so the optimizer of its first-load module drops what that module holds of it; what the
//! explorer's split module holds stays there, fetched with the search.

use std::sync::atomic::AtomicBool;
use std::sync::atomic::Ordering::Relaxed;

/// Whether this wasm trades size for speed ([`speed_over_size`]). Nothing in the app's wasm ever
/// sets it, so the optimizer reads it as the constant false and leaves the gated code out of the
/// first load (its size budget has no room for the skip at rest alone, 1.5 KB gzip); the
/// explorer's Web Worker, a wasm of its own, sets it before it searches. Verdicts are the same
/// either way (`tests/engine_group_skip.rs`); only their speed differs. Natively it is not read.
static SPEED_IN_THIS_WASM: AtomicBool = AtomicBool::new(false);

/// Whether this build trades size for speed: natively always; in a wasm once
/// [`speed_over_size_in_this_wasm`] was called (the explorer's worker), never in the app's (see
/// [`SPEED_IN_THIS_WASM`]). Gates the skip at rest, the faster restore of a mark's group and
/// the explorer's one check of all its candidates.
pub(crate) fn speed_over_size() -> bool {
    cfg!(not(target_arch = "wasm32")) || SPEED_IN_THIS_WASM.load(Relaxed)
}

/// Lets this wasm trade size for speed as native runs do (see [`SPEED_IN_THIS_WASM`]): its
/// verdict-only runs skip a group at rest, and the explorer takes its faster paths. For a wasm
/// whose size matters less than its speed.
pub fn speed_over_size_in_this_wasm() {
    SPEED_IN_THIS_WASM.store(true, Relaxed);
}
