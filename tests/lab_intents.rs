//! Every kind of intent the reducer takes has a native test: each variant of each area's intents
//! (read from `src/lab/intent/*.rs`) is named as `AreaIntent::Variant` in one of the
//! `tests/lab_*.rs` files. (That every variant has a handler and a class is the compiler's
//! work: each is an exhaustive `match`.)
#![cfg(not(target_arch = "wasm32"))]

use std::fs;
use std::path::Path;

/// The enum's name and its variant names in `source` (lines `    Name,` `    Name(…)`
/// `    Name {`).
fn variants(source: &str) -> (String, Vec<String>) {
    let (head, body) = source.split_once(" {\n").expect("an enum");
    let name = head.rsplit("pub enum ").next().expect("its name").trim();
    let body = body.split("\n}\n").next().expect("its end");
    let names = body
        .lines()
        .filter(|l| l.starts_with("    ") && !l.starts_with("     "))
        .map(str::trim)
        .filter(|l| l.starts_with(|c: char| c.is_ascii_uppercase()))
        .map(|l| {
            l.split(|c: char| !c.is_alphanumeric())
                .next()
                .unwrap_or("")
                .to_string()
        })
        .collect();
    (name.to_string(), names)
}

/// The enum in `source`, from `pub enum` on.
fn enum_of(source: &str) -> &str {
    let at = source.find("pub enum ").expect("an enum");
    &source[at..]
}

#[test]
fn every_intent_is_done_through_the_reducer_in_a_native_test() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut tests = String::new();
    for entry in fs::read_dir(root.join("tests")).expect("tests") {
        let path = entry.expect("entry").path();
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        if name.starts_with("lab_") && name.ends_with(".rs") && name != "lab_intents.rs" {
            tests.push_str(&fs::read_to_string(&path).expect("a test file"));
        }
    }
    let (mut all, mut untested) = (0, Vec::new());
    for entry in fs::read_dir(root.join("src/lab/intent")).expect("the areas") {
        let source = fs::read_to_string(entry.expect("an area").path()).expect("its text");
        let (area, names) = variants(enum_of(&source));
        if !area.ends_with("Intent") {
            continue; // the classes, not an area
        }
        all += names.len();
        for n in names {
            if !tests.contains(&format!("{area}::{n}")) {
                untested.push(format!("{area}::{n}"));
            }
        }
    }
    assert!(all >= 60, "{all} intents");
    assert!(untested.is_empty(), "no native test does {untested:?}");
}

#[test]
fn the_variant_reader_sees_a_planted_variant() {
    let source = "pub enum PlantedIntent {\n    /// Doc.\n    Planted,\n    With(u64),\n    Fields {\n        a: u64,\n    },\n}\n";
    let (name, names) = variants(source);
    assert_eq!(name, "PlantedIntent");
    assert_eq!(names, ["Planted", "With", "Fields"]);
}
