//! A value the views set and read ([`slot`]), waking its readers on every set, as a Leptos
//! `RwSignal` does.
//!
//! A [`Slot`] is not an `RwSignal`: an `RwSignal<T>` brings, for every `T`, the code of its
//! node, its guards and its reads and writes. A slot keeps its value in the reactive arena as
//! one type (`Arc<dyn Any>`) beside a `Trigger`, so what is built per `T` is only the cast.

use std::any::Any;
use std::marker::PhantomData;
use std::sync::Arc;

use leptos::prelude::*;

/// A value kept in the reactive arena (disposed with its owner) with the trigger of its readers.
pub struct Slot<T: 'static> {
    value: StoredValue<Arc<dyn Any + Send + Sync>>,
    changed: Trigger,
    of: PhantomData<fn() -> T>,
}

impl<T: 'static> Clone for Slot<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: 'static> Copy for Slot<T> {}

/// A slot holding `value`: `RwSignal::new(value)`.
pub fn slot<T: Send + Sync + 'static>(value: T) -> Slot<T> {
    Slot {
        value: StoredValue::new(Arc::new(value)),
        changed: Trigger::new(),
        of: PhantomData,
    }
}

impl<T: Send + Sync + 'static> Slot<T> {
    /// `f` of the value, without subscribing.
    pub fn with_untracked<U>(&self, f: impl FnOnce(&T) -> U) -> U {
        let value = self.value.get_value();
        // `slot` and `set` store only values of the `T` of their `Slot<T>`.
        f(value.downcast_ref::<T>().unwrap())
    }

    /// `f` of the value, subscribing to its changes.
    pub fn with<U>(&self, f: impl FnOnce(&T) -> U) -> U {
        self.changed.track();
        self.with_untracked(f)
    }

    /// Replaces the value and wakes its readers (nothing, once the slot is disposed).
    pub fn set(&self, value: T) {
        self.value.set_value(Arc::new(value));
        self.changed.notify();
    }
}

impl<T: Clone + Send + Sync + 'static> Slot<T> {
    /// The value, subscribing to its changes.
    pub fn get(&self) -> T {
        self.with(T::clone)
    }

    /// The value, without subscribing.
    pub fn get_untracked(&self) -> T {
        self.with_untracked(T::clone)
    }

    /// The value without subscribing, or `None` once the slot is disposed.
    pub fn try_get_untracked(&self) -> Option<T> {
        let value = self.value.try_get_value()?;
        value.downcast_ref::<T>().cloned()
    }
}
