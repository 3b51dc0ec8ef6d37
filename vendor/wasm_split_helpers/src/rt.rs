// Vendored (Fencing Lab, see VENDORED.md): the published 0.2.3 runtime waits through
// async_once_cell's OnceCell, an Arc and a Mutex (whose poisoned-lock `expect` links Debug
// formatting); on a wasm with one thread, a cell in the static loader and a list of wakers do
// the same, with the same API and the same behaviour: one load at a time shared by every
// caller, a success kept, a failure reported to the callers of that attempt and forgotten,
// so the next call loads again.

use std::{
    cell::UnsafeCell,
    ffi::c_void,
    future::Future,
    marker::PhantomData,
    pin::Pin,
    task::{Context, Poll, Waker},
};

pub type LoadCallbackFn = unsafe extern "C" fn(*const c_void, bool) -> ();
pub type LoadFn = unsafe extern "C" fn(LoadCallbackFn, *const c_void) -> ();

/// A split-module load attempt failed.
///
/// Exact error information is currently not tracked but logged to the browser
/// console. If you need access to the details, please open an issue.
#[derive(Debug, Clone)]
pub struct SplitLoaderError {
    // Future proofs the impl by not making the struct Send+Sync,
    // in case we want to capture a JsValue in the future without that being
    // a breaking change
    _not_send_sync: PhantomData<*const u8>,
}

impl std::fmt::Display for SplitLoaderError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("failed to load split module")
    }
}

impl std::error::Error for SplitLoaderError {}

/// Where a loader stands.
enum State {
    /// Not loaded, no load under way; `failures` attempts have failed so far.
    Idle { failures: u32 },
    /// A load under way, and the tasks waiting for it.
    Loading { failures: u32, waiting: Vec<Waker> },
    /// Loaded: calls go straight through.
    Loaded,
}

/// Loads a split module on demand, memoizing only successful loads.
///
/// A failed load leaves the loader unloaded, so a later `ensure_loaded`
/// retries from scratch rather than caching the failure for the session.
pub struct LazySplitLoader {
    load: LoadFn,
    state: UnsafeCell<State>,
}

// SAFETY: a split wasm has one thread (wasm32 without atomics): the state is never shared
// between threads, and no borrow of it lives across a call that may re-enter (see `poll`).
unsafe impl Sync for LazySplitLoader {}

impl LazySplitLoader {
    /// # Safety
    /// The load function must be safely callable with a callback-fn-pointer and data.
    /// It must call the callback function exactly once per invocation with the given
    /// data and a success state. (It may be invoked more than once across retries,
    /// each invocation calling back exactly once.)
    pub const unsafe fn new(load: LoadFn) -> Self {
        Self {
            load,
            state: UnsafeCell::new(State::Idle { failures: 0 }),
        }
    }

    fn state(&self) -> &mut State {
        // SAFETY: one thread, and each use ends before anything that could use it again.
        unsafe { &mut *self.state.get() }
    }
}

/// Ensures the split module is loaded, returning [`SplitLoaderError`] if the
/// load attempt failed.
///
/// On failure the loader is left unloaded rather than caching the error,
/// so calling `ensure_loaded` again starts a fresh attempt. A `#[wasm_split(..)]`
/// function opts into seeing this error via the `fallible` option; otherwise the
/// generated wrapper expects a successful load.
pub async fn ensure_loaded(loader: Pin<&'static LazySplitLoader>) -> Result<(), SplitLoaderError> {
    Wait {
        loader: loader.get_ref(),
        failures: None,
    }
    .await
}

/// A caller waiting for its loader; `failures`: the count when it started waiting.
struct Wait {
    loader: &'static LazySplitLoader,
    failures: Option<u32>,
}

impl Future for Wait {
    type Output = Result<(), SplitLoaderError>;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let loader = self.loader;
        match loader.state() {
            State::Loaded => return Poll::Ready(Ok(())),
            State::Idle { failures } => match self.failures {
                Some(seen) if seen != *failures => return Poll::Ready(load_result(false)),
                _ => {
                    let failures = *failures;
                    self.failures = Some(failures);
                    *loader.state() = State::Loading {
                        failures,
                        waiting: vec![cx.waker().clone()],
                    };
                    let data = loader as *const LazySplitLoader as *const c_void;
                    // SAFETY: the contract of `LazySplitLoader::new`; the callback may run
                    // before this returns, and only touches the state through `complete`.
                    unsafe { (loader.load)(load_callback, data) };
                }
            },
            State::Loading { failures, waiting } => {
                self.failures.get_or_insert(*failures);
                waiting.push(cx.waker().clone());
            }
        }
        match loader.state() {
            State::Loaded => Poll::Ready(Ok(())),
            State::Idle { .. } => Poll::Ready(load_result(false)),
            State::Loading { .. } => Poll::Pending,
        }
    }
}

unsafe extern "C" fn load_callback(loader: *const c_void, success: bool) {
    // SAFETY: the pointer is the static loader `poll` passed to its load function.
    let loader = unsafe { &*loader.cast::<LazySplitLoader>() };
    let failures = match loader.state() {
        State::Loading { failures, .. } | State::Idle { failures } => *failures,
        State::Loaded => 0,
    };
    let next = match success {
        true => State::Loaded,
        false => State::Idle {
            failures: failures + 1,
        },
    };
    if let State::Loading { waiting, .. } = std::mem::replace(loader.state(), next) {
        for waker in waiting {
            waker.wake();
        }
    }
}

/// Maps the success flag from the load callback into the public load result.
fn load_result(success: bool) -> Result<(), SplitLoaderError> {
    if success {
        Ok(())
    } else {
        Err(SplitLoaderError {
            _not_send_sync: PhantomData,
        })
    }
}
