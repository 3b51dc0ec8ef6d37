//! Walking one statement's words: take the next, check it is one of a list (suggesting the
//! nearest if not), read a value, and say what is missing at the statement's end.

use super::error::{clipped, Expected, ScriptError, ScriptProblem};
use super::lex::{Statement, Word};
use super::suggest::nearest;
use super::values;

/// Where a value was written: line, column and width.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    /// Line, from 1.
    pub line: usize,
    /// Column, from 1.
    pub column: usize,
    /// Width in characters.
    pub width: usize,
}

impl Span {
    /// The span of `word`.
    pub fn of(word: &Word) -> Span {
        Span {
            line: word.line,
            column: word.column,
            width: word.width,
        }
    }

    /// A problem marking this span.
    pub fn error(self, problem: ScriptProblem) -> ScriptError {
        ScriptError::at(self.line, self.column, self.width, problem)
    }
}

/// The words of one statement, taken one at a time.
pub struct Cursor<'s> {
    words: &'s [Word],
    at: usize,
    end: Span,
}

/// A problem, or a value.
pub type Read<T> = Result<T, ScriptError>;

impl<'s> Cursor<'s> {
    /// A cursor at the first word of `statement`.
    pub fn new(statement: &'s Statement) -> Cursor<'s> {
        let end = Span {
            line: statement.end_line,
            column: statement.end_column,
            width: 1,
        };
        Cursor {
            words: &statement.words,
            at: 0,
            end,
        }
    }

    /// The next word, not taken.
    pub fn peek(&self) -> Option<&'s Word> {
        self.words.get(self.at)
    }

    /// Takes the next word, if any.
    pub fn next_word(&mut self) -> Option<&'s Word> {
        let word = self.words.get(self.at)?;
        self.at += 1;
        Some(word)
    }

    /// Takes the next word, or says `expected` is missing.
    pub fn take(&mut self, expected: Expected) -> Read<&'s Word> {
        self.next_word().ok_or(self.missing(expected))
    }

    /// What is missing at the statement's end.
    pub fn missing(&self, expected: Expected) -> ScriptError {
        self.end.error(ScriptProblem::Missing { expected })
    }

    /// Takes the next word, which must be one of `choices`.
    pub fn choose(&mut self, choices: &'static [&'static str]) -> Read<(&'static str, Span)> {
        let word = self.take(Expected::OneOf(choices))?;
        let span = Span::of(word);
        one_of(&word.text, choices)
            .map(|c| (c, span))
            .map_err(|p| span.error(p))
    }

    /// Takes the next word, which must be `keyword` (`&["for"]`).
    pub fn expect(&mut self, keyword: &'static [&'static str]) -> Read<Span> {
        self.choose(keyword).map(|(_, span)| span)
    }

    /// Takes a duration: one word (`30s`) or a number and its unit (`1.5 s`).
    pub fn duration(&mut self) -> Read<(u64, Span)> {
        let word = self.take(Expected::Duration)?;
        let mut span = Span::of(word);
        let mut text = word.text.clone();
        if let Some(unit) = self
            .peek()
            .filter(|u| values::is_number(&text) && values::is_unit(&u.text))
        {
            text.push_str(&unit.text);
            span.width = unit.column + unit.width - span.column;
            self.at += 1;
        }
        values::duration(&text)
            .map(|ms| (ms, span))
            .map_err(|p| span.error(p))
    }

    /// Takes a value word read by `read`, which says what is wrong with it.
    pub fn value<T>(
        &mut self,
        expected: Expected,
        read: impl Fn(&str) -> Result<T, ScriptProblem>,
    ) -> Read<(T, Span)> {
        let word = self.take(expected)?;
        let span = Span::of(word);
        read(&word.text)
            .map(|v| (v, span))
            .map_err(|p| span.error(p))
    }

    /// Takes a `,` if it is next.
    pub fn comma(&mut self) -> bool {
        let comma = self.peek().is_some_and(|w| w.text == "," && !w.quoted);
        self.at += usize::from(comma);
        comma
    }

    /// Says the statement is over: a word left is one too many.
    pub fn done(&self) -> Read<()> {
        match self.peek() {
            None => Ok(()),
            Some(word) => Err(Span::of(word).error(ScriptProblem::Unexpected {
                found: clipped(&word.text),
                expected: Expected::End,
                suggestion: None,
            })),
        }
    }
}

/// `text` as one of `choices`, or what is wrong (with the nearest choice).
pub fn one_of(text: &str, choices: &'static [&'static str]) -> Result<&'static str, ScriptProblem> {
    if let Some(choice) = choices.iter().find(|c| **c == text) {
        return Ok(choice);
    }
    Err(ScriptProblem::Unexpected {
        found: clipped(text),
        expected: Expected::OneOf(choices),
        suggestion: nearest(text, choices.iter().copied()),
    })
}
