//! Typed access to one JSON object's members for the trace reader, naming the offending
//! key (with its path) in errors.

use super::error::TraceError;
use super::expected::Expected;
use super::format::MAX_TEXT;
use super::json::Value;
use crate::engine::MAX_HORIZON_MS;

/// The error for `path`, which must be `expected`.
pub(super) fn field(path: &str, expected: Expected) -> TraceError {
    TraceError::Field {
        path: path.into(),
        expected,
    }
}

/// Typed access to one object's members, naming `prefix` + key in errors.
pub(super) struct Fields<'a> {
    value: &'a Value,
    prefix: String,
}

impl<'a> Fields<'a> {
    pub(super) fn new(value: &'a Value, prefix: String) -> Fields<'a> {
        Fields { value, prefix }
    }

    pub(super) fn path(&self, key: &str) -> String {
        format!("{}{key}", self.prefix)
    }

    fn wrong(&self, key: &str, expected: Expected) -> TraceError {
        field(&self.path(key), expected)
    }

    pub(super) fn u64(&self, key: &str, max: u64) -> Result<u64, TraceError> {
        self.opt_u64(key, max)?
            .ok_or_else(|| self.wrong(key, Expected::WholeNumber))
    }

    pub(super) fn opt_u64(&self, key: &str, max: u64) -> Result<Option<u64>, TraceError> {
        match self.value.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(v) => match v.as_u64() {
                Some(n) if n <= max => Ok(Some(n)),
                _ => Err(self.wrong(key, Expected::WholeNumberInRange)),
            },
        }
    }

    pub(super) fn opt_i64(&self, key: &str) -> Result<Option<i64>, TraceError> {
        match self.value.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(v) => match v.as_i64() {
                Some(n) if n.unsigned_abs() <= MAX_HORIZON_MS * 2 => Ok(Some(n)),
                _ => Err(self.wrong(key, Expected::WholeNumberInRange)),
            },
        }
    }

    pub(super) fn bool(&self, key: &str) -> Result<bool, TraceError> {
        match self.value.get(key) {
            Some(Value::Bool(b)) => Ok(*b),
            _ => Err(self.wrong(key, Expected::Bool)),
        }
    }

    /// A flag that may be left out (false).
    pub(super) fn opt_bool(&self, key: &str) -> Result<bool, TraceError> {
        match self.value.get(key) {
            None => Ok(false),
            Some(_) => self.bool(key),
        }
    }

    pub(super) fn text(&self, key: &str) -> Result<String, TraceError> {
        self.opt_text(key)?
            .ok_or_else(|| self.wrong(key, Expected::Text))
    }

    pub(super) fn opt_text(&self, key: &str) -> Result<Option<String>, TraceError> {
        match self.value.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Str(s)) if s.len() <= MAX_TEXT => Ok(Some(s.clone())),
            Some(_) => Err(self.wrong(key, Expected::ShortText { bytes: MAX_TEXT })),
        }
    }
}
