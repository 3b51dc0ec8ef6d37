//! Why a trace file was refused, in one plain sentence per problem (the reader's [`TraceError`]),
//! with what the reader expected there ([`Syntax`], [`Expected`], [`Countable`]).

use std::borrow::Cow;

use crate::trace::{Countable, Expected, Syntax, TraceError, FORMAT, VERSION};

/// One sentence saying what is wrong with a trace file, and where.
pub fn trace_error(error: &TraceError) -> String {
    use TraceError::*;
    match error {
        TooLarge { bytes, max } => format!(
            "The file is {bytes} bytes; a trace may be at most {max} bytes."
        ),
        NotJson { offset, expected } => format!(
            "This is not valid JSON: at byte {offset}, expected {}.",
            syntax(*expected)
        ),
        TooDeep { max } => format!("The JSON is nested more than {max} levels deep."),
        TooMany { what, max } => {
            format!("The file has more than {max} {}.", countable(*what))
        }
        NotATrace => format!(
            "This JSON is not a Fencing Lab trace (no \"format\": \"{}\").",
            FORMAT
        ),
        Version { found } => format!(
            "This trace has version {found}; this lab reads version {}.",
            VERSION
        ),
        Field { path, expected } => {
            format!("\"{path}\" must be {}.", must_be(*expected))
        }
        UnknownKind { index, kind } => {
            format!("Event {index} has an unknown kind \"{kind}\".")
        }
        UnknownApp { index, name } => {
            format!("Event {index} names app \"{name}\", which is not in \"apps\".")
        }
        UnknownToken { index, token } => format!(
            "Event {index} refers to token {token}, which no earlier event granted."
        ),
        TimeOrder { index, at_ms } => format!(
            "Event {index} at {at_ms} ms is out of order (before the previous event or after \"end_ms\")."
        ),
    }
}

/// What the JSON reader expected at a byte: "a value", ", or ] in an array".
fn syntax(expected: Syntax) -> &'static str {
    use Syntax::*;
    match expected {
        EndOfDocument => "text after the end of the document",
        Value => "a value",
        ValueNotEnd => "a value, not the end of the file",
        Literal => "true, false or null",
        Digits => "digits",
        DigitsAfterPoint => "digits after the decimal point",
        DigitsInExponent => "digits in the exponent",
        String => "a string",
        EndOfString => "the end of a string",
        NoControlCharacter => "no control character inside a string",
        Utf8 => "UTF-8 text",
        Escape => "an escape",
        KnownEscape => "a known escape",
        HexDigits => "4 hex digits",
        OpenBracket => "[",
        OpenBrace => "{",
        ArrayGoesOn => ", or ] in an array",
        Colon => ": after a key",
        UniqueKey => "each key once per object",
        ObjectGoesOn => ", or } in an object",
    }
}

/// What a trace field must be: "a whole number", "a list of 1 to 16 apps".
fn must_be(expected: Expected) -> Cow<'static, str> {
    use Expected::*;
    let text = match expected {
        WholeNumber => "a whole number",
        WholeNumberInRange => "a whole number in range",
        Number => "a number",
        Bool => "true or false",
        Text => "a text",
        ShortText { bytes } => return format!("a text of at most {bytes} bytes").into(),
        Object => "an object",
        Apps => "a list of apps",
        AppCount { max } => return format!("a list of 1 to {max} apps").into(),
        UniqueName => "a name no other app has",
        AppName => "the name of an app in \"apps\"",
        Faults { max } => return format!("a list of at most {max} faults").into(),
        FaultKind => "\"pause\" or \"crash\"",
        ResourceKind => "\"storage\", \"inventory\" or \"payments\"",
        Invoices => "a list of invoice numbers",
        InvoiceCount { max } => return format!("at most {max} invoice numbers").into(),
        Events => "a list of events",
        BeliefEnd => "a reason the belief ended",
        SkipReason => "\"lease_over\" or \"nothing_to_do\"",
    };
    text.into()
}

/// What a file may hold only so many of, after "more than N": "keys in one object".
fn countable(what: Countable) -> &'static str {
    match what {
        Countable::Items => "items in one list",
        Countable::Keys => "keys in one object",
        Countable::Events => "events",
    }
}
