//! A memo of the views ([`memo`]): a value computed from signals, recomputed when they change,
//! waking its readers only when it is not equal to the one before, as a Leptos `Memo` does.
//!
//! A [`Memoized`] is a Leptos `Memo` of one type for every value (an `Arc` of the value, compared
//! through the value's own `PartialEq`): a `Memo<T>` brings, for every `T`, the code of its node
//! (its update, its comparison, its reads), though the views only read their memos whole.

use std::any::Any;
use std::marker::PhantomData;
use std::sync::Arc;

use leptos::prelude::*;

/// A memoized value seen through its type: compared with another of its type.
trait Value: Send + Sync {
    /// The value, to be read as its type.
    fn any(&self) -> &dyn Any;
    /// Whether `other` is a value of the same type, equal to this one.
    fn same(&self, other: &dyn Value) -> bool;
}

impl<T: PartialEq + Send + Sync + 'static> Value for T {
    fn any(&self) -> &dyn Any {
        self
    }

    fn same(&self, other: &dyn Value) -> bool {
        other.any().downcast_ref::<T>() == Some(self)
    }
}

/// Any memoized value: equal when the values are.
#[derive(Clone)]
struct Erased(Arc<dyn Value>);

impl PartialEq for Erased {
    fn eq(&self, other: &Self) -> bool {
        self.0.same(&*other.0)
    }
}

/// The memo of the value `compute` returns: `Memo::new(move |_| compute())`.
pub struct Memoized<T: 'static> {
    memo: Memo<Erased>,
    value: PhantomData<fn() -> T>,
}

impl<T: 'static> Clone for Memoized<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: 'static> Copy for Memoized<T> {}

/// The memo of what `compute` returns.
pub fn memo<T: PartialEq + Send + Sync + 'static>(
    compute: impl Fn() -> T + Send + Sync + 'static,
) -> Memoized<T> {
    Memoized {
        memo: erased(Box::new(move || Erased(Arc::new(compute())))),
        value: PhantomData,
    }
}

/// The one `Memo::new` of the memos.
fn erased(compute: Box<dyn Fn() -> Erased + Send + Sync>) -> Memo<Erased> {
    Memo::new(move |_| compute())
}

impl<T: 'static> Memoized<T> {
    /// `f` of the value, subscribing to the memo.
    pub fn with<U>(&self, f: impl FnOnce(&T) -> U) -> U {
        let value = self.memo.get();
        // `memo` stores only values of the `T` of its `Memoized<T>`.
        f(value.0.any().downcast_ref::<T>().unwrap())
    }
}

impl<T: Clone + 'static> Memoized<T> {
    /// The value, subscribing to the memo.
    pub fn get(&self) -> T {
        self.with(T::clone)
    }

    /// The value, without subscribing.
    pub fn get_untracked(&self) -> T {
        untrack(|| self.get())
    }
}
