//! Reading Rust source as text: comments and literals told apart from code, and the parts
//! that only `cargo test` compiles (`#[cfg(test)]` items, test-only files) set aside.

/// One string literal of a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Literal {
    /// 1-based line of its opening quote.
    pub line: usize,
    /// Byte offset of its opening quote (or `r`/`b` prefix) in [`Lexed::code`].
    pub at: usize,
    /// Its text between the quotes, escapes as written.
    pub text: String,
}

/// A file with its comments blanked and its literals lifted out.
#[derive(Clone, Debug, Default)]
pub struct Lexed {
    /// The source with comments, string literals and character literals replaced by spaces
    /// (newlines kept, so lines still count); a string literal keeps its two quote marks.
    pub code: String,
    /// The string literals, in file order.
    pub literals: Vec<Literal>,
}

/// Whether `c` may be part of an identifier.
pub fn ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Pushes `c` as blank: a newline stays, anything else becomes one space.
fn blank(out: &mut String, c: char) {
    out.push(if c == '\n' { '\n' } else { ' ' });
}

/// How a raw or byte string starting at `chars[i]` opens: the length of its prefix up to
/// and including the quote, and its number of `#`s; `None` if no string starts there.
fn string_opening(chars: &[char], i: usize) -> Option<(usize, usize, bool)> {
    if i > 0 && ident_char(chars[i - 1]) {
        return None;
    }
    let mut j = i;
    if chars.get(j) == Some(&'b') {
        j += 1;
    }
    let raw = chars.get(j) == Some(&'r');
    if raw {
        j += 1;
    }
    let hashes = chars[j.min(chars.len())..]
        .iter()
        .take_while(|c| **c == '#')
        .count();
    if !raw && hashes > 0 {
        return None;
    }
    (chars.get(j + hashes) == Some(&'"') && j > i).then_some((j + hashes + 1 - i, hashes, raw))
}

/// Splits `text` into code and literals (see [`Lexed`]). Handles line and nested block
/// comments, escapes, raw strings (`r#"…"#`), byte strings, and character literals versus
/// lifetimes.
pub fn lex(text: &str) -> Lexed {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Lexed::default();
    let (mut i, mut line) = (0, 1);
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                blank(&mut out.code, chars[i]);
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.code.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                    continue;
                }
                line += usize::from(chars[i] == '\n');
                blank(&mut out.code, chars[i]);
                i += 1;
            }
        } else if let Some(open) = (c == '"')
            .then_some((1, 0, false))
            .or_else(|| string_opening(&chars, i))
        {
            i = string(&chars, i, open, &mut line, &mut out);
        } else if c == '\'' {
            i = quote(&chars, i, &mut out.code);
        } else {
            line += usize::from(c == '\n');
            out.code.push(c);
            i += 1;
        }
    }
    out
}

/// Reads the string literal at `chars[start]` opened by `(prefix, hashes, raw)`, records it,
/// and returns the index after it.
fn string(
    chars: &[char],
    start: usize,
    (prefix, hashes, raw): (usize, usize, bool),
    line: &mut usize,
    out: &mut Lexed,
) -> usize {
    let at = out.code.len();
    let first_line = *line;
    let mut i = start + prefix;
    let mut body = String::new();
    while let Some(&c) = chars.get(i) {
        if !raw && c == '\\' {
            body.push(c);
            if let Some(&escaped) = chars.get(i + 1) {
                body.push(escaped);
            }
            i += 2;
            continue;
        }
        if c == '"'
            && chars[i + 1..]
                .iter()
                .take(hashes)
                .filter(|h| **h == '#')
                .count()
                == hashes
        {
            i += 1 + hashes;
            break;
        }
        body.push(c);
        i += 1;
    }
    out.code.push('"');
    let end = i.min(chars.len()).saturating_sub(1).max(start + 1);
    for &c in &chars[start + 1..end] {
        *line += usize::from(c == '\n');
        blank(&mut out.code, c);
    }
    out.code.push('"');
    out.literals.push(Literal {
        line: first_line,
        at,
        text: body,
    });
    i
}

/// Blanks the character literal at `chars[start]` (`'{'`, `'\n'`, `'\u{7f}'`), or keeps a
/// lifetime's quote (`'a`); returns the index after what it consumed.
fn quote(chars: &[char], start: usize, code: &mut String) -> usize {
    let end = if chars.get(start + 1) == Some(&'\\') {
        chars[start + 2..]
            .iter()
            .position(|c| *c == '\'')
            .map(|p| start + 2 + p)
    } else if chars.get(start + 2) == Some(&'\'') {
        Some(start + 2)
    } else {
        None
    };
    match end {
        Some(end) => {
            for &c in &chars[start..=end] {
                blank(code, c);
            }
            end + 1
        }
        None => {
            code.push('\'');
            start + 1
        }
    }
}

/// The byte index of the bracket closing the one at `open` in `code` (which has no
/// literals or comments left to fool it), or the end of `code`.
pub fn closing(code: &str, open: usize) -> usize {
    let bytes = code.as_bytes();
    let (opener, closer) = match bytes[open] {
        b'(' => (b'(', b')'),
        b'[' => (b'[', b']'),
        _ => (b'{', b'}'),
    };
    let mut depth = 0usize;
    for (i, b) in bytes.iter().enumerate().skip(open) {
        if *b == opener {
            depth += 1;
        } else if *b == closer {
            depth -= 1;
            if depth == 0 {
                return i;
            }
        }
    }
    code.len()
}

/// What `#[cfg(test)]` hides in one file: the spans of the items it marks (blanked in the
/// returned code, their literals dropped) and the names of the test-only module files it
/// declares (`#[cfg(test)] mod dispatch_tests;`).
pub fn without_tests(mut lexed: Lexed) -> (Lexed, Vec<String>) {
    let mut modules = Vec::new();
    let mut spans = Vec::new();
    let mut from = 0;
    while let Some(found) = lexed.code[from..].find("#[cfg(test)]") {
        let start = from + found;
        let after = start + "#[cfg(test)]".len();
        let rest = &lexed.code[after..];
        let stop = rest
            .find(['{', ';'])
            .map_or(lexed.code.len(), |p| after + p);
        let end = if lexed.code.as_bytes().get(stop) == Some(&b';') {
            let item: Vec<&str> = lexed.code[after..stop].split_whitespace().collect();
            if let Some(name) = item
                .iter()
                .position(|w| *w == "mod")
                .and_then(|p| item.get(p + 1))
            {
                modules.push(name.to_string());
            }
            stop
        } else {
            closing(&lexed.code, stop.min(lexed.code.len() - 1))
        };
        spans.push((start, end));
        from = end.max(after);
    }
    let mut code: Vec<u8> = lexed.code.into_bytes();
    let last = code.len().saturating_sub(1);
    for &(start, end) in &spans {
        for b in &mut code[start..=end.min(last)] {
            if *b != b'\n' {
                *b = b' ';
            }
        }
    }
    lexed.code = String::from_utf8_lossy(&code).into_owned();
    lexed
        .literals
        .retain(|l| !spans.iter().any(|&(s, e)| (s..=e).contains(&l.at)));
    (lexed, modules)
}
