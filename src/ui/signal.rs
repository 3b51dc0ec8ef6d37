//! The signal of one mirrored value: it tracks the trigger of the value's part and reads the
//! value from the lab's core, so it wakes exactly when that part changed ([`signal`], or
//! [`signal2`] for a value read from two parts).

use leptos::prelude::*;

use crate::lab::Lab;

/// The signal of one value: tracks `trigger`, reads the value from `core`.
#[inline(never)]
pub fn signal<T: Send + Sync + 'static>(
    trigger: Trigger,
    core: StoredValue<Lab>,
    read: fn(&Lab) -> T,
) -> Signal<T> {
    Signal::derive(move || {
        trigger.track();
        core.with_value(read)
    })
}

/// The signal of one value read from two parts: tracks both triggers.
pub fn signal2<T: Send + Sync + 'static>(
    (a, b): (Trigger, Trigger),
    core: StoredValue<Lab>,
    read: fn(&Lab) -> T,
) -> Signal<T> {
    Signal::derive(move || {
        a.track();
        b.track();
        core.with_value(read)
    })
}
