//! Rule 5: the views use the erased helpers of `src/ui` (`shown`, `effect::effect`,
//! `derived::Derived`, `memo::Memoized`, `slot::Slot`/`Kept`), not the Leptos generics they
//! replace. Each `Signal<T>`, `Memo<T>`, `RwSignal<T>`, `StoredValue<T>`, `Effect::new(f)` and
//! `<Show>` is built into the wasm once per value or closure type; the helpers are built once
//! (together 20.7 KB less gzipped wasm when they came in).

use crate::architecture_rules::prepare;

/// The Leptos generics the views may not name.
pub const LEPTOS_GENERICS: &[&str] = &[
    "Signal<",
    "Memo<",
    "RwSignal",
    "StoredValue",
    "Effect::new",
    "<Show",
];

/// The files that define the erased helpers, on the one Leptos type each is built on.
pub const HELPER_FILES: &[&str] = &[
    "src/ui/derived.rs",
    "src/ui/effect.rs",
    "src/ui/memo.rs",
    "src/ui/shown.rs",
    "src/ui/signal.rs",
    "src/ui/slot.rs",
];

/// True exceptions: `(file, generic, why)`.
pub const GENERICS_ALLOWED: &[(&str, &str, &str)] = &[
    (
        "src/ui/state.rs",
        "StoredValue",
        "the lab's core: one StoredValue<Lab>",
    ),
    (
        "src/ui/mirrors.rs",
        "StoredValue",
        "the lab's core, read by the mirrors",
    ),
    (
        "src/ui/explore_mirrors.rs",
        "StoredValue",
        "the lab's core, read by the mirrors",
    ),
    (
        "src/ui/timeline/measure.rs",
        "StoredValue",
        "a ResizeObserver and its closure: not Send, so not a Kept",
    ),
];

/// Every use of a [`LEPTOS_GENERICS`] in the code (not comments or strings) of `src/ui`,
/// outside [`HELPER_FILES`] and [`GENERICS_ALLOWED`], one per line and generic.
pub fn leptos_generics_in_ui(files: &[(String, String)]) -> Vec<String> {
    let mut out = Vec::new();
    for file in prepare(files) {
        if !file.path.starts_with("src/ui/") || HELPER_FILES.contains(&file.path.as_str()) {
            continue;
        }
        for (n, line) in file.code_with_tests.lines().enumerate() {
            for generic in LEPTOS_GENERICS {
                let allowed = GENERICS_ALLOWED
                    .iter()
                    .any(|(f, g, _)| *f == file.path && g == generic);
                if line.contains(generic) && !allowed {
                    out.push(format!("{}:{}: {generic}", file.path, n + 1));
                }
            }
        }
    }
    out
}
