//! Values the views keep in the reactive arena: [`Kept`] (read and replaced without waking
//! anyone, as a `StoredValue`) and [`Slot`] (waking its readers on every set, as an `RwSignal`).
//!
//! Neither is built per value type the way Leptos's are: a `StoredValue<T>` or an `RwSignal<T>`
//! brings, for every `T`, the code of its storage, its guards and its reads and writes. These keep
//! every value in the arena as one type (`Arc<dyn Any>`), so what is built per `T` is only the
//! cast.

use std::any::Any;
use std::marker::PhantomData;
use std::sync::Arc;

use leptos::prelude::*;

/// A value kept in the reactive arena (disposed with its owner), read and replaced untracked.
pub struct Kept<T: 'static> {
    value: StoredValue<Arc<dyn Any + Send + Sync>>,
    of: PhantomData<fn() -> T>,
}

impl<T: 'static> Clone for Kept<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: 'static> Copy for Kept<T> {}

impl<T: Default + Send + Sync + 'static> Default for Kept<T> {
    fn default() -> Self {
        kept(T::default())
    }
}

/// A kept `value`: `StoredValue::new(value)`.
pub fn kept<T: Send + Sync + 'static>(value: T) -> Kept<T> {
    Kept {
        value: StoredValue::new(Arc::new(value)),
        of: PhantomData,
    }
}

impl<T: Send + Sync + 'static> Kept<T> {
    /// `f` of the value.
    pub fn with_value<U>(&self, f: impl FnOnce(&T) -> U) -> U {
        let value = self.value.get_value();
        // `kept` and `set_value` store only values of the `T` of their `Kept<T>`.
        f(value.downcast_ref::<T>().unwrap())
    }

    /// Replaces the value (nothing, once it is disposed).
    pub fn set_value(&self, value: T) {
        self.value.set_value(Arc::new(value));
    }
}

impl<T: Clone + Send + Sync + 'static> Kept<T> {
    /// The value.
    pub fn get_value(&self) -> T {
        self.with_value(T::clone)
    }

    /// The value, or `None` once it is disposed.
    pub fn try_get_value(&self) -> Option<T> {
        let value = self.value.try_get_value()?;
        value.downcast_ref::<T>().cloned()
    }
}

/// A kept value with the trigger of its readers.
pub struct Slot<T: 'static> {
    value: Kept<T>,
    changed: Trigger,
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
        value: kept(value),
        changed: Trigger::new(),
    }
}

impl<T: Send + Sync + 'static> Slot<T> {
    /// `f` of the value, without subscribing.
    pub fn with_untracked<U>(&self, f: impl FnOnce(&T) -> U) -> U {
        self.value.with_value(f)
    }

    /// `f` of the value, subscribing to its changes.
    pub fn with<U>(&self, f: impl FnOnce(&T) -> U) -> U {
        self.changed.track();
        self.with_untracked(f)
    }

    /// Replaces the value and wakes its readers (nothing, once the slot is disposed).
    pub fn set(&self, value: T) {
        self.value.set_value(value);
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
        self.value.get_value()
    }

    /// The value without subscribing, or `None` once the slot is disposed.
    pub fn try_get_untracked(&self) -> Option<T> {
        self.value.try_get_value()
    }
}
