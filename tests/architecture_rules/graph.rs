//! The file graph of `src/`: an edge from a file to every file whose module it names, by a
//! `use` (grouped braces expanded) or by a path written inline (`crate::words::time(x)`).
//! A path resolves to the deepest module that has a file: `crate::engine::fault::Fault` to
//! `src/engine/fault.rs`, `crate::engine::Fault` to `src/engine/mod.rs` (whose `pub use`
//! then leads on to `fault.rs`).

use std::collections::{BTreeMap, BTreeSet};

use super::source::ident_char;
use super::Prepared;

/// Module path → file: `[]` → `src/lib.rs`, `[engine]` → `src/engine/mod.rs`.
type Modules = BTreeMap<Vec<String>, String>;

/// The module a file holds (`src/engine/fault.rs` → `[engine, fault]`); `None` for the
/// binary's root `src/main.rs`, which is a crate of its own.
pub fn module_of(path: &str) -> Option<Vec<String>> {
    let stem = path.strip_prefix("src/")?.strip_suffix(".rs")?;
    if stem == "main" {
        return None;
    }
    let mut parts: Vec<String> = stem.split('/').map(String::from).collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    Some(parts)
}

/// The file of the deepest module that `segments` names, read from inside `here`
/// (`crate::`, `super::`, `self::`, a child module's name; `fencing_lab::` from the
/// binary); `None` for other crates' paths.
fn resolve(modules: &Modules, here: &[String], segments: &[String]) -> Option<String> {
    let (mut base, mut rest): (Vec<String>, &[String]) = (here.to_vec(), segments);
    match rest.first().map(String::as_str) {
        Some("crate") | Some("fencing_lab") => {
            base.clear();
            rest = &rest[1..];
        }
        Some("self") => rest = &rest[1..],
        Some("super") => {
            while rest.first().is_some_and(|s| s == "super") {
                base.pop()?;
                rest = &rest[1..];
            }
        }
        Some(first) => {
            let mut child = here.to_vec();
            child.push(first.to_string());
            if !modules.contains_key(&child) {
                return None;
            }
        }
        None => return None,
    }
    (0..=rest.len()).rev().find_map(|k| {
        let mut module = base.clone();
        module.extend_from_slice(&rest[..k]);
        modules.get(&module).cloned()
    })
}

/// `text` with whitespace squeezed out around `::`, braces and commas.
fn squeeze(text: &str) -> String {
    let mut out = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for token in ["::", "{", "}", ","] {
        out = out
            .replace(&format!(" {token}"), token)
            .replace(&format!("{token} "), token);
    }
    out
}

/// Splits `text` at the commas outside braces.
fn top_level_items(text: &str) -> Vec<&str> {
    let (mut items, mut depth, mut start) = (Vec::new(), 0, 0);
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(&text[start..]);
    items.into_iter().filter(|i| !i.is_empty()).collect()
}

/// Every path a use tree names: `a::{b, c::{self, D}}` → `a::b`, `a::c`, `a::c::D`.
pub fn use_paths(prefix: &[String], tree: &str, out: &mut Vec<Vec<String>>) {
    let tree = tree.trim().trim_start_matches("::");
    if let Some(open) = tree.find('{').filter(|_| tree.ends_with('}')) {
        let mut inner_prefix = prefix.to_vec();
        inner_prefix.extend(segments(tree[..open].trim_end_matches("::")));
        for item in top_level_items(&tree[open + 1..tree.len() - 1]) {
            use_paths(&inner_prefix, item, out);
        }
        return;
    }
    let path = tree.split(" as ").next().unwrap_or("");
    let mut full = prefix.to_vec();
    full.extend(segments(path).into_iter().filter(|s| s != "*"));
    if full.last().is_some_and(|s| s == "self") && full.len() > 1 {
        full.pop();
    }
    out.push(full);
}

/// The `::`-separated identifiers of a path (`r#` dropped).
fn segments(path: &str) -> Vec<String> {
    path.split("::")
        .map(|s| s.trim().trim_start_matches("r#").to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

/// The use statements of `code` (their trees) and `code` with them blanked out.
fn use_statements(code: &str) -> (Vec<String>, String) {
    let (mut trees, mut rest, mut from) = (Vec::new(), code.to_string(), 0);
    while let Some(found) = code[from..].find("use ") {
        let at = from + found;
        from = at + 4;
        let before = code[..at].chars().next_back();
        if before.is_some_and(|c| ident_char(c) || c == ':' || c == '$') {
            continue;
        }
        let end = code[at..].find(';').map_or(code.len(), |p| at + p);
        trees.push(squeeze(&code[at + 4..end]));
        rest.replace_range(at..end, &" ".repeat(end - at));
        from = end;
    }
    (trees, rest)
}

/// The paths written inline in `code`: `crate::…`, `super::…`, `self::…`, and `name::…`
/// where `name` is one of `children` (child modules in scope by their bare name).
fn inline_paths(code: &str, children: &BTreeSet<String>) -> Vec<Vec<String>> {
    let chars: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let starts = ident_char(chars[i])
            && (i == 0 || !(ident_char(chars[i - 1]) || matches!(chars[i - 1], ':' | '$' | '.')));
        if !starts {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < chars.len()
            && (ident_char(chars[j]) || (chars[j] == ':' && chars.get(j + 1) == Some(&':')))
        {
            j += if chars[j] == ':' { 2 } else { 1 };
        }
        let path: String = chars[i..j].iter().collect();
        let parts = segments(&path);
        let head = parts.first().map(String::as_str).unwrap_or("");
        let rooted = matches!(head, "crate" | "super" | "self" | "fencing_lab");
        if parts.len() > 1 && (rooted || children.contains(head)) {
            out.push(parts);
        }
        i = j.max(i + 1);
    }
    out
}

/// The edges of the graph: `(from, to)` between different production files. Test-only
/// files (see [`Prepared::test_only`]) have no edges, and `#[cfg(test)]` code makes none.
pub fn edges(files: &[Prepared]) -> BTreeSet<(String, String)> {
    let modules: Modules = files
        .iter()
        .filter_map(|f| Some((module_of(&f.path)?, f.path.clone())))
        .collect();
    let mut out = BTreeSet::new();
    for file in files.iter().filter(|f| !f.test_only) {
        let here = module_of(&file.path).unwrap_or_default();
        let children: BTreeSet<String> = modules
            .keys()
            .filter(|m| m.len() == here.len() + 1 && m.starts_with(&here))
            .filter_map(|m| m.last().cloned())
            .collect();
        let (trees, rest) = use_statements(&file.code);
        let mut paths = Vec::new();
        for tree in trees {
            use_paths(&[], &tree, &mut paths);
        }
        paths.extend(inline_paths(&rest, &children));
        for path in paths {
            if let Some(to) = resolve(&modules, &here, &path) {
                let test_only = files.iter().any(|f| f.path == to && f.test_only);
                if to != file.path && !test_only {
                    out.insert((file.path.clone(), to));
                }
            }
        }
    }
    out
}
