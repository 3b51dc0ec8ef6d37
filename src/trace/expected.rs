//! What the trace reader expected where a file went wrong, as data: what the JSON syntax
//! required at a byte, what a field must be, and what a file may hold only so many of. The
//! words layer says each (`words::trace_error`).

/// What the JSON reader expected at the byte where it stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Syntax {
    /// The document is over, yet more text follows it.
    EndOfDocument,
    /// Any JSON value.
    Value,
    /// A value where the file ends.
    ValueNotEnd,
    /// One of the words `true`, `false`, `null`.
    Literal,
    /// Digits of a number.
    Digits,
    /// Digits after a number's decimal point.
    DigitsAfterPoint,
    /// Digits of a number's exponent.
    DigitsInExponent,
    /// A string's opening quote.
    String,
    /// A string's closing quote.
    EndOfString,
    /// A string without raw control characters.
    NoControlCharacter,
    /// Text in UTF-8.
    Utf8,
    /// The character after a backslash.
    Escape,
    /// An escape JSON defines.
    KnownEscape,
    /// The four hex digits of a `\u` escape.
    HexDigits,
    /// An array's opening bracket.
    OpenBracket,
    /// An object's opening brace.
    OpenBrace,
    /// A comma or the closing bracket after an array's item.
    ArrayGoesOn,
    /// The colon after an object's key.
    Colon,
    /// Keys that are not repeated within one object.
    UniqueKey,
    /// A comma or the closing brace after an object's member.
    ObjectGoesOn,
}

/// What a trace field must be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    /// A whole number.
    WholeNumber,
    /// A whole number within the field's range.
    WholeNumberInRange,
    /// A number (the version).
    Number,
    /// `true` or `false`.
    Bool,
    /// A text.
    Text,
    /// A text of at most `bytes` bytes.
    ShortText { bytes: usize },
    /// An object.
    Object,
    /// A list of apps.
    Apps,
    /// A list of 1 to `max` apps.
    AppCount { max: usize },
    /// A name no other app of the trace has.
    UniqueName,
    /// The name of an app of the trace's `apps`.
    AppName,
    /// A list of at most `max` faults.
    Faults { max: usize },
    /// A fault's kind: `pause` or `crash`.
    FaultKind,
    /// A resource's kind: `storage`, `inventory` or `payments`.
    ResourceKind,
    /// A list of invoice numbers.
    Invoices,
    /// At most `max` invoice numbers.
    InvoiceCount { max: usize },
    /// A list of events.
    Events,
    /// Why a belief ended, in the format's words.
    BeliefEnd,
    /// Why a write was skipped, in the format's words.
    SkipReason,
}

/// What a trace file may hold only so many of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Countable {
    /// Items in one JSON array.
    Items,
    /// Keys in one JSON object.
    Keys,
    /// The trace's events.
    Events,
}
