//! Every kind of intent the reducer takes has a native test: each variant of `Intent` (read
//! from `src/lab/intent.rs`) is named as `Intent::Variant` in one of the `tests/lab_*.rs` files.
#![cfg(not(target_arch = "wasm32"))]

use std::fs;
use std::path::Path;

/// The variant names of the enum in `source` (lines `    Name,` `    Name(…)` `    Name {`).
fn variants(source: &str) -> Vec<String> {
    let body = source.split("pub enum Intent {").nth(1).expect("the enum");
    let body = body.split("\n}\n").next().expect("its end");
    body.lines()
        .filter(|l| l.starts_with("    ") && !l.starts_with("     "))
        .map(str::trim)
        .filter(|l| l.starts_with(|c: char| c.is_ascii_uppercase()))
        .map(|l| {
            l.split(|c: char| !c.is_alphanumeric())
                .next()
                .unwrap_or("")
                .to_string()
        })
        .collect()
}

#[test]
fn every_intent_is_done_through_the_reducer_in_a_native_test() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let source = fs::read_to_string(root.join("src/lab/intent.rs")).expect("the intents");
    let names = variants(&source);
    assert!(names.len() >= 40, "{names:?}");
    let mut tests = String::new();
    for entry in fs::read_dir(root.join("tests")).expect("tests") {
        let path = entry.expect("entry").path();
        let name = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .to_string();
        if name.starts_with("lab_") && name.ends_with(".rs") && name != "lab_intents.rs" {
            tests.push_str(&fs::read_to_string(&path).expect("a test file"));
        }
    }
    let untested: Vec<&String> = names
        .iter()
        .filter(|n| !tests.contains(&format!("Intent::{n}")))
        .collect();
    assert!(untested.is_empty(), "no native test does {untested:?}");
}

#[test]
fn the_variant_reader_sees_a_planted_variant() {
    let source = "pub enum Intent {\n    /// Doc.\n    Planted,\n    With(u64),\n    Fields {\n        a: u64,\n    },\n}\n";
    assert_eq!(variants(source), ["Planted", "With", "Fields"]);
}
