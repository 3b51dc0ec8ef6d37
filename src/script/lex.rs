//! Cutting a story into statements and words: a statement ends at a line's end or at `;`, a
//! `#` starts a comment to the line's end, a word in double quotes keeps its spaces (`\"` and
//! `\\` inside), and a lone `,` is a word of its own (inside a `key=value` it is the value's).
//! Every word keeps its place: line and column, counted from 1 in characters.

use super::error::{ScriptError, ScriptProblem};
use super::limits::MAX_TEXT_BYTES;

/// One word of a statement and where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Word {
    /// Its text (a quoted word without its quotes and escapes).
    pub text: String,
    /// Whether it was written in double quotes.
    pub quoted: bool,
    /// Its line, from 1.
    pub line: usize,
    /// Its first character's column, from 1.
    pub column: usize,
    /// Its width in characters, quotes included.
    pub width: usize,
}

/// One statement: its words, and the place just after its last character (where something
/// missing is marked).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statement {
    /// The words, at least one.
    pub words: Vec<Word>,
    /// The line of the statement's end.
    pub end_line: usize,
    /// The column just after its last word.
    pub end_column: usize,
}

/// Where byte `at` of `text` stands: its line and column, from 1.
pub fn place(text: &str, at: usize) -> (usize, usize) {
    let before = &text.as_bytes()[..at.min(text.len())];
    let line = 1 + before.iter().filter(|b| **b == b'\n').count();
    let start = before
        .iter()
        .rposition(|b| *b == b'\n')
        .map_or(0, |i| i + 1);
    let column = 1 + text
        .get(start..)
        .unwrap_or_default()
        .char_indices()
        .take_while(|(i, _)| start + i < at)
        .count();
    (line, column)
}

/// The statements of `text`, or the problems that stop it being read: too long, or a quote
/// that never closes.
pub fn lex(text: &str) -> Result<Vec<Statement>, Vec<ScriptError>> {
    if text.len() > MAX_TEXT_BYTES {
        let mut at = MAX_TEXT_BYTES;
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        let (line, column) = place(text, at);
        let problem = ScriptProblem::TooLong {
            max_bytes: MAX_TEXT_BYTES,
        };
        return Err(vec![ScriptError::at(line, column, 1, problem)]);
    }
    let mut statements = Vec::new();
    let mut errors = Vec::new();
    for (index, line) in text.split('\n').enumerate() {
        lex_line(index + 1, line, &mut statements, &mut errors);
    }
    match errors.is_empty() {
        true => Ok(statements),
        false => Err(errors),
    }
}

/// Adds the statements of line `number` (its text `line`).
fn lex_line(
    number: usize,
    line: &str,
    statements: &mut Vec<Statement>,
    errors: &mut Vec<ScriptError>,
) {
    let chars: Vec<char> = line.chars().collect();
    let mut words = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '#' {
            break;
        } else if c == ';' {
            close(number, &mut words, statements);
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c == '"' {
            match quoted(&chars[i..]) {
                Some((text, width)) => {
                    words.push(word(text, true, number, i, width));
                    i += width;
                }
                None => {
                    let width = chars.len() - i;
                    errors.push(ScriptError::at(
                        number,
                        i + 1,
                        width,
                        ScriptProblem::Unclosed,
                    ));
                    return;
                }
            }
        } else {
            let width = bare(&chars[i..]);
            let text: String = chars[i..i + width].iter().collect();
            words.push(word(text, false, number, i, width));
            i += width;
        }
    }
    close(number, &mut words, statements);
}

fn word(text: String, quoted: bool, line: usize, at: usize, width: usize) -> Word {
    Word {
        text,
        quoted,
        line,
        column: at + 1,
        width,
    }
}

/// Ends the statement being read, if it has words.
fn close(line: usize, words: &mut Vec<Word>, out: &mut Vec<Statement>) {
    let Some(last) = words.last() else {
        return;
    };
    let end_column = last.column + last.width;
    out.push(Statement {
        words: std::mem::take(words),
        end_line: line,
        end_column,
    });
}

/// The text and width (quotes included) of the quoted word `chars` starts, or `None` if it
/// never closes.
fn quoted(chars: &[char]) -> Option<(String, usize)> {
    let mut text = String::new();
    let mut i = 1;
    while i < chars.len() {
        match chars[i] {
            '"' => return Some((text, i + 1)),
            '\\' if matches!(chars.get(i + 1), Some('"' | '\\')) => {
                text.push(chars[i + 1]);
                i += 2;
            }
            c => {
                text.push(c);
                i += 1;
            }
        }
    }
    None
}

/// The width of the bare word `chars` starts: up to a space, `;`, `#` or `"`, and up to a
/// `,` unless the word is a `key=value` (whose value may list things) or is a lone `,`.
fn bare(chars: &[char]) -> usize {
    if chars[0] == ',' {
        return 1;
    }
    let mut setting = false;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() || matches!(c, ';' | '#' | '"') || (c == ',' && !setting) {
            break;
        }
        setting |= c == '=';
        i += 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(text: &str) -> Vec<Vec<String>> {
        let statements = lex(text).expect("lexes");
        let words = |s: &Statement| s.words.iter().map(|w| w.text.clone()).collect();
        statements.iter().map(words).collect()
    }

    #[test]
    fn statements_end_at_lines_and_semicolons_and_comments_are_dropped() {
        let got = texts("run for 2min # the whole run\n\n app A \"Two words\"; @20s A pauses");
        let want = [
            vec!["run", "for", "2min"],
            vec!["app", "A", "Two words"],
            vec!["@20s", "A", "pauses"],
        ];
        assert_eq!(got, want);
    }

    #[test]
    fn commas_split_words_except_inside_a_setting() {
        let got = texts("does read, work 1s,write; resource payments invoices=1,2,3");
        let want = [
            vec!["does", "read", ",", "work", "1s", ",", "write"],
            vec!["resource", "payments", "invoices=1,2,3"],
        ];
        assert_eq!(got, want);
    }

    #[test]
    fn words_know_their_place_in_characters() {
        let statements = lex("é;  app \"a \\\" b\" x").expect("lexes");
        let app = &statements[1].words;
        assert_eq!((app[0].column, app[0].width), (5, 3));
        assert_eq!(
            (app[1].text.as_str(), app[1].column, app[1].width),
            ("a \" b", 9, 8)
        );
        assert_eq!((app[2].column, statements[1].end_column), (18, 19));
        assert_eq!(statements[0].end_column, 2);
    }

    #[test]
    fn an_unclosed_quote_and_a_long_text_are_marked() {
        let err = lex("app A \"Warehouse").unwrap_err();
        assert_eq!((err[0].line, err[0].column, err[0].width), (1, 7, 10));
        let long = "# é\n".repeat(2_000);
        let err = lex(&long).unwrap_err();
        assert_eq!(err[0].problem, ScriptProblem::TooLong { max_bytes: 6_000 });
        assert_eq!(place(&long, 6_000), (err[0].line, err[0].column));
    }
}
