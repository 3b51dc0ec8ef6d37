//! The signal of one mirrored value: it tracks the trigger of the value's part and reads the
//! value from the lab's core, so it wakes exactly when that part changed ([`signal`], or
//! [`signal2`] for a value read from two parts).
//!
//! A [`Mirrored`] is not a Leptos `Signal`: a `Signal<T>` brings, for every `T`, the code of all
//! its kinds (signal, memo, derived, stored) and their guards, though a mirrored value is only
//! ever derived. A mirrored value is read with `get`, `with` and their untracked forms, as a
//! signal is; a component that needs a `Signal` makes one from it with `Signal::derive`. (As
//! `Signal`s, the mirrored values cost 7.6 KB more gzipped wasm: 354.46 against 346.84 KB.)

use leptos::prelude::*;

use crate::lab::Lab;

/// One value of the lab's core: tracks its triggers, reads the value from `core`.
pub struct Mirrored<T: 'static> {
    triggers: (Trigger, Trigger),
    core: StoredValue<Lab>,
    read: fn(&Lab) -> T,
}

impl<T: 'static> Clone for Mirrored<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: 'static> Copy for Mirrored<T> {}

impl<T: 'static> Mirrored<T> {
    /// Subscribes the running effect or memo to the value's part(s).
    pub fn track(&self) {
        self.triggers.0.track();
        self.triggers.1.track();
    }

    /// The value, without subscribing.
    pub fn get_untracked(&self) -> T {
        self.core.with_value(self.read)
    }

    /// The value, subscribing to its part(s).
    pub fn get(&self) -> T {
        self.track();
        self.get_untracked()
    }

    /// `f` of the value, subscribing to its part(s).
    pub fn with<U>(&self, f: impl FnOnce(&T) -> U) -> U {
        f(&self.get())
    }

    /// `f` of the value, without subscribing.
    pub fn with_untracked<U>(&self, f: impl FnOnce(&T) -> U) -> U {
        f(&self.get_untracked())
    }
}

/// The value read by `read`: tracks `trigger`, reads the value from `core`.
pub fn signal<T: 'static>(
    trigger: Trigger,
    core: StoredValue<Lab>,
    read: fn(&Lab) -> T,
) -> Mirrored<T> {
    Mirrored {
        triggers: (trigger, trigger),
        core,
        read,
    }
}

/// The value read by `read` from two parts: tracks both triggers.
pub fn signal2<T: 'static>(
    triggers: (Trigger, Trigger),
    core: StoredValue<Lab>,
    read: fn(&Lab) -> T,
) -> Mirrored<T> {
    Mirrored {
        triggers,
        core,
        read,
    }
}
