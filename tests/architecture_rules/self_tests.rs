//! Each rule seen to fail once: small planted trees where the rule must catch exactly the
//! planted offence, and the look-alikes it must let through.

use std::collections::BTreeSet;

use super::english::{english_literals, looks_english};
use super::source::lex;
use super::{browser_outside_ui, import_cycles, upward_imports};

fn tree(files: &[(&str, &str)]) -> Vec<(String, String)> {
    files
        .iter()
        .map(|(p, t)| (p.to_string(), t.to_string()))
        .collect()
}

#[test]
fn the_lexer_tells_strings_from_comments_characters_and_lifetimes() {
    let text = "let c = '\"'; // \"not a string\"\n/* \"nor\" /* \"this\" */ */\n\
                let s: &'static str = r#\"a \"quoted\" b\"#; let t = \"x\\\"y\";";
    let lexed = lex(text);
    let texts: Vec<&str> = lexed.literals.iter().map(|l| l.text.as_str()).collect();
    assert_eq!(texts, ["a \"quoted\" b", "x\\\"y"]);
    assert_eq!(lexed.literals[0].line, 3);
    assert!(lexed.code.contains("&'static str"));
    assert!(!lexed.code.contains("not a string"));
}

#[test]
fn the_cycle_check_finds_a_planted_circle() {
    let files = tree(&[
        ("src/lib.rs", "pub mod a;\npub mod b;\npub mod c;"),
        ("src/a/mod.rs", "use crate::b::{Thing, deep::Other as O};"),
        ("src/b/mod.rs", "pub mod deep;\npub struct Thing;"),
        ("src/b/deep.rs", "pub fn g() { crate::c::h(); }"),
        ("src/c.rs", "pub fn h() { let _ = super::a::f; }"),
    ]);
    let cycles = import_cycles(&files);
    assert_eq!(cycles.len(), 1, "{cycles:?}");
    assert!(
        cycles[0].starts_with("3 files: src/a/mod.rs, src/b/deep.rs, src/c.rs"),
        "{}",
        cycles[0]
    );
    assert!(cycles[0].contains("src/a/mod.rs → src/b/deep.rs → src/c.rs → src/a/mod.rs"));
}

#[test]
fn the_cycle_check_sees_re_exports_and_bare_child_paths() {
    let files = tree(&[
        ("src/lib.rs", "pub mod x;"),
        (
            "src/x/mod.rs",
            "mod y;\nmod z;\npub use y::Y;\npub fn f() { z::g() }",
        ),
        ("src/x/y.rs", "use super::{self as parent};\npub struct Y;"),
        ("src/x/z.rs", "pub fn g() {}"),
    ]);
    let cycles = import_cycles(&files);
    assert_eq!(cycles.len(), 1, "{cycles:?}");
    assert!(cycles[0].starts_with("2 files: src/x/mod.rs, src/x/y.rs"));
}

#[test]
fn the_cycle_check_ignores_tests_comments_and_strings() {
    let files = tree(&[
        ("src/lib.rs", "pub mod a;\npub mod b;"),
        (
            "src/a/mod.rs",
            "#[cfg(test)]\nmod a_tests;\n#[cfg(test)]\nmod more;\n\
             // use crate::b::Thing;\npub fn f() -> &'static str { \"crate::b::Thing\" }\n\
             #[cfg(test)]\nmod tests { use crate::b::Thing; }",
        ),
        ("src/a/a_tests.rs", "use crate::b::Thing;"),
        ("src/a/more.rs", "use crate::b::Thing;"),
        ("src/b/mod.rs", "use crate::a::f;\npub struct Thing;"),
    ]);
    assert_eq!(import_cycles(&files), Vec::<String>::new());
}

#[test]
fn the_layering_check_finds_an_upward_import_and_a_module_without_a_layer() {
    let files = tree(&[
        (
            "src/lib.rs",
            "pub mod engine;\npub mod words;\npub mod extra;",
        ),
        (
            "src/engine/mod.rs",
            "pub fn run() -> String { crate::words::time(3) }",
        ),
        (
            "src/words/mod.rs",
            "use crate::engine::run;\npub fn time(_: u64) {}",
        ),
        ("src/extra.rs", "//! Not in the table."),
    ]);
    assert_eq!(
        upward_imports(&files),
        [
            "src/extra: not in the layering table",
            "src/engine/mod.rs imports src/words/mod.rs",
        ]
    );
}

#[test]
fn the_browser_check_finds_leptos_outside_the_ui() {
    let files = tree(&[
        ("src/lib.rs", "pub mod engine;\npub mod ui;"),
        (
            "src/engine/mod.rs",
            "// leptos is fine in a comment\nuse leptos::prelude::*;\nfn f() { \"web_sys\"; }\n\
             #[cfg(test)]\nmod tests { use gloo_timers::future::sleep; }",
        ),
        (
            "src/ui/mod.rs",
            "use leptos::prelude::*;\nuse web_sys::Window;",
        ),
    ]);
    assert_eq!(
        browser_outside_ui(&files),
        ["src/engine/mod.rs:2: leptos", "src/engine/mod.rs:5: gloo"]
    );
}

#[test]
fn the_english_check_finds_a_planted_sentence() {
    let code = r##"fn notice(x: u8) -> String {
    let key = "scenario";
    let _ = std::fs::read("a").expect("A readable file");
    let _ = x.checked_add(1).unwrap_or_else(|| panic!("{}", format!("Bad input {x}")));
    let _ = view! { <p class="btn primary" data-kind="Big Kind" aria-label="Close the dialog">"OK"</p> };
    if key == "ArrowLeft" { return vec!["Two words"].concat(); }
    format!("Ignored unknown parameter '{key}'")
}
#[cfg(test)]
mod tests { fn t() { let _ = "Hello world"; } }
"##;
    let files = tree(&[("src/share/mod.rs", code), ("src/words/mod.rs", code)]);
    let classes: BTreeSet<String> = ["btn", "primary"].map(String::from).into();
    let found = english_literals(&files, &["src/words/", "src/share/mod.rs:OK"], &classes);
    assert_eq!(
        found,
        [
            "src/share/mod.rs:5: \"Close the dialog\"",
            "src/share/mod.rs:6: \"Two words\"",
            "src/share/mod.rs:7: \"Ignored unknown parameter '{key}'\"",
        ]
    );
}

#[test]
fn the_english_heuristic_knows_words_from_keys_and_classes() {
    let none = BTreeSet::new();
    for english in [
        "OK",
        "on or off",
        "Lease length",
        "a lease",
        "…and {n} more problems",
    ] {
        assert!(looks_english(english, &none), "{english}");
    }
    for not in [
        "scenario",
        "ttl_ms",
        "p.A.20000.40000",
        "{from}-{to}",
        "Escape",
        "0 0 10 20",
        "",
        ".legend li",
        "(prefers-reduced-motion: reduce)",
    ] {
        assert!(!looks_english(not, &none), "{not}");
    }
}
