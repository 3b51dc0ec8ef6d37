//! A value derived from signals by a closure ([`derive`]), read as a derived `Signal` is: `get`
//! runs the closure, so the running effect or memo subscribes to what the closure reads.
//!
//! A [`Derived`] is not a Leptos `Signal`: a `Signal<T>` brings, for every `T`, the code of all
//! its kinds (signal, memo, derived, stored) and its storage in the reactive arena, though these
//! values are only ever derived. Every closure is kept in the arena as one type (`Arc<dyn Any>`),
//! so what is built per `T` is only the call.

use std::any::Any;
use std::marker::PhantomData;
use std::sync::Arc;

use leptos::prelude::*;

/// The closure of a [`Derived<T>`].
type Read<T> = Arc<dyn Fn() -> T + Send + Sync>;

/// A value derived by a closure kept in the reactive arena (disposed with its owner).
pub struct Derived<T: 'static> {
    read: StoredValue<Arc<dyn Any + Send + Sync>>,
    value: PhantomData<fn() -> T>,
}

impl<T: 'static> Clone for Derived<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: 'static> Copy for Derived<T> {}

/// The value `read` returns, read again on each `get`: `Signal::derive(read)`.
pub fn derive<T: 'static>(read: impl Fn() -> T + Send + Sync + 'static) -> Derived<T> {
    let read: Read<T> = Arc::new(read);
    Derived {
        read: StoredValue::new(Arc::new(read)),
        value: PhantomData,
    }
}

impl<T: 'static> Derived<T> {
    /// The value, subscribing to what it is derived from.
    pub fn get(&self) -> T {
        let read = self.read.get_value();
        // `derive` stores a `Read<T>` under the `T` of its `Derived<T>`.
        let read = read.downcast_ref::<Read<T>>().unwrap();
        read()
    }

    /// The value, without subscribing.
    pub fn get_untracked(&self) -> T {
        untrack(|| self.get())
    }

    /// `f` of the value, subscribing to what it is derived from.
    pub fn with<U>(&self, f: impl FnOnce(&T) -> U) -> U {
        f(&self.get())
    }
}
