//! The link codec follows the engine's rules: pure (no browser, clock, randomness or hash
//! maps), every file opens with a `//!` doc comment and stays under 400 lines.
#![cfg(not(target_arch = "wasm32"))]

use std::fs;
use std::path::Path;

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

#[test]
fn share_files_are_pure_documented_and_short() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/share");
    let mut offences = vec![];
    let mut files = 0;
    for entry in fs::read_dir(&dir).expect("src/share") {
        let path = entry.unwrap().path();
        let text = fs::read_to_string(&path).unwrap();
        let name = path.display();
        files += 1;
        if !text.trim_start().starts_with("//!") {
            offences.push(format!("{name}: no //! doc comment"));
        }
        if text.lines().count() > 400 {
            offences.push(format!("{name}: over 400 lines"));
        }
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for word in FORBIDDEN.iter().filter(|w| code.contains(*w)) {
                offences.push(format!("{name}:{}: {word}", n + 1));
            }
        }
    }
    assert!(files >= 3, "src/share holds the codec");
    assert!(offences.is_empty(), "{}", offences.join("\n"));
}
