//! One mirrored value of the lab's core: a signal components read and only the mirror writes,
//! written only when the value changed ([`Same`]: shared runs by pointer, the rest by value).

use std::sync::Arc;

use leptos::prelude::*;

use crate::catalog::Knobs;
use crate::engine::{ExploreError, Fault, Summary};
use crate::lab::{ExploreChoices, Pick, Progress, Window};
use crate::share::LinkState;

/// A value the mirror can tell apart from the one it shows: shared runs by pointer, the rest by
/// value.
pub trait Same {
    fn same(&self, other: &Self) -> bool;
}

impl<T> Same for Arc<T> {
    fn same(&self, other: &Self) -> bool {
        Arc::ptr_eq(self, other)
    }
}

impl<T> Same for Option<Arc<T>> {
    fn same(&self, other: &Self) -> bool {
        match (self, other) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        }
    }
}

impl<T> Same for Option<(Arc<T>, Arc<T>)> {
    fn same(&self, other: &Self) -> bool {
        match (self, other) {
            (Some(a), Some(b)) => Arc::ptr_eq(&a.0, &b.0) && Arc::ptr_eq(&a.1, &b.1),
            (None, None) => true,
            _ => false,
        }
    }
}

macro_rules! same_by_value {
    ($($t:ty),*) => { $(impl Same for $t { fn same(&self, other: &Self) -> bool { self == other } })* };
}
same_by_value!(
    bool,
    u64,
    usize,
    String,
    Knobs,
    Vec<Fault>,
    Vec<(usize, u64)>,
    Vec<Pick>,
    Option<usize>,
    Option<bool>,
    Option<Window>,
    Option<String>,
    Window,
    Progress,
    LinkState,
    ExploreChoices,
    (u64, u64),
    Option<Summary>,
    Option<ExploreError>,
    (crate::engine::Bounds, Result<u64, ExploreError>)
);

/// One mirrored value: read by components, written only by `LabState::sync`.
pub struct Mirror<T: 'static>(RwSignal<T>);

impl<T> Clone for Mirror<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Mirror<T> {}

impl<T: Same + Send + Sync + 'static> Mirror<T> {
    pub(super) fn new(value: T) -> Mirror<T> {
        Mirror(RwSignal::new(value))
    }

    /// Shows `value` if it differs from what is shown (computed only then, by `value`).
    pub(super) fn put(&self, differs: impl FnOnce(&T) -> Option<T>) {
        if let Some(value) = self.0.with_untracked(differs) {
            self.0.set(value);
        }
    }

    pub(super) fn show(&self, value: &T)
    where
        T: Clone,
    {
        self.put(|old| (!old.same(value)).then(|| value.clone()));
    }

    /// The read-only signal components take.
    pub fn read(&self) -> ReadSignal<T> {
        self.0.read_only()
    }
}
