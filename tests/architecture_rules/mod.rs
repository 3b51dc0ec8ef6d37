//! The architecture rules as plain functions over `(path, text)` pairs, so each can be run
//! on the real tree and on small planted examples alike: no import cycle between files, a
//! layering of the top-level modules, the browser crates kept to the UI, and English kept
//! to the words layer and the catalog's stories.
//!
//! Test-only code is left out of every rule: `#[cfg(test)]` items, and the files declared as
//! `#[cfg(test)] mod x;` or named `*_tests.rs`. A test may import what it tests from anywhere
//! without making a production cycle, and may say anything in English.

pub mod english;
pub mod generics;
pub mod graph;
pub mod on_demand;
mod self_tests;
pub mod source;

use std::collections::{BTreeMap, BTreeSet};

/// The top-level modules of `src/`, lowest first: a file may import from its own layer and
/// the ones below. `src/lib.rs` and `src/main.rs` sit above them all. A layer that does not
/// exist yet is simply empty.
pub const LAYERS: &[&str] = &[
    "units", "engine", "catalog", "trace", "script", "share", "lab", "words", "ui",
];

/// Crates that tie code to the browser.
pub const BROWSER_CRATES: &[&str] = &[
    "leptos",
    "web_sys",
    "js_sys",
    "wasm_bindgen",
    "gloo",
    "console_error_panic_hook",
];

/// Where the browser crates may be used: the UI, and the explorer's worker binary
/// (`src/bin/explore-worker.rs`, whose one export must not be the app's: it calls
/// `fencing_lab::ui::explore_worker`). `src/lib.rs` and `src/main.rs` use none today; `main`
/// calls `fencing_lab::ui::start`.
pub const BROWSER_ALLOWED: &[&str] = &["src/ui/", "src/bin/"];

/// One source file, read for the rules.
pub struct Prepared {
    /// Relative to the crate, with `/`: `src/engine/mod.rs`.
    pub path: String,
    /// Code without comments, literals or `#[cfg(test)]` items (see [`source::Lexed`]).
    pub code: String,
    /// The same, `#[cfg(test)]` items kept.
    pub code_with_tests: String,
    /// Its string literals outside `#[cfg(test)]` items.
    pub literals: Vec<source::Literal>,
    /// Whether only `cargo test` compiles it.
    pub test_only: bool,
}

/// The files a file's `mod name;` may load: beside a `mod.rs`/`lib.rs`, else in a folder
/// named after the file.
fn child_files(path: &str, name: &str) -> [String; 2] {
    let (dir, file) = path.rsplit_once('/').unwrap_or(("", path));
    let base = match file {
        "mod.rs" | "lib.rs" | "main.rs" => dir.to_string(),
        _ => format!("{dir}/{}", file.trim_end_matches(".rs")),
    };
    [format!("{base}/{name}.rs"), format!("{base}/{name}/mod.rs")]
}

/// Reads every file, marking the test-only ones.
pub fn prepare(files: &[(String, String)]) -> Vec<Prepared> {
    let mut test_files: BTreeSet<String> = BTreeSet::new();
    let mut out = Vec::new();
    for (path, text) in files {
        let all = source::lex(text);
        let code_with_tests = all.code.clone();
        let (lexed, test_modules) = source::without_tests(all);
        for name in test_modules {
            test_files.extend(child_files(path, &name));
        }
        out.push(Prepared {
            path: path.clone(),
            code: lexed.code,
            code_with_tests,
            literals: lexed.literals,
            test_only: path.ends_with("_tests.rs") || path.ends_with("/tests.rs"),
        });
    }
    let test_dirs: Vec<String> = test_files
        .iter()
        .filter_map(|f| f.strip_suffix("mod.rs").map(String::from))
        .collect();
    for file in &mut out {
        file.test_only |=
            test_files.contains(&file.path) || test_dirs.iter().any(|d| file.path.starts_with(d));
    }
    out
}

/// The strongly connected parts of the graph with more than one file, each sorted (Tarjan).
pub fn knots(edges: &BTreeSet<(String, String)>) -> Vec<Vec<String>> {
    let mut next: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (from, to) in edges {
        next.entry(from).or_default().push(to);
        next.entry(to).or_default();
    }
    struct Walk<'a> {
        next: &'a BTreeMap<&'a str, Vec<&'a str>>,
        index: BTreeMap<&'a str, (usize, usize)>,
        stack: Vec<&'a str>,
        out: Vec<Vec<String>>,
    }
    fn visit<'a>(w: &mut Walk<'a>, v: &'a str) {
        let n = w.index.len();
        w.index.insert(v, (n, n));
        w.stack.push(v);
        for &to in &w.next[v] {
            if !w.index.contains_key(to) {
                visit(w, to);
                let low = w.index[to].1.min(w.index[v].1);
                w.index.get_mut(v).expect("visited").1 = low;
            } else if w.stack.contains(&to) {
                let low = w.index[to].0.min(w.index[v].1);
                w.index.get_mut(v).expect("visited").1 = low;
            }
        }
        if w.index[v].0 == w.index[v].1 {
            let at = w.stack.iter().rposition(|s| *s == v).expect("on the stack");
            let mut part: Vec<String> = w.stack.drain(at..).map(String::from).collect();
            part.sort();
            if part.len() > 1 {
                w.out.push(part);
            }
        }
    }
    let mut walk = Walk {
        next: &next,
        index: BTreeMap::new(),
        stack: Vec::new(),
        out: Vec::new(),
    };
    for &v in next.keys() {
        if !walk.index.contains_key(v) {
            visit(&mut walk, v);
        }
    }
    walk.out.sort();
    walk.out
}

/// One shortest cycle through `start` inside `knot` (breadth first), `start` at both ends.
fn one_cycle(edges: &BTreeSet<(String, String)>, knot: &[String], start: &str) -> Vec<String> {
    let inside = |f: &str| knot.iter().any(|k| k == f);
    let mut came_from: BTreeMap<&str, &str> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(at) = queue.pop_front() {
        for (_, to) in edges.iter().filter(|(f, t)| f == at && inside(t)) {
            if to == start {
                let mut path = vec![start.to_string(), at.to_string()];
                let mut back = at;
                while let Some(prev) = came_from.get(back) {
                    path.push(prev.to_string());
                    back = prev;
                }
                path.dedup();
                path.reverse();
                return path;
            }
            if !came_from.contains_key(to.as_str()) && to != start {
                came_from.insert(to, at);
                queue.push_back(to);
            }
        }
    }
    vec![start.to_string()]
}

/// Rule 1: every import cycle, as its files (the whole knot of files that reach each
/// other) and one shortest circle through the first of them.
pub fn import_cycles(files: &[(String, String)]) -> Vec<String> {
    let edges = graph::edges(&prepare(files));
    knots(&edges)
        .iter()
        .map(|knot| {
            let circle = one_cycle(&edges, knot, &knot[0]).join(" → ");
            format!(
                "{} files: {}\n    e.g. {circle}",
                knot.len(),
                knot.join(", ")
            )
        })
        .collect()
}

/// The layer of a file: its top-level module (`src/engine/x.rs`, `src/engine.rs` →
/// `engine`), or `None` for the crate roots (`src/lib.rs`, `src/main.rs` and the binaries in
/// `src/bin/`, each a crate of its own above every layer).
pub fn layer_of(path: &str) -> Option<&str> {
    let rest = path.strip_prefix("src/")?;
    let top = rest.split('/').next()?;
    let top = top.strip_suffix(".rs").unwrap_or(top);
    (top != "lib" && top != "main" && top != "bin").then_some(top)
}

/// Rule 2: every import of a higher layer, and every top-level module missing from
/// [`LAYERS`].
pub fn upward_imports(files: &[(String, String)]) -> Vec<String> {
    let rank = |path: &str| match layer_of(path) {
        None => Some(LAYERS.len()),
        Some(layer) => LAYERS.iter().position(|l| *l == layer),
    };
    let mut out = Vec::new();
    let mut unknown = BTreeSet::new();
    for (path, _) in files {
        if rank(path).is_none() {
            unknown.insert(layer_of(path).unwrap_or_default().to_string());
        }
    }
    out.extend(
        unknown
            .iter()
            .map(|m| format!("src/{m}: not in the layering table")),
    );
    for (from, to) in graph::edges(&prepare(files)) {
        if let (Some(low), Some(high)) = (rank(&from), rank(&to)) {
            if low < high {
                out.push(format!("{from} imports {to}"));
            }
        }
    }
    out
}

/// Rule 3: every use of a browser crate (as an identifier in code, tests included) outside
/// [`BROWSER_ALLOWED`], one per line and crate.
pub fn browser_outside_ui(files: &[(String, String)]) -> Vec<String> {
    let mut out = Vec::new();
    for file in prepare(files) {
        if BROWSER_ALLOWED.iter().any(|a| file.path.starts_with(a)) {
            continue;
        }
        for (n, line) in file.code_with_tests.lines().enumerate() {
            let mut found: Vec<&str> = line
                .split(|c: char| !source::ident_char(c))
                .filter_map(|word| {
                    BROWSER_CRATES.iter().copied().find(|c| {
                        word == *c || word.strip_prefix(c).is_some_and(|r| r.starts_with('_'))
                    })
                })
                .collect();
            found.dedup();
            out.extend(
                found
                    .iter()
                    .map(|c| format!("{}:{}: {c}", file.path, n + 1)),
            );
        }
    }
    out
}
