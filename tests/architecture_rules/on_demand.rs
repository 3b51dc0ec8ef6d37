//! Rule 6: the written-story reader and writer (`crate::script`'s `parse`, `write` and
//! `Written::read`) are called only through `src/ui/on_demand.rs`, the functions the release
//! bundle fetches on first use: a call from anywhere else in the app would link them into the
//! first load. The script layer itself, `src/share/decode.rs`'s `decode` (compiled out of
//! the wasm) and `src/ui/explore_worker.rs` (linked only into the explorer's Web Worker, a wasm
//! of its own that no first load fetches) may call them.

use super::prepare;

/// Files that may call the reader and writer.
pub const ON_DEMAND_CALLERS: &[&str] = &[
    "src/script/",
    "src/ui/on_demand.rs",
    "src/share/decode.rs",
    "src/ui/explore_worker.rs",
];

/// The reader's and writer's names, as a path through `script::` names them.
const ITEMS: &[&str] = &["parse", "write", "read"];

/// Every place outside [`ON_DEMAND_CALLERS`] (tests aside) that names the reader or writer:
/// `Written::read`, or `parse`/`write` in a path or `use` through `script::`.
pub fn reader_outside_on_demand(files: &[(String, String)]) -> Vec<String> {
    let mut out = Vec::new();
    for file in prepare(files) {
        if file.test_only || ON_DEMAND_CALLERS.iter().any(|a| file.path.starts_with(a)) {
            continue;
        }
        let code = &file.code;
        let mut places: Vec<usize> = code
            .match_indices("Written::read")
            .map(|(i, _)| i)
            .collect();
        for (at, _) in code.match_indices("script::") {
            let rest = &code[at..];
            let path = &rest[..rest.find(';').unwrap_or(rest.len())];
            let mut words = path.split(|c: char| !(c.is_alphanumeric() || c == '_'));
            if words.any(|w| ITEMS.contains(&w)) {
                places.push(at);
            }
        }
        for at in places {
            let line = 1 + code[..at].matches('\n').count();
            out.push(format!("{}:{line}", file.path));
        }
    }
    out
}
