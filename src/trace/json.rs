//! A small JSON reader for trace files: pure, no dependency, with caps on size and depth so
//! a hostile file costs bounded memory and time. Numbers are kept as their text and parsed
//! on demand (tokens such as etcd revisions may exceed what an `f64` holds exactly).

use super::error::TraceError;
use super::expected::{Countable, Syntax};

/// Nesting deeper than this is refused (a trace needs 4 levels).
pub const MAX_DEPTH: usize = 16;

/// Longest array (the events) the reader builds.
pub const MAX_ITEMS: usize = super::format::MAX_EVENTS;

/// Most keys in one object (a trace event has at most 8).
pub const MAX_KEYS: usize = 64;

/// One JSON value. Object members keep their order; a repeated key is an error.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Null,
    Bool(bool),
    /// The number's text, checked to be JSON number syntax.
    Num(String),
    Str(String),
    Arr(Vec<Value>),
    Obj(Vec<(String, Value)>),
}

impl Value {
    /// The member `key` of an object.
    pub fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Obj(members) => members.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The value as a non-negative integer that fits in `u64`.
    pub fn as_u64(&self) -> Option<u64> {
        match self {
            Value::Num(text) => text.parse().ok(),
            _ => None,
        }
    }

    /// The value as an integer that fits in `i64`.
    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Value::Num(text) => text.parse().ok(),
            _ => None,
        }
    }
}

/// Parses `text` as one JSON value (surrounded by optional whitespace).
pub fn parse(text: &str) -> Result<Value, TraceError> {
    let mut reader = Reader {
        bytes: text.as_bytes(),
        at: 0,
    };
    let value = reader.value(0)?;
    reader.skip_space();
    if reader.at != reader.bytes.len() {
        return Err(reader.fail(Syntax::EndOfDocument));
    }
    Ok(value)
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn fail(&self, expected: Syntax) -> TraceError {
        TraceError::NotJson {
            offset: self.at,
            expected,
        }
    }

    fn skip_space(&mut self) {
        while let Some(b' ' | b'\n' | b'\r' | b'\t') = self.bytes.get(self.at) {
            self.at += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_space();
        self.bytes.get(self.at).copied()
    }

    fn expect(&mut self, byte: u8, expected: Syntax) -> Result<(), TraceError> {
        if self.peek() != Some(byte) {
            return Err(self.fail(expected));
        }
        self.at += 1;
        Ok(())
    }

    fn value(&mut self, depth: usize) -> Result<Value, TraceError> {
        if depth >= MAX_DEPTH {
            return Err(TraceError::TooDeep { max: MAX_DEPTH });
        }
        match self.peek() {
            Some(b'{') => self.object(depth),
            Some(b'[') => self.array(depth),
            Some(b'"') => self.string().map(Value::Str),
            Some(b't') => self.word("true", Value::Bool(true)),
            Some(b'f') => self.word("false", Value::Bool(false)),
            Some(b'n') => self.word("null", Value::Null),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(_) => Err(self.fail(Syntax::Value)),
            None => Err(self.fail(Syntax::ValueNotEnd)),
        }
    }

    fn word(&mut self, word: &'static str, value: Value) -> Result<Value, TraceError> {
        if !self.bytes[self.at..].starts_with(word.as_bytes()) {
            return Err(self.fail(Syntax::Literal));
        }
        self.at += word.len();
        Ok(value)
    }

    fn digits(&mut self) -> usize {
        let from = self.at;
        while let Some(b'0'..=b'9') = self.bytes.get(self.at) {
            self.at += 1;
        }
        self.at - from
    }

    fn number(&mut self) -> Result<Value, TraceError> {
        let from = self.at;
        if self.bytes.get(self.at) == Some(&b'-') {
            self.at += 1;
        }
        if self.digits() == 0 {
            return Err(self.fail(Syntax::Digits));
        }
        if self.bytes.get(self.at) == Some(&b'.') {
            self.at += 1;
            if self.digits() == 0 {
                return Err(self.fail(Syntax::DigitsAfterPoint));
            }
        }
        if let Some(b'e' | b'E') = self.bytes.get(self.at) {
            self.at += 1;
            if let Some(b'+' | b'-') = self.bytes.get(self.at) {
                self.at += 1;
            }
            if self.digits() == 0 {
                return Err(self.fail(Syntax::DigitsInExponent));
            }
        }
        let text = std::str::from_utf8(&self.bytes[from..self.at]).unwrap_or("");
        Ok(Value::Num(text.to_string()))
    }

    fn string(&mut self) -> Result<String, TraceError> {
        self.expect(b'"', Syntax::String)?;
        let mut out = Vec::new();
        loop {
            let Some(&byte) = self.bytes.get(self.at) else {
                return Err(self.fail(Syntax::EndOfString));
            };
            self.at += 1;
            match byte {
                b'"' => break,
                b'\\' => self.escape(&mut out)?,
                0..=0x1f => return Err(self.fail(Syntax::NoControlCharacter)),
                _ => out.push(byte),
            }
        }
        // The input is a &str and escapes push whole characters: always UTF-8.
        String::from_utf8(out).map_err(|_| self.fail(Syntax::Utf8))
    }

    fn escape(&mut self, out: &mut Vec<u8>) -> Result<(), TraceError> {
        let Some(&byte) = self.bytes.get(self.at) else {
            return Err(self.fail(Syntax::Escape));
        };
        self.at += 1;
        let c = match byte {
            b'"' => '"',
            b'\\' => '\\',
            b'/' => '/',
            b'b' => '\u{8}',
            b'f' => '\u{c}',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => self.unicode()?,
            _ => return Err(self.fail(Syntax::KnownEscape)),
        };
        let mut buf = [0; 4];
        out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
        Ok(())
    }

    fn hex4(&mut self) -> Result<u32, TraceError> {
        let hex = self
            .bytes
            .get(self.at..self.at + 4)
            .ok_or(self.fail(Syntax::HexDigits))?;
        let text = std::str::from_utf8(hex).map_err(|_| self.fail(Syntax::HexDigits))?;
        let code = u32::from_str_radix(text, 16).map_err(|_| self.fail(Syntax::HexDigits))?;
        self.at += 4;
        Ok(code)
    }

    /// `\uXXXX`, with a surrogate pair when needed; a lone surrogate becomes U+FFFD.
    fn unicode(&mut self) -> Result<char, TraceError> {
        let high = self.hex4()?;
        if (0xD800..0xDC00).contains(&high) && self.bytes[self.at..].starts_with(b"\\u") {
            self.at += 2;
            let low = self.hex4()?;
            if (0xDC00..0xE000).contains(&low) {
                let code = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00);
                return Ok(char::from_u32(code).unwrap_or('\u{FFFD}'));
            }
            return Ok('\u{FFFD}');
        }
        Ok(char::from_u32(high).unwrap_or('\u{FFFD}'))
    }

    fn array(&mut self, depth: usize) -> Result<Value, TraceError> {
        self.expect(b'[', Syntax::OpenBracket)?;
        let mut items = Vec::new();
        if self.peek() == Some(b']') {
            self.at += 1;
            return Ok(Value::Arr(items));
        }
        loop {
            if items.len() == MAX_ITEMS {
                return Err(TraceError::TooMany {
                    what: Countable::Items,
                    max: MAX_ITEMS,
                });
            }
            items.push(self.value(depth + 1)?);
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b']') => break,
                _ => return Err(self.fail(Syntax::ArrayGoesOn)),
            }
        }
        self.at += 1;
        Ok(Value::Arr(items))
    }

    fn object(&mut self, depth: usize) -> Result<Value, TraceError> {
        self.expect(b'{', Syntax::OpenBrace)?;
        let mut members: Vec<(String, Value)> = Vec::new();
        if self.peek() == Some(b'}') {
            self.at += 1;
            return Ok(Value::Obj(members));
        }
        loop {
            self.skip_space();
            let key = self.string()?;
            self.expect(b':', Syntax::Colon)?;
            if members.len() == MAX_KEYS {
                return Err(TraceError::TooMany {
                    what: Countable::Keys,
                    max: MAX_KEYS,
                });
            }
            if members.iter().any(|(k, _)| *k == key) {
                return Err(self.fail(Syntax::UniqueKey));
            }
            let value = self.value(depth + 1)?;
            members.push((key, value));
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b'}') => break,
                _ => return Err(self.fail(Syntax::ObjectGoesOn)),
            }
        }
        self.at += 1;
        Ok(Value::Obj(members))
    }
}
