//! Why a trace file was refused, in one plain sentence per problem (the reader's [`TraceError`]).

use crate::trace::{TraceError, FORMAT, VERSION};

/// One sentence saying what is wrong with a trace file, and where.
pub fn trace_error(error: &TraceError) -> String {
    use TraceError::*;
    match error {
        TooLarge { bytes, max } => format!(
            "The file is {bytes} bytes; a trace may be at most {max} bytes."
        ),
        NotJson { offset, what } => {
            format!("This is not valid JSON: at byte {offset}, expected {what}.")
        }
        TooDeep { max } => format!("The JSON is nested more than {max} levels deep."),
        TooMany { what, max } => format!("The file has more than {max} {what}."),
        NotATrace => format!(
            "This JSON is not a Fencing Lab trace (no \"format\": \"{}\").",
            FORMAT
        ),
        Version { found } => format!(
            "This trace has version {found}; this lab reads version {}.",
            VERSION
        ),
        Field { path, expected } => format!("\"{path}\" must be {expected}."),
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
