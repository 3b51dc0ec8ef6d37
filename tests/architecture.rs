//! Keeps the architecture honest: the engine stays pure and sans-IO, so it builds and runs natively.
#![cfg(not(target_arch = "wasm32"))]

mod architecture_rules;

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

use architecture_rules::english::{css_classes, english_literals};
use architecture_rules::generics::leptos_generics_in_ui;
use architecture_rules::on_demand::reader_outside_on_demand;
use architecture_rules::{browser_outside_ui, import_cycles, upward_imports, LAYERS};

/// Identifiers that would tie a pure module to the browser, a clock, unseeded randomness,
/// unordered iteration, or the UI.
const FORBIDDEN: &[&str] = &[
    "web_sys",
    "js_sys",
    "wasm_bindgen",
    "leptos",
    "gloo",
    "std::time",
    "SystemTime",
    "Instant",
    "thread_rng",
    "getrandom",
    "HashMap",
    "HashSet",
    "crate::ui",
];

/// The modules that must build and run natively, deterministically: the simulation, the story
/// catalog, the link codec and the words layer.
const PURE_MODULES: &[&str] = &[
    "src/engine",
    "src/catalog",
    "src/share",
    "src/words",
    "src/trace",
    "src/script",
];

/// Longest a source file may be without a reason.
const MAX_LINES: usize = 400;

/// Longest a function (components included) may be, from its `fn` line to its closing brace.
const MAX_FN_LINES: usize = 70;

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in fs::read_dir(dir).expect("readable source folder") {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn pure_modules_use_no_browser_clock_random_source_or_ui() {
    let mut offences = Vec::new();
    for module in PURE_MODULES {
        let mut files = Vec::new();
        rust_files(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join(module),
            &mut files,
        );
        assert!(files.len() >= 3, "{module} holds its sources");
        for file in &files {
            let text = fs::read_to_string(file).expect("utf-8 source");
            for (number, line) in text.lines().enumerate() {
                let code = line.split("//").next().unwrap_or("");
                for word in FORBIDDEN.iter().filter(|w| code.contains(*w)) {
                    offences.push(format!("{}:{}: {word}", file.display(), number + 1));
                }
            }
        }
    }
    assert!(
        offences.is_empty(),
        "pure modules must stay pure:\n{}",
        offences.join("\n")
    );
}

/// The app's sources and the recorder's (record/, a workspace member).
fn source_files(out: &mut Vec<std::path::PathBuf>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    rust_files(&root.join("src"), out);
    rust_files(&root.join("record/src"), out);
}

#[test]
fn source_files_stay_short() {
    let mut files = Vec::new();
    source_files(&mut files);
    let long: Vec<String> = files
        .iter()
        .filter_map(|f| {
            let lines = fs::read_to_string(f).expect("utf-8 source").lines().count();
            (lines > MAX_LINES).then(|| format!("{}: {lines} lines", f.display()))
        })
        .collect();
    assert!(long.is_empty(), "split these files:\n{}", long.join("\n"));
}

/// The name of the function a line starts, if it starts one (`pub(crate) async fn name<..>(`).
fn fn_name(line: &str) -> Option<&str> {
    let mut rest = line.trim_start();
    for prefix in [
        "pub(crate) ",
        "pub(super) ",
        "pub ",
        "const ",
        "async ",
        "unsafe ",
    ] {
        rest = rest.strip_prefix(prefix).unwrap_or(rest);
    }
    let rest = rest.strip_prefix("fn ")?;
    let end = rest.find(|c: char| !(c.is_alphanumeric() || c == '_'))?;
    Some(&rest[..end])
}

/// How many lines the function starting at `lines[0]` spans, to the brace closing its body;
/// `None` for a declaration without a body. Braces in strings, characters and comments do not
/// count.
fn fn_length(lines: &[&str]) -> Option<usize> {
    let (mut depth, mut in_string) = (0usize, false);
    for (n, line) in lines.iter().enumerate() {
        let mut chars = line.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\\' if in_string => {
                    chars.next();
                }
                '"' => in_string = !in_string,
                _ if in_string => {}
                '/' if chars.peek() == Some(&'/') => break,
                '\'' => {
                    // A character literal ('{', '\n'), not a lifetime ('a).
                    let mut ahead = chars.clone();
                    let first = ahead.next();
                    let closes = if first == Some('\\') {
                        ahead.nth(1) == Some('\'')
                    } else {
                        ahead.next() == Some('\'')
                    };
                    if closes {
                        chars = ahead;
                    }
                }
                '{' => depth += 1,
                '}' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return Some(n + 1);
                    }
                }
                ';' if depth == 0 && line.trim_end().ends_with(';') => return None,
                _ => {}
            }
        }
    }
    None
}

#[test]
fn functions_stay_under_seventy_lines() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    source_files(&mut files);
    let mut long = Vec::new();
    for file in &files {
        let text = fs::read_to_string(file).expect("utf-8 source");
        let lines: Vec<&str> = text.lines().collect();
        let relative = file
            .strip_prefix(root)
            .expect("under the crate")
            .to_string_lossy();
        for (i, line) in lines.iter().enumerate() {
            let Some(name) = fn_name(line) else {
                continue;
            };
            let Some(length) = fn_length(&lines[i..]) else {
                continue;
            };
            if length > MAX_FN_LINES {
                long.push(format!("{relative}:{}: {name}: {length} lines", i + 1));
            }
        }
    }
    assert!(
        long.is_empty(),
        "split these functions:\n{}",
        long.join("\n")
    );
}

#[test]
fn every_source_file_opens_with_a_doc_comment() {
    let mut files = Vec::new();
    source_files(&mut files);
    for file in &files {
        let text = fs::read_to_string(file).expect("utf-8 source");
        assert!(
            text.trim_start().starts_with("//!"),
            "{} should open with a `//!` module doc comment",
            file.display()
        );
    }
}

#[test]
fn native_test_files_are_skipped_in_the_browser_run() {
    // `wasm-pack test` compiles every file in tests/ for wasm32; native-only ones must opt out.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    for entry in fs::read_dir(dir).expect("tests folder") {
        let path = entry.expect("directory entry").path();
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let text = fs::read_to_string(&path).expect("utf-8 test source");
        let wasm_only = text.contains("#![cfg(target_arch = \"wasm32\")]");
        let native_only = text.contains("#![cfg(not(target_arch = \"wasm32\"))]");
        assert!(
            wasm_only || native_only,
            "{} must start with #![cfg(target_arch = \"wasm32\")] or #![cfg(not(target_arch = \"wasm32\"))]",
            path.display()
        );
    }
}

/// The catalog's files of story and question texts: English prose by nature, kept beside
/// the scenarios it retells (each `(file, what it holds)`).
const STORY_FILES: &[(&str, &str)] = &[
    (
        "src/catalog/leases.rs",
        "the lease stories: titles, narration",
    ),
    ("src/catalog/tokens.rs", "the token stories"),
    (
        "src/catalog/clients.rs",
        "the stories of how a client counts its lease",
    ),
    (
        "src/catalog/fault_stories.rs",
        "the stories of faults other than pauses",
    ),
    ("src/catalog/stale.rs", "the stale-owner stories"),
    ("src/catalog/outages.rs", "the outage stories"),
    (
        "src/catalog/beyond.rs",
        "the stories of what sits under the lease",
    ),
    (
        "src/catalog/election.rs",
        "the story of a deposed leader fenced by its epoch",
    ),
    (
        "src/catalog/lock_free.rs",
        "the story of the warehouse with no lock",
    ),
    (
        "src/catalog/came_back.rs",
        "the story of an item sold and given back (ABA)",
    ),
    (
        "src/catalog/systems_stories.rs",
        "the stories that open on a real system",
    ),
    (
        "src/catalog/systems_tokens.rs",
        "the stories of systems without ordered tokens",
    ),
    (
        "src/catalog/who_fences.rs",
        "the \"who fences?\" story on every system",
    ),
    (
        "src/catalog/questions/",
        "the stories' questions and answers",
    ),
    (
        "src/catalog/narration.rs",
        "narration steps several stories share",
    ),
    (
        "src/catalog/written.rs",
        "the steps that tell a written story's moments",
    ),
    (
        "src/catalog/recordings.rs",
        "the shipped recorded runs' titles and summaries",
    ),
    (
        "src/catalog/systems.rs",
        "the real systems' names and the sources cited for their defaults",
    ),
    (
        "src/catalog/advice.rs",
        "the stories' advice about the token switch",
    ),
];

/// True exceptions to "English only in the words layer and the stories": `(file or
/// file:literal, reason)`. Not a parking place for today's offenders.
const ENGLISH_ALLOWED: &[(&str, &str)] = &[
    ("src/words/", "the words layer says everything"),
    (
        "src/engine/scenario.rs:Warehouse service",
        "scenario data, not a sentence: the default scenario's apps' role, shown as given",
    ),
    (
        "src/engine/examples.rs:Warehouse service",
        "scenario data, not a sentence: the GC-pause story's apps' role, shown as given",
    ),
    (
        "src/engine/examples.rs:Worker",
        "scenario data, not a sentence: the busy load's apps' role, shown as given",
    ),
];

/// Every file under `src/`, as `(path relative to the crate, text)`.
fn src_tree() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    files.sort();
    files
        .iter()
        .map(|f| {
            let relative = f.strip_prefix(root).expect("under the crate");
            let path = relative.to_string_lossy().replace('\\', "/");
            (path, fs::read_to_string(f).expect("utf-8 source"))
        })
        .collect()
}

/// Test-only files (`#[cfg(test)] mod x_tests;`, `*_tests.rs`) and `#[cfg(test)]` items are
/// left out: a test may import what it tests without making a production cycle.
#[test]
fn no_source_file_imports_itself_through_others() {
    let cycles = import_cycles(&src_tree());
    assert!(
        cycles.is_empty(),
        "{} import cycles between files:\n{}",
        cycles.len(),
        cycles.join("\n")
    );
}

#[test]
fn no_layer_imports_a_higher_one() {
    let offences = upward_imports(&src_tree());
    assert!(
        offences.is_empty(),
        "layers, lowest first: {}; {} upward imports:\n{}",
        LAYERS.join(" < "),
        offences.len(),
        offences.join("\n")
    );
}

#[test]
fn the_views_use_the_erased_helpers_not_leptos_generics() {
    let offences = leptos_generics_in_ui(&src_tree()).join("\n");
    assert!(
        offences.is_empty(),
        "use ui::shown, effect, derived, memo or slot:\n{offences}"
    );
}

#[test]
fn only_the_on_demand_module_calls_the_story_reader_and_writer() {
    let offences = reader_outside_on_demand(&src_tree());
    assert!(
        offences.is_empty(),
        "call crate::ui::on_demand (the reader and writer load on demand):\n{}",
        offences.join("\n")
    );
}

#[test]
fn only_the_ui_uses_the_browser_crates() {
    let offences = browser_outside_ui(&src_tree());
    assert!(
        offences.is_empty(),
        "browser crates outside src/ui:\n{}",
        offences.join("\n")
    );
}

#[test]
fn english_lives_in_the_words_layer_and_the_stories() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut classes = BTreeSet::new();
    for entry in fs::read_dir(root.join("style")).expect("style folder") {
        let path = entry.expect("directory entry").path();
        if path.extension().is_some_and(|e| e == "css") {
            classes.extend(css_classes(&fs::read_to_string(path).expect("utf-8 css")));
        }
    }
    let allowed: Vec<&str> = STORY_FILES
        .iter()
        .chain(ENGLISH_ALLOWED)
        .map(|(file, _)| *file)
        .collect();
    let offences = english_literals(&src_tree(), &allowed, &classes);
    assert!(
        offences.is_empty(),
        "{} English literals outside src/words and the stories:\n{}",
        offences.len(),
        offences.join("\n")
    );
}
